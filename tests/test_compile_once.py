"""Each search kernel compiles at most once per machine, whatever the commands and games:
numba's cache holds one entry per kernel, however its first load came about (``ready()``
or a call), and once loaded no call compiles another specialisation."""
from __future__ import annotations

import collections
import os
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cli import cmd_warmup
from cli.main import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENTRY = re.compile(r"^(?P<fn>.+)-\d+\.py\d+\.\d+\.nbc$")

#: a fresh process each: every game's usual commands on small positions
COMMANDS = [
    ["demo"],
    ["analyse", "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"],
    ["explain", "hand1=4S,6S hand2=2C,RC,AD table=6C top=3D briscola=3C turn=2"],
    ["best", "--time-limit", "0.5",
     "hand1=AB,4D,4S hand2=2D,7S,3S top=CC briscola=AS played=7B,AC,6D,7D turn=1"],
    ["analyse", "--samples", "3",
     "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"],
    ["explain", "variant=classic hand1=AS,3S,RB hand2=4S,7S,4B briscola=4C turn=1 unseen=2D"],
    ["analyse", "--samples", "3",
     "variant=briscolone hand1=AS,3S,RC,5D,2B hand2=? played=- turn=1"],
    ["explain", "variant=briscolone hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D turn=1"],
    ["best", "variant=briscolone hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D turn=1"],
    ["analyse", "variant=scoperta4 hand1=AS,3S,RC hand2=4S,7S,FC hand3=AD,6B,2C "
     "hand4=5D,2B,RB briscola=4C turn=1"],
    ["explain", "variant=libero hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D turn=1"],
]


def entries(cache_dir) -> collections.Counter:
    """Cached compiles (.nbc files) per function, e.g. {"general.search": 1}."""
    found = collections.Counter()
    for _, _, files in os.walk(cache_dir):
        for f in files:
            m = ENTRY.match(f)
            if m:
                found[m["fn"]] += 1
    return found


#: a process loading the depth kernel (the cheapest to compile) by ready(), calling it with
#: arguments of other integer types, and printing the value, its cache hits and signatures
LOAD_DEPTH = ("import numpy as np\nfrom solver.search import depth as D\nD.ready()\n"
              "st = np.array([0, 10**9, 0], dtype=np.int64)\n"
              "v = D.dl_search(np.int32(1 << 5), np.int32(1 << 15), np.int8(-1), "
              "np.zeros(0, dtype=np.int64), 0, 0, True, -1000, 1000, 0, -1, st, "
              "np.zeros(1, dtype=np.int64), np.zeros(32, dtype=np.int64), np.int8(0))\n"
              "print(v, sum(D.dl_search.stats.cache_hits.values()), "
              "len(D.dl_search.signatures))\n")


def _run(args, cache_dir, code=None):
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache_dir)}
    argv = [sys.executable, "-c", code] if code else [sys.executable, "-m", "cli.main", *args]
    return subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)


def test_a_call_and_ready_share_one_cache_entry_and_nothing_compiles_after_it(tmp_path):
    """A kernel first compiled by a call (a path that did not ask for ``ready()``) is what
    ``ready()`` loads in the next process, and the other way round: one entry. Once loaded,
    arguments of other integer types are converted, not compiled for (the depth kernel:
    the cheapest to compile)."""
    call = ("import numpy as np\nfrom solver.search.depth import dl_search\n"
            "st = np.array([0, 10**9, 0], dtype=np.int64)\n"
            "print(dl_search(1 << 5, 1 << 15, -1, np.zeros(0, dtype=np.int64), 0, 0, 1, "
            "-1000, 1000, 0, -1, st, np.zeros(1, dtype=np.int64), np.zeros(32, dtype=np.int64), "
            "0))\n")
    first = _run(None, tmp_path, call)
    assert first.returncode == 0, first.stderr
    second = _run(None, tmp_path, LOAD_DEPTH)
    assert second.returncode == 0, second.stderr
    value, hits, signatures = second.stdout.split()
    assert value == first.stdout.strip()
    assert (hits, signatures) == ("1", "1")
    assert entries(tmp_path) == {"depth.dl_search": 1, "depth.dl_lines": 1}


def test_an_edit_to_any_file_of_the_search_package_compiles_the_kernels_again(tmp_path):
    """numba would key a cached kernel on its own file; solver/search/cache.py keys it on
    a hash of every file of the package. A process whose package hash differs (as after
    an edit to a helper such as bits.py) finds no entry and compiles again."""
    load = ("from solver.search import cache\n{edit}"
            "from solver.search import depth as D\nD.ready()\n"
            "print(sum(D.dl_search.stats.cache_misses.values()))\n")
    runs = [_run(None, tmp_path, load.format(edit=edit)) for edit in
            ("", "", "cache._stamp[:] = [b'an edited helper']\n")]
    assert [r.stdout.strip() for r in runs] == ["1", "0", "1"], [r.stderr for r in runs]


def test_warm_up_compiles_each_kernel_once_and_no_command_of_any_game_compiles_again(tmp_path):
    """The one compile this test pays for: ``warm-up`` in an empty cache (a process per
    kernel), then every game's commands, each in a fresh process, read them all."""
    warm = _run(["warm-up"], tmp_path)
    assert warm.returncode == 0, warm.stderr
    n = len(cmd_warmup.KERNELS)
    assert f"{n} kernels ready" in warm.stdout and f"{n} compiled, 0 read" in warm.stdout
    assert warm.stderr.count("compiled in") == n
    after_warm_up = entries(tmp_path)
    for fn in ("scoperta.search", "scoperta.new_work", "general.search", "depth.dl_search"):
        assert after_warm_up[fn] == 1, after_warm_up
    for args in COMMANDS:
        r = _run(args, tmp_path)
        assert r.returncode == 0, (args, r.stderr)
        assert "note: compiling" not in r.stderr, (args, r.stderr)
    assert entries(tmp_path) == after_warm_up
    again = _run(["warm-up"], tmp_path)
    assert f"0 compiled, {n} read from the cache" in again.stdout, again.stdout


def test_a_kernel_that_fails_to_load_is_one_line_and_a_failure(monkeypatch):
    monkeypatch.setattr(cmd_warmup, "KERNELS", {"solver.search.no_such_kernel": ("a kernel", 1)})
    r = CliRunner().invoke(cli, ["warm-up"])
    assert r.exit_code == 1
    assert r.stderr.strip().splitlines()[-1] == (
        "error: loading a kernel failed: ModuleNotFoundError: No module named "
        "'solver.search.no_such_kernel'")


def test_a_stopped_warm_up_leaves_no_child_compiling(monkeypatch, tmp_path):
    """A SIGTERM (taken as Ctrl-C) reaches warm-up, not its children: they went on compiling
    after the command had ended. Every child still running is killed and reaped."""
    started = []

    def start(module):
        p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        started.append(p)
        return p, open(tmp_path / f"{len(started)}.txt", "w+")

    def interrupt(_seconds):
        raise KeyboardInterrupt

    monkeypatch.setattr(cmd_warmup, "_start", start)
    monkeypatch.setattr(cmd_warmup.time, "sleep", interrupt)
    with pytest.raises(KeyboardInterrupt):
        cmd_warmup.run(2)
    assert len(started) == 2 and all(p.poll() is not None for p in started)


def _in_a_deleted_directory(tmp_path, args, cache_dir=None):
    """``python ARGS`` started in a directory deleted before it starts (as after ``mkdir d;
    cd d; rmdir d``), the package from this checkout."""
    gone = tmp_path / "gone"
    gone.mkdir(parents=True)
    env = {**os.environ, "PYTHONPATH": ROOT}
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = str(cache_dir)
    script = 'cd "$1" && rmdir "$1" && shift && exec "$@"'
    return subprocess.run(["sh", "-c", script, "sh", str(gone), sys.executable, *args],
                          env=env, capture_output=True, text=True, timeout=300)


def test_a_deleted_working_directory_fails_neither_a_compile_nor_a_command(tmp_path):
    """numba formats a source line with os.path.relpath while it compiles, which asks for
    the working directory: a deleted one failed every compile with FileNotFoundError (a
    traceback from ``briscola analyse``). The estimator's kernel (the cheapest) compiled
    there into an empty cache, the process back in its deleted directory after; then a
    whole command, its kernels read from the package's cache."""
    code = ("import os\nfrom solver.analysis import driver\nfrom solver.search import depth\n"
            "depth.ready()\nprint(sum(depth.dl_search.stats.cache_misses.values()))\n"
            "try:\n    os.getcwd()\nexcept FileNotFoundError:\n    print('still gone')\n")
    r = _in_a_deleted_directory(tmp_path / "one", ["-c", code], tmp_path / "cache")
    assert r.returncode == 0 and r.stdout.split("\n")[:2] == ["1", "still gone"], r.stderr
    r = _in_a_deleted_directory(tmp_path / "two", ["-m", "cli.main", *COMMANDS[1]])
    assert r.returncode == 0 and "best: 3C, AS" in r.stdout, r.stderr


@pytest.mark.parametrize("torn", ["nbc", "nbi"])
def test_a_torn_cache_file_is_compiled_again_not_fatal(tmp_path, torn):
    """A cache file cut short (a crash, a full disk, a copy stopped midway: numba raised
    "pickle data was truncated" and every command ended in an internal error) reads as a
    miss: the kernel compiles again, is cached anew, and the next process loads it."""
    first = _run(None, tmp_path, LOAD_DEPTH)
    assert first.returncode == 0, first.stderr
    files = [os.path.join(d, f) for d, _, fs in os.walk(tmp_path) for f in fs
             if f.startswith("depth.dl_search") and f.endswith("." + torn)]
    assert files
    for f in files:
        with open(f, "r+b") as fh:
            fh.truncate(max(1, os.path.getsize(f) // 3))
    again = _run(None, tmp_path, LOAD_DEPTH)
    assert again.returncode == 0, again.stderr
    assert again.stdout.split()[0] == first.stdout.split()[0]
    third = _run(None, tmp_path, LOAD_DEPTH)  # cached anew: read, not compiled
    assert third.returncode == 0 and third.stdout.split() == [first.stdout.split()[0], "1", "1"]
    assert entries(tmp_path) == {"depth.dl_search": 1, "depth.dl_lines": 1}
