"""A luck's interval says no more than the values the luck can take. A classic review at
0.3 s a card showed luck intervals like ±170 points: the value after a draw and the average over
every draw are each within the points still in play, so the luck is within (1 - p) times
their range (p the draw's chance), and an interval past it is cut to it; one that covers
it all is "too uncertain to tell", not a number. A draw within noise of zero (its interval
holds zero) is no swing of luck, in the text as in the JSON."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest
from solver import review as R
from solver.cards import mask_points, parse_card
from solver.game import deal_from_deck, play
from solver.players.agents import play_deal
from solver.record import deal_record


def _draw(move, luck, error, bound, player=0, exact=False, unchecked=False):
    return R.DrawLuck(deal=1, move=move, trick=move, player=player, seat_view=True,
                      drawn=((player, parse_card("AD")),), draws=30, luck=luck,
                      luck_exact=Fraction(luck) if exact else None, error=None if exact else error,
                      bound=bound, rests_unchecked=unchecked)


def _states(variant, seed):
    end = play_deal(variant, ["greedy", "random"], seed)
    out = [deal_from_deck(variant, list(end.deck), end.dealer)]
    for c in end.moves:
        out.append(play(out[-1], c))
    return end, out


def test_a_draws_bound_is_the_range_of_the_values_times_the_chance_of_another_draw():
    """Worked out here from the cards: the points not yet taken after the trick, the cards
    the seat could have drawn."""
    end, states = _states("classic", 5)
    checked = 0
    for k, (before, after) in enumerate(zip(states, states[1:], strict=False)):
        for d in R.draw_luck(before, end.moves[k], after, 0.02, cache={}):
            taken = sum(after.captured)   # every card of the tricks played
            seen = after.hands[d.player] | taken | 1 << after.briscola   # the trump card face up
            unseen = 40 - bin(seen).count("1") + 1   # the card drawn was one of them
            left = 120 - mask_points(taken)
            assert d.bound == pytest.approx((1 - 1 / unseen) * 2 * left)
            if d.measured and d.interval is not None:
                lo, hi = d.interval
                assert -d.bound - 1e-9 <= lo <= hi <= d.bound + 1e-9
            checked += 1
        if checked >= 4:
            break
    assert checked >= 4


def test_an_interval_past_the_bound_is_cut_and_one_covering_it_is_too_uncertain_to_tell():
    draws = (_draw(2, 0.2, 170.0, 100.0),     # covers every value: no number
             _draw(4, 50.0, 60.0, 100.0),     # cut above: its ends, not a ±; holds zero
             _draw(6, 30.0, 10.0, 100.0),     # clear of zero and of the bound
             _draw(8, 5.0, 10.0, 100.0),      # within noise of zero
             _draw(10, -8.0, None, 60.0, exact=True))
    assert [d.too_uncertain for d in draws] == [True, False, False, False, False]
    assert [d.clear for d in draws] == [False, False, True, False, True]
    assert draws[1].interval == (-10.0, 100.0)
    rv = R.Review((), ("a", "b"), 0, (None,), players=(0,), draws=draws)
    assert [d.move for d in rv.swings()] == [6, 10]   # never a draw whose interval holds zero
    T = R.TEXT["en"]
    assert R._luck_text(draws[0], T, "en") == "P1 too uncertain to tell"
    assert R._luck_text(draws[1], T, "en") == "P1 +50 [−10, +100]"
    assert R._luck_text(draws[2], T, "en") == "P1 +30 ±10.0"
    assert R._luck_text(draws[0], R.TEXT["it"], "it") == "G1 troppo incerta per dirlo"
    assert R._luck_text(draws[1], R.TEXT["it"], "it") == "G1 +50 [−10; +100]"
    js = [d.to_json() for d in draws]
    assert [j["too_uncertain"] for j in js] == [True, False, False, False, False]
    assert [j["within_noise"] for j in js] == [True, True, False, True, False]
    assert js[1]["luck_interval"] == [-10.0, 100.0] and js[1]["luck_bound"] == 100.0
    assert js[0]["luck"] == 0.2 and js[0]["luck_error"] == 170.0   # the fields kept as they were
    # a player's luck: the exact draws' sum, give or take the estimated ones' bounds
    s = rv.stats(0)
    assert s.luck_span == (-8.0 - 400.0, -8.0 + 400.0)
    text = R.render_review(rv)
    swings = text.split("Biggest swings of luck:")[1].splitlines()[1:4]
    assert "after move 6 " in swings[0] and "luck +30 ±10.0 points" in swings[0]
    assert "after move 10 " in swings[1] and not swings[2].startswith("  3.")


def test_a_swing_whose_interval_is_not_checked_is_starred_as_in_the_table():
    """The moves table marks an interval not checked against exact values with *; the swings
    list the same draw with the same mark."""
    draws = (_draw(6, 30.0, 10.0, 100.0, unchecked=True), _draw(8, 25.0, 10.0, 100.0))
    rv = R.Review((), ("a", "b"), 0, (None,), players=(0,), draws=draws)
    T = R.TEXT["en"]
    assert R._luck_text(draws[0], T, "en") == "P1 +30 ±10.0*"
    swings = R.render_review(rv).split("Biggest swings of luck:")[1].splitlines()[1:3]
    assert "luck +30 ±10.0* points" in swings[0] and "luck +25 ±10.0 points" in swings[1]


def test_a_players_luck_that_covers_every_value_is_too_uncertain_to_tell():
    draws = (_draw(2, 3.0, 150.0, 100.0), _draw(4, -2.0, 150.0, 100.0))
    rv = R.Review((), ("a", "b"), 0, ((70, 50),), players=(0,), draws=draws)
    s = rv.stats(0)
    assert s.luck_too_uncertain and s.luck_span == (-200.0, 200.0)
    line = next(ln for ln in R.render_review(rv).splitlines()
                if ln.startswith("  player 1 (a): errors"))
    assert "luck too uncertain to tell over 2 draws" in line
    assert line.endswith("luck-adjusted too uncertain to tell"), line
    js = rv.to_json()["players"][0]
    assert js["luck_too_uncertain"] is True and js["luck_range"] == [-200.0, 200.0]


def test_a_classic_review_never_prints_a_luck_past_its_bound():
    """Each luck of a classic review at 0.05 s a card, in its JSON and in the table's luck
    column (as `briscola review` prints them): the interval within the bound, a ± printed
    only where it stays within it; a swing only where the interval is clear of zero."""
    end = play_deal("classic", ["greedy", "random"], 4)
    rv = R.review_record(deal_record(end, seed=4, players=["greedy", "random"]), 0.05)
    d = rv.to_json()
    measured = [x for x in d["luck"] if x["luck"] is not None]
    assert measured
    for x in measured:
        lo, hi = x["luck_interval"] or (x["luck"], x["luck"])
        assert -x["luck_bound"] - 1e-9 <= lo <= hi <= x["luck_bound"] + 1e-9
        assert x["within_noise"] == (lo <= 1e-9 and hi >= -1e-9)
    text = R.render_review(rv)
    for x in measured:
        row = next(ln for ln in text.splitlines() if re.match(rf"\s+1\s+{x['move']}\s", ln))
        cell = re.search(rf"P{x['player']} ([^P]+?)(?= P\d| {{2}})", row).group(1)
        m = re.match(r"([+−][\d.]+) ±([\d.]+)", cell)
        if m:   # a ± is printed only where it stays within the bound
            v, e = float(m.group(1).replace("−", "-")), float(m.group(2))
            assert abs(v) + e <= x["luck_bound"] + 0.1, (row, x)
    assert all(s.clear for s in rv.swings())
    said = text.split("Biggest swings of luck:")[-1].splitlines()[1:4] if rv.swings() else []
    for s, line in zip(rv.swings(), said, strict=False):
        assert f"after move {s.move} " in line, line


def test_the_luck_note_says_what_bounds_a_chance_of_winning():
    """``review --objective win`` said its intervals were cut to "the points still in play":
    a luck in the chance of winning is bounded by a chance's range, 0 to 1."""
    draws = (_draw(2, 0.3, 0.1, 0.97), _draw(4, -0.05, 0.02, 0.97))
    for objective, en, it in (("points", "(the points still in play)", "(i punti ancora in gioco)"),
                              ("win", "(a chance of winning lies between 0 and 1)",
                               "(una probabilità di vittoria sta tra 0 e 1)")):
        rv = R.Review((), ("a", "b"), 0, (None,), players=(0,), draws=draws, objective=objective)
        english, italian = R.render_review(rv), R.render_review(rv, "it")
        assert en in english and it in italian
        if objective == "win":
            assert "points" not in english.split("Luck: ")[1]
            assert "punti" not in italian.split("Fortuna: il valore")[1]


def test_a_luck_adjusted_win_above_1_is_said_to_be_deals_not_a_chance():
    """``review --objective win`` printed "result +1.00, luck-adjusted +1.19" with nothing
    saying what a number above 1 is: it is the deals won less the luck (the chance at the
    start plus the opponent's errors less one's own), no chance, so the line names its unit
    and the note says why it may pass 1; the JSON keeps the number as it is."""
    draws = (_draw(2, -0.19, None, 0.97, exact=True),)
    rv = R.Review((), ("a", "b"), 0, ((70, 50),), players=(0,), draws=draws, objective="win")
    s = rv.stats(0)
    assert s.result == 1 and abs(s.adjusted - 1.19) < 1e-9
    assert abs(rv.to_json()["players"][0]["luck_adjusted"] - 1.19) < 1e-9
    english, italian = R.render_review(rv), R.render_review(rv, "it")
    assert "deals won +1.00, luck-adjusted +1.19 (exact) (in deals, not a chance: it may pass 1)" \
        in english, english
    assert "the chance at the deal's start plus the opponent's errors less one's own" in english
    assert ("smazzate vinte +1,00, al netto della fortuna +1,19 (esatto) (in smazzate, non una "
            "probabilità: può superare 1)") in italian, italian
    assert "non è una probabilità, supera 1" in italian
    points = R.Review((), ("a", "b"), 0, ((70, 50),), players=(0,), draws=draws)
    assert "result +20, luck-adjusted" in R.render_review(points)


def test_a_win_reviews_costs_and_luck_are_in_percentage_points_and_its_result_in_deals():
    """``review --objective win`` wrote its costs and luck as differences of probability
    ("cost 0.38 ±0.03 in win chance", "luck +0.19"), while analyse, the board's review and
    explain say a chance in percent: they are percentage points, as on the board ("38%
    ±2.5%"), in both languages; the result and the luck-adjusted result count deals, not
    a chance (1 won, and it may pass 1), so they stay to a hundredth of a deal; the JSON
    keeps the probabilities."""
    move = R.MoveReview(deal=1, number=1, trick=1, player=0, card=parse_card("AD"), choices=3,
                        best=(parse_card("3D"),), cost=0.38, cost_error=0.025, best_value=0.6,
                        value=0.22, seat_view=True, objective="win",
                        interval=R.Interval.SAMPLING_AND_METHOD)
    draws = (_draw(2, -0.19, None, 0.97, exact=True), _draw(4, 0.3, 0.1, 0.97))
    rv = R.Review((move,), ("a", "b"), 1, ((70, 50),), players=(0,), draws=draws,
                  objective="win")
    english, italian = R.render_review(rv), R.render_review(rv, "it")
    assert "cost 38% ±2.5% in win chance" in english, english
    assert "costo 38 % ±2,5 % di probabilità di vincere" in italian, italian
    assert "errors 38% ±2.5% (38% per decision), luck +11% ±10% over 2 draws" in english
    assert "deals won +1.00, luck-adjusted +0.89 ±0.10 (in deals, not a chance" in english
    assert "luck \u221219% in win chance" in english and "luck +30% ±10% in win chance" in english
    assert "average cost 38% in win chance per decision" in english
    assert "differences of the chance of winning the deal, in percentage points" in english
    assert "a luck of +19% is 0.19 of a deal" in english
    assert "in punti percentuali" in italian and "+19 % vale 0,19 smazzate" in italian
    assert not re.search(r"[+\u2212±]0\.\d\d(?! ±)(?!\s*\()", english.replace("+1.00", "")
                         .replace("+0.89 ±0.10", "").replace("0.5 drawn", "")), english
    j = rv.to_json()
    assert j["moves"][0]["cost"] == 0.38 and abs(j["players"][0]["luck"] - 0.11) < 1e-9


def test_a_seats_bound_takes_the_chance_of_the_draw_that_came_where_draws_are_not_alike():
    """In Briscolone, after a suit not followed, a seat's draws are not alike: the bound is
    (1 - p) times the range with p the chance of the card the seat drew, not the least
    chance of any (valid, but looser)."""
    end, states = _states("briscolone", 1)
    checked = 0
    for k, (before, after) in enumerate(zip(states, states[1:], strict=False)):
        if k < 23 or len(after.tricks) == len(before.tricks) or not after.tricks[-1].draws:
            continue
        card, t = end.moves[k], after.tricks[-1]
        for d in R.draw_luck(before, card, after, 0.02, cache={}):
            outs = before.view(d.player + 1).outcomes(card)
            chance = {int(x): p for (x,), p in outs}
            (_, drawn), = d.drawn
            if len(set(chance.values())) == 1 or chance[int(drawn)] == min(chance.values()):
                continue
            left = 120 - mask_points(sum(after.captured))
            assert d.bound == pytest.approx(float(1 - chance[int(drawn)]) * 2 * left)
            checked += 1
        if checked >= 2:
            break
    assert checked >= 2
