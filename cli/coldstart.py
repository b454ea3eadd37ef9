"""Say on stderr, before it happens, that a search kernel is about to be compiled: numba
compiles a kernel when it is first called on a machine (or after its source changed), which
takes tens of seconds, and then reads it from its cache in a fraction of a second. A finder
on ``sys.meta_path`` sees the first import of a kernel module and then listens to numba's
compile events, which fire only when a function is really compiled (not when its cache is
read); it never loads anything itself."""

from __future__ import annotations

import glob
import os
import sys

from cli.options import note
from solver.errors import ENGLISH, Note

#: module -> (what it is, its compile's CPU seconds: each module loaded alone into an
#: empty cache on an idle machine, cold minus warm CPU of
#: ``python benchmarks/bench_coldstart.py --kernels``)
KERNELS = {
    "solver.search.scoperta": (ENGLISH["kernel.solver.search.scoperta"], 15),
    "solver.search.general": (ENGLISH["kernel.solver.search.general"], 14),
    "solver.search.depth": (ENGLISH["kernel.solver.search.depth"], 1),
}


def cache_dirs(py_file: str) -> list[str]:
    """Where numba keeps the cache of ``py_file``: NUMBA_CACHE_DIR's subfolder when set,
    else the source's __pycache__ (and the user-wide folder numba falls back to)."""
    from numba.core import caching, config

    cache_dir = getattr(config, "CACHE_DIR", "")  # set from NUMBA_CACHE_DIR when numba loads
    if cache_dir:
        return [
            os.path.join(
                cache_dir, caching.UserProvidedCacheLocator.get_suitable_cache_subpath(py_file)
            )
        ]
    dirs = [os.path.join(os.path.dirname(py_file), "__pycache__")]
    try:
        loc = caching.UserWideCacheLocator(lambda: None, py_file)
        dirs.append(loc.get_cache_path())
    except Exception:  # noqa: BLE001 - a locator numba does not offer here: in-tree only
        pass
    return dirs


def _in_search(py_file: str) -> bool:
    here = os.path.dirname(os.path.abspath(py_file))
    return (
        os.path.basename(here) == "search" and os.path.basename(os.path.dirname(here)) == "solver"
    )


def is_cold(py_file: str) -> bool:
    """True when no cache index of ``py_file``'s kernels is as new as the source. Indexes of
    earlier versions stay behind (numba names them by line number), so one fresh index
    is enough."""
    stem = os.path.splitext(os.path.basename(py_file))[0]
    try:
        src = os.path.getmtime(py_file)
        if _in_search(py_file):  # keyed on every file of the package (solver/search/cache.py)
            src = max(
                os.path.getmtime(f)
                for f in glob.glob(os.path.join(os.path.dirname(py_file), "*.py"))
            )
    except OSError:
        return False
    for d in cache_dirs(py_file):
        idx = glob.glob(os.path.join(d, f"{stem}.*.nbi"))
        if any(os.path.getmtime(f) >= src for f in idx):
            return False
    return True


class _Notice:
    """A meta-path finder that only watches: once a kernel module is imported, numba's
    compile events say when one of the KERNELS modules' functions starts compiling, and the
    first compile of each module prints one line."""

    def __init__(self):
        self.listening = False
        self.said: set[str] = set()

    def find_spec(self, name, path=None, target=None):
        if name in KERNELS and not self.listening:
            self.listening = True
            from numba.core import event

            event.register("numba:compile", _listener(self))
        return None

    def compiling(self, module: str) -> None:
        if module in KERNELS and module not in self.said:
            self.said.add(module)
            what, secs = KERNELS[module]
            named = f"kernel.{module}"
            note(
                Note.of(
                    "note.compiling",
                    what=Note.of(named) if named in ENGLISH else what,
                    secs=secs,
                )
            )


def _listener(notice: _Notice):
    """A numba event listener passing each compile's module to ``notice``."""
    from numba.core import event

    class CompileListener(event.Listener):
        def __init__(self, notice: _Notice):
            self.notice = notice

        def on_start(self, ev):
            func = getattr(ev.data.get("dispatcher"), "py_func", None)
            self.notice.compiling(getattr(func, "__module__", ""))

        def on_end(self, ev):
            pass

    return CompileListener(notice)


def install() -> None:
    if not any(isinstance(f, _Notice) for f in sys.meta_path):
        sys.meta_path.insert(0, _Notice())
