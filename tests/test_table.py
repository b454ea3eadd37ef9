"""The transposition table: packed bounds, replacement, torn entries, and a search whose
table is far too small still gives exact values."""
from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from reference import ref_values
from solver.analysis import driver as engine
from solver.search import scoperta as K
from solver.search import table
from solver.random_positions import random_position


def _key(i):
    return np.int64(i * 7919 + 1), np.int64(i * 104729 + 3), np.int64(i * 1299709 + 5)


def test_bounds_round_trip_and_merge():
    tt = table.new_table(16)
    b, chk = table.tt_hash(*_key(1), tt.shape[0] - 1)
    assert table.tt_read(tt, b, chk)[0] is False
    table.tt_store(tt, b, chk, np.int64(-(1 << 23)), np.int64(1 << 23), np.int64(5), np.int64(12), np.int64(0))
    found, lo, hi, mv1 = table.tt_read(tt, b, chk)
    assert (found, lo, hi, mv1) == (True, -(1 << 23), 1 << 23, 5)
    # a later store keeps the tighter of old and new bounds, and the old move when it has none
    table.tt_store(tt, b, chk, np.int64(-7), np.int64(1 << 23), np.int64(0), np.int64(12), np.int64(0))
    table.tt_store(tt, b, chk, np.int64(-(1 << 23)), np.int64(3), np.int64(0), np.int64(12), np.int64(0))
    assert tuple(table.tt_read(tt, b, chk)) == (True, -7, 3, 5)


def test_coarse_units_only_widen_bounds():
    """A node whose value range overflows the 25-bit fields counts in a power of two; the
    stored bounds, read back, must still enclose every value they were stored for."""
    rng = random.Random(3)
    for mag in (100, 1 << 23, 120 * 3628800, 120 * 479001600, 2 * 87178291200):
        g = int(table.tt_unit(np.int64(mag)))
        assert g >= 1 and g & (g - 1) == 0
        assert mag <= (int(table.VAL_OFF) - 2) * g
        if g > 1:
            assert mag > (int(table.VAL_OFF) - 2) * (g // 2)  # the finest unit that fits
        for _ in range(50):
            lo_v = rng.randint(-mag, mag)
            hi_v = rng.randint(lo_v, mag)
            tt = table.new_table(16)
            b, chk = table.tt_hash(*_key(rng.randrange(10 ** 6)), tt.shape[0] - 1)
            table.tt_store(tt, b, chk, np.int64(lo_v // g),
                       np.int64(-(-hi_v // g)), np.int64(0), np.int64(3), np.int64(0))
            _, lo, hi, _ = table.tt_read(tt, b, chk)
            assert lo * g <= lo_v and hi * g >= hi_v
            assert hi * g - lo * g < hi_v - lo_v + 2 * g


def test_work_class_grows_by_half_powers_of_two():
    got = [int(table.work_class(np.int64(n))) for n in (1, 2, 3, 4, 6, 7, 8, 12, 1 << 20, 1 << 40)]
    assert got == [1, 3, 4, 5, 6, 6, 7, 8, 41, 63]
    for n in range(1, 5000):  # never smaller for a bigger search
        assert table.work_class(np.int64(n + 1)) >= table.work_class(np.int64(n))


def test_replacement_keeps_the_entries_of_most_work():
    tt = table.new_table(16)
    # five keys forced into bucket 0: the one of least work is the one replaced
    for work, i in zip((20, 30, 10, 25), range(4)):
        table.tt_store(tt, 0, np.int64(1000 + i), np.int64(i), np.int64(i), np.int64(0), np.int64(work), np.int64(1))
    table.tt_store(tt, 0, np.int64(2000), np.int64(9), np.int64(9), np.int64(0), np.int64(15), np.int64(1))
    present = [bool(table.tt_read(tt, 0, np.int64(1000 + i))[0]) for i in range(4)]
    assert present == [True, True, False, True]
    assert tuple(table.tt_read(tt, 0, np.int64(2000))) == (True, 9, 9, 0)
    # a later search (another epoch) replaces the old entries first, even those of most work
    table.tt_store(tt, 0, np.int64(3000), np.int64(1), np.int64(1), np.int64(0), np.int64(5), np.int64(2))
    table.tt_store(tt, 0, np.int64(3001), np.int64(1), np.int64(1), np.int64(0), np.int64(5), np.int64(2))
    table.tt_store(tt, 0, np.int64(3002), np.int64(1), np.int64(1), np.int64(0), np.int64(5), np.int64(2))
    assert [bool(table.tt_read(tt, 0, np.int64(k))[0]) for k in (3000, 3001, 3002)] == [True] * 3
    assert sum(bool(table.tt_read(tt, 0, np.int64(1000 + i))[0]) for i in range(4)) + \
        bool(table.tt_read(tt, 0, np.int64(2000))[0]) == 1


def test_torn_entry_reads_as_a_miss():
    tt = table.new_table(16)
    b, chk = table.tt_hash(*_key(5), tt.shape[0] - 1)
    table.tt_store(tt, b, chk, np.int64(1), np.int64(2), np.int64(3), np.int64(4), np.int64(0))
    slot = next(s for s in range(table.TT_SLOTS) if tt[b, 2 * s] ^ tt[b, 2 * s + 1] == chk)
    tt[b, 2 * slot + 1] ^= 1 << 30  # another thread's data word, this thread's check word
    assert table.tt_read(tt, b, chk)[0] is False


def test_bucket_is_one_cache_line():
    tt = table.new_table(1000)
    assert tt.shape == (1024, table.TT_COLS) and tt.flags.c_contiguous
    assert tt.ctypes.data % 64 == 0 and tt.strides[0] == 64


def test_tiny_table_still_exact():
    """Sixteen buckets for talon-4 and talon-6 positions: entries are replaced all the time, and every
    card's value must still equal the reference's."""
    rng = random.Random(77)
    for i in range(12):
        pos = random_position(rng, 6 if i % 3 else 4, mid_trick=bool(i % 2), with_score=True)
        for objective in ("points", "win"):
            s = engine.Search(pos, objective, tt_mb=0)
            assert s.tt.shape[0] == 16
            got = {c: s.fraction(s.move_value(c)) for c in pos.legal_cards()}
            assert got == ref_values(pos, objective), (pos.to_text(), objective)


@pytest.mark.parametrize("threads,shared_from", [(4, 99), (2, 6), (3, 6)])
def test_helper_threads_give_the_same_values(monkeypatch, threads, shared_from):
    """Threads on three cards, a card each (the spare threads help the running cards, draws
    walked in reverse) or all on one card at a time (``shared_from``: from that talon up):
    the first to finish gives the value and stops the others; every card's value must
    still be the reference's, at trick start and mid-trick."""
    ws = engine.current()
    monkeypatch.setattr(ws, "threads", threads)
    monkeypatch.setattr(engine, "SHARED_CARD_TALON", shared_from)
    assert engine.SCOPERTA.shared_card(random_position(random.Random(1), 6), 6) == (shared_from == 6)
    rng = random.Random(2026)
    for i in range(6):
        pos = random_position(rng, 6, mid_trick=bool(i % 2), with_score=True)
        ws.tables.clear()
        vals, _ = engine.exact_values(pos, "points", None)
        assert vals == ref_values(pos, "points"), pos.to_text()


def test_generation_numbers_come_round_to_an_empty_table():
    tables = {16: table.new_table(16)}
    tables[16][3, 1] = 12345
    gens = table.Generations(tables)
    gens.LIMIT = 3
    assert [gens.next() for _ in range(3)] == [1, 2, 3]
    assert tables[16][3, 1] == 12345  # nothing cleared while numbers are fresh
    assert gens.next() == 1
    assert not tables[16].any()


@pytest.mark.parametrize("objective", ["points", "win"])
def test_prefetching_the_childrens_buckets_changes_no_value_and_no_node(monkeypatch, objective):
    """C_PREFETCH asks for the children's memory early and reads their entries in the
    parent: with it on at every talon, each card's value equals the one with it off and the
    reference's, and the search counts no more nodes (a child its entry settles counts as
    one node; a null window's fail high settled that way needs no second call).
    Clairvoyant searches never prefetch."""
    rng = random.Random(4242)
    positions = [random_position(rng, t, mid_trick=bool(i % 2), with_score=True,
                                 clairvoyant=i == 0)
                 for i, t in enumerate((8, 4, 6, 6, 6, 6, 8, 8, 8, 8))]
    fewer = 0
    for pos in positions:
        got = []
        for talon in (99, 0):
            monkeypatch.setattr(engine, "PREFETCH_TALON", talon)
            s = engine.Search(pos, objective, tt_mb=1)
            assert s.ctx[K.C_PREFETCH] == (talon == 0 and not pos.clairvoyant)
            s.tt.fill(0)
            got.append(({c: s.fraction(s.move_value(c)) for c in pos.legal_cards()}, s.nodes))
        assert got[0][0] == got[1][0], pos.to_text()
        assert got[1][1] <= got[0][1], pos.to_text()
        fewer += got[1][1] < got[0][1]
        if pos.talon_size <= 6 or pos.clairvoyant:
            assert got[1][0] == ref_values(pos, objective), pos.to_text()
    assert fewer > 0  # the entries are read in the parent


def _with_and_without(monkeypatch, pos, objective, setting, values, slot):
    """Each card's value and the node count, on an empty table, with the driver's
    ``setting`` at each of ``values`` (which the context's ``slot`` must then hold); the
    values are checked equal across settings and to the reference's. Returns the counts."""
    got = []
    for v in values:
        monkeypatch.setattr(engine, setting, v)
        s = engine.Search(pos, objective, tt_mb=1)
        assert s.ctx[slot] == v
        s.tt.fill(0)
        got.append(({c: s.fraction(s.move_value(c)) for c in pos.legal_cards()}, s.nodes))
    assert all(g[0] == got[0][0] for g in got), pos.to_text()
    assert got[0][0] == ref_values(pos, objective), pos.to_text()
    return [g[1] for g in got]


@pytest.mark.parametrize("objective", ["points", "win"])
def test_the_transposition_cutoff_changes_no_value_and_cuts_nodes(monkeypatch, objective):
    """ETC (a trick's second card reading its children's entries for a cut first) only
    cuts where a stored bound proves it: with it on at every node count, each card's value
    equals the one with it off and the reference's, while the search visits fewer nodes.
    Only clairvoyant searches use it."""
    rng = random.Random(5151)
    positions = [random_position(rng, t, mid_trick=bool(i % 2), with_score=True,
                                 clairvoyant=True)
                 for i, t in enumerate((4, 6, 8, 10, 12))]
    fewer = 0
    for pos in positions:
        off, on = _with_and_without(monkeypatch, pos, objective, "ETC_ALIVE", (0, 1), K.C_ETC)
        fewer += on < off
    assert fewer >= 3
    monkeypatch.setattr(engine, "ETC_ALIVE", 1)
    hidden = random_position(random.Random(5), 6)
    assert engine.Search(hidden, "points", tt_mb=1).ctx[K.C_ETC] == 0


@pytest.mark.parametrize("objective", ["points", "win"])
def test_exact_chance_nodes_change_no_value_and_nodes_move(monkeypatch, objective):
    """Chance nodes with two unseen cards searched in the full window (C_EXACT) store exact
    values: every card's value is the one with it off and the reference's, and the node
    counts differ (the lever is live)."""
    rng = random.Random(6161)
    positions = [random_position(rng, t, mid_trick=bool(i % 2), with_score=True)
                 for i, t in enumerate((4, 4, 6, 6, 8))]
    differ = 0
    for pos in positions:
        off, on = _with_and_without(monkeypatch, pos, objective, "EXACT_CHANCE_UNSEEN", (0, 2),
                                    K.C_EXACT)
        differ += on != off
    assert differ >= 1


def test_the_ab_script_compares_a_checkout_with_itself():
    """benchmarks/ab_kernels.py hands both workers the same positions: a checkout against
    itself has equal node counts and values, and the script says so."""
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, str(root / "benchmarks" / "ab_kernels.py"), str(root),
                          str(root), "--talon", "4", "--positions", "4", "--rounds", "1"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    old, new = re.search(r"nodes: old ([\d,]+), new ([\d,]+)", out.stdout).groups()
    assert old == new and int(old.replace(",", "")) > 0
    assert "every value equal: True" in out.stdout


def test_the_ab_script_times_the_same_engine_decisions_in_both():
    """ab_kernels.py --engine: both workers are asked the same moments of the same deals,
    with a sample budget, so a checkout against itself chooses the same cards."""
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, str(root / "benchmarks" / "ab_kernels.py"), str(root),
                          str(root), "--engine", "classic", "--positions", "3", "--rounds", "1"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "every card chosen equal: True" in out.stdout and "new/old time" in out.stdout


def test_the_ab_script_times_whole_analyses_with_empty_tables():
    """ab_kernels.py --analyse: both workers run the whole analyse of the same positions
    (every thread, the principal line) from empty tables, and their values must agree."""
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, str(root / "benchmarks" / "ab_kernels.py"), str(root),
                          str(root), "--talon", "6", "--positions", "4", "--rounds", "1",
                          "--analyse"], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "analyse, every thread" in out.stdout and "every value equal: True" in out.stdout


def test_forget_tables_empties_what_a_search_stored():
    pos = random_position(random.Random(5), 6)
    engine.exact_values(pos, "points", None)
    ws = engine.current()
    assert any(tt.any() for tt in ws.tables.values())
    engine.forget_tables()
    assert not any(tt.any() for tt in ws.tables.values())
