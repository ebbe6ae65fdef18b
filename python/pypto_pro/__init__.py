"""pypto_pro backed by pvc: `import pypto_pro.language as pl` runs @pl.jit kernels on the CPU
through libpvc (python/pvc). Only the language module exists; see its docstring."""
