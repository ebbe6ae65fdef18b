/* test_sim_hazard.c - the simulator's hazard shadow map (compiler/sim/hazard.[ch], decision 8).
 * Expected ids and byte addresses follow from the rules in compiler/sim/sim.h. */
#include "sim/sim.h"
#include "unit.h"

int main(void)
{
    pvc_hazard *h = pvc_hazard_new();
    uint32_t at = 0;
    if (!h) {
        printf("FAIL out of memory\n");
        return 1;
    }
    /* a fresh map: nothing is dirty */
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0, PVC_UB_BYTES, &at) == 0, "%s", "fresh map clean");

    /* store 7 writes [0x100, 0x200); a load of [0x1f0, 0x210) hits 0x1f0 */
    pvc_hazard_store(h, 0x100, 256, 7);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x1f0, 0x20, &at) == 7 && at == 0x1f0, "hit id/at 0x%x", at);
    /* reads just outside: [0xe0, 0x100) and [0x200, 0x300) are clean */
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0xe0, 0x20, &at) == 0, "%s", "below clean");
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x200, 0x100, &at) == 0, "%s", "above clean");
    /* the scalar kind sees it too */
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_SREAD, 0x100, 1, &at) == 7 && at == 0x100, "%s", "sread hit");

    /* VST_VLD orders it for vector loads only */
    pvc_hazard_barrier(h, PVC_MEMBAR_VST_VLD);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x100, 256, &at) == 0, "%s", "VST_VLD clears vload");
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_SREAD, 0x100, 256, &at) == 7, "%s", "VST_VLD keeps sread");
    pvc_hazard_barrier(h, PVC_MEMBAR_VS_ALL);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_SREAD, 0x100, 256, &at) == 0, "%s", "VS_ALL clears sread");

    /* modes that order nothing before a read (VLD_VST, VST_VST, ST_VLD, SV_ALL) leave the
     * store pending for both kinds (§5.6: whatever other barrier stands between) */
    pvc_hazard_store(h, 0x400, 32, 9);
    pvc_hazard_barrier(h, PVC_MEMBAR_VLD_VST);
    pvc_hazard_barrier(h, PVC_MEMBAR_VST_VST);
    pvc_hazard_barrier(h, PVC_MEMBAR_ST_VLD);
    pvc_hazard_barrier(h, PVC_MEMBAR_SV_ALL);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x400, 32, &at) == 9 &&
                   pvc_hazard_read(h, PVC_HZ_SREAD, 0x400, 32, &at) == 9,
               "%s", "non-covering modes order nothing");
    pvc_hazard_barrier(h, PVC_MEMBAR_VV_ALL);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x400, 32, &at) == 0 &&
                   pvc_hazard_read(h, PVC_HZ_SREAD, 0x400, 32, &at) == 9,
               "%s", "VV_ALL clears vload only");
    pvc_hazard_barrier(h, PVC_MEMBAR_VS_ALL);

    /* partial blocks: store 3 writes [0x805, 0x80a), store 4 writes [0x808, 0x810) inside the
     * same 32-byte block; byte 0x806 belongs to 3, 0x809 to 4, 0x80a..0x80f to 4 */
    pvc_hazard_store(h, 0x805, 5, 3);
    pvc_hazard_store(h, 0x808, 8, 4);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x800, 7, &at) == 3 && at == 0x805, "mixed 3 at 0x%x", at);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x809, 1, &at) == 4 && at == 0x809, "mixed 4 at 0x%x", at);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x810, 16, &at) == 0, "%s", "rest of block clean");
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x7ff, 1, &at) == 0, "%s", "byte before clean");
    /* a whole-block store takes the block back */
    pvc_hazard_store(h, 0x800, 32, 5);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x805, 1, &at) == 5, "%s", "full block owner");
    /* a partial store over a uniform block keeps the other bytes' owner */
    pvc_hazard_store(h, 0x81f, 1, 6);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x81e, 1, &at) == 5, "%s", "split keeps owner");
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x81f, 1, &at) == 6, "%s", "split new owner");

    /* settle (end of a vector function) completes everything */
    pvc_hazard_settle(h);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0, PVC_UB_BYTES, &at) == 0, "%s", "settle vload");
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_SREAD, 0, PVC_UB_BYTES, &at) == 0, "%s", "settle sread");
    /* after settle, a store in the old epoch's block is dirty again with a fresh mask */
    pvc_hazard_store(h, 0x810, 1, 8);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x800, 32, &at) == 8 && at == 0x810, "fresh at 0x%x", at);

    /* one register's span at a 32- but not 64-byte boundary: five words, the first and the
     * last half full (hazard.h's register fast path); bytes on both sides stay clean */
    pvc_hazard_settle(h);
    pvc_hazard_store(h, 0x2020, 256, 12);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x2000, 0x20, &at) == 0, "%s", "below 32-aligned span");
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x2000, 0x21, &at) == 12 && at == 0x2020, "first at 0x%x", at);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_SREAD, 0x211f, 1, &at) == 12 && at == 0x211f, "last at 0x%x", at);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x2120, 0x100, &at) == 0, "%s", "above 32-aligned span");
    /* two spans far apart: a read between them, inside the dirty range, is clean; a
     * barrier clears both; a later store is dirty again, for its own kind of read */
    pvc_hazard_store(h, 0x30000, 256, 13);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x10000, 0x1000, &at) == 0, "%s", "gap clean");
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0x300ff, 2, &at) == 13 && at == 0x300ff, "far at 0x%x", at);
    pvc_hazard_barrier(h, PVC_MEMBAR_VST_VLD);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0, PVC_UB_BYTES, &at) == 0, "%s", "barrier clears both spans");
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_SREAD, 0x30000, 256, &at) == 13, "%s", "sread keeps the far span");
    pvc_hazard_store(h, 0x100, 4, 14);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, 0, PVC_UB_BYTES, &at) == 14 && at == 0x100, "re-dirty at 0x%x", at);
    pvc_hazard_settle(h);

    /* accesses at the top of the UB are clipped, never out of the map */
    pvc_hazard_store(h, PVC_UB_BYTES - 16, 256, 11);
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, PVC_UB_BYTES - 1, 256, &at) == 11 &&
                   at == PVC_UB_BYTES - 1, "%s", "top clipped");
    UNIT_CHECK(pvc_hazard_read(h, PVC_HZ_VLOAD, PVC_UB_BYTES, 32, &at) == 0, "%s", "past the top");
    pvc_hazard_free(h);
    return UNIT_DONE();
}
