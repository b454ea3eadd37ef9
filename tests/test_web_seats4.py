"""The board plays a four-player deal from any seat: the page names the seat you play and the
engine plays the other three (your partner too), as it plays the other seat of a two-player
deal. Four-player scoperta shows every hand, so the server binds no seat to the deal: a
seat chosen or changed mid-deal (a review's retry seats you at the mover's) is answered.
The hidden-card games keep their rule: a deal goes on from the seat it was dealt to, and a
retry's new seat is taken only on a finished deal's line, whose every card was shown.

tests/test_web_seats4_browser.py plays the same on the page itself, and
tests/test_web_review_browser.py a four-player retry."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")

from solver.cards import card_str  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from test_web_hidden import named, true_state, unseen  # noqa: E402 - after importorskip: skipped, not failed, without the web extra


def _ok(r) -> dict:
    assert r.status_code == 200, r.json()
    return r.json()


def _engine_turns(client, v: dict, seat: int) -> tuple[dict, list[int]]:
    """The engine's cards until ``seat`` is to move (or the deal ends), as the page asks
    them (its engineTurns: every request names your seat); the seats they came from."""
    movers = []
    while not v["over"] and v["turn"] != seat:
        movers.append(v["turn"])
        v = _ok(client.post("/api/engine", json={"game": v["game"], "level": "greedy", "seat": seat}))
    return v, movers


@pytest.mark.parametrize("seat", [3, 2, 4])
def test_a_four_player_deal_is_played_from_any_seat_the_engine_at_the_other_three(client, seat):
    """You at ``seat``: the engine plays every card of the other three seats (your partner
    included), in turn, and waits for you at yours; your cards are yours alone to play, and
    the whole deal is played so."""
    v = _ok(client.post("/api/deal", json={"variant": "scoperta4", "seed": 5, "seat": seat}))
    assert v["players"] == 4 and not v["hidden"]
    mine = 0
    while True:
        v, movers = _engine_turns(client, v, seat)
        assert seat not in movers
        if v["over"]:
            break
        assert v["turn"] == seat and v["legal"]
        v = _ok(client.post("/api/play", json={"game": v["game"], "card": v["legal"][0], "seat": seat}))
        mine += 1
    assert mine == 10                  # 40 cards, ten a seat: yours played, the rest the engine's
    assert [p["player"] for p in v["plies"]].count(seat) == 10


def test_seat_three_gets_the_engines_cards_for_seats_four_one_and_two(client):
    """The brief's own case: dealt with you at player 3 (player 1 leads), the engine plays
    player 1 and player 2 and waits for you; after your card it plays player 4, and on, to
    your next turn."""
    v = _ok(client.post("/api/deal", json={"variant": "scoperta4", "seed": 5, "seat": 3}))
    assert v["turn"] == 1
    v, before = _engine_turns(client, v, 3)
    assert before == [1, 2] and v["turn"] == 3 and v["legal"]
    v = _ok(client.post("/api/play", json={"game": v["game"], "card": v["legal"][0], "seat": 3}))
    v, after = _engine_turns(client, v, 3)
    leads, p = [], v["tricks"][0]["winner"]   # the next trick's leader, and on to you
    while p != 3:
        leads.append(p)
        p = p % 4 + 1
    assert after == [4, *leads] and v["turn"] == 3


def test_a_four_player_deal_changes_seat_and_takes_cards_back_from_any_seat(client):
    """Every hand is in view, so no seat is bound to a four-player deal: you move from player
    3 to player 2 mid-deal (a retry of player 2's card does), and cards taken back to your
    turn at player 3 deal the talon again, as at player 1."""
    v = _ok(client.post("/api/deal", json={"variant": "scoperta4", "seed": 9, "seat": 3}))
    v, _ = _engine_turns(client, v, 3)
    v = _ok(client.post("/api/play", json={"game": v["game"], "card": v["legal"][0], "seat": 3}))
    v, _ = _engine_turns(client, v, 3)
    at3 = len(v["game"]["moves"])
    v = _ok(client.post("/api/play", json={"game": v["game"], "card": v["legal"][0], "seat": 3}))
    v, _ = _engine_turns(client, v, 3)
    back = {**v["game"], "moves": v["game"]["moves"][:at3]}
    w = _ok(client.post("/api/game", json={"game": back, "seat": 3}))
    assert w["turn"] == 3 and w["legal"] and w["game"]["moves"] == back["moves"]
    for seat in (2, 4, 1, 0):
        w2 = _ok(client.post("/api/game", json={"game": w["game"], "seat": seat}))
        assert w2["legal"] == w["legal"]   # every hand in view: the mover's cards to any seat
    x, movers = _engine_turns(client, w, 2)   # now you play player 2
    assert movers and 2 not in movers and x["turn"] == 2


def _finished_classic(client, seed: int) -> dict:
    v = _ok(client.post("/api/deal", json={"variant": "classic", "seed": seed, "seat": 1}))
    while not v["over"]:
        if v["legal"]:
            v = _ok(client.post("/api/play", json={"game": v["game"], "card": v["legal"][0], "seat": 1}))
        else:
            v = _ok(client.post("/api/engine", json={"game": v["game"], "level": "greedy", "seat": 1}))
    return v


def test_a_hidden_games_retry_takes_the_movers_seat_on_the_finished_deals_line(client):
    """A classic deal dealt to player 1 and played out shows every card: the review's retry
    of a card of player 2 plays that moment from player 2's seat (the line is a new deal,
    bound to player 2 once it goes on), and the engine answers for player 1. While a deal
    goes on the rule stands: the line retried from player 2 answers player 1 in no request,
    and the deal dealt to player 1 answered player 2 in none."""
    over = _finished_classic(client, 21)
    rec = over["game"]
    assert "sealed" not in rec
    k = next(i for i, p in enumerate(over["plies"], 1) if p["player"] == 2 and i > 4)
    at = _ok(client.post("/api/game", json={"game": rec, "ply": k - 1, "seat": 2}))
    assert at["turn"] == 2 and at["legal"]
    line = {**{f: x for f, x in rec.items() if f != "result"}, "moves": rec["moves"][: k - 1]}
    v = _ok(client.post("/api/play", json={"game": line, "card": at["legal"][-1], "seat": 2}))
    assert v["seat"] == 2 and "sealed" in v["game"]
    v, movers = _engine_turns(client, v, 2)
    assert set(movers) <= {1}
    state = true_state("classic", 21, v["game"]["moves"])
    if not v["over"]:
        assert "hand1=?" in v["position"] and not named(v, state) & unseen(state, 2)
        for other in (1, 0):
            r = client.post("/api/game", json={"game": v["game"], "seat": other})
            assert r.status_code == 400 and "player 2" in r.json()["error"], r.json()
            assert not {card_str(c) for c in state.hand_cards(1)} & named(r.json(), state)
    live = _ok(client.post("/api/deal", json={"variant": "classic", "seed": 21, "seat": 1}))
    r = client.post("/api/game", json={"game": live["game"], "seat": 2})
    assert r.status_code == 400 and "player 1" in r.json()["error"]


@pytest.mark.parametrize("seat,names", [(1, ["you", "engine"]), (2, ["engine", "you"]), (0, [])])
def test_a_two_player_records_names_follow_the_seat_you_play(client, seat, names):
    """A deal played from seat 2 was recorded with player 1 as "you" and player 2 as
    "engine" (the names were fixed before the seat was known); every seat (0) has no
    engine to name. A pasted position is played from its mover's seat."""
    v = _ok(client.post("/api/deal", json={"variant": "scoperta", "seed": 5, "seat": seat}))
    rec = _ok(client.post("/api/record", json={"game": v["game"], "seat": seat}))
    assert rec.get("players", []) == names
    pos = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=2 score=40-36"
    v = _ok(client.post("/api/deal", json={"position": pos, "seed": 1, "seat": 0}))
    rec = _ok(client.post("/api/record", json={"game": v["game"], "seat": 0}))
    assert rec["players"] == ["engine", "you"]
