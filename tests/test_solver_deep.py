"""Deep scoperta searches (talon 8 and 10) against exact values cached in benchmarks/data/
by an earlier engine, and the Star2 probes against the search without them: a pruning
change that moves a single value is a bug."""
from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from solver.analysis import driver as engine
from solver.search import scoperta as K
from solver.analysis import analyse
from solver.cards import card_str
from solver.position import parse_position
from solver.random_positions import random_position

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data"


def _cached(name: str, n: int):
    rows = [json.loads(line) for line in (DATA / name).read_text().splitlines() if line.strip()]
    return rows[:n]


def _values(pos, objective):
    a = analyse(pos, objective)
    assert a.exact
    return {card_str(m.card): m.value_exact for m in a.moves}


# (file, objective, how many): about 30 s on the 2-core CI machine
CACHED = [("exact_t8_points.jsonl", "points", 40), ("exact_t8_win.jsonl", "win", 20),
          ("exact_t10_points.jsonl", "points", 10), ("exact_t10_win.jsonl", "win", 8)]


@pytest.mark.parametrize("name,objective,n", CACHED, ids=[c[0] for c in CACHED])
def test_deep_positions_keep_their_cached_values(name, objective, n):
    for row in _cached(name, n):
        pos = parse_position(row["position"])
        assert _values(pos, objective) == {k: Fraction(v) for k, v in row["moves"].items()}, \
            row["position"]


def _single_thread_values(pos, objective, star2: int):
    """Every card's scaled value from one thread on an empty table, and the search's stats."""
    ws = engine.current()
    old = ws.star2
    ws.star2 = star2
    try:
        s = engine.Search(pos, objective)
    finally:
        ws.star2 = old
    s.tt.fill(0)
    stats = np.zeros(K.S_SIZE, dtype=np.int64)
    vals = {c: s.move_value(c, stats=stats, slice_nodes=1 << 60) for c in pos.legal_cards()}
    return vals, stats


@pytest.mark.parametrize("talon", [4, 6, 8])
def test_star2_probes_change_no_value(talon, monkeypatch):
    """Same values with and without the probes, on positions where they run and cut (the
    full-window chance nodes two draws from the end, which never probe, are off here)."""
    monkeypatch.setattr(engine, "EXACT_CHANCE_UNSEEN", 0)
    rng = random.Random(4242 + talon)
    probes = cuts = 0
    for i in range(24 if talon < 8 else 8):
        pos = random_position(rng, talon, mid_trick=bool(i % 2), with_score=True)
        objective = "win" if i % 3 == 2 else "points"
        on, st = _single_thread_values(pos, objective, 16)
        off, st_off = _single_thread_values(pos, objective, 0)
        assert on == off, (pos.to_text(), objective)
        assert st_off[K.S_PROBE] == 0
        probes += int(st[K.S_PROBE])
        cuts += int(st[K.S_PROBECUT])
    assert probes > 0 and cuts > 0  # the test exercises the probes


def test_next_trick_reuses_the_previous_table():
    """After an analysis, the position one trick and one draw further on is analysed in the
    same table (values unchanged, far fewer nodes than from an empty table)."""
    from solver.cards import cards_of
    rng = random.Random(88)
    warm = cold = 0
    for _ in range(4):
        pos = random_position(rng, 8)
        first = analyse(pos)
        mid = pos.play(first.best[0])
        reply = analyse(mid).best[0]
        x, y = sorted(cards_of(mid.unseen))[:2]
        nxt = mid.play(reply, (mid.top, x, y))
        a = analyse(nxt)
        engine.current().forget_tables()
        b = analyse(nxt)
        assert a.exact and b.exact and a.moves == b.moves
        warm += a.nodes
        cold += b.nodes
    assert warm < 0.7 * cold  # 11,460 against 29,002 when measured
