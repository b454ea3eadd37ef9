"""Explanations of a position in words a club player understands.

Two layers kept apart: ``explain`` builds an ``Explanation`` (plain data, from analyses
only: the solved line, what each other card costs and how it is punished, the ideas found
in those lines) and ``render_text`` words it from one template table per language
(solver.i18n). Nothing here searches: every fact comes from ``solver.analysis.analyse``.

model: the data; scoperta: two players with trumps; notrump: the Briscolone and Libero
endgames; teams: the four-player endgames; render: text and JSON.
"""

from __future__ import annotations

from dataclasses import replace

from solver.analysis.budget import Limit, check_budget, limit_given_second
from solver.errors import ArgumentTypeError, BriscolaError, given
from solver.explain.model import (
    Alternative,
    Explanation,
    Idea,
    Ply,
    Trick,
    Trick4,
    hand_of,
    no_trump,
)
from solver.explain.notrump import (
    GAME_VARIANTS,
    check_explainable,
    classic_as_scoperta,
    explain_game,
)
from solver.explain.render import render4, render_text, team_json, to_json
from solver.explain.scoperta import (
    EARLY_TIME_LIMIT,
    LineSolver,
    explain_scoperta,
    is_deterministic,
    line_tricks,
    phase_of,
)
from solver.explain.teams import before_last_tricks4, explain4, explainable
from solver.position import Position, PositionError, SeatPosition
from solver.i18n import (
    AGREE,
    LANGS,
    MESSAGES,
    VERBS,
    agree,
    card_phrase,
    check_lang,
    fmt_fraction,
    message,
)

__all__ = [
    "AGREE",
    "EARLY_TIME_LIMIT",
    "GAME_VARIANTS",
    "LANGS",
    "MESSAGES",
    "VERBS",
    "Alternative",
    "Explanation",
    "Idea",
    "LineSolver",
    "Ply",
    "Trick",
    "Trick4",
    "agree",
    "card_phrase",
    "before_last_tricks4",
    "check_explainable",
    "classic_as_scoperta",
    "explain",
    "explain4",
    "explain_position",
    "explain_seen",
    "explainable",
    "fmt_fraction",
    "hand_of",
    "in_view",
    "is_deterministic",
    "no_trump",
    "line_tricks",
    "message",
    "phase_of",
    "explanation_text",
    "render4",
    "render_text",
    "team_json",
    "to_json",
]


def explain(
    pos: Position, objective: str = "points", time_limit: float | None = None
) -> Explanation:
    """Everything the explanation of a two-player position says, as data built from analyses."""
    if no_trump(pos):
        return explain_game(pos, objective)
    return explain_scoperta(pos, objective, time_limit)


def in_view(pos: Position | SeatPosition) -> Position:
    """``pos`` with every hand in view, as an explanation walks its line: a seat's view
    (``?``) becomes the open position it determines (``SeatPosition.known_position``: the
    other hand known by elimination once the talon is empty), so the seat is told nothing
    it cannot see; a view that leaves the other hand open is refused in one line."""
    if not isinstance(pos, SeatPosition):
        return pos
    known = pos.known_position()
    if known is not None:
        return known
    if not pos.talon_size:
        raise PositionError.of("explain.no_hand")
    raise PositionError.of(
        "explain.hidden", seat=pos.player, other=pos.opponent + 1, talon=pos.talon_size
    )


def explain_position(
    pos: Position | SeatPosition,
    objective: str | Limit = "points",
    time_limit: float | None = None,
    lang: str = "en",
    *,
    limit: Limit | None = None,
) -> Explanation:
    """The explanation of any explainable position: the team view of a four-player endgame,
    else the two-player one (which refuses, in one line, what it cannot explain). A seat's
    view is explained where it determines the other hand, else refused (``in_view``). A
    deal played to its end (``Position.play``'s last card) and a ``lang`` not spoken are
    refused in one line; ``pos`` of another type (its text: read it with ``solver.parse``
    first, as ``analyse`` wants) is a TypeError naming it. A seat's view is explained to
    that seat: "you" is the seat, the values and the line said from its side, whoever is
    to move. ``time_limit``: seconds for each
    analysis before the last draw (default EARLY_TIME_LIMIT), a finite positive number; or
    ``limit``, the budget as analyse takes it (``Limit(time=...)``: an explanation's analyses
    are timed, not counted), given second as python-chess's ``engine.analyse(board, limit)``
    or as ``limit=``."""
    check_lang(lang)
    goal, time_limit = _budget(objective, time_limit, limit)
    if time_limit is not None:
        check_budget(time_limit, None, None, time_name="time_limit")
    if not isinstance(pos, (Position, SeatPosition)):
        raise ArgumentTypeError.of("argument.explain_pos", got=type(pos).__name__)
    return explain_seen(pos, in_view(pos), goal, time_limit)


def _budget(
    objective: str | Limit, time_limit: float | None, limit: Limit | None
) -> tuple[str, float | None]:
    """(objective, seconds) of explain_position's arguments, its budget given as a Limit
    or as seconds, never both."""
    objective, limit = limit_given_second(objective, limit)
    if limit is None:
        return objective, time_limit
    if not isinstance(limit, Limit):
        raise ArgumentTypeError.of("budget.limit", got=given(limit))
    if time_limit is not None:
        raise BriscolaError.of("budget.limit_one")
    if (limit.samples, limit.nodes, limit.estimate_time) != (None, None, None):
        raise BriscolaError.of("explain.limit_time", got=repr(limit))
    return objective, limit.time


def explain_seen(
    pos: Position | SeatPosition,
    seen: Position,
    objective: str = "points",
    time_limit: float | None = None,
) -> Explanation:
    """explain_position's explanation of ``pos`` from ``seen``, ``in_view(pos)`` as the
    caller worked it out (the board does, to refuse a hidden hand before it queues the job);
    ``time_limit`` checked by the caller, as explain_position checks it. A deal played to
    its end is refused in one line."""
    if pos.is_over:
        raise PositionError.of("deal.over_explain")
    viewer = pos.seat if isinstance(pos, SeatPosition) else None
    if explainable(seen):
        ex = explain4(seen, objective)
    else:
        ex = explain(check_explainable(seen), objective, time_limit)
    # a classic position is explained as the scoperta one it is from the last draw on: its
    # text still says the game given (it read back as scoperta)
    return replace(ex, position=seen, viewer=viewer)


def explanation_text(ex: Explanation, lang: str = "en") -> str:
    """The words of any explanation, in ``lang`` (not named ``render``: that is the module
    of the words, and a type checker cannot tell the two apart). ``ex`` of another type (a
    position: explain it first with ``explain_position``) is a TypeError naming it."""
    if not isinstance(ex, Explanation):
        raise ArgumentTypeError.of("argument.explanation", got=type(ex).__name__)
    return render4(ex, lang) if ex.teams else render_text(ex, lang)
