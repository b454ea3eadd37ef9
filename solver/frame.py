"""The expected final margin: the one frame of a value a player can follow through a deal.

An analysis values a card in points still to win (mover minus opponent), a number that
falls by a trick's points when the trick is taken though nobody erred. Added to the points
the mover's side has already taken less the other side's, it is the expected final margin,
the frame of the review's graph, which moves only by a mistake or the luck of a draw. The
points taken are public in every game, so a seat's view has them as well (its own score).
"""

from __future__ import annotations

#: the frame a picture's card values are in: expected final margin, points still to win
#: (a position without a score), chance of winning the deal (the objective win)
FINAL, TO_WIN, WIN = "final", "togo", "win"
FRAMES = (FINAL, TO_WIN, WIN)


def taken_margin(pos) -> int | None:
    """The points the mover's side of ``pos`` has taken less the other side's (None without
    a score)."""
    score = getattr(pos, "score", None)
    if score is None:
        return None
    mine = pos.to_move % 2
    return score[mine] - score[1 - mine]


def frame_of(a) -> str:
    """The frame analysis ``a``'s values are shown in: the final margin wherever the score
    is known."""
    if a.objective == "win":
        return WIN
    return TO_WIN if taken_margin(a.position) is None else FINAL


def frame_offset(a) -> int:
    """What ``frame_of(a)`` adds to a value of ``a``: the points taken in the final margin,
    whole, so an exact value stays exact (a fraction plus it)."""
    taken = taken_margin(a.position)
    return taken if taken is not None and frame_of(a) == FINAL else 0


def shown_value(a, value: float) -> float:
    """A value of ``a`` (points still to win, or a chance) in ``frame_of(a)``."""
    return value + frame_offset(a)
