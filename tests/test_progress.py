"""No silent waits: a cold kernel cache is announced before it compiles, and the general
kernel's long searches print progress and keep to their time limit."""
from __future__ import annotations

import os
import sys
import time


from cli import coldstart
from solver.analysis import Limit, progress, sampler
from solver.analysis import sampling as seat
from solver.position import parse_position

DEAL4 = ("hand1=4D,6D,3S hand2=AB,2D,7D hand3=7B,7C,7S hand4=AC,4S,FS top=3D briscola=RS "
         "played=- turn=1 score=0-0 variant=scoperta4")


def test_a_cache_is_cold_until_an_index_newer_than_the_source_exists(tmp_path, monkeypatch):
    from numba.core import config
    monkeypatch.setattr(config, "CACHE_DIR", "")
    src = tmp_path / "kern.py"
    src.write_text("x = 1\n")
    assert coldstart.is_cold(str(src))
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    idx = cache / "kern.search-10.py311.nbi"
    idx.write_bytes(b"")
    os.utime(src, (1_000_000, 1_000_000))
    assert not coldstart.is_cold(str(src))
    os.utime(idx, (1_000, 1_000))               # the source changed after the compile
    assert coldstart.is_cold(str(src))
    fresh = cache / "kern.search-12.py311.nbi"  # compiled again after the edit: the stale
    fresh.write_bytes(b"")                       # index of the old line number stays behind
    os.utime(fresh, (2_000_000, 2_000_000))
    assert not coldstart.is_cold(str(src))


def test_a_kernel_is_compiled_again_when_a_helper_it_inlines_changes(tmp_path, monkeypatch):
    """numba keys a cached function on its own file only; the search package keys its
    functions on all of its files (solver/search/cache.py), so editing a helper module
    such as endgame.py cannot leave an old kernel in the cache."""
    from numba.core import caching
    from solver.search import cache
    import solver.search.scoperta as K
    impl = caching.CompileResultCacheImpl(K.search.py_func)
    assert isinstance(impl.locator, cache._PackageStamp)
    assert impl.locator.get_source_stamp() == cache.package_stamp()
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "b.py").write_text("y = 1\n")
    monkeypatch.setattr(cache, "_HERE", tmp_path)
    monkeypatch.setattr(cache, "_stamp", [])
    before = cache.package_stamp()
    (tmp_path / "b.py").write_text("y = 2\n")
    monkeypatch.setattr(cache, "_stamp", [])
    assert cache.package_stamp() != before
    outside = caching.CompileResultCacheImpl(coldstart.cache_dirs)  # numba's own locator
    assert not isinstance(outside.locator, cache._PackageStamp)


def test_numba_cache_dir_is_where_the_cache_is_looked_for(tmp_path, monkeypatch):
    from numba.core import config
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "nc"))
    import solver.search.scoperta as K
    assert coldstart.is_cold(K.__file__)        # an empty cache dir: everything compiles


def test_the_first_compile_of_a_kernel_module_is_announced_once(tmp_path, monkeypatch, capsys):
    """Said when a function of a KERNELS module really compiles (not on import, not when
    numba reads its cache), once per module."""
    (tmp_path / "briscola_test_kernel.py").write_text(
        "from numba import njit\n\n@njit\ndef f(x):\n    return x + 1\n\n"
        "@njit\ndef g(x):\n    return x * 2\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(coldstart.KERNELS, "briscola_test_kernel", ("a test kernel", 7))
    coldstart.install()                          # once a process, as the CLI does
    import briscola_test_kernel as k
    assert capsys.readouterr().err == ""        # importing compiles nothing
    assert k.f(1) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "compiling a test kernel" in err and "about 7 s" in err
    assert k.g(2) == 4 and k.f(2.5) == 3.5      # more compiles of the same module
    assert capsys.readouterr().err == ""        # said once
    sys.modules.pop("briscola_test_kernel", None)


def test_a_four_player_deal_shows_progress_and_keeps_its_time(monkeypatch):
    lines = []
    monkeypatch.setattr(progress, "EVERY", 0.2)
    monkeypatch.setattr(sampler, "PROGRESS_AFTER", 0.2)
    monkeypatch.setattr(sampler, "PROGRESS_EVERY", 0.2)
    pos = parse_position(DEAL4)
    t = time.perf_counter()
    sink = progress.Progress(lines.append)
    with progress.using(sink):
        a = seat.analyse_game(pos, "points", Limit(1.5))
    took = time.perf_counter() - t
    assert not a.exact and took < 1.5 + 1.0
    assert lines and all(ln.startswith(("estimating", "searching")) for ln in lines)
    assert sink.began == 0.0


def test_the_scoperta_estimate_reports_through_the_progress_hook(monkeypatch):
    """A 2-player opening is estimated by sampling: its progress goes where every search's goes."""
    import random

    from solver.analysis import estimate
    from solver.random_positions import random_position
    lines = []
    monkeypatch.setattr(sampler, "PROGRESS_AFTER", 0.1)
    pos = random_position(random.Random(5), 30)
    with progress.reporting(lines.append):
        a = estimate.analyse(pos, "points", Limit(0.8))
    assert not a.exact and lines
    assert all(ln.startswith("estimat") for ln in lines)


def test_an_estimates_sample_solves_never_say_they_search_exactly(monkeypatch):
    """Each sample of an estimate is an exact solve of one talon order (or of a position
    after one draw), sliced for the clock: those slices are not the position's exact
    search, and a player reading "searching exactly" during an estimate is misled."""
    import random

    from solver.analysis import estimate
    from solver.random_positions import random_position
    lines = []
    monkeypatch.setattr(progress, "EVERY", 0.0)
    monkeypatch.setattr(sampler, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(estimate, "SLICE_NODES", 300)  # every solve sliced
    for talon, method in ((14, "clairvoyant"), (8, "expectimax")):
        pos = random_position(random.Random(70 + talon), talon)
        with progress.reporting(lines.append):
            a = estimate.analyse(pos, "points", Limit(0.6), method=method, seed=1)
        assert not a.exact
    stray = [ln for ln in lines if not ln.startswith("estimat")]
    assert lines and not stray, stray


def test_an_estimate_of_a_chance_of_winning_reports_its_best_card_in_percent(monkeypatch):
    """The progress line of an estimate with the objective win read "best FB +0.24", a
    probability written as a points margin, while its answer says 24.5%: it says the chance
    in percent, in Italian too (progress_text), and carries the objective for the board."""
    from solver.analysis import estimate
    from solver.i18n import progress_text

    monkeypatch.setattr(progress, "EVERY", 0.2)
    monkeypatch.setattr(sampler, "PROGRESS_AFTER", 0.1)
    monkeypatch.setattr(sampler, "PROGRESS_EVERY", 0.1)
    scoperta = parse_position("hand1=FB,5C,FC hand2=2C,AC,FS top=4D briscola=2S played=- "
                              "turn=1 score=0-0")
    for run in (lambda: estimate.analyse(scoperta, "win", Limit(2.0), seed=1),
                lambda: seat.analyse_game(parse_position(DEAL4), "win", Limit(0.8))):
        lines = []
        with progress.reporting(lines.append):
            run()
        said = [ln for ln in lines if getattr(ln, "data", {}).get("kind") == "samples"]
        assert said, lines
        for ln in said:
            value = 100 * ln.data["value"]
            assert ln.data["objective"] == "win" and 0 <= value <= 100
            assert f" {ln.data['best']} {value:.1f}%" in ln, ln
            if "seconds" in ln.data:
                it = progress_text(ln, "it")
                assert f" {ln.data['best']} {value:.1f} %".replace(".", ",") in it, it
    line = sampler.best_line("estimate", 1.0, 8, 0, 1.5)
    assert line.endswith(" +1.50") and line.data["objective"] == "points"


def test_a_progress_line_says_the_value_its_data_carries():
    """The line's text rounded the value itself and its data rounded it again (to three
    decimals, a chance): a chance of 0.0015 read "0.1%" beside data 0.002 (0.2 %), which
    a front end shows; both now say the data's value (CI met one such tie: 13.1% / 0.130)."""
    from solver.analysis.sampler import best_line

    for k in range(2001):
        v = k / 2000
        ln = best_line("estimate", 1.0, 25, 3, v, "win")
        assert f" {100 * ln.data['value']:.1f}%" in str(ln), (v, str(ln), ln.data)
        ln = best_line("estimate", 1.0, 25, 3, 40 * v - 40, "points")
        assert f" {ln.data['value']:+.2f}" in str(ln), (v, str(ln), ln.data)
