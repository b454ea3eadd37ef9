"""The board draws a deal from the seat you play: your hand at the bottom of every picture
of it (the game views, the analysis that replaces the board, a picture asked again for a
phone's width), as every card table does. Player 1 was always at the bottom: played from
seat 2 your hand was at the top, from seat 3 of four across the table. The layout alone
changes: a hidden hand stays card backs. ``bottom`` names the seat outright (0: the player
to move); a bad one is refused in one line.

The picture itself: tests/test_picture_bottom.py."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")

from test_picture_bottom import corners, row  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

TWO = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=2 score=40-36"


def _ok(r) -> dict:
    assert r.status_code == 200, r.json()
    return r.json()


def below(svg: str) -> int:
    """The player whose hand is drawn lowest (a hidden hand's backs are not a place)."""
    lowest = max((cs[0][1], p) for p, cs in corners(svg).items() if p.startswith("hand"))
    return int(lowest[1][4:])


def test_a_classic_deal_played_from_seat_two_draws_seat_two_at_the_bottom(client):
    v = _ok(client.post("/api/deal", json={"variant": "classic", "seed": 3, "seat": 2}))
    assert v["hidden"] and v["seat"] == 2
    svg = v["svg"]
    assert below(svg) == 2 and "hand1" not in corners(svg)           # no hidden card opened
    backs = [y for _, y in corners(svg)["back"]]
    assert min(backs) < row(svg, "hand2")[1] and backs.count(min(backs)) == 3
    while v["turn"] != 2:
        v = _ok(client.post("/api/engine", json={"game": v["game"], "level": "greedy", "seat": 2}))
    assert below(v["svg"]) == 2
    # analysed from the seat, the analysis's picture is drawn from it too
    a = _ok(client.post("/api/analyse", json={"position": v["position"], "time_limit": 0.2,
                                               "bottom": 2}))
    assert below(a["svg"]) == 2 and "hand1" not in corners(a["svg"])
    v = _ok(client.post("/api/play", json={"game": v["game"], "card": v["legal"][0], "seat": 2}))
    assert below(v["svg"]) == 2
    v = _ok(client.post("/api/game", json={"game": v["game"], "ply": 0, "seat": 2}))
    assert below(v["svg"]) == 2


def test_player_one_and_every_seat_keep_player_one_at_the_bottom(client):
    for seat in (1, 0):
        v = _ok(client.post("/api/deal", json={"variant": "scoperta", "seed": 3, "seat": seat}))
        assert below(v["svg"]) == 1
    v = _ok(client.post("/api/deal", json={"variant": "scoperta4", "seed": 3, "seat": 0}))
    assert below(v["svg"]) == 1


def test_a_four_player_deal_played_from_seat_three_draws_it_at_the_bottom(client):
    v = _ok(client.post("/api/deal", json={"variant": "scoperta4", "seed": 5, "seat": 3}))
    svg = v["svg"]
    assert below(svg) == 3
    me, right, across, left = (row(svg, f"hand{s}") for s in (3, 4, 1, 2))
    assert me[1] > right[1] == left[1] > across[1] and right[0] > left[0]
    v = _ok(client.post("/api/engine", json={"game": v["game"], "level": "greedy", "seat": 3}))
    assert below(v["svg"]) == 3
    # a seat named outright wins over the seat played
    v = _ok(client.post("/api/game", json={"game": v["game"], "seat": 3, "bottom": 4}))
    assert below(v["svg"]) == 4


def test_the_position_routes_take_bottom(client):
    assert below(_ok(client.post("/api/position", json={"position": TWO}))["svg"]) == 1
    assert below(_ok(client.post("/api/position", json={"position": TWO, "bottom": 2}))["svg"]) == 2
    # 0: the player to move (a pasted position is played from its mover's seat)
    assert below(_ok(client.post("/api/position", json={"position": TWO, "bottom": 0}))["svg"]) == 2
    v = _ok(client.post("/api/deal", json={"position": TWO, "seed": 1, "seat": 0, "bottom": 0}))
    assert below(v["svg"]) == 2
    r = client.post("/api/picture", json={"position": TWO, "bottom": 2, "narrow": True})
    assert r.status_code == 200 and below(r.text) == 2


@pytest.mark.parametrize("route,body", [
    ("/api/position", {"position": TWO}),
    ("/api/picture", {"position": TWO}),
    ("/api/analyse", {"position": TWO, "time_limit": 0.1}),
    ("/api/deal", {"variant": "scoperta", "seed": 1}),
])
@pytest.mark.parametrize("bottom,said", [
    (3, "no player 3 to draw at the bottom: the position has players 1 to 2"),
    (-1, "no player -1 to draw at the bottom: the position has players 1 to 2"),
    ("2", "field 'bottom' must be an integer"),
    (True, "field 'bottom' must be an integer"),
])
def test_a_bad_bottom_is_one_line_400(client, route, body, bottom, said):
    r = client.post(route, json={**body, "bottom": bottom})
    assert r.status_code == 400 and r.json() == {"error": said}


def test_a_bad_bottom_is_refused_before_the_engines_search(client, monkeypatch):
    from solver.web import games
    v = _ok(client.post("/api/deal", json={"variant": "scoperta4", "seed": 5, "seat": 3}))
    monkeypatch.setattr(games, "engine_card", lambda *a, **k: pytest.fail("searched"))
    r = client.post("/api/engine", json={"game": v["game"], "level": "greedy", "seat": 3,
                                         "bottom": 5, "lang": "it"})
    assert r.status_code == 400
    assert r.json()["error"] == ("nessun giocatore 5 da disegnare in basso: la posizione ha i "
                                 "giocatori da 1 a 4")


SEAT2 = "variant=classic hand1=? hand2=4S,7S,4B briscola=4C played=2B,3B turn=2"


@pytest.mark.parametrize("route", ["/api/position", "/api/picture", "/api/analyse"])
def test_a_seats_view_is_drawn_from_that_seat(client, route):
    """A pasted view of player 2 (player 1's hand hidden) was drawn with player 2's hand at
    the top, the hidden backs at the bottom; a seat's view is drawn from its seat unless
    ``bottom`` says otherwise."""
    body = {"position": SEAT2, **({"time_limit": 0.1} if route == "/api/analyse" else {})}

    def drawn(extra: dict) -> dict:
        r = client.post(route, json={**body, **extra})
        assert r.status_code == 200, r.text
        return corners(r.text if route == "/api/picture" else r.json()["svg"])

    cs = drawn({})   # the talon's back and the hidden hand's, all above the seat's own
    assert min(y for _, y in cs["hand2"]) > max(y for _, y in cs["back"])
    cs = drawn({"bottom": 1})
    assert max(y for _, y in cs["hand2"]) < max(y for _, y in cs["back"])
