"""An exact search that stops (the clock, a node budget, Ctrl-C) keeps the cards it finished:
the estimate it falls back on gives those cards their exact values (``value_exact``, ± 0),
ranks every card again, and says so in a note; every surface shows them as exact."""

from __future__ import annotations

import json
import pathlib
from dataclasses import replace
from fractions import Fraction

import pytest

from cli.cmd_analyse import _human, estimate_mark
from solver.analysis import Analysis, driver
from solver.analysis.engine import Engine
from solver.analysis.result import Interval, Method, MoveValue, Way
from solver.cards import parse_card
from solver.picture import value_label
from solver.position import parse_position

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: talon-8 positions whose exact search, one thread, spends its nodes over three cards
T8 = ROOT / "benchmarks" / "data" / "exact_t8_points.jsonl"
T10 = ROOT / "benchmarks" / "data" / "exact_t10_points.jsonl"

POS = parse_position(
    "hand1=CD,AD,FS hand2=2B,6C table=6S top=7S briscola=6B played=5B,7B,FB,3B,AB,2C,7C,FC,"
    "CC,RC,3C,2D,4D,5D,6D,7D,FD,RD,2S,4S,5S,RS turn=1 score=25-27"
)
CD, AD, FS = (parse_card(c) for c in ("CD", "AD", "FS"))


def _estimate(moves) -> Analysis:
    return Analysis.estimate(
        POS,
        "points",
        tuple(moves),
        (moves[0].card,),
        nodes=1,
        t0=0.0,
        method=Method(Way.SAMPLED_CLAIRVOYANT, 5, True, True),
        interval=Interval.SAMPLING_AND_METHOD,
        pv=(moves[0].card, parse_card("2B")),
    )


EST = _estimate(
    [
        MoveValue(CD, 5.0, None, 2.0, None),
        MoveValue(FS, 4.0, None, 2.5, 1.0),
        MoveValue(AD, 1.0, None, 3.0, 1.5),
    ]
)


def test_a_solved_card_above_the_best_leads_with_its_exact_value_and_no_error():
    a = EST.with_solved({FS: Fraction(13, 2)})
    assert [m.card for m in a.moves] == [FS, CD, AD]
    top, cd, ad = a.moves
    assert (top.value, top.value_exact, top.error, top.gap_error) == (6.5, Fraction(13, 2), 0, None)
    assert a.best == (FS,) and a.value == 6.5 and not a.exact
    assert a.value_exact is None  # the analysis is still an estimate
    # a gap to an exact value errs as the estimated value does
    assert (cd.value_exact, cd.error, cd.gap_error) == (None, 2.0, 2.0)
    assert ad.gap_error == 3.0
    assert a.pv == (FS,)  # the estimate's line began with another card
    assert "the exact search solved FS before it stopped: its value is exact" in a.notes[-1]
    assert "value=+13/2" in repr(a)


def test_two_estimated_cards_keep_their_paired_gap_or_the_sum_of_their_gaps_to_the_old_best():
    a = EST.with_solved({CD: Fraction(3)})
    assert [m.card for m in a.moves] == [FS, CD, AD]
    fs, cd, ad = a.moves
    assert fs.value_exact is None and fs.error == 2.5
    assert (cd.value_exact, cd.error, cd.gap_error) == (3, 0.0, 2.5)
    # FS - AD: FS's and AD's gaps to CD (1.0 + 1.5) are narrower than their values' (5.5)
    assert ad.gap_error == 2.5
    b = EST.with_solved({AD: Fraction(-1)})  # the best card unchanged: its paired gaps stay
    assert [m.gap_error for m in b.moves] == [None, 1.0, 2.0]
    assert b.pv == EST.pv


def test_every_card_solved_but_one_and_nothing_solved():
    a = EST.with_solved({CD: Fraction(5), FS: Fraction(6)})
    assert [(m.card, m.gap_error) for m in a.moves] == [(FS, None), (CD, 0.0), (AD, 3.0)]
    assert "solved FS, CD before it stopped: their values are exact" in a.notes[-1]
    assert EST.with_solved({}) is EST
    assert EST.with_solved({parse_card("AS"): Fraction(1)}) is EST  # not one of its cards


def test_a_solved_estimate_goes_to_json_and_back_with_its_exact_values():
    a = EST.with_solved({FS: Fraction(13, 2)})
    j = a.to_json()
    assert [m["value_exact"] for m in j["moves"]] == ["13/2", None, None]
    assert j["exact"] is False and j["value_exact"] is None and j["interval"]
    assert Analysis.from_json(json.dumps(j)) == a


def test_the_terminal_the_picture_and_best_say_a_solved_card_is_exact():
    a = EST.with_solved({FS: Fraction(13, 2)})
    lines: list[str] = []
    _human(a, lines.append)
    fs = next(x for x in lines if x.strip().startswith("* FS") or " FS " in x[:8])
    assert "exact (solved before the search stopped)" in fs and "±" not in fs.split("below")[0]
    cd = next(x for x in lines if " CD " in x[:8])
    assert "± 2.000" in cd
    assert any("the exact search solved FS" in x for x in lines)
    assert "±" not in value_label(a, FS) and "±" in value_label(a, CD)
    mark = estimate_mark(a)
    assert "its value exact, the other cards' ±3.00" in mark  # the widest other card's
    lines_it: list[str] = []
    _human(a, lines_it.append, "it")
    assert any("esatto (risolto" in x for x in lines_it)
    assert any("la ricerca esatta ha risolto FS" in x for x in lines_it)


def _rows(path, n):
    return [json.loads(line) for line in path.read_text().splitlines()[:n]]


def test_a_node_budget_keeps_the_cards_the_exact_search_finished():
    """One thread (cards one after another): budgets between none and all of the search's
    nodes give answers whose solved cards hold their exact values, and some give a mix."""
    mixed = 0
    with Engine(threads=1) as e:
        for row in _rows(T8, 6):
            pos = parse_position(row["position"])
            exact = {parse_card(c): Fraction(v) for c, v in row["moves"].items()}
            e.workspace.forget_tables()
            full = e.analyse(pos)
            assert full.exact
            for share in (0.35, 0.55, 0.75):
                e.workspace.forget_tables()
                a = e.analyse(pos, nodes=int(full.nodes * share))
                if a.exact:
                    continue
                solved = [m for m in a.moves if m.value_exact is not None]
                for m in solved:
                    assert m.value_exact == exact[m.card] and m.error == 0.0
                assert any("solved" in n for n in a.notes) == bool(solved)
                mixed += 0 < len(solved) < len(a.moves)
    assert mixed >= 3


def test_the_cards_asked_first_are_searched_first(monkeypatch):
    """Cards are searched in the order asked, the rest in the legal order; the values and
    their order in the answer are the same whatever it was."""
    pos = parse_position(_rows(T8, 4)[3]["position"])
    cards = pos.legal_cards()
    asked: list = []
    move_value = driver.Search.move_value

    def logged(self, card, *args, **kw):
        asked.append(card)
        return move_value(self, card, *args, **kw)

    monkeypatch.setattr(driver.Search, "move_value", logged)
    with Engine(threads=1) as e, e.active():
        plain = driver.exact_search(pos, "points", None)
        for first in ([cards[-1]], [cards[1], cards[0]]):
            asked.clear()
            got: dict = {}
            res = driver.exact_search(pos, "points", None, first=first, solved=got)
            assert asked == first + [c for c in cards if c not in first]
            assert list(got) == asked
            assert res is not None and plain is not None and res.values == plain.values
            assert list(res.values) == cards


def test_threads_on_one_card_keep_what_they_finished():
    """Talon 10, two threads on one card at a time: stopped by a node budget, each card they
    finished has its exact value; unstopped, the values are the same as ever."""
    hits = 0
    with Engine(threads=2) as e, e.active():
        for row in _rows(T10, 3):
            pos = parse_position(row["position"])
            exact = {parse_card(c): Fraction(v) for c, v in row["moves"].items()}
            e.workspace.forget_tables()
            whole: dict = {}
            res = driver.exact_search(pos, "points", None, solved=whole)
            assert res is not None and res.values == exact == whole
            e.workspace.forget_tables()
            got: dict = {}
            res = driver.exact_search(pos, "points", None, node_limit=res.nodes // 2, solved=got)
            assert all(exact[c] == v for c, v in got.items())
            hits += res is None and bool(got)
    assert hits >= 1


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_note_reads_back_in_either_language(lang):
    from solver.errors import Note
    from solver.i18n import note_text

    note = EST.with_solved({FS: Fraction(13, 2), CD: Fraction(1)}).notes[-1]
    back = Note.read(str(note))
    assert back.key == "note.exact.solved" and back.fields["cards"] == "FS, CD"
    assert "FS, CD" in note_text(back, lang)


FULL = Method(Way.SAMPLED_CLAIRVOYANT, None, True, True)


def test_the_estimated_cards_move_by_a_share_of_the_solved_cards_error():
    """FS estimated 4.0, solved 6.5: the estimate ran 2.5 low there, so at share 0.5 the
    cards still estimated move up 1.25, keep their ±, and a note says by how much."""
    a = EST.with_solved({FS: Fraction(13, 2)}, 0.5)
    assert [(m.card, m.value, m.error) for m in a.moves] == [
        (FS, 6.5, 0.0),
        (CD, 6.25, 2.0),
        (AD, 2.25, 3.0),
    ]
    assert a.notes[-1].key == "note.exact.shifted"
    assert (
        "moved +1.25 points: 50 % of the estimate's error on the solved cards (-2.50)"
        in (a.notes[-1])
    )
    # two solved cards: their mean error; CD ran 1 high, FS 2.5 low, so AD moves +0.375
    b = EST.with_solved({CD: Fraction(4), FS: Fraction(13, 2)}, 0.5)
    assert b.move(AD).value == pytest.approx(1.375)
    # every card solved or share 0: nothing moves, no note
    assert EST.with_solved({FS: Fraction(13, 2)}).move(CD).value == 5.0
    everything = {CD: Fraction(1), FS: Fraction(2), AD: Fraction(3)}
    assert all(n.key != "note.exact.shifted" for n in EST.with_solved(everything, 0.5).notes)


def test_a_moved_value_stays_in_the_values_range():
    from solver.analysis.result import value_bound

    bound = value_bound(POS, "points")
    # an offset past any real one: the estimate ran far high, so the others move far down
    a = EST.with_solved({FS: Fraction(-3 * int(bound))}, 0.5)
    assert a.move(CD).value == -bound and a.move(AD).value == -bound


def test_only_the_estimate_the_share_was_fitted_on_moves():
    from solver.analysis import estimate

    full = replace(EST, method=FULL)
    assert estimate.solved_share(full) == estimate.SOLVED_SHARE > 0
    assert estimate.solved_share(EST) == 0  # five tricks deep
    assert estimate.solved_share(replace(full, objective="win")) == 0
    four = parse_position(
        "variant=scoperta4 hand1=AB hand2=AC hand3=AD hand4=AS briscola=4S turn=1"
    )
    assert estimate.solved_share(replace(full, position=four)) == 0
    got = estimate.keep_solved(full, {FS: Fraction(13, 2)})
    assert got.move(CD).value == 6.25
    assert estimate.keep_solved(full, {}) is full


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_moved_note_reads_back_in_either_language(lang):
    from solver.errors import Note
    from solver.i18n import note_text

    note = EST.with_solved({FS: Fraction(13, 2)}, 0.5).notes[-1]
    back = Note.read(str(note))
    assert back.key == "note.exact.shifted" and back.fields["share"] == 50
    assert ("+1.25" if lang == "en" else "+1,25") in note_text(back, lang)


def test_the_calibration_pairs_moved_and_unmoved_values_on_the_same_answers(tmp_path):
    """``bench_calibration.py moved`` takes the move back from each answer's note: a card
    moved +1.25 to 6.25 whose exact value is 5.5 erred 0.75 moved and 0.5 unmoved."""
    import subprocess
    import sys

    a = EST.with_solved({FS: Fraction(13, 2)}, 0.5)
    exact = {CD: 5.5, FS: 6.5, AD: 2.0}
    row = {
        "set": "t12-points-test",
        "budget": 5.0,
        "exact_answer": False,
        "notes": [str(n) for n in a.notes],
        "moves": [
            {
                "card": str(m.card),
                "value": m.value,
                "error": m.error,
                "exact": exact[m.card],
                "solved": m.value_exact is not None,
            }
            for m in a.moves
        ],
    }
    raw = tmp_path / "raw.jsonl"
    raw.write_text(json.dumps(row) + "\n")
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_calibration.py"), "moved", str(raw)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    line = next(x for x in out.splitlines() if x.startswith("| t12-points-test"))
    # CD: 0.5 unmoved, 0.75 moved; AD: 1.0 unmoved, 0.25 moved
    assert line.split(" | ")[2:6] == ["1", "2", "0.750", "0.500"], line
