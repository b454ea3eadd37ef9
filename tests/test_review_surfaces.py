"""The review said the same way wherever it is read: a zero without a sign, an exact luck
that agrees with "fortuna" in Italian, a cost's * in the JSON the board reads as in the
table, and a help that calls an interval 95 % only where it is checked. In process, no
search: the reviews are built by hand."""

import dataclasses
import json
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace as NS

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver import review as R
from solver.analysis.result import Interval
from solver.cards import parse_card

EN, IT = R.TEXT["en"], R.TEXT["it"]


def test_an_amount_that_shows_as_zero_has_no_sign():
    """A classic review with the objective win said a luck "P1 −0.00 ±0.16*" and an exact
    one "P2 +0.00 (exact)": a number that shows as zero is written without a sign, as the
    board writes it; a number that does not keeps its sign."""
    assert R.fmt_signed(-0.0004, 0.16, False, EN, win=True) == "0% ±16%"
    assert R.fmt_signed(0.0004, None, True, EN, win=True) == "0% (exact)"
    assert R.fmt_signed(-0.001, 0.16, False, EN, win=True) == "\u22120.1% ±16%"
    assert R.fmt_signed(0.0, None, True, EN) == "0 (exact)"
    assert R.fmt_signed(-0.04, 1.2, False, IT, lang="it") == "0,0 ±1,2"
    assert R.fmt_signed(-0.06, None, False, IT, lang="it") == "\u22120,1"
    assert R.fmt_signed(0.006, None, False, EN, win=True) == "+0.6%"
    assert R.fmt_signed(-8.0, None, False, EN) == "\u22128"
    assert R.fmt_signed(12.25, None, False, EN) == "+12.2"


def _review(luck_exact: Fraction | None, unchecked: bool = False) -> R.Review:
    """One scoperta card with the draw after it: exact luck, or an estimate of ±2."""
    card = parse_card("AD")
    move = R.MoveReview(
        deal=1,
        number=1,
        trick=1,
        player=0,
        card=card,
        choices=3,
        best=(parse_card("3D"),),
        best_value=5.0,
        value=2.0,
        cost=3.0,
        cost_error=1.5,
        interval=Interval.EXTRAPOLATED if unchecked else Interval.SAMPLING_AND_METHOD,
    )
    luck = -3.0 if luck_exact is None else float(luck_exact)
    draw = R.DrawLuck(
        deal=1,
        move=1,
        trick=1,
        player=0,
        seat_view=False,
        drawn=((0, parse_card("2B")), (1, parse_card("4C"))),
        draws=30,
        luck=luck,
        luck_exact=luck_exact,
        error=None if luck_exact is not None else 2.0,
        expected=4.0,
        actual=4.0 + luck,
        every_draw=luck_exact is not None,
        bound=100.0,
    )
    return R.Review((move,), ("a", "b"), 1, ((70, 50),), draws=(draw,))


def test_an_exact_luck_agrees_with_fortuna_in_italian():
    """The Italian table said an exact luck "G1 −3 (esatto)" and its swing "(esatta: ogni
    pescata risolta)": a luck (la fortuna) is "esatta" in the table, the skill line and the
    swings; a result less it (il risultato) stays "esatto"."""
    it = R.render_review(_review(Fraction(-3)), "it")
    row = next(line for line in it.splitlines() if line.strip().startswith("1 "))
    assert "G1 \u22123 (esatta)" in row, row
    skill = next(line for line in it.splitlines() if "al netto della fortuna" in line)
    assert "fortuna \u22123 (esatta)" in skill and "fortuna +23 (esatto)" in skill, skill
    assert "(esatto)" not in row, row
    en = R.render_review(_review(Fraction(-3)), "en")
    assert "P1 \u22123 (exact)" in en and "luck-adjusted +23 (exact)" in en, en


def test_a_costs_star_is_in_the_json_as_in_the_table():
    """The table marks a cost whose ± is not checked against exact values with *, and the
    board had nothing to mark it by: each move's JSON says it in ``unchecked``, true
    exactly where the table's cost carries the *."""
    for starred in (False, True):
        rv = _review(None, unchecked=starred)
        m = rv.moves[0]
        assert R.fmt_cost(m).endswith("*") == starred
        assert m.to_json()["unchecked"] is starred
    solved = R.MoveReview(
        deal=1,
        number=1,
        trick=1,
        player=0,
        card=0,
        choices=3,
        best=(1,),
        cost=2.0,
        cost_error=0.0,
        interval=Interval.NO_SAMPLING,
        seat_view=True,
    )
    assert solved.exact_cost and not R.fmt_cost(solved).endswith("*")
    assert solved.to_json()["unchecked"] is False and solved.to_json()["exact"] is True


def test_the_reviews_help_calls_an_interval_95_only_where_it_is_checked():
    """`briscola review --help` said every seat cost "carries the half-width of its 95 %
    interval", the * ones too: each 95 % it says is qualified by the *."""
    out = CliRunner().invoke(cli, ["review", "--help"]).output
    text = " ".join(out.split())
    said = [m.start() for m in re.finditer("95 %", text)]
    assert said, text
    assert all("*" in text[i : i + 60] for i in said), text


def test_the_estimates_best_card_played_with_a_rival_in_noise_is_too_close_to_call():
    """Playing the card an estimate ranks first is 'optimal' only where every other card is
    clear of it; where another's gap interval reaches above it, the verdict is not known."""
    def analysis(*moves):
        return NS(moves=tuple(NS(value=v, gap_error=g, error=1.0) for v, g in moves),
                  interval=Interval.SAMPLING_AND_METHOD)

    assert R.rival(analysis((10.0, None), (4.0, 2.0), (1.0, 3.0))) == 0.0   # both clear
    assert R.rival(analysis((10.0, None), (8.5, 4.0), (1.0, 3.0))) == pytest.approx(2.5)
    base = dict(deal=1, number=3, trick=2, player=0, card=4, choices=3, best=(4,), cost=0.0,
                best_value=10.0, value=10.0)
    clear, rival = R.MoveReview(**base, rival=0.0), R.MoveReview(**base, rival=2.5)
    assert clear.optimal and not clear.close and not clear.mistake
    assert not rival.optimal and rival.close and not rival.mistake
    rv = R.Review((rival, clear), ("a", "b"), 0, (None,), players=(0,))
    s = rv.stats(0)
    assert (s.optimal, s.close, s.judged) == (1, 1, 1)


def test_a_card_tied_with_the_estimates_best_is_judged_as_the_best(monkeypatch):
    """A Libero review at 0.5 s a card judged 6B "optimal" ("0 [0, 14]") where the estimate
    tied 4B, 5B and 6B at the best and 2C lay 0.25 ±14 below them: had 4B, the card it lists
    first, been played, the same choice was too close to call ("0–14.0 ≈"). Every card tied
    at the best is judged as the first: too close to call where another's gap interval
    reaches above it, whichever of them was played."""
    import random

    from solver.game import deal, legal_cards

    st = deal("libero", random.Random(3))
    cards = legal_cards(st)
    rest = len(cards) - 3

    def judged(card, vals, gaps):
        moves = tuple(NS(card=c, value=v, gap_error=g, error=14.4)
                      for c, v, g in zip(cards, vals, gaps, strict=True))
        a = NS(moves=moves, best=tuple(cards[:2]), exact=False, value=vals[0],
               interval=Interval.SAMPLING_AND_METHOD,
               move=lambda c: next(m for m in moves if m.card == c))
        monkeypatch.setattr(R, "analyse", lambda view, objective, limit, progress=False: a)
        return R.review_move(st, card, 0.1)

    vals = [-29.987, -29.987, -30.234] + [-60.0] * rest
    gaps = [None, 14.0, 14.0] + [14.0] * rest
    for m in (judged(c, vals, gaps) for c in cards[:2]):
        assert m.contested and m.close and not m.optimal and not m.mistake, m
        assert m.rival == pytest.approx(14.0) and m.cost == 0.0 and m.cost_error is None
        assert R.fmt_cost(m) == "0–14.0"
    near = judged(cards[2], vals, gaps)
    assert near.close and near.cost == pytest.approx(0.247) and near.cost_error == 14.0
    # every other card clear of the tied best (their gap known to be 0): both are optimal
    vals = [-29.987, -29.987] + [-60.0] * (rest + 1)
    gaps = [None, 0.0] + [1.0] * (rest + 1)
    for m in (judged(c, vals, gaps) for c in cards[:2]):
        assert m.optimal and not m.close and m.rival == 0.0, m


def test_a_contested_cost_says_the_range_it_lies_in():
    """The estimate's best card played while another card's gap interval reaches above it
    printed "0 ≈": a player could not tell how far off they may have been. Its cost is
    printed as the range it lies in, 0 to how far the other card may be above it, starred
    where that is not checked against exact values; the sums still count it 0."""
    base = dict(deal=1, number=1, trick=1, player=0, card=4, choices=3, best=(4,), cost=0.0,
                best_value=10.0, value=10.0, seat_view=True)
    plain = R.MoveReview(**base, rival=1.25, interval=Interval.SAMPLING_AND_METHOD)
    starred = R.MoveReview(**base, rival=1.25, interval=Interval.EXTRAPOLATED)
    clear = R.MoveReview(**base, rival=0.0, interval=Interval.EXTRAPOLATED)
    assert R.fmt_cost(plain) == "0–1.2" and R.fmt_cost(plain, "it") == "0–1,2"
    assert R.fmt_cost(starred) == "0–1.2*" and starred.to_json()["unchecked"] is True
    assert R.fmt_cost(clear) == "0" and clear.to_json()["unchecked"] is False
    win = R.MoveReview(**{**base, "objective": "win"}, rival=0.034,
                       interval=Interval.SAMPLING_AND_METHOD)
    assert R.fmt_cost(win) == "0–3.4%"
    rv = R.Review((starred, R.MoveReview(**{**base, "number": 2}, rival=0.0)), ("a", "b"), 2,
                  (None,), players=(0,))
    s = rv.stats(0)
    assert (s.total_cost, s.cost_error, s.close, s.optimal, s.judged) == (0.0, None, 1, 1, 1)
    for lang, cost in (("en", "0–1.2* ≈"), ("it", "0–1,2* ≈")):
        text = R.render_review(rv, lang)
        row = next(line for line in text.splitlines() if line.split()[:2] == ["1", "1"])
        assert cost in row, row
        # the total adds the costs and their intervals: the range is not in it, nor its *
        skill = next(line for line in text.splitlines() if " (a): " in line and "0 (0" in line)
        assert "*" not in skill, skill


def test_a_costs_interval_is_cut_to_the_values_a_cost_can_take():
    """A cost is the best card's value less the played card's, in the mover's frame: never
    below 0, never above its most (twice the points in play, or 1 for a chance). Its ± was
    printed whole ("0.56 ±7.4", "5 ±240 (bound)" with 80 points in play, "30% ±90%"), an
    interval reaching values no cost can take, where a luck's is cut to what it can take.
    The cost's is now cut alike, in the table, the mistakes, the JSON and on the board; a
    cut interval still holds the truth wherever the uncut one did, so it stays a 95 %
    interval (or a bound)."""
    est = dict(deal=1, trick=1, player=0, choices=3, best=(5,), best_value=10.0, value=5.0,
               seat_view=True, interval=Interval.SAMPLING_AND_METHOD)
    low = R.MoveReview(**est, number=1, card=4, cost=0.56, cost_error=7.4, cost_bound=160.0)
    high = R.MoveReview(**{**est, "interval": Interval.BOUND}, number=2, card=6, cost=150.0,
                        cost_error=30.0, cost_bound=160.0)
    clear = R.MoveReview(**est, number=3, card=7, cost=40.0, cost_error=5.0, cost_bound=160.0)
    win = R.MoveReview(**{**est, "objective": "win"}, number=4, card=8, cost=0.3,
                       cost_error=0.9, cost_bound=1.0)
    assert low.cost_interval == (0.0, pytest.approx(7.96)) and low.cost_cut
    assert high.cost_interval == (120.0, 160.0) and high.cost_cut
    assert clear.cost_interval == (35.0, 45.0) and not clear.cost_cut
    assert win.cost_interval == (0.0, 1.0)
    assert R.fmt_cost(low) == "0.56 [0, 8.0]" and R.fmt_cost(low, "it") == "0,56 [0; 8,0]"
    assert R.fmt_cost(high) == "150 [120, 160] (bound)"
    assert R.fmt_cost(clear) == "40 ±5.0"                  # within what it can take: its ±
    assert R.fmt_cost(win) == "30% [0%, 100%]"
    for m in (low, high, clear, win):
        j = m.to_json()
        lo, hi = j["cost_interval"]
        assert 0 <= lo <= j["cost"] <= hi <= j["cost_bound"], j
        assert j["cost_error"] == m.cost_error               # the ± itself is kept
    rv = R.Review((low, high, clear), ("a", "b"), 3, (None,), players=(0,))
    text = R.render_review(rv)
    rows = {line.split()[1]: line for line in text.splitlines() if line.split()[:1] == ["1"]}
    assert "0.56 [0, 8.0] ≈" in rows["1"] and "150 [120, 160] (bound)" in rows["2"], text
    assert "±7.4" not in text and "±30" not in text
    # a mistake is said with its cut interval, as in the table
    assert "150 [120, 160] (bound)" in text.split(R.TEXT["en"]["mistakes"])[1], text
    assert [m["cost_interval"] for m in rv.to_json()["moves"]] == [
        [0.0, pytest.approx(7.96)], [120.0, 160.0], [35.0, 45.0]]


def test_a_mistake_is_not_printed_as_if_its_interval_reached_zero():
    """A classic review at 0.2 s a card called 5C a mistake at "5.78 ±5.8" (5.784 ±5.776, clear
    of 0 by less than the ± shows): printed to a tenth, its interval reached below 0, which
    the legend calls too close to call. A mistake whose printed ± would reach 0 is said by
    its ends, the low one above 0, in the table and among the mistakes."""
    est = dict(deal=1, trick=1, player=1, choices=3, best=(5,), best_value=10.0, value=5.0,
               seat_view=True, interval=Interval.SAMPLING_AND_METHOD, cost_bound=160.0)
    near = R.MoveReview(**est, number=1, card=4, cost=5.784, cost_error=5.776)
    nearer = R.MoveReview(**est, number=2, card=6, cost=5.784, cost_error=5.7835)
    win = R.MoveReview(**{**est, "objective": "win", "cost_bound": 1.0}, number=3, card=7,
                       cost=0.3, cost_error=0.2996)
    clear = R.MoveReview(**est, number=4, card=8, cost=7.49, cost_error=5.4)
    assert all(m.mistake for m in (near, nearer, win, clear))
    assert R.fmt_cost(near) == "5.78 [0.01, 11.6]"
    assert R.fmt_cost(near, "it") == "5,78 [0,01; 11,6]"
    assert R.fmt_cost(nearer) == "5.78 [0.0005, 11.6]"
    assert R.fmt_cost(win) == "30% [0.04%, 60%]"
    assert R.fmt_cost(clear) == "7.49 ±5.4"
    for m in (near, nearer, win):  # every end printed shows the interval clear of 0
        low = R.fmt_cost(m).split("[")[1].split(",")[0].rstrip("%")
        assert float(low) > 0, R.fmt_cost(m)
    rv = R.Review((near,), ("a", "b"), 1, (None,), players=(1,))
    text = R.render_review(rv).split(EN["accuracy"])[0]  # the table and the mistakes
    assert "±5.8" not in text and "5.78 [0.01, 11.6] points" in text, text


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_scoperta_estimate_says_what_its_pm_is(lang):
    """A scoperta review at 0.2 s a card printed "10.87 ±8.4*" and "P1 +11.8 ±16.1*" with no
    word of what a ± is: the note that says it (a half-width, a 95 % interval unless marked)
    came only with the seat view of the hidden-card games. It now comes wherever a card or
    a draw judged with both hands in view carries a ±, and not where every one is exact."""
    T = R.TEXT[lang]
    estimated = R.render_review(_review(None), lang)
    assert T["open_note"] in estimated and T["seat_note"] not in estimated, estimated
    assert "95 %" in T["open_note"] and "±" in T["open_note"]
    exact = _review(Fraction(-3))
    solved = dataclasses.replace(exact.moves[0], cost_error=None, cost_exact=Fraction(3),
                                 exact=True, interval=None)
    exact = dataclasses.replace(exact, moves=(solved,))
    assert T["open_note"] not in R.render_review(exact, lang)
    luck_only = dataclasses.replace(_review(None), moves=(solved,))  # a draw's ± alone
    assert T["open_note"] in R.render_review(luck_only, lang)


def test_a_swing_of_luck_is_not_printed_as_if_its_interval_reached_zero():
    """A Libero review at 0.5 s a card listed among the biggest swings of luck, the draws
    clear of noise, "luck −15.2 ±15.2 points" (−15.24 ±15.21, clear of 0 by 0.02): printed
    to a tenth it reached 0. An interval clear of 0 that would read as reaching it is said
    by its ends, the one next to 0 shown not 0, in the table, the swings and the totals."""
    T = R.TEXT["en"]
    assert R.fmt_luck(-15.236842105263158, 15.213166810126767, False, (-142.5, 142.5), T) == (
        "\u221215.2 [\u221230.5, \u22120.02]")
    assert R.fmt_luck(-15.236842105263158, 15.213166810126767, False, (-142.5, 142.5),
                      R.TEXT["it"], lang="it") == "\u221215,2 [\u221230,5; \u22120,02]"
    assert R.fmt_luck(0.153, 0.1529, False, (-1.0, 1.0), T, win=True) == (
        "+15.3% [+0.01%, +30.6%]")
    assert R.fmt_luck(1.0, 0.999, False, (-3.0, 3.0), T, deals=True) == "+1.00 [+0.001, +2.00]"
    assert R.fmt_luck(17.154, 14.162, False, (-100.0, 100.0), T) == "+17.2 ±14.2"
    assert R.fmt_luck(-13.07, 18.56, False, (-120.0, 120.0), T) == "\u221213.1 ±18.6"
    draw = R.DrawLuck(deal=1, move=20, trick=10, player=1, seat_view=True,
                      drawn=((1, parse_card("4B")),), draws=16, luck=-15.236842105263158,
                      error=15.213166810126767, expected=-21.55, actual=-36.79,
                      every_draw=True, bound=142.5)
    assert draw.clear
    moves = tuple(R.MoveReview(deal=1, number=k, trick=k, player=1, card=k, choices=1)
                  for k in (20,))
    rv = R.Review(moves, ("a", "b"), 1, (None,), players=(1,), draws=(draw,))
    swings = R.render_review(rv).split(T["swings"])[1]
    assert "[\u221230.5, \u22120.02]" in swings and "±15.2" not in swings, swings


def _bound_review() -> R.Review:
    """A seat's card reviewed on fewer than two samples (a tiny --time-per-move): its ± is
    the widest the cost can stray (Interval.BOUND), and a contested best card's range too."""
    base = dict(deal=1, trick=1, player=0, choices=3, seat_view=True, interval=Interval.BOUND)
    played = R.MoveReview(**base, number=1, card=4, best=(5,), best_value=10.0, value=5.0,
                          cost=5.0, cost_error=240.0, value_error=120.0)
    contested = R.MoveReview(**base, number=2, card=6, best=(6,), best_value=3.0, value=3.0,
                             cost=0.0, rival=233.0)
    return R.Review((played, contested), ("a", "b"), 2, (None,), players=(0,))


def test_a_bound_is_said_to_be_one_not_taken_for_a_95_interval():
    """A cost whose analysis had fewer than two samples printed "5 ±240" with no mark, under
    a legend saying a ± is a 95 % interval unless marked *. A bound is wider (it covers every
    cost the card can have), but not what the legend says: it is called a bound in the
    table (and its note), in the JSON's ``bound``, and it is never a mistake."""
    rv = _bound_review()
    played, contested = rv.moves
    assert played.bound and contested.bound and not played.unchecked
    assert R.fmt_cost(played) == "5 [0, 245] (bound)"        # cut at 0: a cost is never below
    assert R.fmt_cost(played, "it") == "5 [0; 245] (limite)"
    assert R.fmt_cost(contested) == "0–233.0 (bound)"
    assert played.close and not played.mistake and not rv.mistakes()
    for m in rv.moves:
        assert m.to_json()["bound"] is True and m.to_json()["interval"] == "bound"
        assert m.to_json()["unchecked"] is False and m.to_json()["sampling_only"] is False
    for lang in ("en", "it"):
        T = R.TEXT[lang]
        text = R.render_review(rv, lang)
        assert T["bound_note"] in text and f"({T['bound']}) ≈" in text, text
        assert T["unchecked_note"] not in text
    # a ± of the usual kind is not called one
    checked = R.MoveReview(**{**_review(None).moves[0].__dict__})
    assert not checked.bound and "(bound)" not in R.fmt_cost(checked)
    assert R.TEXT["en"]["bound_note"] not in R.render_review(_review(None))


def test_a_total_adds_a_bound_whole_and_the_95_intervals_in_quadrature():
    """A player's errors total added every cost's ± in quadrature, a bound's too: 240 and a
    95 % ±3 and ±4 gave ±240.05, narrower than the widest the bound alone allows together
    with the others' spread. Bounds add whole; the 95 % intervals still add in quadrature."""
    rv = _bound_review()
    base = dict(deal=1, trick=2, player=0, choices=3, seat_view=True, best=(5,),
                best_value=10.0, value=5.0, cost=5.0, interval=Interval.SAMPLING_AND_METHOD)
    more = (R.MoveReview(**base, number=3, card=7, cost_error=3.0),
            R.MoveReview(**base, number=4, card=8, cost_error=4.0))
    rv = R.Review(rv.moves + more, ("a", "b"), 2, (None,), players=(0,))
    assert rv.stats(0).cost_error == pytest.approx(240.0 + 5.0)
    plain = R.Review(more, ("a", "b"), 2, (None,), players=(0,))
    assert plain.stats(0).cost_error == pytest.approx(5.0)


def test_a_gaps_bound_is_the_sum_of_its_values_bounds():
    """Where the values' ± are bounds with no paired gap (deepening on a known talon order:
    each value within the points in play), the gap's was their quadrature, narrower than
    the widest the gap can stray: bounds add."""
    top, other = NS(error=60.0, gap_error=None), NS(error=60.0, gap_error=None)
    assert R.gap_error(top, other, Interval.BOUND) == 120.0
    assert R.gap_error(top, other, Interval.SAMPLING_AND_METHOD) == pytest.approx(84.85, abs=0.01)
    assert R.gap_error(top, NS(error=60.0, gap_error=7.0), Interval.BOUND) == 7.0


# ----- the board's numbers against the CLI's ------------------------------------------------
BOARD_JS = Path(__file__).resolve().parents[1] / "solver" / "web" / "static" / "board.js"
#: board.js's functions that write a review's numbers, and those they call
BOARD_FORMATS = ("t", "fixed", "num", "whole", "signed", "fmtPts", "fmtCost", "pct", "fmtPct",
                 "accuracyPct", "fmtWidth", "fmtPm", "signedText", "aboveZero", "luckText", "costText",
                 "errorsText")


def _js_function(src: str, name: str) -> str:
    """A top-level function of board.js as the file has it (one line, or up to its closing
    brace at the start of a line)."""
    start = src.index(f"\nfunction {name}(") + 1
    line = src[start : src.index("\n", start)]
    if line.count("{") == line.count("}"):
        return line
    return src[start : src.index("\n}\n", start) + 2]


def _board(lang: str, calls: list[str], more: tuple[str, ...] = ()) -> list:
    """What board.js's own functions (BOARD_FORMATS and ``more``) write for each of
    ``calls`` (JavaScript expressions), the page's words in ``lang``: run in Node, skipped
    where there is none."""
    from solver.i18n import BOARD_PAGE

    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed: the board's numbers are not compared")
    src = BOARD_JS.read_text(encoding="utf-8")
    js = (f"const T = {json.dumps(BOARD_PAGE[lang])};\n"
          + f"function lang() {{ return {json.dumps(lang)}; }}\n"
          + "\n".join(_js_function(src, n) for n in BOARD_FORMATS + more)
          + f"\nconsole.log(JSON.stringify([{', '.join(calls)}]));\n")
    out = subprocess.run([node, "-"], input=js, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _call(name: str, *args) -> str:
    """A call of board.js's ``name`` on ``args`` (as the JSON the page gets writes them)."""
    return f"{name}({', '.join(json.dumps(a) for a in args)})"


def _costs() -> list[R.MoveReview]:
    """A card's cost of every kind the table writes, in points."""
    base = dict(deal=1, number=1, trick=1, player=0, card=4, choices=3, best=(5,), seat_view=True)
    est = dict(base, best_value=10.0, value=5.0, interval=Interval.SAMPLING_AND_METHOD)
    top = dict(base, best=(4,), best_value=10.0, value=10.0, cost=0.0)
    return [
        R.MoveReview(**{**base, "seat_view": False}, cost=3.0, cost_exact=Fraction(3), exact=True),
        R.MoveReview(**{**base, "seat_view": False}, cost=1 / 3, cost_exact=Fraction(1, 3),
                     exact=True),
        R.MoveReview(**base, cost=7.96, cost_error=0.0, interval=Interval.NO_SAMPLING),
        R.MoveReview(**est, cost=0.56, cost_error=7.4),
        R.MoveReview(**est, cost=12.125, cost_error=0.03),      # a tie in two decimals
        R.MoveReview(**est, cost=2.675, cost_error=1.25),       # just below a tie, and a tie
        R.MoveReview(**est, cost=4.0, cost_error=0.0),
        R.MoveReview(**{**est, "interval": Interval.EXTRAPOLATED}, cost=3.0, cost_error=1.5),
        R.MoveReview(**{**est, "interval": Interval.BOUND}, cost=5.0, cost_error=240.0),
        R.MoveReview(**top, rival=1.25, interval=Interval.SAMPLING_AND_METHOD),
        R.MoveReview(**top, rival=0.04, interval=Interval.EXTRAPOLATED),
        R.MoveReview(**top, rival=233.0, interval=Interval.BOUND),
        R.MoveReview(**top, rival=0.0, interval=Interval.SAMPLING_AND_METHOD),
        # cut to the values a cost can take: 0 up to its most (twice the points in play)
        R.MoveReview(**{**est, "interval": Interval.BOUND}, cost=5.0, cost_error=240.0,
                     cost_bound=200.0),
        R.MoveReview(**est, cost=190.5, cost_error=12.0, cost_bound=200.0),
        R.MoveReview(**top, rival=233.0, interval=Interval.BOUND, cost_bound=200.0),
        R.MoveReview(**{**est, "objective": "win"}, cost=0.3, cost_error=0.9, cost_bound=1.0),
        R.MoveReview(**{**est, "objective": "win"}, cost=0.125, cost_error=0.05, cost_bound=1.0),
        # a mistake whose ± as printed would reach 0: its ends, the low one above 0
        R.MoveReview(**est, cost=5.784, cost_error=5.776, cost_bound=160.0),
        R.MoveReview(**est, cost=5.784, cost_error=5.7835, cost_bound=160.0),
        R.MoveReview(**{**est, "objective": "win"}, cost=0.3, cost_error=0.2996, cost_bound=1.0),
    ]


#: (luck, its half-width, exact, the values it can take, star, the word exact's key)
LUCKS = [
    (-3.0, None, True, None, "", "exact_luck"),
    (-3.5, None, True, None, "", "exact_luck"),
    (23.0, None, True, None, "", "exact_val"),
    (8.25, 1.1, False, (-100.0, 100.0), "*", "exact_luck"),
    (12.0, 0.03, False, (-100.0, 100.0), "", "exact_luck"),
    (50.0, 60.0, False, (-100.0, 100.0), "", "exact_luck"),
    (50.5, 60.25, False, (-100.0, 100.0), "*", "exact_luck"),
    (0.2, 170.0, False, (-100.0, 100.0), "", "exact_luck"),
    (-0.04, 1.2, False, None, "", "exact_luck"),
    (-0.06, None, False, None, "", "exact_luck"),
    (12.25, 2.0, False, None, "", "exact_luck"),
    # clear of 0 but printed as reaching it: its ends, the one next to 0 shown not 0
    (-15.236842105263158, 15.213166810126767, False, (-142.5, 142.5), "", "exact_luck"),
    (0.6, 0.59996, False, (-100.0, 100.0), "*", "exact_luck"),
]
#: a player's costs added up: (total, its half-width, exact)
TOTALS = [(3.0, None, True), (0.0, None, True), (16.5, 18.94, False), (12.25, 3.0, False),
          (0.0, None, False), (109.04, 0.03, False)]
#: decisions optimal of those judged
ACCURACIES = [(5, 8), (7, 8), (1, 3), (1, 1), (0, 4), (1, 40)]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_board_writes_a_reviews_numbers_as_the_cli_does(lang):
    """The board wrote a cost "0.56 (±7.40)*" where `briscola review` wrote "0.56 ±7.4*", an
    exact luck "−3.0 (exact)" where it wrote "−3 (exact)", an accuracy "87 %" in English
    where it wrote "87%" (and "87%" in Italian where the page wrote "87 %"), and rounded a
    tie away from zero where Python rounds it to even. Each is now spelled one way: the
    page's own functions, run on the JSON the page gets, write what the CLI writes (the
    page adds "(exact)" to an exact cost, which the CLI says in its analysis column)."""
    from solver.i18n import BOARD_PAGE, pct

    T, B = R.TEXT[lang], BOARD_PAGE[lang]
    assert (B["exact.luck"], B["exact"]) == (T["exact_luck"], T["exact_val"])
    words = {"exact_luck": "exact.luck", "exact_val": "exact"}
    costs = _costs()
    calls = [_call("costText", m.to_json()) for m in costs]
    calls += [_call("luckText", x, e, exact, span, False, star, words[w])
              for x, e, exact, span, star, w in LUCKS]
    calls += [_call("errorsText", x, e, exact, False) for x, e, exact in TOTALS]
    calls += [_call("accuracyPct", o, j) for o, j in ACCURACIES]
    calls += [f't("review.acc", {{ opt: {o}, rated: {j}, pct: accuracyPct({o}, {j}), avg: "1" }})'
              for o, j in ACCURACIES]
    out = iter(_board(lang, calls))
    for m in costs:
        cli = R.fmt_cost(m, lang) + (f" ({B['exact']})" if m.exact_cost else "")
        assert next(out) == cli, (m, cli)
    for x, e, exact, span, star, w in LUCKS:
        cli = R.fmt_luck(x, e, exact, span, T, False, lang, star, w)
        assert next(out) == cli, (x, e, cli)
    for x, e, exact in TOTALS:
        cli = R.fmt_signed(x, e, exact, T, False, lang).lstrip("+")
        assert next(out) == cli, (x, e, cli)
    said = [pct(100 * o / j, ".0f", lang) for o, j in ACCURACIES]
    assert [next(out) for _ in ACCURACIES] == said
    for line, p in zip([next(out) for _ in ACCURACIES], said, strict=True):
        assert f"({p})" in line, line


def test_a_percentage_is_written_as_its_language_writes_it():
    """The CLI wrote "(50%)" in Italian too: Italian puts a space before the sign, English
    does not, on every surface (the board's pct)."""
    from solver.i18n import pct

    assert pct(87.5, ".0f", "en") == "88%" and pct(62.5, ".0f", "it") == "62 %"
    assert pct(12.25, ".1f", "it") == "12,2 %"


def _bound_luck_review() -> R.Review:
    """A scoperta card whose draw's luck rests on a value of fewer than two samples (its ±
    holds that value's widest stray), and two draws with 95 % intervals of ±3 and ±4."""
    base = dict(deal=1, trick=1, player=0, seat_view=False, drawn=((0, parse_card("2B")),),
                draws=30, expected=4.0, bound=400.0)
    draws = (R.DrawLuck(**base, move=1, luck=-200.0, error=150.0, actual=-196.0,
                        rests_on_bound=True),
             R.DrawLuck(**base, move=2, luck=10.0, error=3.0, actual=14.0),
             R.DrawLuck(**base, move=3, luck=5.0, error=4.0, actual=9.0))
    moves = tuple(R.MoveReview(deal=1, number=k, trick=k, player=0, card=k, choices=1)
                  for k in (1, 2, 3))
    return R.Review(moves, ("a", "b"), 2, (None,), players=(0,), draws=draws)


def test_a_lucks_bound_is_said_to_be_one_and_added_whole():
    """A draw's luck measured from an analysis of fewer than two samples (Interval.BOUND)
    printed "−200 ±150.0" under the legend of a 95 % interval, and the player's luck added
    its ± in quadrature: it is called a bound as a cost's is (the table, the swings, a note,
    the JSON's ``bound``, the board), and the total adds it whole."""
    rv = _bound_luck_review()
    bounded, plain, _ = rv.draws
    assert bounded.bounded and not plain.bounded and not bounded.too_uncertain
    assert bounded.to_json()["bound"] is True and plain.to_json()["bound"] is False
    assert rv.stats(0).luck_error == pytest.approx(150.0 + 5.0)
    for lang in ("en", "it"):
        T = R.TEXT[lang]
        text = R.render_review(rv, lang)
        said = R.fmt_luck(-200.0, 150.0, False, (-400.0, 400.0), T, False, lang,
                          f" ({T['bound']})")
        assert said == ("\u2212200 ±150.0 (bound)" if lang == "en" else "\u2212200 ±150,0 (limite)")
        row = next(line for line in text.splitlines() if line.split()[:2] == ["1", "1"])
        assert said in row, row
        swings = [line for line in text.splitlines() if line.strip().startswith("1. ")]
        assert len(swings) == 1 and said in swings[0], text
        assert T["luck_bound_note"] in text and T["bound_note"] not in text
        out = _board(lang, [f"drawLuckText({json.dumps(bounded.to_json())}, false)",
                            f"drawLuckText({json.dumps(plain.to_json())}, false)"],
                     ("drawSpan", "drawLuckText"))
        assert out == [said, R.fmt_luck(10.0, 3.0, False, (-400.0, 400.0), T, False, lang)]
    # a luck with no such value is not called one, nor is a bound that covers every value
    assert R.TEXT["en"]["luck_bound_note"] not in R.render_review(_review(None))
    wide = R.DrawLuck(**{**bounded.__dict__, "error": 900.0})
    assert wide.too_uncertain and R._luck_mark(wide, R.TEXT["en"]) == " (bound)"


def test_a_value_of_one_sample_reaches_a_draws_luck_as_a_bound(monkeypatch):
    """A scoperta card early in the deal analysed on one sample (a tiny time on a slow
    machine): its value's interval is Interval.BOUND, and the draw's luck rests on it."""
    from solver.analysis import Limit
    from solver.analysis import analyse as real
    from solver.game import deal_from_deck
    from solver.players.agents import play_deal

    monkeypatch.setattr(R, "analyse", lambda pos, objective, limit: real(
        pos, objective, limit=Limit(samples=1)))
    end = play_deal("scoperta", ["greedy", "random"], 5)
    state = deal_from_deck("scoperta", list(end.deck), end.dealer)
    state = R.play(state, end.moves[0])
    after = R.play(state, end.moves[1])
    (d,) = R.draw_luck(state, end.moves[1], after, 0.01, cache={})
    assert d.measured and not d.exact and d.rests_on_bound and d.bounded
    assert d.to_json()["bound"] is True


#: a scoperta draw's luck in a win review, for player 1: (luck, its half-width, its bound):
#: exact, a ± left whole, an interval cut to the values it can take, one that covers them all
WIN_DRAWS = [(-0.19, None, None), (-0.19, 0.3, 0.6), (0.4, 0.3, 0.5), (0.1, 2.0, 0.5)]


def _win_review(luck: float, error: float | None, bound: float | None) -> R.Review:
    """One scoperta card judged with the objective win, the draw after it, the deal won."""
    move = R.MoveReview(deal=1, number=1, trick=1, player=0, card=parse_card("AD"), choices=3,
                        best=(parse_card("3D"),), best_value=0.6, value=0.5, cost=0.1,
                        cost_error=0.05, interval=Interval.SAMPLING_AND_METHOD, objective="win")
    exact = Fraction(luck).limit_denominator(100) if error is None else None
    draw = R.DrawLuck(deal=1, move=1, trick=1, player=0, seat_view=False,
                      drawn=((0, parse_card("2B")), (1, parse_card("4C"))), draws=30, luck=luck,
                      luck_exact=exact, error=error, expected=0.5, actual=0.5 + luck,
                      every_draw=exact is not None, bound=bound)
    return R.Review((move,), ("a", "b"), 1, ((70, 50),), draws=(draw,), objective="win")


def _board_stats(s: R.PlayerStats) -> dict:
    """A player's figures as board.js's playerReview gathers them."""
    return {"rated": s.rated, "cost": s.total_cost, "costE": s.cost_error or 0,
            "costExact": not s.estimated, "luck": s.luck, "luckE": s.luck_error or 0,
            "luckExact": not s.luck_estimated, "span": s.luck_span, "draws": s.luck_draws,
            "missing": s.luck_missing, "result": s.result}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_win_reviews_results_are_deals_on_the_board_as_on_the_cli(lang):
    """With the objective win the board wrote the result and the luck-adjusted result as
    chances ("result 100%, luck-adjusted 119%") where `briscola review` writes counts of
    deals ("deals won +1.00, luck-adjusted +1.19 (in deals, not a chance: it may pass 1)"):
    a luck-adjusted result may pass 1, which no chance can. The board's skill line, fed the
    CLI's own figures, now ends as the CLI's does (±, cut ends, too uncertain), and its notes
    carry the CLI's note saying why."""
    T, tail = R.TEXT[lang], R.TEXT[lang]["adjusted_win"].split("{res}")[0]
    reviews = [_win_review(*d) for d in WIN_DRAWS]
    calls = ["globalThis.S = { sinceStart: false }"]
    calls += [_call("skillText", _board_stats(rv.stats(p)), True) for rv in reviews for p in (0, 1)]
    calls += [_call("luckNotes", [], True), _call("luckNotes", [], False)]
    out = _board(lang, calls, ("skillText", "luckNotes"))[1:]
    for i, rv in enumerate(reviews):
        text = R.render_review(rv, lang)
        lines = [line for line in text.splitlines() if tail in line]
        assert len(lines) == 2 and T["adjusted_win_note"] in text, text
        for line, board in zip(lines, out[2 * i : 2 * i + 2], strict=True):
            assert tail in board and board[board.index(tail):] == line[line.index(tail):], board
    said = [line[line.index(tail):] for line in R.render_review(reviews[1], lang).splitlines()
            if tail in line]
    assert said[0] == (
        "; deals won +1.00, luck-adjusted +1.19 ±0.30 (in deals, not a chance: it may pass 1)"
        if lang == "en"
        else "; smazzate vinte +1,00, al netto della fortuna +1,19 ±0,30 (in smazzate, non una "
        "probabilità: può superare 1)"), said
    assert T["adjusted_win_note"] in out[-2] and T["adjusted_win_note"] not in out[-1]


def _bookkeeping_review(costs=((0.1, 0.5, 1.0),), luck=(0.76, 1.1, 1.0)) -> R.Review:
    """A finished scoperta deal of two tricks judged with the objective win, player 1 won
    (70-50): player 1's ``costs`` as (cost, ±, most) (the rest exact and 0), player 2's
    cards exact and best, and a draw after each trick, each of ``luck`` / 2, their total ±
    ``luck[1]`` (each draw's most ``luck[2]``)."""
    x, e, b = luck
    moves = []
    costs = tuple(costs) + ((0.0, None, None),) * (2 - len(costs))  # two tricks
    for k, (c, ce, most) in enumerate(costs, 1):
        exact = dict(cost_exact=Fraction(0), exact=True) if ce is None else {}
        moves.append(R.MoveReview(deal=1, number=2 * k - 1, trick=k, player=0, card=k, choices=3,
                                  best=(9,), best_value=0.6, value=0.6 - c, cost=c,
                                  cost_error=ce, cost_bound=most, objective="win",
                                  interval=None if ce is None else Interval.SAMPLING_AND_METHOD,
                                  value_range=(0.0, 1.0), **exact))
        moves.append(R.MoveReview(deal=1, number=2 * k, trick=k, player=1, card=20 + k, choices=2,
                                  best=(20 + k,), cost=0.0, cost_exact=Fraction(0), exact=True,
                                  objective="win", value_range=(0.0, 1.0)))
    draws = tuple(R.DrawLuck(deal=1, move=2 * k, trick=k, player=0, seat_view=False,
                             drawn=((0, 30 + k),), draws=30, objective="win", luck=x / 2,
                             error=e / 2 ** 0.5, expected=0.5, actual=0.5 + x / 2, bound=b)
                  for k in (1, 2))
    return R.Review(tuple(moves), ("a", "b"), len(moves), ((70, 50),), draws=draws,
                    objective="win")


def test_an_errors_total_is_cut_to_the_values_it_can_take():
    """`review --objective win` printed "errors 17.9% ±54.7%*": an interval reaching down to
    −36.8%, a total of costs no card can have (a cost is never below 0, the card played
    never worth more than the best). The total is cut as a luck is: "10% [0%, 60%]", the
    JSON's total_cost_range and total_cost_interval saying so."""
    rv = _bookkeeping_review()
    s = rv.stats(0)
    assert s.cost_span == (0.0, 1.0) and s.cost_interval == pytest.approx((0.0, 0.6))
    assert s.to_json()["total_cost_interval"] == pytest.approx([0.0, 0.6])
    for lang, said in (("en", "errors 10% [0%, 60%]"), ("it", "errori 10 % [0 %; 60 %]")):
        skill = next(line for line in R.render_review(rv, lang).splitlines() if " (a): " in line
                     and ("errors" in line or "errori" in line))
        assert said in skill, skill
    # an interval that stays within keeps its ±
    assert "errors 30% ±10%" in R.render_review(_bookkeeping_review(((0.3, 0.1, 1.0),)))


def test_a_luck_total_is_cut_to_what_the_bookkeeping_leaves():
    """A win review's luck total printed "+76% ±218.8%*" under a note saying an interval is
    cut to the values the luck can take: its span was each draw's bound added up (±12 over
    16 draws), which never cut it. In scoperta the result less the chance at the start is
    the luck less one's errors plus the opponent's (each card's change ≤ 0 for its mover):
    the deal won, the start's chance in [0, 1], player 1's errors in [0, 0.2] and player
    2's exactly 0, player 1's luck lies in [0, 1.2], which its ±1.1 covers: too uncertain to
    tell; the adjusted result is cut the same way."""
    rv = _bookkeeping_review(((0.1, 0.1, 1.0),))
    s1, s2 = rv.stats(0), rv.stats(1)
    assert rv.luck_span(0) == pytest.approx((0.0, 1.2))
    assert rv.luck_span(1) == pytest.approx((-1.2, 0.0))
    assert s1.luck_span == pytest.approx((0.0, 1.2)) and s1.luck_too_uncertain
    assert s2.luck_too_uncertain and s1.to_json()["luck_too_uncertain"] is True
    for lang in ("en", "it"):
        T = R.TEXT[lang]
        text = R.render_review(rv, lang)
        skill = [line for line in text.splitlines() if " (a): " in line or " (b): " in line][-2:]
        assert all(T["too_uncertain"] in line for line in skill), skill
        assert T["totals_note"] in text
    # narrower, it is cut to the bookkeeping's ends
    cut = _bookkeeping_review(((0.1, 0.1, 1.0),), (0.76, 0.5, 1.0))
    line = next(x for x in R.render_review(cut).splitlines() if " (a): " in x and "luck" in x)
    assert "luck +76% [+26%, +120%]" in line, line
    # not every card judged, or a seat's draw: no bookkeeping, the draws' bounds alone
    assert R.Review(rv.moves[1:], rv.names, 2, rv.results, draws=rv.draws,
                    objective="win").luck_span(0) is None


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_board_cuts_totals_as_the_cli_does(lang):
    """The board's skill line, fed what its playerReview gathers from the JSON it gets, and
    its bookkeeping, say what `briscola review` says: errors cut at 0, a luck total cut to
    what the result allows, too uncertain where it covers it all."""
    for rv in (_bookkeeping_review(((0.1, 0.1, 1.0),)),
               _bookkeeping_review(((0.1, 0.1, 1.0),), (0.76, 0.5, 1.0)),
               _bookkeeping_review()):
        moves = []
        for m in rv.moves:
            j = m.to_json()
            j["player"] = m.player + 1
            j["luck"] = [d.to_json() for d in rv.draws if d.move == m.number]
            moves.append(j)
        calls = [f"globalThis.S = {{ sinceStart: false, plies: {json.dumps(moves)}, "
                 "game: { result: { points: [70, 50] } } }",
                 f"(() => {{ const rs = {json.dumps(moves)}; "
                 "const per = [1, 2].map((p) => [p, playerReview(rs, [p], true)]); "
                 "bookkeeping(rs, per, true); return per.map(([, s]) => skillText(s, true)); })()"]
        board = _board(lang, calls, ("playerReview", "teamOf", "skillText", "costRange",
                                     "bookkeeping"))[1]
        err, luck = ("errors ", "luck ") if lang == "en" else ("errori ", "fortuna ")
        over = " over " if lang == "en" else " su "
        cli = [line for line in R.render_review(rv, lang).splitlines()
               if line.startswith("  ") and err in line]
        assert len(cli) == 2 and len(board) == 2, (cli, board)
        for b, c in zip(board, cli, strict=True):
            said = [(x.split(err, 1)[1].split(" (")[0].removesuffix(" di probabilità di vincere")
                     .removesuffix(" of win chance"),
                     x.split(luck, 1)[1].split(over)[0]) for x in (b, c)]
            assert said[0] == said[1], (b, c)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_an_accuracy_says_how_many_decisions_were_called(lang):
    """"8/8 decisions optimal (100%)" for a player 11 of whose 19 rated decisions were too
    close to call read as a perfect game: where some were not called, the line says first
    how many were ("decisions called: 8 of 19; 8/8 decisions optimal"), on the board too."""
    base = dict(deal=1, trick=1, player=0, choices=3, best=(5,), best_value=1.0, value=1.0,
                cost=0.0, card=5, interval=Interval.SAMPLING_AND_METHOD)
    moves = (R.MoveReview(**base, number=1, rival=0.0),
             R.MoveReview(**base, number=2, rival=2.0),
             R.MoveReview(**base, number=3, rival=3.0))
    rv = R.Review(moves, ("a", "b"), 3, (None,), players=(0,))
    T = R.TEXT[lang]
    line = next(x for x in R.render_review(rv, lang).splitlines() if " (a): " in x)
    called = T["called"].format(k=1, n=3)
    assert called + "1/1" in line, line
    s = rv.stats(0)
    args = {"opt": s.optimal, "rated": s.judged, "pct": "100%", "avg": "0"}
    board = _board(lang, [_call("accuracyText", {"close": s.close, "judged": s.judged,
                                                 "rated": s.rated}, args, False),
                          _call("accuracyText", {"close": 0, "judged": 1, "rated": 1}, args,
                                False)], ("accuracyText",))
    assert board[0].startswith(called) and not board[1].startswith(called)
    clear = R.Review(moves[:1], ("a", "b"), 1, (None,), players=(0,))
    assert T["called"].split("{")[0] not in R.render_review(clear, lang)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_boards_counts_of_one_read_in_the_singular(lang):
    """The board filled its own words: the review's "luck +3 over 1 draws" ("su 1 pescate"),
    "(1 draws not measured)", the progress line's "1 samples" ("1 campioni"). board.js ``t``
    takes the page's "KEY.one" for {n} of 1, as it is sent (a number, or a count ``num``
    wrote); every other count keeps the plural, and "1.000" in Italian is no 1."""
    from solver.i18n import BOARD_PAGE

    from test_plural_counts import PLURAL

    ones = sorted(k[: -len(".one")] for k in BOARD_PAGE[lang] if k.endswith(".one"))
    assert {"review.skill", "review.skill.win", "review.unmeasured", "progress.samples",
            "review.judged", "trick_to"} <= set(ones)
    fields = '{ err: "2", rate: "0.5", luck: "+3", k: 1, what: "stima", card: "AB", ' \
        'value: "+1.00", p: "P1" }'
    calls = [f't({json.dumps(k)}, {{ ...{fields}, n: {n} }})'
             for k in ones for n in ("1", '"1"', "2", '"1.000"')]
    out = iter(_board(lang, calls))
    for key in ones:
        one, one_text, two, thousand = (next(out) for _ in range(4))
        assert one == one_text and not PLURAL[lang].search(one), (key, one)
        assert "{" not in one and one != two, (key, one, two)
        assert "1.000" in thousand and thousand != one, (key, thousand)
