"""solver.redeal: what a seat could not see at a moment, dealt again (the board's takeback).

Over seeded deals of every game, at every moment and from each seat: the new deck replays
the moves to a state the seat cannot tell from the true one, the trump card and every card
the seat saw in their places; what it could not see is dealt again (in the hidden-card
games the other hand too, drawn as the seat's own analysis draws it, so within what the
tricks showed: a suit it did not follow is not dealt to it)."""
from __future__ import annotations

import random

import pytest

from solver.game import deal, deal_from_deck, play, play_moves
from solver.players.agents import GreedyAgent, RandomAgent
from solver.redeal import redeal
from solver.rules import get_variant

GAMES = ("classic", "briscolone", "libero", "scoperta", "scoperta4")


@pytest.mark.parametrize("variant", GAMES)
def test_a_redeal_shows_the_seat_the_same_deal_and_deals_again_what_it_could_not_see(variant):
    rng = random.Random(3)
    moments = hands = talons = 0
    for seed in range(8):
        state, play_rng = deal(variant, seed), random.Random(seed)
        agent = RandomAgent() if seed % 2 else GreedyAgent()
        while not state.is_over:
            seats = (1, 2) if state.players == 2 else (None,)
            for seat in seats:
                deck = redeal(state, seat, rng)
                assert sorted(deck) == list(range(40))
                again = play_moves(deal_from_deck(state.variant, deck, state.dealer), state.moves)
                assert again.view(seat) == state.view(seat), (seed, len(state.moves), seat)
                assert again.briscola == state.briscola
                moments += 1
                other = 2 - seat if seat else None
                if other is not None and not state.variant.open_hands:
                    hands += again.hands[other] != state.hands[other]
                talons += again.talon != state.talon
            state = play(state, agent(state.view(), play_rng))
    assert moments >= 8 * 18
    assert talons >= moments // 3
    if not get_variant(variant).open_hands:
        assert hands >= moments // 3


@pytest.mark.parametrize("variant", GAMES)
def test_with_no_seat_only_the_covered_talon_moves(variant):
    """Every hand in view (an open game, open hands asked for, or a deal dealt to both
    seats): the hands stay, the talon's covered cards are shuffled among their places."""
    rng = random.Random(5)
    state = deal(variant, 9)
    for _ in range(6):
        state = play(state, GreedyAgent()(state.view(), rng))
    moved = 0
    for _ in range(5):
        again = play_moves(deal_from_deck(state.variant, redeal(state, None, rng), state.dealer),
                           state.moves)
        assert again.hands == state.hands and sorted(again.talon) == sorted(state.talon)
        if state.variant.top_visible:
            assert again.talon[0] == state.talon[0]
        if state.variant.has_trump:
            assert again.talon[-1] == state.talon[-1]
        moved += again.talon != state.talon
    assert moved >= 4
