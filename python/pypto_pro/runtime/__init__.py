"""pypto_pro.runtime backed by pvc: jit (the same function as pl.jit), its CompiledKernel,
and tiling keys (pypto_pro.runtime.tilingkey). See pypto_pro.runtime.jit."""

from .jit import CompiledKernel, jit  # noqa: F401 - jit shadows the submodule, as in pypto_pro
from .tilingkey import TilingKeyField, TilingKeySchema  # noqa: F401

__all__ = ["jit", "CompiledKernel", "TilingKeyField", "TilingKeySchema"]
