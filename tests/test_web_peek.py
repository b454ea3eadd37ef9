"""A page that asks the board for more than its seat sees: another seat's view of a deal
dealt to one seat, moves written into a record, a card taken back to see what comes next,
an earlier record sent again, the engine asked again (or at once twice) at one moment, and
every endpoint asked anything at every moment of a deal.

tests/test_web_hidden.py plays the page's own requests; these are the requests a player
who opened the browser's tools could send (each of them once drew the engine's hand or the
talon's order)."""
from __future__ import annotations

import random
import time

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
from starlette.testclient import TestClient  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

from solver.cards import card_str, parse_card  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.game import deal, deal_from_deck, legal_cards, play, play_moves  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.rules import get_variant  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.web.app import create_app  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from test_web_hidden import HIDDEN_GAMES, named, true_state, unseen  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

def _played(client, variant: str, seed: int, cards: int, seat: int = 1) -> dict:
    """A deal of ``variant`` dealt to ``seat`` and played ``cards`` cards on as the page
    plays it (the seat's cards the first legal one, the engine's greedy)."""
    v = client.post("/api/deal", json={"variant": variant, "seed": seed, "seat": seat}).json()
    while len(v["game"]["moves"]) < cards and not v["over"]:
        if v["legal"]:
            body = {"game": v["game"], "card": v["legal"][0], "seat": seat}
            v = client.post("/api/play", json=body).json()
        else:
            body = {"game": v["game"], "level": "greedy", "seat": seat}
            v = client.post("/api/engine", json=body).json()
        assert "error" not in v, v
    return v


@pytest.mark.parametrize("variant", HIDDEN_GAMES)
def test_a_deal_dealt_to_one_seat_answers_no_other_seat(client, variant):
    """The page names its seat in every request (``seat``): a deal dealt to player 1 sent
    back with ``seat`` 2, or 0 (the player to move, on the engine's turn), was drawn from
    the engine's seat, its hand face up. The seal holds the seat the deal was dealt to: any
    other seat is refused in one line that names no card, on every endpoint that takes one,
    whatever the cards; the seat it was dealt to goes on as before."""
    checked = 0
    for seed in (21, 4, 97, 8):
        for cards in (0, 1, 2, 5):
            v = _played(client, variant, seed, cards)
            state = true_state(variant, seed, v["game"]["moves"])
            hidden = {card_str(c) for c in state.hand_cards(1)}
            for other in (2, 0):
                for path, extra in (("/api/game", {}), ("/api/game", {"ply": 0}),
                                    ("/api/play", {"card": v["legal"][0] if v["legal"] else "AS"}),
                                    ("/api/engine", {"level": "greedy"})):
                    r = client.post(path, json={"game": v["game"], "seat": other, **extra})
                    assert r.status_code == 400, (variant, seed, cards, other, path, r.json())
                    assert "player 1" in r.json()["error"], r.json()
                    assert not hidden & named(r.json(), state), (path, r.json())
                    checked += 1
            w = client.post("/api/game", json={"game": v["game"], "seat": 1}).json()
            assert "error" not in w and "hand2=?" in w["position"]
            assert not named(w, state) & unseen(state)
    assert checked == 4 * 4 * 2 * 4


def test_a_deal_dealt_to_player_2_or_to_both_seats_keeps_its_seat(client):
    """The seat is the one the deal was dealt to: player 2's deal is drawn from player 2's
    seat and refuses player 1's; a deal dealt to both seats (0, no engine: each seat's hand
    on its turn) takes any seat; open hands are asked for, and shown, on the seat's own
    deal."""
    v = _played(client, "classic", 21, 3, seat=2)
    state = true_state("classic", 21, v["game"]["moves"])
    r = client.post("/api/game", json={"game": v["game"], "seat": 1})
    assert r.status_code == 400 and "player 2" in r.json()["error"]
    assert not {card_str(c) for c in state.hand_cards(0)} & named(r.json(), state)
    w = client.post("/api/game", json={"game": v["game"], "seat": 2}).json()
    assert "hand1=?" in w["position"]
    both = _played(client, "classic", 21, 3, seat=0)
    for seat in (0, 1, 2):
        assert client.post("/api/game", json={"game": both["game"], "seat": seat}).status_code == 200
    mine = _played(client, "classic", 21, 3)
    w = client.post("/api/game", json={"game": mine["game"], "seat": 1, "open": True}).json()
    assert "?" not in w["position"]
    r = client.post("/api/game", json={"game": mine["game"], "seat": 2, "open": True})
    assert r.status_code == 400


def test_the_refusal_of_another_seat_is_said_in_italian(client):
    v = _played(client, "briscolone", 3, 2)
    r = client.post("/api/game", json={"game": v["game"], "seat": 2, "lang": "it"})
    assert r.status_code == 400 and "giocatore 1" in r.json()["error"], r.json()


@pytest.mark.parametrize("variant,seed", [("scoperta", 7), ("scoperta4", 2)])
def test_no_move_is_written_into_an_open_games_record(client, variant, seed):
    """Scoperta shows every hand, not the talon's order under its top card: a page that
    wrote the cards of a line into the record's moves (every hand in view, each legal) was
    shown the board after them, each draw face up, and took them back to play on knowing
    the talon (seed 7: 3B 4C AS 2B ... in four tricks). A card is added by playing it, in
    every game; moves written in are refused with the hidden-card games' one line."""
    v = client.post("/api/deal", json={"variant": variant, "seed": seed}).json()
    state = deal(get_variant(variant), seed)
    under = {card_str(c) for c in state.talon[1:-1]}
    refusal = None
    for cards in (1, 2, 4, 8, 16):
        s, moves = state, []
        for _ in range(cards):
            c = legal_cards(s)[0]
            moves.append(card_str(c))
            s = play(s, c)
        for path in ("/api/game", "/api/play", "/api/engine"):
            body = {"game": {**v["game"], "moves": moves}, "card": card_str(legal_cards(s)[0]),
                    "level": "greedy", "seat": 0}
            r = client.post(path, json=body)
            assert r.status_code == 400, (cards, path, r.json())
            refusal = refusal or r.json()["error"]
            assert r.json()["error"] == refusal and not under & named(r.json(), state)
    assert "not the ones played on this board" in refusal
    w = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0], "seat": 0}).json()
    assert client.post("/api/game", json={"game": {**w["game"], "moves": []}}).status_code == 200
    assert client.post("/api/game", json={"game": w["game"]}).json()["moves"] == 1


def _deck(client, game: dict) -> list[str]:
    """The deck (or a continued game's talon) a page's record holds, opened."""
    whole = client.post("/api/record", json={"game": game}).json()
    return whole.get("deck") or whole["talon"]


@pytest.mark.parametrize("variant", [*HIDDEN_GAMES, "scoperta"])
def test_a_card_taken_back_deals_again_what_the_seat_could_not_see(client, variant):
    """Play a few tricks, take them back, play on: the same deal went on, so the line taken
    back had shown the cards drawn after that moment and the engine's cards, all still
    where they were. Taken back (``/api/game`` with fewer moves, as undo sends it, or a card
    played on the shorter record), a record is dealt again in what the seat could not see
    at that moment (the covered talon; in the hidden-card games the engine's hand too), the
    seat's view the same as before; redo (the whole line sent back) is the same deal."""
    seed, n = 4, 12
    v = _played(client, variant, seed, n)
    moves = v["game"]["moves"]
    truth = _deck(client, v["game"])
    looked = 0
    for k in (3, 6, 9):
        state = true_state(variant, seed, moves[:k])
        cut = {**v["game"], "moves": moves[:k]}
        decks, hands = set(), set()
        for _ in range(6):
            answers = [client.post("/api/game", json={"game": cut, "seat": 1}).json()]
            if state.to_move == 0:
                card = card_str(legal_cards(state)[0])
                answers.append(client.post("/api/play", json={"game": cut, "card": card,
                                                              "seat": 1}).json())
            for w in answers:
                assert "error" not in w, w
                deck = [parse_card(c) for c in _deck(client, w["game"])]
                again = play_moves(deal_from_deck(get_variant(variant), deck, state.dealer),
                                   [parse_card(m) for m in moves[:k]])
                assert again.view(1) == state.view(1), (k, w["game"]["moves"])
                decks.add(tuple(deck))
                hands.add(again.hands[1])
                looked += 1
        assert len(decks) > 1, (variant, k, "the deal was never dealt again")
        if variant != "scoperta":
            assert len(hands) > 1, (variant, k, "the engine's hand was never dealt again")
    assert looked >= 3 * 6
    assert _deck(client, {**v["game"], "moves": moves}) == truth   # redo: the same line


@pytest.mark.parametrize("variant", HIDDEN_GAMES)
def test_the_engine_asked_again_answers_from_a_deal_dealt_again(client, variant):
    """The page asks the engine once a moment; the same record sent again got a card of
    its own each time (random at classic seed 21: 7C, 2D and AS in eight asks, the
    engine's whole hand; engine:0.1: two cards at 22 of 108 moments; each level its own).
    Once answered, the moment is behind its deal: asked again, at any level, it is dealt
    again in what the seat could not see, and its card is one of a hand the seat could
    hold, not of the engine's."""
    moments = 0
    for seed in (21, 4):
        v = client.post("/api/deal", json={"variant": variant, "seed": seed}).json()
        truth = tuple(_deck(client, v["game"]))
        rng = random.Random(seed)
        while not v["over"] and len(v["game"]["moves"]) < 12:
            if v["legal"]:
                body = {"game": v["game"], "card": rng.choice(v["legal"])}
                v = client.post("/api/play", json=body).json()
                continue
            moves = [parse_card(m) for m in v["game"]["moves"]]
            state = true_state(variant, seed, v["game"]["moves"])
            first = client.post("/api/engine", json={"game": v["game"], "level": "random"}).json()
            assert first["last"] in {card_str(c) for c in state.hand_cards(1)}
            decks = set()
            for level in ("random", "greedy", "random", "engine:0.1"):
                w = client.post("/api/engine", json={"game": v["game"], "level": level}).json()
                deck = [parse_card(c) for c in _deck(client, w["game"])]
                again = play_moves(deal_from_deck(get_variant(variant), deck, state.dealer), moves)
                assert again.view(1) == state.view(1)
                assert w["last"] in {card_str(c) for c in again.hand_cards(1)}
                decks.add(tuple(card_str(c) for c in deck))
            assert truth not in decks and len(decks) > 1, (variant, seed, len(moves))
            moments += 1
            v = first
    assert moments >= 2 * 4


def test_a_moment_asked_at_once_twice_gets_one_card(client, monkeypatch):
    """Asked at once, before its first answer moved the deal on, a moment is not behind
    its deal yet; an engine level searches on a clock, so each ask could choose another
    card of the engine's hand. The card a moment was given is kept (memory.Answers) and
    given again: here a search that gives another legal card each time it runs, asked four
    times at once, gives one card."""
    from concurrent.futures import ThreadPoolExecutor

    from solver.web import games
    runs = []

    def fickle(game, level, job=None, seed=None, given=None):
        time.sleep(0.2)   # a search: the other asks arrive while it runs
        runs.append(level)
        legal = legal_cards(game.state)
        return given if given is not None else legal[len(runs) % len(legal)]

    monkeypatch.setattr(games, "engine_card", fickle)
    checked = 0
    for variant in HIDDEN_GAMES:
        v = client.post("/api/deal", json={"variant": variant, "seed": 21}).json()
        while not v["over"] and len(v["game"]["moves"]) < 10:
            if v["legal"]:
                v = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0]}).json()
                continue
            many = len(legal_cards(true_state(variant, 21, v["game"]["moves"]))) > 1
            with ThreadPoolExecutor(4) as pool:
                said = list(pool.map(lambda k: client.post("/api/engine", json={
                    "game": v["game"], "level": "engine:0.1", "client": f"c{k}"}).json(),
                    range(4)))
            assert len({w["last"] for w in said}) == 1, (variant, [w["last"] for w in said])
            checked += many
            v = said[0]
    assert checked >= 6


@pytest.mark.parametrize("variant", ["classic", "scoperta"])
def test_an_earlier_record_sent_again_is_a_card_taken_back(client, variant):
    """The page holds each record it was sent; one from a few cards back, sent again whole
    (its seal, its moves), is the deal at that moment, and the same deal went on from it:
    the line played since had shown its draws and the engine's cards. It is behind its
    deal, and dealt again as a card taken back is."""
    seed = 4
    v = client.post("/api/deal", json={"variant": variant, "seed": seed}).json()
    held = [v["game"]]
    while len(v["game"]["moves"]) < 10:
        if v["legal"]:
            v = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0]}).json()
        else:
            v = client.post("/api/engine", json={"game": v["game"], "level": "greedy"}).json()
        held.append(v["game"])
    truth = tuple(_deck(client, v["game"]))
    mine = [g for g in held[1:9] if true_state(variant, seed, g["moves"]).to_move == 0]
    assert len(mine) >= 3
    for old in mine:
        state = true_state(variant, seed, old["moves"])
        decks = set()
        for path in ("/api/game", "/api/play", "/api/record"):
            card = card_str(legal_cards(state)[0])
            w = client.post(path, json={"game": old, "card": card})
            assert w.status_code == 200, w.json()
            deck = w.json()["deck"] if path == "/api/record" else _deck(client, w.json()["game"])
            again = play_moves(_dealt(variant, deck, state), [parse_card(m) for m in old["moves"]])
            assert again.view(1) == state.view(1)
            decks.add(tuple(deck))
        assert truth not in decks, (variant, len(old["moves"]))


def _dealt(variant: str, deck, state):
    return deal_from_deck(get_variant(variant), [parse_card(c) for c in deck], state.dealer)


def test_a_deal_the_board_no_longer_remembers_is_refused(monkeypatch):
    """The board remembers how far the latest deals went (100,000): a record of a deal it
    has forgotten is refused, as a seal from an earlier run is, so that no flood of new deals
    makes an old one forgotten and playable again from an earlier moment."""
    from solver.web import app as web_app
    from solver.web.memory import Deals
    monkeypatch.setattr(web_app, "Deals", lambda: Deals(most=2))
    with TestClient(create_app(), base_url="http://127.0.0.1") as small:
        first = small.post("/api/deal", json={"variant": "classic", "seed": 1}).json()
        assert small.post("/api/game", json={"game": first["game"]}).status_code == 200
        for seed in (2, 3):
            small.post("/api/deal", json={"variant": "classic", "seed": seed})
        for lang, words in (("en", "no longer remembers"), ("it", "non ricorda più")):
            r = small.post("/api/game", json={"game": first["game"], "lang": lang})
            assert r.status_code == 400 and words in r.json()["error"], r.json()


@pytest.mark.parametrize("variant", HIDDEN_GAMES)
def test_every_endpoint_asked_anything_at_every_moment_names_no_unseen_card(client, variant):
    """A deal played on as the page plays it while, at every moment, a hostile page asks
    every endpoint with every seat it may name (another player's, 0, out of range), steps
    back to earlier moments, asks for reviews, pictures, analyses and explanations: no
    answer names a card the seat cannot see. (The cards a seat's view says the hidden hand
    may play, on its turn, are worked out from the view the page sent.)"""
    from solver.position import parse_position
    rng, seed = random.Random(7), 97
    asked = 0

    def ask(path, body, state, shown=None):
        nonlocal asked
        r = client.post(path, json=body) if path != "/api/progress" else \
            client.get(f"/api/progress?client={body['client']}")
        out = r.json() if "json" in r.headers.get("content-type", "") else {"svg": r.text}
        if path == "/api/position" and "legal" in out:
            assert out["legal"] == [card_str(c) for c in
                                    parse_position(body["position"]).legal_cards()]
            out = {k: x for k, x in out.items() if k != "legal"}
        leak = named(out, shown or state) & unseen(state)
        assert not leak, (path, {k: x for k, x in body.items() if k != "game"}, sorted(leak))
        asked += 1

    v = client.post("/api/deal", json={"variant": variant, "seed": seed}).json()
    while not v["over"]:
        g, moves = v["game"], v["game"]["moves"]
        state = true_state(variant, seed, moves)
        card = card_str(rng.randrange(40))
        for seat in (0, 2, 3, 9):   # refused: none of these moves the deal on
            for path in ("/api/game", "/api/play", "/api/engine"):
                ask(path, {"game": g, "seat": seat, "card": card, "level": "random"}, state)
        for ply in range(0, len(moves) + 1, 5):
            ask("/api/game", {"game": g, "ply": ply}, state, true_state(variant, seed, moves[:ply]))
        ask("/api/review/move", {"game": g, "move": 1, "time_limit": 0.02}, state)
        ask("/api/position", {"position": v["position"]}, state)
        ask("/api/picture", {"position": v["position"]}, state)
        if v["legal"]:
            if len(moves) % 6 == 0:
                ask("/api/analyse", {"position": v["position"], "time_limit": 0.05,
                                     "client": "peek"}, state)
                ask("/api/explain", {"position": v["position"], "time_limit": 0.05}, state)
                ask("/api/progress", {"client": "peek"}, state)
            v = client.post("/api/play", json={"game": g, "card": rng.choice(v["legal"])}).json()
        else:
            v = client.post("/api/engine", json={"game": g, "level": "greedy"}).json()
    assert asked >= 40 * 15
