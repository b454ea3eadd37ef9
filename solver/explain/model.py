"""What an explanation says, as plain data built from analyses: the cards of a solved line,
its tricks, the other cards and what they cost, the ideas found. One model for the two-player
games and the four-player endgames (whose tricks hold four cards and whose outcome counts for
teams)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from solver.analysis import Analysis, MoveValue
from solver.analysis.result import cards_text
from solver.cards import card_str
from solver.explain.render import team_json, to_json
from solver.position import Position
from solver.rules import deal_result


def no_trump(pos: Position) -> bool:
    """A game without trump (Briscolone, Libero): its explanation has its own reasons."""
    return pos.briscola < 0


def hand_of(pos: Position, p: int) -> int:
    """The hand mask of seat ``p``."""
    return pos.hands[p]


@dataclass(frozen=True)
class Ply:
    """One card of a solved line, with the analysis of the position it was played from."""

    player: int
    card: int
    analysis: Analysis | None  # None when the card is given (the table card)
    reason: str = ""  # four players: forced | any | best | table | alt

    @property
    def choices(self) -> int:
        return 0 if self.analysis is None else len(self.analysis.moves)

    @property
    def position(self) -> Position:
        """The open position the card was played from: what its analysis analysed (explain
        analyses open positions only). A table card, not analysed, has none."""
        a = self.analysis
        if a is None or not isinstance(a.position, Position):
            raise RuntimeError(
                f"no open position analysed before {card_str(self.card)} (a bug: please report it)"
            )
        return a.position

    @property
    def cost(self) -> Fraction | None:
        """What the cheapest other card would cost the player (None: no other card)."""
        a = self.analysis
        if a is None:
            return None
        others = [m.value_exact for m in a.moves if m.card != self.card]
        if not others or a.value_exact is None or None in others:
            return None
        return a.value_exact - max(v for v in others if v is not None)


@dataclass(frozen=True)
class Trick:
    number: int  # 1-based within the line
    leader: int
    lead: Ply
    follow: Ply
    winner: int
    points: int
    draws: tuple[int, int] | None  # (card the winner draws, card the loser draws)
    reasons: tuple[dict, ...] = ()

    @property
    def cards(self) -> tuple[int, int]:
        return (self.lead.card, self.follow.card)


@dataclass(frozen=True)
class Alternative:
    card: int
    value: Fraction
    cost: Fraction
    reply: int | None  # the answer that punishes it
    line: tuple  # the resulting line (of Trick or Trick4), after the card
    replier: int | None = None  # the player who answers
    #: where the reply falls: "answer" (in the card's own trick), "lead" (it opens the next
    #: trick: the card ended its trick) or "answer_next" (it answers ``lead`` in the next trick)
    role: str = "answer"
    lead: int | None = None

    @classmethod
    def judged(
        cls,
        move: MoveValue,
        root: Analysis,
        line: Sequence,
        plies: list[Ply],
        j: int | None,
        on_table: int,
        players: int,
    ) -> Alternative:
        """``move`` of ``root`` played instead of the best, ``line`` following it: its
        cost, and ``plies[j]``, the reply that punishes it (``plies``: the card judged and
        the line's cards after it; j None: no one answers it)."""
        cost = root.exact_value - move.exact_value
        if j is None:
            return cls(move.card, move.exact_value, cost, None, tuple(line))
        answer = plies[j]
        role, lead = reply_role(on_table, players, [p.card for p in plies], j)
        return cls(
            move.card, move.exact_value, cost, answer.card, tuple(line), answer.player, role, lead
        )


def on_table(pos: Position) -> int:
    """How many cards of the current trick are on the table, for either kind of position."""
    return len(pos.table)


def reply_role(on_table: int, players: int, cards: list[int], j: int) -> tuple[str, int | None]:
    """(role, lead) of ``cards[j]``, the reply to ``cards[0]`` (the card judged, played
    after ``on_table`` cards of its trick): see Alternative.role."""
    slot = on_table + j
    if slot < players:
        return "answer", None
    at = slot % players
    return ("lead", None) if at == 0 else ("answer_next", cards[j - at])


@dataclass(frozen=True)
class Idea:
    kind: str  # lose_for_trump | win_for_top | save_trump | liscio_lure | count_61
    player: int
    trick: int  # trick number in the main line (0: about the first decision)
    data: dict = field(default_factory=dict)

    @property
    def seat(self) -> int:
        """The player, as the four-player explanation calls them."""
        return self.player


@dataclass(frozen=True)
class Explanation:
    """Two players: tricks and outcome per player. Four players (``teams``): the line is of
    Trick4, tricks, points won and the final score are per team (1+3, 2+4), and there are
    no facts.

    ``position`` is the position explained, as given (a classic one stays classic, its
    text reads back as the same game); ``viewer`` the seat (0-based) whose view it was
    read from, None for an open position. The data (values, costs, the line) are the
    mover's; the words speak to ``you``: the viewer, else the mover."""

    position: Position
    objective: str
    phase: str  # endgame | last_draw | before_endgame
    mover: int
    analysis: Analysis
    line: tuple[Trick, ...] | tuple[Trick4, ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    ideas: tuple[Idea, ...] = ()
    tricks_won: tuple[int, int] = (0, 0)
    points_won: tuple[int, int] = (0, 0)
    final_score: tuple[int, int] | None = None
    facts: dict = field(default_factory=dict)
    viewer: int | None = None

    def __repr__(self) -> str:
        """One short line, as an Analysis prints (the dataclass's repr was every trick, ply
        and analysis: two kilobytes for a two-trick endgame): the phase, the best cards,
        the value and the line from the card to play where there is one, as the analysis's
        pv (``<Explanation endgame best=3C,AS value=+25 line=3C,2C,AS,RS>``)."""
        plies = (
            p for t in self.line for p in ((t.lead, t.follow) if isinstance(t, Trick) else t.cards)
        )
        cards = [p.card for p in plies if p.card not in self.position.table]
        parts = [self.phase, *self.analysis.headline()]
        if cards:
            parts.append(f"line={cards_text(cards)}")
        return f"<Explanation {' '.join(parts)}>"

    @property
    def you(self) -> int:
        """The seat the words speak to as "you": the viewer's, else the mover's."""
        return self.mover if self.viewer is None else self.viewer

    @property
    def best(self) -> tuple[int, ...]:
        """Every best card (the analysis's ``best``)."""
        return self.analysis.best

    @property
    def value(self) -> Fraction | None:
        """The exact value for the player to move (the analysis's ``value_exact``)."""
        return self.analysis.value_exact

    @property
    def winner(self) -> int | None:
        """0/1 for the player (four players: the team) who wins the deal, -1 for 60-60,
        None without score."""
        if self.final_score is None:
            return None
        r = deal_result(*self.final_score)
        return 0 if r > 0 else 1 if r < 0 else -1

    @property
    def teams(self) -> bool:
        """A four-player endgame: the outcome counts for the teams of seats 1+3 and 2+4."""
        return self.position.players == 4

    @property
    def team(self) -> int:
        """The side to move: 0 for player 1 (and 3), 1 for player 2 (and 4)."""
        return self.mover % 2

    def to_json(self) -> dict:
        """The explanation as JSON (the board's and ``explain --json``'s object)."""
        return team_json(self) if self.teams else to_json(self)


@dataclass(frozen=True)
class Trick4:
    """A four-player trick: its cards in play order (``Ply.reason`` says why each)."""

    number: int
    cards: tuple[Ply, ...]
    winner: int
    points: int
