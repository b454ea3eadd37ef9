"""The State protocol (solver.position.protocol): every game state satisfies it, and one
random playout written only against it reaches the end of a deal of every kind."""
from __future__ import annotations

import inspect
import random
from fractions import Fraction
from math import perm

import pytest

import open_games_reference as R
from reference import ref_values
from solver.cards import cards_of, popcount
from solver.game import GameState, deal, from_position
from solver.position import Position, SeatPosition, parse_position
from solver.position.protocol import State
from solver.position.seat import make_seat_position
from solver.rules import VARIANTS
from solver.random_positions import random_position

SEAT = "variant=classic hand1=AS,3S,RC hand2=? briscola=4S played=2B,5B,6B,7B turn=1"
#: talon sizes per game (4-player talons stop at 8: a first draw has 26*25*24*23 outcomes)
GAMES = {"scoperta4": (0, 4, 8), "classic": (0, 2, 10, 34), "briscolone": (0, 2, 12, 30),
         "libero": (0, 4, 30), "scoperta": (0, 2, 4, 20)}


def playout(state: State, rng: random.Random) -> State:
    """Play to the end: a random legal card, then a draw picked by its probability."""
    while not state.is_over:
        card = rng.choice(state.legal_cards())
        outs = state.outcomes(card)
        assert sum(p for _, p in outs) in (0, 1)
        draws = None
        if outs:
            draws = rng.choices([d for d, _ in outs], [float(p) for _, p in outs])[0]
        state = state.play(card, draws)
    return state


def _scoperta_positions(rng):
    for talon in (0, 2, 4, 6, 12, 34):
        for mid in (False, True):
            yield random_position(rng, talon, mid_trick=mid, clairvoyant=rng.random() < .3,
                                  with_score=True)


def _game_positions(rng):
    for variant, talons in GAMES.items():
        n = VARIANTS[variant].players
        for talon in talons:
            for on_table in range(n):
                yield R.random_position(variant, talon, on_table, rng, with_score=True,
                                        clairvoyant=rng.random() < .3)


def test_every_type_is_a_state():
    rng = random.Random(1)
    assert isinstance(parse_position("hand1=3C,AS hand2=2C,RS briscola=RD turn=1"), State)
    assert isinstance(random_position(rng, 10), State)
    assert isinstance(R.random_position("briscolone", 12, 1, rng), State)
    assert isinstance(parse_position(SEAT), SeatPosition) and isinstance(parse_position(SEAT), State)
    for variant in VARIANTS:
        assert isinstance(deal(variant, 3), State)


def _arguments(cls, method: str) -> list[tuple[str, object, object]]:
    """(name, annotation, default) of ``cls.method``'s arguments, ``self`` aside."""
    params = inspect.signature(getattr(cls, method)).parameters.values()
    return [(p.name, p.annotation, p.default) for p in params if p.name != "self"]


def test_the_protocol_says_the_cards_and_draws_its_states_take():
    """State.play declared ``card: int, draws: tuple[int, ...]`` (and outcomes ``card:
    int``) while every state takes a card's text and draws as cards, ids or text
    (``play("FD", draws="CB")``): code typed against the protocol was refused by mypy the
    calls its states accept. Its arguments are now theirs."""
    for method in ("play", "outcomes"):
        said = _arguments(State, method)
        assert said[0][1] == "CardLike", said
        for cls in (Position, SeatPosition, GameState):
            assert _arguments(cls, method) == said, (cls.__name__, method)
    assert _arguments(State, "play")[1] == ("draws", "Iterable[CardLike] | str | None", None)


def test_only_a_seat_view_hides_a_hand():
    """Callers ask the protocol, not the type, whether a position is an information set."""
    assert parse_position(SEAT).hidden_hand is True
    assert parse_position("hand1=3C,AS hand2=2C,RS briscola=RD turn=1").hidden_hand is False
    for variant in VARIANTS:
        st = deal(variant, 3)
        assert st.hidden_hand is False
        assert st.view(1).hidden_hand is (not VARIANTS[variant].open_hands)


def test_random_playouts_reach_the_end():
    rng = random.Random(7)
    finals = 0
    for pos in list(_scoperta_positions(rng)) + list(_game_positions(rng)):
        end = playout(pos, rng)
        assert end.is_over and not end.legal_cards()
        assert type(end) is type(pos) and end.variant_name == pos.variant_name
        if pos.score is not None:
            assert sum(end.score) == 120
        finals += 1
    for variant in VARIANTS:
        for seed in range(3):
            end = playout(deal(variant, seed), rng)
            assert end.is_over and sum(end.points) == 120 and end.talon_size == 0
            finals += 1
    assert finals > 60


def _chance_moves(pos):
    """(card, outcomes) for the moves of ``pos`` that end a trick with an unknown draw."""
    return [(c, pos.outcomes(c)) for c in pos.legal_cards() if pos.outcomes(c)]


def test_outcomes_count_the_unseen_cards():
    rng = random.Random(3)
    checked = 0
    for pos in _scoperta_positions(rng):
        for card, outs in _chance_moves(pos):
            u = popcount(pos.unseen)
            assert not pos.clairvoyant and pos.talon_size > 2
            assert len(outs) == perm(u, 2) and sum(p for _, p in outs) == 1
            assert all(p == Fraction(1, perm(u, 2)) for _, p in outs)
            assert len({d for d, _ in outs}) == len(outs)
            for d, _ in outs[:3]:
                pos.play(card, d)
            checked += 1
    for pos in _game_positions(rng):
        for card, outs in _chance_moves(pos):
            n, T, u = pos.players, pos.talon_size, popcount(pos.unseen)
            k = n - (pos.top >= 0) - (T == n and pos.briscola >= 0)
            k += pos.rules.top_visible and T > n
            assert len(outs) == perm(u, k) and sum(p for _, p in outs) == 1
            assert len({d for d, _ in outs}) == len(outs)
            after = pos.play(card, outs[-1][0])
            assert after.talon_size == T - n
            checked += 1
    assert checked > 20


def test_no_chance_where_the_draw_is_known():
    rng = random.Random(5)
    for pos in _scoperta_positions(rng):
        for c in pos.legal_cards():
            if pos.clairvoyant or not pos.table or pos.talon_size <= 2:
                assert pos.outcomes(c) == []
                pos.play(c)
    for variant in VARIANTS:
        st = deal(variant, 1)
        assert st.clairvoyant and all(st.outcomes(c) == [] for c in st.legal_cards())
    st = from_position(parse_position("hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S turn=1"))
    assert playout(st, rng).is_over


def test_seat_position_plays_its_own_cards():
    sp = parse_position(SEAT)
    assert sp.to_move == sp.seat == 0 and sp.talon_size == 30
    card = sp.legal_cards()[0]
    assert sp.outcomes(card) == []
    led = sp.play(card)
    assert led.table == (card,) and led.to_move == 1 and led.hidden == sp.hidden
    # the opponent's turn: any card the seat has not seen, and playing one shows it
    assert led.legal_cards() == cards_of(led.pool)
    answer = cards_of(led.pool)[0]
    outs = led.outcomes(answer)
    after = led.play(answer, outs[0][0])
    assert after.played == sp.played | (1 << card) | (1 << answer) and after.hidden == 3
    # answering the opponent's lead: the seat's draw is chance over the cards it has not seen
    ans = parse_position("variant=classic hand1=AS,3S,RC hand2=? table=2C briscola=4S "
                         "played=2B,5B,6B,7B turn=1")
    for card in ans.legal_cards():
        outs = ans.outcomes(card)
        assert len(outs) == popcount(ans.pool) and sum(p for _, p in outs) == 1
        after = ans.play(card, outs[0][0])
        assert after.table == () and popcount(after.own) == 3 and after.hidden == 3
        assert after.talon_size == ans.talon_size - 2
    # the last draw: the loser gets the turned trump card, no chance
    seen = set()
    for seed in range(40):
        last = _seat_at_last_draw(seed)
        for card in last.legal_cards():
            outs = last.outcomes(card)
            after = last.play(card, outs[0][0] if outs else None)
            assert after.talon_size == 0 and after.hidden + popcount(after.known) == 3
            if outs:
                assert after.known == 1 << last.briscola and after.hidden == 2
            else:
                assert (after.own >> last.briscola) & 1
            seen.add(bool(outs))
    assert seen == {True, False}


def _seat_at_last_draw(seed: int) -> SeatPosition:
    """Seat 1 of a classic deal answering a lead when two cards are left to draw."""
    rng = random.Random(seed)
    st = deal("classic", seed)
    while not (len(st.talon) == 2 and st.trick and st.to_move == 0):
        st = st.play(rng.choice(st.legal_cards()))
        if st.is_over:
            st = deal("classic", rng.randrange(10 ** 6))
    return make_seat_position("classic", 0, st.hands[0], st.trick, st.briscola,
                              st.captured[0] | st.captured[1], 0, tuple(st.points))


def test_game_state_text_hides_the_talon_order_unless_asked():
    """Analysing a dealt game's text was silently clairvoyant: the text held the talon."""
    st = deal("classic", 4)
    pos = parse_position(st.to_text())
    assert isinstance(pos, Position) and not pos.clairvoyant and "talon=" not in st.to_text()
    clair = parse_position(st.to_text(clairvoyant=True))
    assert clair.clairvoyant and clair.to_text() == st.to_text(clairvoyant=True)
    p2 = parse_position(deal("scoperta", 4).to_text())
    assert isinstance(p2, Position) and not p2.clairvoyant


@pytest.mark.parametrize("variant", ["scoperta", "scoperta4", "classic", "briscolone", "libero"])
def test_a_dealt_game_gives_the_position_a_player_sees(variant):
    st = deal(variant, 5)
    st = st.play(st.legal_cards()[0])
    seen = st.view()
    assert not seen.clairvoyant and seen.to_move == st.to_move and seen.legal_cards() == st.legal_cards()
    if variant in ("classic", "briscolone", "libero"):
        assert isinstance(seen, SeatPosition) and seen.seat == st.to_move and "=?" in repr(seen)
        assert st.view(player=1).seat == 0
    else:
        assert "?" not in repr(seen) and "talon=" not in repr(seen)
    clair = st.view(clairvoyant=True)
    assert clair.clairvoyant and clair.talon_order == st.talon
    with pytest.raises(ValueError, match="player must be"):
        st.view(player=5)


def test_the_state_reference_agrees_with_the_scoperta_reference():
    """open_games_reference walks any State; on scoperta Positions it gives reference.py's values
    (two references built apart: one over the protocol, one from the rules alone)."""
    rng = random.Random(11)
    for talon in (0, 2, 4):
        for mid in (False, True):
            for clair in (False, True):
                pos = random_position(rng, talon, mid_trick=mid, clairvoyant=clair,
                                      with_score=True)
                for objective in ("points", "win"):
                    assert R.move_values(pos, objective) == ref_values(pos, objective), \
                        (pos.to_text(), objective)
    R.clear()
