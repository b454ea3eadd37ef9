"""Inference about the hidden hand from the opponent's choices: a sampled hand is weighted
by how likely the opponent's two most recent visible plays were had they held it.

The model of the opponent is a noisy greedy player (solver.players.agents.GreedyAgent): it plays
greedy's card with probability 1 - EPS and otherwise any legal card uniformly. The hand the
opponent held at a play is rebuilt from the sampled one: the card on the table it led is
added back; for its play in the last finished trick, the card it then played is added back
and the card it drew after that trick (unseen, so every card of the hand in turn, or the
turned trump card when that was its draw) taken out, the likelihoods averaged.
Only what the seat saw is used: never another player's drawn card.
"""

from __future__ import annotations

import random
from typing import Literal

from solver.errors import ArgumentTypeError
from solver.game import to_seat_position
from solver.players.agents import GreedyAgent
from solver.position import Position
from solver.rules import trick_taker

EPS = 0.5  # share of the opponent's plays the model leaves to chance
_GREEDY = GreedyAgent()
_RNG = random.Random(0)  # greedy never draws from it; required by the agent's signature
#: (trick before the play, leader, card, what changed the hand since: see observations)
Observation = tuple[tuple[int, ...], int, int, int | Literal["now"] | None]


def _likelihood(state, opp: int, hand: int, trick: tuple, leader: int, card: int) -> float:
    """P(opponent plays ``card`` holding ``hand`` in this trick) under the noisy greedy model
    (``leader`` led ``trick``: the opponent plays next)."""
    hands = [0, 0]
    hands[opp] = hand
    s = Position(state.variant_name, tuple(hands), trick, -1, state.briscola, 0, opp)
    legal = s.legal_cards()
    if card not in legal:
        return 0.0
    return EPS / len(legal) + (1.0 - EPS) * (_GREEDY.choose(s, _RNG) == card)


def seat_view(state, seat: int | None = None):
    """What ``seat`` (0-based) sees of ``state``: the state itself when it is a seat's view
    (a SeatPosition), else the view of a live two-player game (whose seat must be given)."""
    if state.hidden_hand:
        return state
    if seat is None:
        raise ArgumentTypeError.of("argument.seat_view")
    return to_seat_position(state, seat)


def observations(state, seat: int | None = None) -> list[Observation]:
    """The opponent's recent plays the seat saw, most recent first: (trick before the play,
    leader, card, what changed the hand since: "now" = the play is in this trick, None = no
    draw since, -1 = one unseen card drawn since, else the card drawn since). ``state`` is
    the seat's view, or a game's state and the seat."""
    view = seat_view(state, seat)
    opp = view.opponent
    obs: list[Observation] = []
    if view.table and view.leader == opp:
        obs.append(((), opp, view.table[0], "now"))
    if view.tricks:
        leader, a, b = view.tricks[-1]
        cards = (a, b)
        i = (opp - leader) % 2
        drawn = None
        if view.draws_after[-1]:
            drawn = -1
            taker = trick_taker(cards, leader, view.trump_suit)
            if not view.talon_size and taker != opp and view.briscola >= 0:
                drawn = view.briscola  # the loser of the last drawing trick takes the trump card
        obs.append((cards[:i], leader, cards[i], drawn))
    return obs


def hand_weigher(state, seat: int | None = None):
    """weigh(opponent's whole hand now, a mask) -> relative likelihood of its recent plays,
    or None when there is nothing to learn from. ``state`` is the seat's view, or a game's
    state and the seat."""
    view = seat_view(state, seat)
    opp = view.opponent
    obs = observations(view)
    if not obs:
        return None
    led = 1 << view.table[0] if view.table and view.leader == opp else 0

    def weigh(hand: int) -> float:
        now = hand | led  # its hand after the last draw
        w = 1.0
        for trick, leader, card, since in obs:
            if since == "now":
                hands = [now]
            elif since is None:
                hands = [now | 1 << card]
            elif since >= 0:
                hands = [(now & ~(1 << since)) | 1 << card]
            else:
                hands = [
                    (now & ~(1 << d)) | 1 << card for d in range(40) if (now >> d) & 1 and d != card
                ]
            w *= sum(_likelihood(view, opp, h, trick, leader, card) for h in hands) / len(hands)
        return max(w, 1e-9)

    return weigh
