/* timeline.c - `pvc run --timeline FILE`: the run as Chrome trace-event JSON, which
 * ui.perfetto.dev and chrome://tracing open directly.
 *
 *   {"displayTimeUnit":"ns","traceEvents":[
 *    {"args":{"name":"V"},"name":"thread_name","ph":"M","pid":1,"tid":1},  one per pipe
 *    {"args":{...},"cat":"V","dur":0.001,"name":"ld.reg","ph":"X","pid":1,"tid":1,"ts":0.203},
 *    ...]}
 *
 * One complete ("X") event per executed op with a non-zero cost, on the row (tid) of its
 * pipe (PVC_PIPES: V, MTE2, MTE3, S; on the cube core MTE1, M, FIX). Timestamps are the
 * sequential cost model's (cost.h): the ops run one after the other, nothing overlaps, and
 * one estimated cycle is drawn as 1 ns (ts and dur are in microseconds, as the format
 * wants). After PVC_TIMELINE_MAX events the rest is left out and an instant event says so.
 * In a launch of several blocks, block b is process b+1 with its own pipe rows, each block's
 * clock starting at 0 (the blocks run at once on the device). In a launch with a
 * section_cube each core of a block has its own rows - "cube MTE1", "vec0 V", "vec1 MTE2"
 * (tid 8 * (core + 1) + the pipe's) - and its own clock from 0: the cores run at once too,
 * and the sequential model does not move a waiting core's clock to the flag's setting. The file is written through a
 * sink (base/ioutil.h): it appears whole when the run ends, or not at all.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/ioutil.h"
#include "sim/sim.h"

#define PVC_TIMELINE_MAX 200000u /* about 30 MB of JSON */

struct pvc_timeline {
    pvc_sink sink;
    FILE *out;              /* sink.f */
    uint64_t nevents;
    int truncated;
    int last_pid;            /* highest process named so far */
    uint32_t *core_rows;     /* per process: bit tid set once a core's row is named */
    int ncore_rows;
};

static const char *const core_names[3] = {"cube", "vec0", "vec1"};

static const struct {
    const char *name;
    int tid;
} pipes[PVC_PIPE_COUNT] = {
#define X(name, tid, text) {#name, tid},
    PVC_PIPES(X)
#undef X
};

/* The metadata of process pid: its pipe rows, then its name (the first process's rows open
 * the event list, so they carry no leading comma). */
static void name_process(pvc_timeline *t, int pid, const char *name)
{
    for (int p = 0; p < PVC_PIPE_COUNT; p++)
        fprintf(t->out,
                "%s{\"args\":{\"name\":\"%s\"},\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d},\n"
                "{\"args\":{\"sort_index\":%d},\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d}",
                pid == 1 && p == 0 ? "" : ",\n", pipes[p].name, pid, pipes[p].tid, pipes[p].tid, pid,
                pipes[p].tid);
    fprintf(t->out,
            ",\n{\"args\":{\"name\":\"%s\"},\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":0}",
            name, pid);
}

pvc_timeline *pvc_timeline_open(const char *path, char *err, size_t errlen)
{
    pvc_timeline *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (pvc_sink_open(&t->sink, path, err, errlen)) {
        free(t);
        return NULL;
    }
    t->out = t->sink.f;
    fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n", t->out);
    name_process(t, 1, "pvc sim (estimated cycles, 1 cycle = 1 ns)");
    t->last_pid = 1;
    return t;
}

/* Cycles as microseconds with three decimals: 1 cycle = 0.001 us = 1 ns. */
static void print_us(FILE *out, const char *key, uint64_t cycles)
{
    fprintf(out, "\"%s\":%" PRIu64 ".%03" PRIu64, key, cycles / 1000, cycles % 1000);
}

/* Names row tid of process pid as core's pipe row the first time it is used (out of memory:
 * the event is drawn on an unnamed row). */
static void name_core_row(pvc_timeline *t, int pid, int core, int pipe, int tid)
{
    if (pid >= t->ncore_rows) {
        int n = pid + 8;
        uint32_t *r = realloc(t->core_rows, (size_t)n * sizeof *r);
        if (!r)
            return;
        memset(r + t->ncore_rows, 0, (size_t)(n - t->ncore_rows) * sizeof *r);
        t->core_rows = r;
        t->ncore_rows = n;
    }
    if (t->core_rows[pid] >> tid & 1)
        return;
    t->core_rows[pid] |= 1u << tid;
    fprintf(t->out,
            ",\n{\"args\":{\"name\":\"%s %s\"},\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d},\n"
            "{\"args\":{\"sort_index\":%d},\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d}",
            core_names[core], pipes[pipe].name, pid, tid, tid, pid, tid);
}

void pvc_timeline_event(pvc_timeline *t, const pvc_sim_event *e, uint64_t ts, uint64_t dur)
{
    if (!dur || t->truncated)
        return;
    int pid = e->block >= 0 ? e->block + 1 : 1;
    if (pid > t->last_pid) {
        char name[64];
        snprintf(name, sizeof name, "pvc sim block %d", e->block);
        name_process(t, pid, name);
        t->last_pid = pid;
    }
    int tid = pipes[e->pipe].tid;
    if (e->core >= 0 && e->core < 3) {
        tid += 8 * (e->core + 1);
        name_core_row(t, pid, e->core, e->pipe, tid);
    }
    if (t->nevents == PVC_TIMELINE_MAX) {
        fputs(",\n{\"name\":\"timeline truncated: later ops left out\",\"ph\":\"i\",\"pid\":1,\"s\":\"p\",\"tid\":0,", t->out);
        print_us(t->out, "ts", ts);
        fputc('}', t->out);
        t->truncated = 1;
        return;
    }
    t->nevents++;
    fputs(",\n{\"args\":{", t->out);
    if (e->addr >= 0)
        fprintf(t->out, "\"addr\":%" PRId64 ",", e->addr);
    if (e->bytes >= 0)
        fprintf(t->out, "\"bytes\":%" PRId64 ",", e->bytes);
    fprintf(t->out, "\"col\":%d,\"line\":%d", e->loc ? e->loc->col : 0, e->loc ? e->loc->line : 0);
    if (e->mask >= 0)
        fprintf(t->out, ",\"mask\":%" PRId64, e->mask);
    fprintf(t->out, "},\"cat\":\"%s\",", pipes[e->pipe].name);
    print_us(t->out, "dur", dur);
    fprintf(t->out, ",\"name\":\"%s\",\"ph\":\"X\",\"pid\":%d,\"tid\":%d,", e->name, pid, tid);
    print_us(t->out, "ts", ts);
    fputc('}', t->out);
}

int pvc_timeline_close(pvc_timeline *t, char *err, size_t errlen)
{
    if (!t)
        return 0;
    fputs("\n]}\n", t->out);
    int rc = pvc_sink_commit(&t->sink, err, errlen);
    free(t->core_rows);
    free(t);
    return rc;
}
