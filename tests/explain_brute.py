"""An independent exhaustive minimax of the last tricks, written from docs/rules.md alone, to
check what `briscola explain` says (tests/test_explain_claims.py).

It shares nothing with the engine: cards are their text ("AD"), and card strength, points,
the trick's winner, the duty to follow suit and the last draw are its own code, so an error
in the engine's rules cannot hide behind the same error here. A state is (hands, table,
leader, talon): hands a tuple of frozensets, table the trick's cards in play order, talon
() or (top card, trump card), the last draw, where nothing is left to chance. Values are
exact Fractions for side 0 (seats 1 and 3), which maximises; the mover's view comes last.
Also random deals of every game explain supports, and their position text.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Iterator
from typing import NamedTuple

SUITS = "BCDS"
STRENGTH = "A3RCF76542"  # strongest first
POINTS = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2}
DECK = [rank + suit for suit in SUITS for rank in STRENGTH]
KINDS = ("scoperta", "scoperta_draw", "classic", "classic_draw", "briscolone", "libero",
         "scoperta4")

State = tuple[tuple[frozenset[str], ...], tuple[str, ...], int, tuple[str, ...]]


def points(card: str) -> int:
    return POINTS.get(card[0], 0)


def stronger(a: str, b: str) -> bool:
    """Whether ``a`` outranks ``b`` (suits aside)."""
    return STRENGTH.index(a[0]) < STRENGTH.index(b[0])


def beats(card: str, best: str, trump: str | None) -> bool:
    """Whether ``card``, played after ``best``, takes the trick from it."""
    if card[1] == best[1]:
        return stronger(card, best)
    return card[1] == trump


def winning_card(cards: tuple[str, ...], trump: str | None) -> str:
    """The card that takes a trick of ``cards``, in play order."""
    best = cards[0]
    for card in cards[1:]:
        if beats(card, best, trump):
            best = card
    return best


class TrickDone(NamedTuple):
    winner: int  # the seat
    points: int
    cards: tuple[str, ...]
    draws: tuple[str, str] | None  # (the winner's card, the loser's) at the last draw


class Rules:
    """One game: players, trump suit (None: no trump), duty to follow suit; values memoised
    per (state, objective, score), the score mattering to the win objective only."""

    def __init__(self, players: int, trump: str | None, follow: bool):
        self.players, self.trump, self.follow = players, trump, follow
        self._values: dict = {}

    def turn(self, st: State) -> int:
        return (st[2] + len(st[1])) % self.players

    def over(self, st: State) -> bool:
        return not st[1] and not any(st[0]) and not st[3]

    def legal(self, st: State) -> list[str]:
        hand = st[0][self.turn(st)]
        if self.follow and st[1]:
            suited = [c for c in hand if c[1] == st[1][0][1]]
            if suited:
                return sorted(suited)
        return sorted(hand)

    def play(self, st: State, card: str) -> tuple[State, TrickDone | None]:
        """The state after ``card``, and the trick it completes (None while it is open)."""
        hands, table, leader, talon = st
        p = self.turn(st)
        assert card in hands[p], (card, p, st)
        hs = list(hands)
        hs[p] = hands[p] - {card}
        table = table + (card,)
        if len(table) < self.players:
            return (tuple(hs), table, leader, talon), None
        best = 0
        for i in range(1, len(table)):
            if beats(table[i], table[best], self.trump):
                best = i
        winner = (leader + best) % self.players
        draws = None
        if talon:  # the last draw: the winner takes the top card, the loser the trump card
            draws = (talon[0], talon[1])
            hs[winner] = hs[winner] | {talon[0]}
            hs[1 - winner] = hs[1 - winner] | {talon[1]}
        done = TrickDone(winner, sum(points(c) for c in table), table, draws)
        return (tuple(hs), (), winner, ()), done

    @staticmethod
    def scored(done: TrickDone, score: tuple[int, int]) -> tuple[int, int]:
        side = done.winner % 2
        return (score[0] + done.points, score[1]) if side == 0 else (score[0],
                                                                     score[1] + done.points)

    def value(self, st: State, objective: str, score: tuple[int, int]) -> Fraction:
        """Side 0's value: the points it will still take minus side 1's, or its chance of 61
        (60-60 one half) given ``score``, the points taken so far."""
        key = (st, objective, score if objective == "win" else None)
        v = self._values.get(key)
        if v is None:
            if self.over(st):
                a, b = score
                if objective == "points":
                    v = Fraction(0)
                else:
                    v = Fraction(1) if a > 60 else Fraction(0) if b > 60 else Fraction(1, 2)
            else:
                vals = [self.after(st, c, objective, score) for c in self.legal(st)]
                v = max(vals) if self.turn(st) % 2 == 0 else min(vals)
            self._values[key] = v
        return v

    def after(self, st: State, card: str, objective: str, score: tuple[int, int]) -> Fraction:
        """Side 0's value once ``card`` is played, the trick it completes included."""
        nst, done = self.play(st, card)
        if done is None:
            return self.value(nst, objective, score)
        if objective == "points":
            gain = done.points if done.winner % 2 == 0 else -done.points
            return gain + self.value(nst, objective, score)
        return self.value(nst, objective, self.scored(done, score))

    def best_lines(self, st: State, objective: str, score: tuple[int, int],
                   tricks: int | None = None) -> Iterator[tuple[TrickDone, ...]]:
        """Every optimal continuation from ``st`` (each card one of its player's best), as the
        tricks it completes; ``tricks``: only that many."""
        if self.over(st) or tricks == 0:
            yield ()
            return
        vals = self.card_values(st, objective, score)
        top = max(vals.values())
        for card in sorted(c for c, v in vals.items() if v == top):
            yield from self.lines_after(st, card, objective, score, tricks)

    def lines_after(self, st: State, card: str, objective: str, score: tuple[int, int],
                    tricks: int | None = None) -> Iterator[tuple[TrickDone, ...]]:
        """Every continuation of ``card``, played from ``st``, where each later card is best."""
        nst, done = self.play(st, card)
        if done is None:
            yield from self.best_lines(nst, objective, score, tricks)
            return
        left = None if tricks is None else tricks - 1
        for rest in self.best_lines(nst, objective, self.scored(done, score), left):
            yield done, *rest

    def card_values(self, st: State, objective: str, score: tuple[int, int]) -> dict[str, Fraction]:
        """Each legal card's value for the side of the player to move."""
        side = self.turn(st) % 2
        return {c: for_side(self.after(st, c, objective, score), side, objective)
                for c in self.legal(st)}


def for_side(v0: Fraction, side: int, objective: str) -> Fraction:
    """Side 0's value ``v0`` as side ``side`` sees it."""
    if side == 0:
        return v0
    return -v0 if objective == "points" else 1 - v0


# ---- random deals -------------------------------------------------------------------------

@dataclass(frozen=True)
class Deal:
    """A position of ``kind`` (KINDS: a variant, ``_draw`` for the last draw), seats 0-based."""

    kind: str
    hands: tuple[tuple[str, ...], ...]
    table: tuple[str, ...]
    leader: int
    talon: tuple[str, ...]  # () or (top card, trump card)
    briscola: str | None
    played: tuple[str, ...]
    score: tuple[int, int] | None

    @property
    def variant(self) -> str:
        return self.kind.removesuffix("_draw")

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def trump(self) -> str | None:
        return None if self.briscola is None else self.briscola[1]

    @property
    def turn(self) -> int:
        return (self.leader + len(self.table)) % self.players

    @property
    def live(self) -> list[str]:
        """The cards not yet taken: hands, table and talon."""
        return [c for h in self.hands for c in h] + list(self.table) + list(self.talon)

    def rules(self) -> Rules:
        return Rules(self.players, self.trump, self.variant == "briscolone")

    def start(self) -> State:
        return tuple(frozenset(h) for h in self.hands), self.table, self.leader, self.talon

    def text(self, hidden: int | None = None) -> str:
        """The position's text; seat ``hidden``'s hand written ``?`` (the other seat's view)."""
        parts = [f"hand{i + 1}=" + ("?" if i == hidden else ",".join(h) or "-")
                 for i, h in enumerate(self.hands)]
        if self.table:
            parts.append("table=" + ",".join(self.table))
        if self.talon and self.variant == "scoperta":
            parts.append("top=" + self.talon[0])
        if self.briscola is not None:
            parts.append("briscola=" + self.briscola)
        parts.append("played=" + (",".join(self.played) or "-"))
        parts.append(f"turn={self.turn + 1}")
        if self.score is not None:
            parts.append(f"score={self.score[0]}-{self.score[1]}")
        if self.variant != "scoperta":
            parts.append("variant=" + self.variant)
        return " ".join(parts)


def _tricks_score(rng: random.Random, played: list[str], n: int, target: int | None):
    """The played cards split into whole tricks of ``n`` cards, given at random (``target``
    None) or so that side 0 comes close to ``target`` points: a score the tricks can make."""
    cards = played[:]
    rng.shuffle(cards)
    bias, s = rng.random(), [0, 0]
    for i in range(0, len(cards), n):
        p = sum(points(c) for c in cards[i : i + n])
        if target is None:
            s[0 if rng.random() < bias else 1] += p
        else:
            s[0 if s[0] + p <= target else 1] += p
    return s


def _close_score(rng: random.Random, played: list[str], n: int, live: int) -> tuple[int, int]:
    """A score near 60-60 that leaves the deal open, so that counting to 61 matters."""
    target = rng.randint(max(0, 61 - live - 3), min(120 - live, 63))
    best = min((_tricks_score(rng, played, n, target) for _ in range(60)),
               key=lambda s: abs(s[0] - target))
    return (best[0], best[1]) if rng.random() < 0.5 else (best[1], best[0])


def random_deal(rng: random.Random, kind: str) -> Deal:
    """A random position of ``kind``: the talon empty (the last draw for ``*_draw``), cards
    on the table or not, a score (near 60-60 more often than not) or none."""
    n = 4 if kind == "scoperta4" else 2
    notrump = kind in ("briscolone", "libero")
    draw = kind.endswith("_draw")
    deck = DECK[:]
    rng.shuffle(deck)
    k = rng.randint(1, 5) if notrump else 3 if draw else rng.randint(1, 3)
    on_table = rng.randint(0, 1 if draw else n - 1) if rng.random() < 0.45 else 0
    leader = rng.randrange(n)
    # the seats that already played to the trick hold one card fewer
    hands = tuple(tuple(deck.pop() for _ in range(k - ((i - leader) % n < on_table)))
                  for i in range(n))
    table = tuple(deck.pop() for _ in range(on_table))
    talon: tuple[str, ...] = (deck.pop(), deck.pop()) if draw else ()
    if notrump:
        briscola = None
    elif draw:
        briscola = talon[1]
    else:  # the turned card already drawn: played, or in a hand or on the table
        seen = [c for h in hands for c in h] + list(table)
        briscola = rng.choice(deck if rng.random() < 0.6 or not seen else seen)
    score = None
    if rng.random() < 0.7:
        live = sum(points(c) for c in [c for h in hands for c in h] + list(table) + list(talon))
        if rng.random() < 0.6:
            score = _close_score(rng, deck, n, live)
        else:
            a, b = _tricks_score(rng, deck, n, None)
            score = (a, b)
    return Deal(kind, hands, table, leader, talon, briscola, tuple(deck), score)
