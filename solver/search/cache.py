"""numba's cache, made to notice edits of the helpers a kernel inlines, and to survive a
damaged file.

numba keys a cached function on its own source file only, so a kernel compiled with an old
``bits.py`` or ``endgame.py`` would be loaded again after those files change (a ``git
pull`` that touches only a helper would keep running the old code). For the functions of
this package the key is instead a hash of every source file in it: an edit to any of them
compiles the kernels again, once.

numba reads a missing cache file as a miss but raises on a torn or unreadable one (a
truncated index or data file: "pickle data was truncated"), which ended every command. For
this package's functions such a file is a miss too: the function's index is emptied and it
compiles again, as on a machine's first run, and is cached anew."""
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


def _tolerant(load):
    """numba's ``Cache.load_overload``, a damaged file of ours read as a miss."""

    def load_overload(self, sig, target_context):
        try:
            return load(self, sig, target_context)
        except Exception:  # noqa: BLE001 - whatever a damaged file raises: compile again
            code = getattr(getattr(self, "_py_func", None), "__code__", None)
            if code is None or not _ours(code.co_filename):
                raise
            try:
                self.flush()  # a fresh, empty index, so that the compile's save succeeds
            except OSError:
                pass  # read-only: compiled for this process only, as numba does
            return None

    load_overload.tolerant = True
    return load_overload


def install() -> None:
    """Put the package-stamped locators first, in numba's own order, and read a damaged
    cache file as a miss (idempotent)."""
    if not getattr(caching.Cache.load_overload, "tolerant", False):
        caching.Cache.load_overload = _tolerant(caching.Cache.load_overload)
    classes = caching.CacheImpl._locator_classes
    if any(issubclass(c, _PackageStamp) for c in classes):
        return
    ours = [_with_stamp(c) for c in (caching.UserProvidedCacheLocator,
                                     caching.InTreeCacheLocator,
                                     caching.UserWideCacheLocator)]
    classes[:0] = ours
