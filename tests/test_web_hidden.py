"""The board's hidden-card games through its API: the human's seat hears only what it sees.

Over seeded deals of classic Briscola, Briscolone and Libero played as the page plays them
(deal, your cards, the engine's answers, the analysis of each of your turns, the explanation
asked, steps back through the deal), no JSON answer names a card the seat has not seen while
the talon still hides some (the engine's hand, the talon's order); two deals that differ only
in cards the seat has not seen give the same view; "open hands" shows both hands only when
asked; the record the page carries keeps the hidden cards sealed until the deal is over."""
from __future__ import annotations

import random
import re
import time

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
from starlette.testclient import TestClient  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

from solver.cards import card_str, cards_of, parse_card  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.game import deal, deal_from_deck, legal_cards, play_moves  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.random_positions import random_position  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.position import parse_position  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.rules import get_variant  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from test_play_no_leak import _forced_answer as forced_state  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.web.app import create_app  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

HIDDEN_GAMES = ("classic", "briscolone", "libero")
CARD = re.compile(r"(?<![A-Za-z0-9])([A2-7FCR][BCDS])(?![A-Za-z0-9])")
#: a small card of the picture's list of trumps not yet played (no place on the table)
LISTED = re.compile(r'<g class="card" data-card="([A2-7FCR][BCDS])">.*?</g>')


def true_state(variant: str, seed: int, moves):
    return play_moves(deal(get_variant(variant), seed), [parse_card(m) for m in moves])


def unseen(state, seat: int = 1) -> set[str]:
    """The cards ``seat`` cannot see: the hidden hand's unknown cards and the covered talon;
    none once the talon is out (the hidden hand is then known by elimination)."""
    if state.is_over:
        return set()
    sp = state.view(seat)
    return set() if sp.forced else {card_str(c) for c in cards_of(sp.pool)}


def named(value, state) -> set[str]:
    """Every card a JSON answer names. The picture's list of the trumps not yet played
    (public: every trump minus those gone) is checked to be exactly that, then left out."""
    if isinstance(value, dict):
        if "sealed" in value:   # ciphertext: its letters name nothing
            value = {k: v for k, v in value.items() if k != "sealed"}
        return set().union(*(named(v, state) for v in value.values()), *(named(k, state) for k in value))
    if isinstance(value, list):
        return set().union(*(named(v, state) for v in value))
    if not isinstance(value, str):
        return set()
    if value.startswith("<svg"):
        listed = LISTED.findall(value)
        if listed:
            trump = state.trump_suit
            gone = state.prior | sum(1 << c for c in state.trick)   # the table's: played
            for m in state.captured:
                gone |= m
            out = {card_str(c) for c in range(10 * trump, 10 * trump + 10) if not (gone >> c) & 1}
            assert set(listed) == out, "the picture lists trumps that are not the ones left"
        value = LISTED.sub("", value)
    return set(CARD.findall(value))


def check(answer: dict, state, what: str, shown=None) -> None:
    """No card of ``answer`` is one the seat cannot see at ``state``; ``shown``: the
    moment the answer draws, when an earlier one."""
    leak = named(answer, state if shown is None else shown) & unseen(state)
    assert not leak, f"{what} names {sorted(leak)}, which player 1 cannot see"


def play_as_the_page(client, variant: str, seed: int, level: str, analyse_every: int = 1):
    """One deal played through the API the way the page plays it, every answer checked."""
    rng = random.Random(seed)
    v = client.post("/api/deal", json={"variant": variant, "seed": seed, "seat": 1}).json()
    check(v, true_state(variant, seed, []), "the deal")
    turns = 0
    while not v["over"]:
        state = true_state(variant, seed, v["game"]["moves"])
        if v["turn"] == 1:
            turns += 1
            assert v["legal"] and v["position"] and "hand2=?" in v["position"]
            if turns % analyse_every == 1 or analyse_every == 1:
                a = client.post("/api/analyse", json={"position": v["position"], "time_limit": 0.15,
                                                      "client": "hidden-test"})
                assert a.status_code == 200, a.json()
                check(a.json(), state, f"the analysis of move {len(v['game']['moves']) + 1}")
                e = client.post("/api/explain", json={"position": v["position"], "time_limit": 0.15})
                check(e.json(), state, "the explanation")
                p = client.get("/api/progress?client=hidden-test").json()
                check(p, state, "the progress")
            if turns == 3:   # a step back through the deal, as the arrows do
                back = client.post("/api/game", json={"game": v["game"], "ply": 1, "seat": 1})
                assert back.status_code == 200, back.json()
                check(back.json(), state, "a step back", true_state(variant, seed, v["game"]["moves"][:1]))
            card = rng.choice(v["legal"])
            v = client.post("/api/play", json={"game": v["game"], "card": card, "seat": 1}).json()
            assert "error" not in v, v
            check(v, true_state(variant, seed, v["game"]["moves"]), f"your card {card}")
        else:
            assert v["legal"] == [], "the engine's cards are offered to the human"
            r = client.post("/api/engine", json={"game": v["game"], "level": level, "seat": 1})
            assert r.status_code == 200, r.json()
            v = r.json()
            check(v, true_state(variant, seed, v["game"]["moves"]), f"the engine's card {v['last']}")
    return v


@pytest.mark.parametrize("variant", HIDDEN_GAMES)
def test_no_answer_names_a_card_the_seat_cannot_see(client, variant):
    for i, seed in enumerate((21, 4, 97)):
        v = play_as_the_page(client, variant, seed, "engine:0.1" if i == 0 else "greedy",
                             analyse_every=1 if i == 0 else 4)
        assert v["over"] and sum(v["result"]["points"]) == 120


def test_the_classic_deal_of_the_issue_hides_the_engines_hand(client):
    """Play tab, classic, seed 21: player 2's 7C 2D AS were drawn face up."""
    v = client.post("/api/deal", json={"variant": "classic", "seed": 21}).json()
    state = true_state("classic", 21, [])
    hand2 = {card_str(c) for c in state.hand_cards(1)}
    assert hand2 == {"7C", "2D", "AS"}
    assert not hand2 & named(v, state)
    assert v["position"] == state.view(1).to_text() and v["hidden"] and v["seat"] == 1
    assert v["svg"].count('<g class="back">') >= 3 + 1   # three card backs and the talon
    assert "deck" not in v["game"] and v["game"]["sealed"]


def _swapped(variant: str, seed: int, moves, rng):
    """A deck that differs from the deal's only in cards player 1 has not seen after
    ``moves``: a card of the hidden hand and one of the covered talon change places (a
    swap the moves still replay on)."""
    state = true_state(variant, seed, moves)
    sp = state.view(1)
    hand = [c for c in state.hand_cards(1) if not (sp.known >> c) & 1]
    talon = [c for c in state.talon if c != state.briscola]
    pairs = [(h, t) for h in hand for t in talon]
    rng.shuffle(pairs)
    deck = list(state.deck)
    for h, t in pairs:
        d = list(deck)
        i, j = d.index(h), d.index(t)
        d[i], d[j] = d[j], d[i]
        try:
            other = play_moves(deal_from_deck(get_variant(variant), d, state.dealer),
                               [parse_card(m) for m in moves])
        except ValueError:
            continue
        if other.view(1).to_text() == sp.to_text():
            return d
    raise AssertionError("no swap of unseen cards replays these moves")


@pytest.mark.parametrize("variant", HIDDEN_GAMES)
def test_two_deals_the_seat_cannot_tell_apart_look_the_same(client, variant):
    rng = random.Random(5)
    v = client.post("/api/deal", json={"variant": variant, "seed": 8}).json()
    for _ in range(5):   # a few tricks in, the engine's card on the table
        if v["turn"] == 1:
            v = client.post("/api/play", json={"game": v["game"], "card": rng.choice(v["legal"])}).json()
        else:
            v = client.post("/api/engine", json={"game": v["game"], "level": "greedy"}).json()
    moves = v["game"]["moves"]
    for k in (len(moves), len(moves) - 1):   # the engine to move, and you
        other = _swapped(variant, 8, moves[:k], rng)
        mine = deal(get_variant(variant), 8)
        views = []
        for deck in (list(mine.deck), other):
            rec = {"format": "briscola-record", "version": 1, "variant": variant, "seed": 8,
                   "dealer": mine.dealer + 1, "deck": [card_str(c) for c in deck],
                   "moves": moves[:k], "players": ["you", "engine"]}
            w = client.post("/api/game", json={"game": rec, "seat": 1}).json()
            assert "error" not in w, w
            views.append({key: val for key, val in w.items() if key != "game"})
        assert views[0] == views[1]


def test_open_hands_shows_both_hands_only_when_asked(client):
    state = true_state("classic", 21, [])
    hand2 = {card_str(c) for c in state.hand_cards(1)}
    shut = client.post("/api/deal", json={"variant": "classic", "seed": 21}).json()
    assert not hand2 & named(shut, state)
    v = client.post("/api/deal", json={"variant": "classic", "seed": 21, "open": True}).json()
    assert parse_position(v["position"]).hands[1] == state.hands[1] and not v["hidden"]
    assert all(f'data-card="{c}" data-place="hand2"' in v["svg"] for c in hand2)
    # the talon's order stays sealed all the same: open hands are not a clairvoyant talon
    assert "deck" not in v["game"] and v["game"]["sealed"]
    talon = [card_str(c) for c in state.talon[:-1]]
    assert not set(talon) & named({k: x for k, x in v.items() if k not in ("svg", "position")}, state)


def test_the_sealed_record_opens_only_here_and_whole_at_the_end(client):
    v = client.post("/api/deal", json={"variant": "libero", "seed": 3}).json()
    rec = v["game"]
    # a changed seal is one clear line
    bad = dict(rec, sealed=rec["sealed"][:-4] + ("AAAA" if not rec["sealed"].endswith("AAAA") else "BBBB"))
    r = client.post("/api/play", json={"game": bad, "card": v["legal"][0]})
    assert r.status_code == 400 and "sealed" in r.json()["error"] and "\n" not in r.json()["error"]
    other = TestClient(create_app(), base_url="http://127.0.0.1")   # another server run
    r = other.post("/api/game", json={"game": rec})
    assert r.status_code == 400 and "restarted" in r.json()["error"]
    # the review of a deal still going on would show the engine's seat: refused, before any search
    w = client.post("/api/play", json={"game": rec, "card": v["legal"][0]}).json()
    r = client.post("/api/review/move", json={"game": w["game"], "move": 1, "time_limit": 0.05})
    assert r.status_code == 400 and "over" in r.json()["error"]
    r = client.post("/api/review", json={"game": w["game"], "time_limit": 0.05})
    assert r.status_code == 400
    # the download asks for the whole record: replay and review read it
    whole = client.post("/api/record", json={"game": w["game"]}).json()
    assert whole["deck"] == [card_str(c) for c in deal(get_variant("libero"), 3).deck]
    assert whole["moves"] == w["game"]["moves"] and "sealed" not in whole
    # played out, the record the page gets is whole again
    while not w["over"]:
        w = _next_card(client, w)
    assert w["game"]["deck"] == whole["deck"] and "sealed" not in w["game"]
    assert client.post("/api/review/move", json={"game": w["game"], "move": 1,
                                                 "time_limit": 0.05}).status_code == 200


def test_the_talon_order_stays_sealed_in_the_open_games_too(client):
    """Scoperta shows both hands and the talon's top card; the cards under it are no one's to
    see, so the deck travels sealed there too while the deal goes on; its review needs no
    hidden card and is not held back."""
    for variant, seed in (("scoperta4", 2), ("scoperta", 7)):
        v = client.post("/api/deal", json={"variant": variant, "seed": seed}).json()
        state = deal(get_variant(variant), seed)
        under = {card_str(c) for c in state.talon[1:-1]}   # below the top card, above the trump card
        assert "deck" not in v["game"] and v["game"]["sealed"] and v["reviewable"]
        assert not under & named(v, state)
        w = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0]}).json()
        assert not under & named(w, state)
    r = client.post("/api/review/move", json={"game": w["game"], "move": 1, "time_limit": 0.05})
    assert r.status_code == 200, r.json()   # scoperta's: the four-player games are not reviewed
    assert client.post("/api/record", json={"game": w["game"]}).json()["deck"] == \
        [card_str(c) for c in state.deck]
    hidden = client.post("/api/deal", json={"variant": "classic", "seed": 7}).json()
    assert hidden["reviewable"] is False


@pytest.mark.parametrize("variant", ["classic", "scoperta"])
def test_the_seed_travels_sealed_while_the_deal_goes_on(client, variant):
    """A seed deals every unseen card again (`briscola deal --seed N`): a deal the board
    shuffled at random carries it sealed with the deck until the deal is over, the pasted
    position's game as well (its seed orders the talon); the whole record has it."""
    def no_seed(view, seed):
        assert "seed" not in view["game"], view["game"]
        assert str(seed) not in {str(x) for x in _scalars(view)}
    for body in ({"variant": variant},
                 {"position": random_position(random.Random(5), 4).to_text()}):
        v = client.post("/api/deal", json=body).json()
        assert "game" in v, v
        whole = client.post("/api/record", json={"game": v["game"]}).json()
        seed = whole["seed"]
        no_seed(v, seed)
        w = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0]}).json()
        no_seed(w, seed)
        while not w["over"]:
            w = _next_card(client, w)
        assert w["game"]["seed"] == seed   # over: the record is whole again


def _next_card(client, v: dict) -> dict:
    """The next card of the deal as the page plays it: yours (player 1's) on your turn, the
    engine's on its turn."""
    if v["legal"]:
        r = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0]})
    else:
        r = client.post("/api/engine", json={"game": v["game"], "level": "greedy"})
    assert r.status_code == 200, r.json()
    return r.json()


def _scalars(value):
    """Every number and string inside a JSON value, the sealed ciphertext left out."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k != "sealed":
                yield from _scalars(v)
    elif isinstance(value, list):
        for v in value:
            yield from _scalars(v)
    else:
        yield value


def _engine_to_move(client):
    """Seed 21's classic deal after your card and the engine's answer, then your card: the
    engine is to move, its hand hidden; (that view, the deal's true state)."""
    v = client.post("/api/deal", json={"variant": "classic", "seed": 21, "seat": 1}).json()
    v = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0], "seat": 1}).json()
    v = client.post("/api/engine", json={"game": v["game"], "level": "greedy", "seat": 1}).json()
    assert v["turn"] == 1
    v = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0], "seat": 1}).json()
    assert v["turn"] == 2 and v["legal"] == [] and "sealed" in v["game"]
    return v, true_state("classic", 21, v["game"]["moves"])


def test_a_sealed_record_with_any_field_changed_is_refused(client):
    """The deck is sealed, and the fields that with it decide who holds which card (variant,
    dealer, players, ...) are vouched for by the seal: changed, the record is refused as a
    changed seal is, and no card of the engine's hand comes out (a scoperta or Briscolone
    record, or another dealer, once drew the engine's hand and the talon face up)."""
    v, state = _engine_to_move(client)
    g = v["game"]
    hand2 = {card_str(c) for c in state.hand_cards(1)}
    broken = dict(g, sealed=g["sealed"][:-4] + ("AAAA" if not g["sealed"].endswith("AAAA") else "BBBB"))
    refusal = client.post("/api/game", json={"game": broken, "seat": 1}).json()["error"]
    changes = ({"variant": "scoperta"}, {"variant": "briscolone"}, {"variant": "libero"},
               {"dealer": 3 - g["dealer"]}, {"dealer": 3}, {"players": ["engine", "you"]},
               {"players": []},
               {"note": "x"}, {"talon": 5}, {"version": 2})
    for change in changes:
        for path in ("/api/game", "/api/play", "/api/record"):
            r = client.post(path, json={"game": {**g, **change}, "card": "AS", "seat": 1})
            assert r.status_code == 400, (change, path, r.json())
            assert r.json()["error"] == refusal, (change, path)
            assert not hand2 & named(r.json(), state)
    gone = {k: x for k, x in g.items() if k != "players"}
    assert client.post("/api/game", json={"game": gone, "seat": 1}).json()["error"] == refusal
    # a pasted open position's game in Briscolone: its start is sealed; in scoperta the start is
    # in clear (every hand is shown) and vouched for all the same
    for text in ("variant=briscolone hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D played=- turn=1",
                 "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1"):
        w = client.post("/api/deal", json={"position": text, "seed": 4, "seat": 1}).json()
        rec = w["game"]
        changed = {**rec, "start": text.replace("turn=1", "turn=2")} if "start" in rec else \
            {**rec, "variant": "scoperta"}
        r = client.post("/api/game", json={"game": changed, "seat": 1})
        assert r.status_code == 400 and "the record was changed" in r.json()["error"], r.json()
        assert client.post("/api/game", json={"game": rec, "seat": 1}).status_code == 200


def test_the_seat_plays_only_its_own_cards_and_cannot_write_moves(client):
    """On the engine's turn your seat (1) cannot play a card: every card of the deck, in the
    engine's hand or not, gets one refusal (it once got 200 for the engine's cards and "3B is
    not in player 2's hand" for the others: a way to read the hidden hand); the engine does
    not play your cards; a move written into the sealed record is refused alike, whatever
    the card, while taking moves back and giving the same moves back (undo, redo) works."""
    v, state = _engine_to_move(client)
    g = v["game"]
    hand2 = {card_str(c) for c in state.hand_cards(1)}
    said, wrote = set(), set()
    for c in range(40):
        card = card_str(c)
        r = client.post("/api/play", json={"game": g, "card": card, "seat": 1, "lang": "it"})
        assert r.status_code == 400, (card, r.json())
        said.add(r.json()["error"])
        r = client.post("/api/game", json={"game": {**g, "moves": g["moves"] + [card]}, "seat": 1})
        assert r.status_code == 400, (card, r.json())
        wrote.add(r.json()["error"])
    assert len(said) == 1 and len(wrote) == 1, (said, wrote)
    assert "tocca al giocatore 2" in said.pop() and not hand2 & named(list(wrote), state)
    # a move changed, not added: refused alike
    swapped = {**g, "moves": g["moves"][:-1] + [next(iter(hand2))]}
    assert client.post("/api/game", json={"game": swapped, "seat": 1}).json()["error"] == wrote.pop()
    # your turn: the engine plays only the other seat
    back = client.post("/api/game", json={"game": {**g, "moves": g["moves"][:-1]}, "seat": 1}).json()
    assert back["turn"] == 1 and back["legal"]
    r = client.post("/api/engine", json={"game": back["game"], "level": "greedy", "seat": 1})
    assert r.status_code == 400 and "your turn" in r.json()["error"]
    # redo: the earlier record, fewer of its moves dropped
    again = client.post("/api/game", json={"game": g, "seat": 1}).json()
    assert again["game"]["moves"] == g["moves"] and again["turn"] == 2
    short = {**g, "moves": g["moves"][:1]}
    assert client.post("/api/game", json={"game": short, "seat": 1}).json()["game"]["moves"] == g["moves"][:1]
    # the engine's turn is the engine's; seat 0 (the player to move) is another seat than the
    # deal's (test_web_peek.py), and plays either seat of a deal dealt to it
    assert client.post("/api/engine", json={"game": g, "level": "greedy", "seat": 1}).status_code == 200
    r = client.post("/api/play", json={"game": g, "card": next(iter(hand2)), "seat": 0})
    assert r.status_code == 400 and not hand2 & named(r.json(), state), r.json()
    both = client.post("/api/deal", json={"variant": "classic", "seed": 21, "seat": 0}).json()
    r = client.post("/api/engine", json={"game": both["game"], "level": "greedy", "seat": 0})
    assert r.status_code == 200, r.json()


def test_a_deal_nobody_seeded_draws_a_seed_no_one_can_search_for(client):
    """The sealed seed deals every unseen card again, so it must not be found from what the
    seat sees: drawn among a million (random.randrange), the first view of a classic deal
    (your three cards and the trump card) left two seeds of the million in 22 s of Python,
    and the first trick one, and with it the engine's hand and the talon's order. Seeds
    are drawn by the system's generator among 2^53 (a JavaScript number's exact integers,
    so the page carries the finished record's seed unchanged)."""
    seeds = set()
    for variant in ("classic", "briscolone", "libero", "scoperta"):
        for _ in range(6):
            v = client.post("/api/deal", json={"variant": variant}).json()
            seeds.add(client.post("/api/record", json={"game": v["game"]}).json()["seed"])
    text = "variant=libero hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D played=- turn=1"
    for _ in range(6):
        v = client.post("/api/deal", json={"position": text}).json()
        seeds.add(client.post("/api/record", json={"game": v["game"]}).json()["seed"])
    assert len(seeds) == 30 and all(0 <= s < 2**53 for s in seeds)
    assert max(seeds) >= 2**50   # 30 seeds all below 2^50 by chance: 8^-30


def _forced_answer(variant: str):
    """test_play_no_leak's forced answer of the engine (player 2), as the board loads it:
    (the record, the true state)."""
    s = forced_state(variant)
    return {"format": "briscola-record", "version": 1, "variant": variant,
            "dealer": s.dealer + 1, "deck": [card_str(c) for c in s.deck],
            "moves": [card_str(c) for c in s.moves], "players": ["you", "engine"]}, s


def test_the_engine_takes_its_time_even_when_its_card_is_forced(client):
    """In Briscolone the engine must follow suit: holding one card of the suit you led it
    had one card to play, and answered in 11 ms where it thinks 1 s about every other
    card (engine:1): how soon it answered told you it had no other card of that suit. Its
    answer now takes its whole time, forced or not."""
    rec, state = _forced_answer("briscolone")
    for level, seconds in (("engine:0.1", 0.1), ("engine:1", 1.0)):
        # sealed, a deal of its own each time: a record asked again is behind its deal, and
        # dealt again (test_web_peek.py)
        g = client.post("/api/game", json={"game": rec, "seat": 1}).json()["game"]
        t0 = time.perf_counter()
        r = client.post("/api/engine", json={"game": g, "level": level, "seat": 1})
        took = time.perf_counter() - t0
        assert r.status_code == 200, r.json()
        assert r.json()["last"] == card_str(legal_cards(state)[0])
        assert took >= seconds, f"a forced card answered in {took:.3f} s at {level}"
