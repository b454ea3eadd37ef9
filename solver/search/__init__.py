"""The numba search kernels (see docs/architecture.md). Importing the package first makes
numba's cache key its functions on all of the package's sources (cache.py)."""
from solver.search import cache as _cache

_cache.install()
