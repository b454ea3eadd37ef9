"""A seat's view explained once it determines the other hand (issue 41, item 1).

In the 2-player hidden-card games the seat knows the other hand by elimination once the
talon is empty: its view is then the open position, and its explanation is that position's,
from the library, the command line and the board. A view with cards still in the talon is
refused as before, and the board's answer to it names no card of the hidden hand."""
from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.cards import card_str, cards_of, mask_of
from solver.explain import explain_position, explanation_text as render
from solver.game import deal, legal_cards, play, to_position
from solver.i18n import error_text
from solver.position import PositionError, SeatPosition, parse_position

HIDDEN_GAMES = ("classic", "briscolone", "libero")
CARD = re.compile(r"(?<![A-Za-z0-9])([A2-7FCR][BCDS])(?![A-Za-z0-9])")


def at_talon(variant: str, seed: int, talon: int):
    """A seeded deal played at random until the talon holds ``talon`` cards and a trick
    starts."""
    s, rng = deal(variant, seed), random.Random(seed)
    while s.talon_size > talon or s.table:
        s = play(s, rng.choice(legal_cards(s)))
    return s


def seat_view(state, player: int) -> SeatPosition:
    sp = state.view(player)
    assert isinstance(sp, SeatPosition)
    return sp


@pytest.mark.parametrize("variant", HIDDEN_GAMES)
@pytest.mark.parametrize("seed", (3, 11))
def test_a_view_at_the_empty_talon_is_the_open_position(variant, seed):
    state = at_talon(variant, seed, 0)
    for player in (1, 2):
        sp = seat_view(state, player)
        assert sp.known_position() == to_position(state)
        # a card on the table: the view after the lead is still determined
        after = seat_view(play(state, legal_cards(state)[0]), player)
        assert after.known_position() == to_position(play(state, legal_cards(state)[0]))


@pytest.mark.parametrize("variant", HIDDEN_GAMES)
def test_a_view_at_the_empty_talon_is_explained_as_the_open_position(variant):
    state = at_talon(variant, 5, 0)
    sp = seat_view(state, state.to_move + 1)
    mine, opened = explain_position(sp), explain_position(to_position(state))
    assert mine.to_json() == opened.to_json()
    assert render(mine, "it") == render(opened, "it")


def sees(state, sp) -> set[str]:
    """The cards seat ``sp`` sees (its hand, the cards played, the trump card) or deduces
    (the rest: at the empty talon, the other hand)."""
    out = {card_str(c) for c in cards_of(sp.own | sp.played | sp.pool | sp.known)}
    if state.briscola >= 0:
        out.add(card_str(state.briscola))
    return out


@pytest.mark.parametrize("variant", HIDDEN_GAMES)
def test_the_view_of_the_seat_not_to_move_is_explained_to_that_seat(variant):
    """Player 2's view on player 1's turn said "Player 1 to move (you)" and "+18 for you"
    (the mover's value): the words now speak to the seat whose view it is, its values from
    its side, and name only cards that seat sees or deduces."""
    state = at_talon(variant, 5, 0)
    mover, seat = state.to_move, 1 - state.to_move
    ex = explain_position(seat_view(state, seat + 1))
    mine = explain_position(seat_view(state, mover + 1))
    assert (ex.viewer, ex.you, ex.mover, mine.you) == (seat, seat, mover, mover)
    assert ex.to_json() == mine.to_json()  # the data: the mover's, as before
    v = -ex.value
    said = f"{'+' if v > 0 else ''}{v}"
    text, testo = render(ex, "en"), render(ex, "it")
    assert text.startswith(f"Player {mover + 1} to move (the opponent).")
    assert f": {said} for you." in text and "The opponent's best card" in text
    assert testo.startswith(f"Gioca il giocatore {mover + 1} (l'avversario).")
    assert f": {said} per te." in testo and "dell'avversario" in testo
    assert "(you)" not in text and "(tu)" not in testo
    if ex.alternatives and any(a.cost for a in ex.alternatives):
        assert "how you punish them" in text and "come le punisci" in testo
    assert render(mine, "en").startswith(f"Player {mover + 1} to move (you).")
    knows = sees(state, seat_view(state, seat + 1))
    assert set(CARD.findall(text)) | set(CARD.findall(testo)) <= knows


OPEN_TEXTS = (
    "hand1=AC,7D,RS hand2=3C,2D table=4C top=3D briscola=4S turn=1",
    "variant=scoperta4 hand1=AS,3S,RC hand2=4S,7S,FC hand3=AD,6B,2C hand4=5D,2B,RB briscola=4C "
    "turn=1",
    "variant=briscolone hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D turn=1",
)


@pytest.mark.parametrize("how", OPEN_TEXTS + tuple(f"{v}:{t}" for v in HIDDEN_GAMES
                                                   for t in (0, 2)))
def test_an_explanations_position_reads_back_as_the_game_given(how):
    """A classic position (a seat's view at the empty talon, an open one from the last draw)
    is explained as the scoperta one it then is, and its Explanation's position said so:
    the text read back as scoperta. Every explainable game reads back as itself."""
    if ":" in how:
        variant, talon = how.split(":")
        state = at_talon(variant, 5, int(talon))
        given = seat_view(state, 1) if talon == "0" else to_position(state)
        if talon != "0" and variant != "classic":
            return  # Briscolone and Libero are explained at the empty talon only
    else:
        given = parse_position(how)
    ex = explain_position(given)
    want = given.known_position() if isinstance(given, SeatPosition) else given
    for text in (ex.position.to_text(), ex.to_json()["position"]):
        back = parse_position(text)
        assert back.variant == given.variant and back == want, text
    assert explain_position(parse_position(ex.to_json()["position"])).to_json() == ex.to_json()


def test_a_view_read_from_its_notation_is_explained():
    state = at_talon("classic", 7, 0)
    sp = seat_view(state, 1)
    text = sp.to_text().split(" tricks=")[0]   # pasted: nothing known of how the hands arrived
    pasted = parse_position(text)
    assert isinstance(pasted, SeatPosition) and not pasted.tricks
    assert explain_position(pasted).to_json() == explain_position(to_position(state)).to_json()


@pytest.mark.parametrize("variant", HIDDEN_GAMES)
@pytest.mark.parametrize("talon", (2, 10))
def test_a_view_with_cards_in_the_talon_is_refused(variant, talon):
    """At the last draw (in classic: one covered card above the trump card) the seat sees
    neither that card nor which of the unseen cards the other hand holds."""
    sp = seat_view(at_talon(variant, 5, talon), 1)
    assert sp.talon_size == talon and sp.known_position() is None
    with pytest.raises(PositionError, match="explain needs every hand in view"):
        explain_position(sp)
    with pytest.raises(PositionError, match="explain needs every hand in view") as info:
        explain_position(sp, lang="it")  # str is the English; its key says it in Italian
    assert error_text(info.value, "it").startswith("la spiegazione ha bisogno di tutte le mani")


def run(*args):
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.output


def test_the_command_explains_a_determined_view_and_refuses_the_others():
    state = at_talon("briscolone", 4, 0)
    seat = seat_view(state, 1).to_text()
    code, out = run("explain", seat, "--json")
    assert code == 0, out
    assert json.loads(out) == json.loads(run("explain", to_position(state).to_text(), "--json")[1])
    early = seat_view(at_talon("briscolone", 4, 10), 1).to_text()
    for lang, says in (("en", "is not known while the talon holds cards"),
                       ("it", "non si conosce finché il tallone ha carte")):
        code, out = run("explain", early, "--lang", lang)
        lines = out.strip().splitlines()
        assert code == 2 and len(lines) == 1 and says in lines[0], out


# ----- the board ----------------------------------------------------------------------------
def named(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(named(v) for v in value.values()), *(named(k) for k in value))
    if isinstance(value, list):
        return set().union(*(named(v) for v in value))
    return set(CARD.findall(value)) if isinstance(value, str) else set()


@pytest.mark.parametrize("variant", HIDDEN_GAMES)
def test_the_board_explains_a_determined_view_with_what_the_seat_knows(client, variant):
    state = at_talon(variant, 9, 0)
    sp = seat_view(state, 1)
    other = {card_str(c) for c in cards_of(mask_of(state.hand_cards(1)))}
    knows = sees(state, sp)
    r = client.post("/api/explain", json={"position": sp.to_text(), "time_limit": 1})
    assert r.status_code == 200, r.json()
    said = named(r.json())
    assert said <= knows
    assert said & other, "the explanation was refused, or names no card of the other hand"
    # the words speak to seat 1, whoever is to move (they spoke to the mover)
    assert r.json()["text"] == render(explain_position(sp), "en")
    assert r.json()["text"].startswith(
        f"Player {state.to_move + 1} to move ({'you' if state.to_move == 0 else 'the opponent'})."
    )
    assert r.json()["explanation"] == explain_position(to_position(state)).to_json()


@pytest.mark.parametrize("variant", HIDDEN_GAMES)
def test_the_board_refuses_an_undetermined_view_without_naming_the_hidden_hand(client, variant):
    state = at_talon(variant, 9, 2)
    sp = seat_view(state, 1)
    hidden = {card_str(c) for c in state.hand_cards(1)} - {card_str(c) for c in cards_of(sp.known)}
    for lang in ("en", "it"):
        r = client.post("/api/explain", json={"position": sp.to_text(), "lang": lang})
        assert r.status_code == 400
        assert "(?)" in r.json()["error"]
        assert not named(r.json()) & hidden


def test_the_game_view_says_when_explain_may_ask(client):
    """The page asks for an explanation on a seat's view only where ``known`` says the
    view determines the other hand: a classic deal played on to its empty talon."""
    rng = random.Random(2)
    v = client.post("/api/deal", json={"variant": "classic", "seed": 2, "seat": 1}).json()
    assert v["hidden"] and v["known"] is False
    while not v["over"]:
        sp = parse_position(v["position"])
        assert v["known"] == (sp.talon_size == 0)
        if v["known"] and v["turn"] == 1:
            r = client.post("/api/explain", json={"position": v["position"], "time_limit": 1})
            assert r.status_code == 200 and r.json()["text"], r.json()
            return
        if v["turn"] == 1:
            v = client.post("/api/play", json={"game": v["game"], "card": rng.choice(v["legal"]),
                                               "seat": 1}).json()
        else:
            v = client.post("/api/engine", json={"game": v["game"], "level": "greedy",
                                                 "seat": 1}).json()
    pytest.fail("the deal ended before the seat's view was known on its turn")
