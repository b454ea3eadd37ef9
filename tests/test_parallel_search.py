"""Threads on one card (issue 43): they split the work at the chance nodes of the first
draws (split points), each value stays the one thread's, and the search measures how much
of itself can run at once (its work and span), in lockstep as N cores would too."""
from __future__ import annotations

import random

import numpy as np
import pytest

from reference import ref_values
from solver.analysis import driver as engine
from solver.analysis import parallel
from solver.search import scoperta as K
from solver.random_positions import random_position


def _set(seed: int, talon: int, n: int):
    rng = random.Random(seed)
    return [random_position(rng, talon, mid_trick=bool(i % 2), with_score=True)
            for i in range(n)]


def _marks(s) -> np.ndarray:
    """The busy marks of a search's threads (after its talon order)."""
    return s.order[int(s.ctx[K.C_ORDLEN]):]


@pytest.mark.parametrize("threads", [2, 3, 5])
def test_threads_on_one_card_give_the_reference_values(monkeypatch, threads):
    """Every thread count, both objectives, trick start and mid-trick: the value of every
    card is the reference solver's (talon 6, where the first two draws are split points),
    with the threads as the machine runs them and in lockstep a few nodes at a time (so
    they meet at the split points: deferred units, units searched by two)."""
    ws = engine.current()
    monkeypatch.setattr(ws, "threads", threads)
    monkeypatch.setattr(engine, "SHARED_CARD_TALON", 6)
    deferred = 0
    for i, pos in enumerate(_set(4300 + threads, 6, 8)):
        objective = "win" if i % 3 == 2 else "points"
        want = ref_values(pos, objective)
        ws.forget_tables()
        vals, _ = engine.exact_values(pos, objective, None)
        assert vals == want, (pos.to_text(), objective)
        ws.forget_tables()
        ls = parallel.Lockstep(quantum=5)
        s = engine.Search(pos, objective)
        got = engine._threaded(s, pos.legal_cards(), None, None, lockstep=ls)
        assert {c: s.fraction(v) for c, v in got.items()} == want, (pos.to_text(), objective)
        deferred += int(ls.totals[K.S_DEFERRED])
    assert deferred > 0


def _one_thread(pos, objective="points"):
    """Every card's value and the nodes of one thread, an empty table, no split points."""
    s = engine.Search(pos, objective)
    s.tt.fill(0)
    vals = {c: s.move_value(c, slice_nodes=1 << 60, quiet=True) for c in pos.legal_cards()}
    return {c: s.fraction(v) for c, v in vals.items()}, s.nodes


def test_the_work_is_one_threads_search_and_the_span_far_less():
    """``parallelism`` walks the very tree of one thread's search (the same node count);
    its span (the longest chain, a split point's units counted as running at once) is far
    below the work, and with no split point the span is the work."""
    for pos in _set(4310, 10, 2):
        _, nodes = _one_thread(pos)
        par = parallel.parallelism(pos)
        assert par.work == nodes
        assert par.units > 100 and par.span * 20 < par.work
        assert parallel.parallelism(pos, split=99) == (nodes, nodes, 0)
        assert 1 < par.speedup(4) < 4 and par.speedup(16) > par.speedup(4)


@pytest.mark.parametrize("threads", [2, 4, 8])
def test_threads_in_lockstep_divide_a_card_and_keep_every_value(monkeypatch, threads):
    """N threads advanced a few nodes each per round (as N cores would run them) defer
    the units other threads are in, search the cards in about 1/N of one thread's nodes,
    leave no busy mark behind and give one thread's values."""
    ws = engine.current()
    monkeypatch.setattr(ws, "threads", threads)
    work = time = deferred = 0
    for pos in _set(4320, 10, 2):
        ws.forget_tables()
        want, nodes = _one_thread(pos)
        ws.forget_tables()
        ls = parallel.Lockstep(quantum=200)
        s = engine.Search(pos, "points")
        got = engine._threaded(s, pos.legal_cards(), None, None, lockstep=ls)
        assert {c: s.fraction(v) for c, v in got.items()} == want, pos.to_text()
        assert not _marks(s).any()
        work, time = work + nodes, time + ls.time
        deferred += int(ls.totals[K.S_DEFERRED])
        assert ls.time * threads >= ls.totals[K.S_NODES]  # a round counts its longest share
    assert deferred > 0
    assert time < 1.3 * work / threads  # measured: 0.50, 0.25, 0.13 of the work at 2, 4, 8


def test_a_search_stopped_midway_leaves_no_busy_mark(monkeypatch):
    """Threads that give up (a deadline, Ctrl-C) clear their marks on the way out: a mark
    left behind would make every later visit defer its unit."""
    ws = engine.current()
    monkeypatch.setattr(ws, "threads", 3)
    pos = _set(4330, 10, 1)[0]
    ws.forget_tables()
    s = engine.Search(pos, "points")
    ctxs = s.thread_contexts(3)
    stats = [np.zeros(K.S_SIZE, dtype=np.int64) for _ in range(3)]
    for i in range(3):
        stats[i][K.S_LIMIT] = 20_000 + 7_000 * i  # each stops deep inside the card
        K.search(*s.head, -K.INF, K.INF, int(pos.legal_cards()[0]), ctxs[i], s.order, s.tt,
                 stats[i], K.new_work())
        assert stats[i][K.S_ABORT] == 1
    assert not _marks(s).any()


def test_a_thread_defers_an_outcome_another_has_marked():
    """One thread alone, with an outcome of its card's chance node marked busy as if another
    thread were in it: it defers that outcome, searches it after the others (while the mark
    is there), and the card's value is unchanged."""
    pos = _set(4340, 8, 2)[1]  # mid-trick: the card leads to the chance node
    card = int(pos.legal_cards()[0])
    want = _one_thread(pos)[0][card]
    s = engine.Search(pos, "points")
    ctx = s.thread_contexts(1)[0]
    work = K.new_work()
    first = np.zeros(K.S_SIZE, dtype=np.int64)
    first[K.S_LIMIT] = 2  # the card, then its chance node, which fills its row
    s.tt.fill(0)
    K.search(*s.head, -K.INF, K.INF, card, ctx, s.order, s.tt, first, work)
    after = pos.hands[0] | pos.hands[1] | pos.unseen | (1 << pos.top) | (1 << pos.briscola)
    row = work[2 * (after & ~(1 << card)).bit_count()]
    i = 5
    mark = int(ctx[K.C_BUSY]) + (int(row[K.BUCKET + i]) & (K.BUSY_MARKS - 1))
    s.order[mark] = row[K.CHECK + i]
    s.tt.fill(0)
    stats = np.zeros(K.S_SIZE, dtype=np.int64)
    stats[K.S_LIMIT] = 1 << 60
    v = K.search(*s.head, -K.INF, K.INF, card, ctx, s.order, s.tt, stats, work)
    assert s.fraction(v) == want
    assert stats[K.S_DEFERRED] == 1 and stats[K.S_JOINED] > 0


def test_two_threads_split_the_first_draw_only_more_split_two():
    """Two threads have work enough in the first draw's outcomes, and the second draw's
    bookkeeping cost them 2.5 %; more threads split the first two draws."""
    pos = random_position(random.Random(12), 12)
    unseen = pos.unseen.bit_count()
    two = [int(c[K.C_SPLIT]) for c in engine.Search(pos, "points").thread_contexts(2)]
    four = [int(c[K.C_SPLIT]) for c in engine.Search(pos, "points").thread_contexts(4)]
    assert two == [unseen] * 2
    assert four == [unseen - 2 * (engine.SPLIT_DRAWS - 1)] * 4 and four[0] < unseen
