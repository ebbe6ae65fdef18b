"""numpy arrays work without torch: a process where `import torch` fails runs a kernel."""

import subprocess
import sys
import textwrap


def test_numpy_without_torch(tmp_path):
    path = tmp_path / "numpy_only.py"
    path.write_text(textwrap.dedent("""\
        import sys
        sys.modules["torch"] = None  # any import of torch now raises ImportError
        import numpy as np
        import pypto_pro.language as pl

        @pl.vector_function
        def abs_vf(src_tile, dst_tile):
            preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
            vf.store_align(dst_tile, vf.abs(vf.load_align(src_tile, 0), preg), preg)

        @pl.jit()
        def abs_kernel(a: pl.Tensor[[1, 64], pl.DT_FP32], out: pl.Tensor[[1, 64], pl.DT_FP32]):
            tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
            t_in = pl.make_tile(tf, addr=0x0, size=256)
            t_out = pl.make_tile(tf, addr=0x100, size=256)
            with pl.section_vector():
                pl.load(t_in, a, [0, 0])
                abs_vf(t_in, t_out)
                pl.store(out, t_out, [0, 0])

        a = np.linspace(-4, 4, 64, dtype=np.float32).reshape(1, 64)
        out = np.zeros_like(a)
        abs_kernel[None, 1](a, out)
        assert np.array_equal(out, np.abs(a))
        print("numpy ok")
    """))
    for backend in ("sim", "native"):
        env = dict(__import__("os").environ, PVC_BACKEND=backend)
        r = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=env)
        assert r.returncode == 0 and r.stdout == "numpy ok\n", r.stderr
