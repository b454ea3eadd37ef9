"""The engine object (solver/analysis/engine.py): each engine owns its tables, threads,
scratch rows, configuration and progress sink, so two users of the solver in one process
(two jobs of the board, two cluster tasks) share none of them; solver.analyse is a call on
the default one."""
from __future__ import annotations

import threading

import solver
from solver.analysis import Engine, default_engine, driver, progress, sampler
from solver.cards import card_str, parse_cards
from solver.position import parse_position

SEAT_A = "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"
SEAT_B = "variant=briscolone hand1=AS,3S,RC,5D,2B hand2=? turn=1"
TALON8 = ("hand1=6B,2D,AS hand2=6C,RD,5S top=4B briscola=3C played=2B,5B,FB,CB,RB,3B,4C,5C,"
          "7C,FC,CC,RC,AC,4D,5D,6D,7D,FD,CD,3D,AD,2S,6S,7S,RS,3S turn=2")


def test_two_engines_at_once_keep_their_tables_and_progress_apart(monkeypatch):
    monkeypatch.setattr(sampler, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(sampler, "PROGRESS_EVERY", 0.0)
    lines = {"a": [], "b": []}
    stray: list[str] = []
    engines = {k: Engine(tt_mb=16, threads=1, progress=lines[k].append) for k in lines}
    texts = {"a": SEAT_A, "b": SEAT_B}
    results = {}
    before = progress.set_hook(stray.append)
    try:
        runs = [threading.Thread(target=lambda k=k: results.__setitem__(
            k, engines[k].analyse(parse_position(texts[k]), samples=40, seed=1))) for k in lines]
        for t in runs:
            t.start()
        for t in runs:
            t.join()
    finally:
        progress.set_hook(before)
    assert results["a"].samples == results["b"].samples == 40
    for k in lines:
        hand = {card_str(c) for c in parse_cards(texts[k].split("hand1=")[1].split()[0])}
        assert lines[k] and all(ln.split("best ")[1].split()[0] in hand for ln in lines[k])
    assert stray == []  # nothing went to the process's default sink
    ta, tb = (engines[k].workspace.general_tables for k in "ab")
    assert ta and tb and not {id(t) for t in ta.values()} & {id(t) for t in tb.values()}
    assert not {id(t) for t in ta.values()} & {
        id(t) for t in driver.default_workspace().general_tables.values()}


def test_an_engine_configures_its_own_table_size_and_threads():
    one, two = Engine(tt_mb=8, threads=1), Engine(tt_mb=8, threads=2)
    pos = parse_position(TALON8)
    a, b = one.analyse(pos), two.analyse(pos)
    assert a.exact and b.exact and a.moves == b.moves and a.pv == b.pv
    assert one.workspace.pool.idle == [] and len(two.workspace.pool.idle) == 1
    assert one.workspace.threads == 1 and two.workspace.tt_mb == 8
    assert default_engine().workspace.pool is not two.workspace.pool


def test_the_same_deal_further_on_reuses_the_engines_own_table():
    e = Engine(threads=1)
    pos = parse_position(TALON8)
    e.analyse(pos)
    talon, kept = e.workspace.last
    assert talon == 8 and kept is not None
    assert driver.default_workspace().last[1] is not kept
    e.forget_tables()
    assert e.workspace.last == (0, None)


def test_solver_analyse_is_the_default_engine():
    assert solver.Engine is Engine
    pos = parse_position("hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    assert solver.analyse(pos).moves == default_engine().analyse(pos).moves
    assert default_engine().workspace is driver.default_workspace()
