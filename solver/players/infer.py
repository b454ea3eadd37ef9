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
from dataclasses import replace

from solver.game import legal_cards
from solver.players.agents import GreedyAgent

EPS = 0.5          # share of the opponent's plays the model leaves to chance
_GREEDY = GreedyAgent()
_RNG = random.Random(0)  # greedy never draws from it; required by the agent's signature


def _likelihood(state, opp: int, hand: int, trick: tuple, leader: int, card: int) -> float:
    """P(opponent plays ``card`` holding ``hand`` in this trick) under the noisy greedy model."""
    hands = list(state.hands)
    hands[opp] = hand
    s = replace(state, hands=tuple(hands), trick=trick, leader=leader, to_move=opp)
    legal = legal_cards(s)
    if card not in legal:
        return 0.0
    return EPS / len(legal) + (1.0 - EPS) * (_GREEDY.choose(s, _RNG) == card)


def observations(state, seat: int) -> list:
    """The opponent's recent plays the seat saw, most recent first: (trick before the play,
    leader, card, what changed the hand since: "now" = the play is in this trick, None = no
    draw since, -1 = one unseen card drawn since, else the card drawn since)."""
    opp = 1 - seat
    obs = []
    if state.trick and state.leader == opp:
        obs.append(((), opp, state.trick[0], "now"))
    if state.tricks:
        t = state.tricks[-1]
        i = (opp - t.leader) % 2
        drawn = None
        if t.draws:
            drawn = -1
            if not state.talon and t.winner != opp and state.briscola >= 0:
                drawn = state.briscola  # the loser of the last drawing trick takes the trump card
        obs.append((tuple(t.cards[:i]), t.leader, t.cards[i], drawn))
    return obs


def hand_weigher(state, seat: int):
    """weigh(opponent's whole hand now, a mask) -> relative likelihood of its recent plays,
    or None when there is nothing to learn from."""
    opp = 1 - seat
    obs = observations(state, seat)
    if not obs:
        return None
    led = 1 << state.trick[0] if state.trick and state.leader == opp else 0

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
                hands = [(now & ~(1 << d)) | 1 << card for d in range(40)
                         if (now >> d) & 1 and d != card]
            w *= sum(_likelihood(state, opp, h, trick, leader, card) for h in hands) / len(hands)
        return max(w, 1e-9)
    return weigh
