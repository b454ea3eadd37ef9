"""numba's cache, made to notice edits of the helpers a kernel inlines.

numba keys a cached function on its own source file only, so a kernel compiled with an old
``bits.py`` or ``endgame.py`` would be loaded again after those files change (a ``git
pull`` that touches only a helper would keep running the old code). For the functions of
this package the key is instead a hash of every source file in it: an edit to any of them
compiles the kernels again, once."""
from __future__ import annotations

import hashlib
from pathlib import Path

from numba.core import caching

_HERE = Path(__file__).resolve().parent
_stamp: list[bytes] = []


def package_stamp() -> bytes:
    """A hash of every source file of solver/search (read once per process)."""
    if not _stamp:
        h = hashlib.sha256()
        for f in sorted(_HERE.glob("*.py")):
            h.update(f.name.encode())
            h.update(f.read_bytes())
        _stamp.append(h.digest())
    return _stamp[0]


def _ours(py_file) -> bool:
    try:
        return Path(py_file).resolve().parent == _HERE
    except (OSError, TypeError):
        return False


class _PackageStamp:
    """Locator mixin: the package's stamp for its own files, numba's otherwise."""

    @classmethod
    def from_function(cls, py_func, py_file):
        if not _ours(py_file):
            return None
        return super().from_function(py_func, py_file)

    def get_source_stamp(self):
        return package_stamp()


def _with_stamp(base):
    return type(base.__name__ + "ForSearch", (_PackageStamp, base), {})


def install() -> None:
    """Put the package-stamped locators first, in numba's own order (idempotent)."""
    classes = caching.CacheImpl._locator_classes
    if any(issubclass(c, _PackageStamp) for c in classes):
        return
    ours = [_with_stamp(c) for c in (caching.UserProvidedCacheLocator,
                                     caching.InTreeCacheLocator,
                                     caching.UserWideCacheLocator)]
    classes[:0] = ours
