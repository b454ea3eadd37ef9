"""Reproducible play: ``engine@N`` (N samples a move) makes the same moves whatever the clock
says and whatever was searched before; the engine names parse into one budget."""
import itertools
import random

import pytest

from cli import cmd_match as M
from solver.analysis import sampling as seat
from solver.players.agents import get_agent
from solver.players.engine import parse_engine_name
from solver.game import deal, play
from solver.rules import RulesError


def _moves(variant: str, agent: str, seed: int, n: int) -> list[int]:
    """The first ``n`` moves of a deal where ``agent`` plays both seats."""
    a = get_agent(agent)
    rng = random.Random(seed)
    st = deal(variant, seed)
    out = []
    while not st.is_over and len(out) < n:
        c = a(st, rng)
        out.append(c)
        st = play(st, c)
    return out


@pytest.mark.parametrize("variant", ["classic", "briscolone"])
def test_sample_budget_ignores_the_clock(variant, monkeypatch):
    """A clock that jumps 10 s at every reading changes nothing: no deadline is used."""
    first = _moves(variant, "engine@6", 4, 8)
    ticks = itertools.count()
    monkeypatch.setattr(seat.time, "perf_counter", lambda: 10.0 * next(ticks))
    assert _moves(variant, "engine@6", 4, 8) == first


def test_sample_budget_ignores_earlier_searches():
    """The shared tables hold other searches' entries the second time: same moves."""
    first = _moves("classic", "engine@5", 7, 10)
    _moves("classic", "engine@9", 8, 10)
    assert _moves("classic", "engine@5", 7, 10) == first


def test_a_budgeted_match_is_reproducible():
    runs = [M.run_match("classic", "engine@4", "greedy", 2, seed=3, jobs=1)[0] for _ in range(2)]
    assert [r.margins for r in runs[0]] == [r.margins for r in runs[1]]


def test_the_time_engine_uses_the_clock():
    """Sanity check of the test above: a time budget does follow the clock (a clock that
    jumps past every deadline leaves one sample, the budgeted engine takes six)."""
    st = deal("classic", 4)
    a = seat.analyse_state(st, st.turn, samples=6)
    assert a.samples == 6
    ticks = itertools.count()
    real = seat.time.perf_counter
    try:
        seat.time.perf_counter = lambda: 10.0 * next(ticks)
        b = seat.analyse_state(st, st.turn, time_limit=1.0)
    finally:
        seat.time.perf_counter = real
    assert b.samples < 6


@pytest.mark.parametrize("name,want", [
    ("engine", (1.0, None, "points", False, True)),
    ("engine:0.5", (0.5, None, "points", False, True)),
    ("engine@20", (None, 20, "points", False, True)),
    ("Engine-Win@3", (None, 3, "win", False, True)),
    ("engine-plain@3", (None, 3, "points", False, False)),
    ("engine-pimc:0.1", (0.1, None, "points", True, False)),
    ("greedy", None),
    ("engineer", None),
])
def test_engine_names(name, want):
    assert parse_engine_name(name) == want


@pytest.mark.parametrize("name,msg", [("engine@0", "at least 1"), ("engine@x", "engine@SAMPLES"),
                                      ("engine:-1", "positive"), ("engine-pimc@5", "time only")])
def test_bad_engine_budgets(name, msg):
    with pytest.raises(ValueError, match=msg):
        get_agent(name)


def test_agent_names_carry_the_budget():
    a = get_agent("engine@12")
    assert a.samples == 12 and a.seconds is None and a.name == "engine@12"
    with pytest.raises(RulesError, match="engine@SAMPLES"):
        get_agent("nobody")
