"""A cost with no sampling error (every hand a seat could face solved, or every first draw)
is exact, as a solved draw's luck is: it read "errors 19.2 ±0.0" and was counted under
"estimated: N", and the board showed it as a bare number. The table, the mistakes, the
skill line, the accuracy counts, the JSON and the board say exact, in English and Italian;
a ± that only rounds to 0 is still an estimate's, and a sum of exact and estimated costs
is an estimate with the estimated ones' ±."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

from solver import review as R
from solver.analysis.result import Interval
from solver.cards import parse_card
from solver.game import deal_from_deck, play
from solver.players.agents import play_deal


def _states(start, moves):
    out = [start]
    for c in moves:
        out.append(play(out[-1], c))
    return out


def _solved(m: dict) -> bool:
    """A move's JSON with no error in its cost: an exact search, or every case solved."""
    return m["method"] == "exact" or m.get("interval") == "no sampling"


@pytest.fixture(scope="module")
def late_classic():
    """A classic deal from its 28th card on, greedy against greedy: every hand a seat could
    face solved in the time from move 29 on (the late luck test's deal)."""
    end = play_deal("classic", ["greedy", "greedy"], 1)
    states = _states(deal_from_deck("classic", list(end.deck), end.dealer), end.moves)
    return R.review_states([(states[27], end.moves[27:])], ("a", "b"), time_limit=0.5)


def test_a_cost_with_every_hand_solved_is_exact_everywhere(late_classic):
    rv = late_classic
    js = rv.to_json()
    solved = [m for m in js["moves"] if m.get("interval") == "no sampling" and m["choices"] > 1]
    assert len(solved) >= 3 and any(m["cost"] > 0 for m in solved), js["moves"]
    for m in solved:   # the search's method is kept; the cost is exact, its ± (if any) 0
        assert m["exact"] and m["method"] == "estimate" and not m.get("cost_error"), m
    assert all(m["exact"] == _solved(m) for m in js["moves"] if m["choices"] > 1)
    numbers = {m["move"] for m in solved}
    for lang, how in (("en", "exact: all hands, seat view"),
                      ("it", "esatta: tutte le mani, dal posto")):
        out = R.render_review(rv, lang)
        rows = [ln for ln in out.splitlines() if re.match(r"\s+1\s+(\d+)\s", ln)
                and int(ln.split()[1]) in numbers]
        assert len(rows) == len(numbers) and all(ln.endswith(how) and "±" not in ln
                                                 for ln in rows), rows
        listed = [ln for ln in out.splitlines() if re.match(r"  \d\. .*(played|giocato) ", ln)
                  and int(re.search(r"(?:move|mossa) (\d+)", ln).group(1)) in numbers]
        assert listed and all(ln.endswith(f"({how})") for ln in listed), listed
    all_exact = 0
    for p in (0, 1):
        rated = [m for m in js["moves"] if m["player"] == p + 1 and m["choices"] > 1]
        est = sum(1 for m in rated if not _solved(m))
        stats = js["players"][p]
        assert stats["estimated"] == est and stats["total_cost_exact"] == (est == 0)
        for lang, exact, tail in (("en", "(exact)", "estimated: "),
                                  ("it", "(esatto)", "stimate: ")):
            out = R.render_review(rv, lang).splitlines()
            who = rf"  (player|giocatore) {p + 1} \({'ab'[p]}\): "
            # the accuracy line: its count first, after how many were called where some were not
            called = r"(?:(?:decisions called|decisioni giudicate): \d+ (?:of|su) \d+; )?"
            acc = next(ln for ln in out if re.match(who + called + r"\d", ln))
            skill = next(ln for ln in out if re.match(who + "err", ln))
            err = re.search(r"(?:errors|errori) (.+?) \([\d.,]+ per decisi", skill).group(1)
            if est == 0:   # every cost exact: so is the sum, no ±0.0
                all_exact += 1
                assert err.endswith(f" {exact}") and "±" not in err and tail not in acc, skill
                assert stats["total_cost_error"] is None
            else:
                assert f"{tail}{est}" in acc and exact not in err and "±0.0" not in err, skill
    assert all_exact, js["players"]   # this deal has a player every one of whose costs is exact


def _move(number, player, cost, error=None, exact=False, interval=None, card="4D"):
    return R.MoveReview(deal=1, number=number, trick=number, player=player, card=parse_card(card),
                        choices=3, best=(parse_card("AD"),), best_value=1.0, value=1.0 - cost,
                        cost=cost, exact=exact, cost_error=error, seat_view=True,
                        interval=interval,
                        cost_exact=Fraction(cost).limit_denominator() if exact else None)


def test_exact_and_estimated_costs_add_up_to_an_estimate_and_a_small_error_is_no_exact():
    mixed = (_move(1, 0, 2.5, 0.0, interval=Interval.NO_SAMPLING),       # every hand solved
             _move(2, 0, 2.0, exact=True),                                # an exact search
             _move(3, 0, 3.0, 1.5, interval=Interval.SAMPLING_AND_METHOD),
             _move(4, 0, 0.5, 0.004, interval=Interval.SAMPLING_AND_METHOD),  # ± rounds to 0
             _move(5, 0, 1.0, 0.0, interval=Interval.SAMPLING_AND_METHOD))    # ± 0, not solved
    sure = (_move(6, 1, 4.25, 0.0, interval=Interval.NO_SAMPLING),
            _move(7, 1, 0.0, None, interval=Interval.NO_SAMPLING, card="AD"),  # the best card
            _move(8, 1, 1.0, exact=True))
    rv = R.Review(mixed + sure, ("a", "b"), 8, (None,))
    assert [m.exact_cost for m in mixed + sure] == [True, True, False, False, False,
                                                    True, True, True]
    assert [R.fmt_cost(m) for m in mixed] == ["2.50", "2", "3 ±1.5", "0.50 ±0.00", "1 ±0.0"]
    a, b = (s.to_json() for s in (rv.stats(0), rv.stats(1)))
    assert a["estimated"] == 3 and not a["total_cost_exact"]
    assert a["total_cost_error"] == pytest.approx(1.5, abs=1e-3) and a["total_cost"] == 9.0
    assert b["estimated"] == 0 and b["total_cost_exact"] and b["total_cost_error"] is None
    assert [m["exact"] for m in rv.to_json()["moves"]] == [m.exact_cost for m in mixed + sure]
    for lang, words in (("en", ("errors 9 ±1.5 (", "; estimated: 3", "errors 5.2 (exact) (",
                                "exact: all hands, seat view", "estimate, seat view")),
                        ("it", ("errori 9 ±1,5 (", "; stimate: 3", "errori 5,2 (esatto) (",
                                "esatta: tutte le mani, dal posto",
                                "stima, dal posto del giocatore"))):
        out = R.render_review(rv, lang)
        p1, e1, p2, solved, est = words
        assert p1 in out and e1 in out and p2 in out, out
        lines = out.splitlines()
        acc2 = next(ln for ln in lines if re.match(r"  (player|giocatore) 2 \(b\): \d", ln))
        assert "estimated" not in acc2 and "stimate" not in acc2, acc2
        row = {int(ln.split()[1]): ln for ln in lines if re.match(r"\s+1\s+\d+\s", ln)}
        assert row[1].endswith(solved) and row[6].endswith(solved) and row[7].endswith(solved)
        assert row[4].endswith(est) and row[5].endswith(est), (row[4], row[5])


def test_the_boards_review_says_a_solved_cost_is_exact():
    """The board's card JSON carries the cost's ``exact`` (the page reads it, not the
    search's method): a late seat's card with every hand solved is exact, its ± 0."""
    from solver.web import games
    g = games.new_game("classic", 6)
    while not g.state.is_over:
        g = games.play(g, games.engine_card(g, "greedy"))
    cards = [games.review_one(g, k, 0.5) for k in (29, 31, 33)]
    solved = [c for c in cards if c.get("interval") == "no sampling" and c["choices"] > 1]
    assert solved, cards
    for c in cards:
        assert c["exact"] == _solved(c), c
    assert all(c["method"] == "estimate" and not c.get("cost_error") for c in solved), solved
