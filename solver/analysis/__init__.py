"""The analysis API: a position in, the value of every legal card out.

Plain Python over the search kernels. Values are for the player to move (see NOTATION.md):
objective "points" = expected points still to win, mover minus opponent; objective "win" =
probability that the mover ends the deal with 61+ (60-60 counts one half).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction

from solver.cards import card_str
from solver.position.protocol import State
from solver.position.scoperta import Position, PositionError

OBJECTIVES = ("points", "win")


@dataclass(frozen=True)
class MoveValue:
    card: int
    value: float
    value_exact: Fraction | None  # None when the value is an estimate
    error: float | None = None    # half-width of a 95 % interval for estimates


@dataclass(frozen=True)
class Analysis:
    position: State
    objective: str
    exact: bool
    value: float
    value_exact: Fraction | None
    moves: tuple[MoveValue, ...]   # every legal card, best first
    best: tuple[int, ...]          # every card that reaches the value
    pv: tuple[int, ...]            # principal line while no chance intervenes
    nodes: int
    seconds: float
    method: str = "exact"
    notes: tuple[str, ...] = field(default=())
    samples: int | None = None     # seat analysis: how many opponent hands were sampled

    def move(self, card: int) -> MoveValue:
        for m in self.moves:
            if m.card == card:
                return m
        raise KeyError(card)

    def to_json(self) -> dict:
        def fr(x):
            return None if x is None else (str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}")
        out = {
            "position": self.position.to_text(),
            "to_move": self.position.turn + 1,
            "objective": self.objective,
            "exact": self.exact,
            "value": self.value,
            "value_exact": fr(self.value_exact) if self.exact else None,
            "best": [card_str(c) for c in sorted(self.best, key=card_str)],
            "moves": [{"card": card_str(m.card), "value": m.value,
                       "value_exact": fr(m.value_exact) if self.exact else None,
                       **({} if m.error is None else {"error": m.error})} for m in self.moves],
            "pv": [card_str(c) for c in self.pv],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }
        if not self.exact:
            out["method"] = self.method
        if self.samples is not None:
            out["samples"] = self.samples
        return out


def check_objective(pos: Position, objective: str) -> None:
    if objective not in OBJECTIVES:
        raise PositionError(f"unknown objective '{objective}' (points or win)")
    if objective == "win" and pos.score is None:
        raise PositionError("objective win needs score= (the points each player has taken)")


def analyse(pos: Position, objective: str = "points", time_limit: float | None = None,
            estimate_on_interrupt: bool = False, estimate_limit: float | None = None) -> Analysis:
    """Exact values of every legal card (or, past the time limit, a labelled estimate).

    ``estimate_limit`` caps the seconds an estimate may take within the time limit: a long
    limit is meant for an exact search that may finish, while an estimate settles within
    seconds (measured: the same best cards at 0.1, 1 and 5 s at talon 10 and 12).

    Ctrl-C propagates as KeyboardInterrupt, so loops over many positions can stop; with
    ``estimate_on_interrupt`` (one position at the command line) an interrupted exact
    search returns a quick labelled estimate instead."""
    check_objective(pos, objective)
    if time_limit is not None and not 0 < time_limit < float("inf"):
        raise ValueError(f"a time limit is a finite positive number of seconds, got {time_limit}")
    # the clock starts once the kernels are loaded: loading them is once a process (seconds
    # on a busy machine, a compile on the first run, announced by the CLI), and counting it
    # left the first analysis of a process a handful of samples (a hint at the deal named
    # FB at ±7.6 where a settled estimate has 3C ahead by 1.8 ± 0.8)
    from solver.position.seat import SeatPosition
    if isinstance(pos, SeatPosition):
        from solver.analysis import sampling as seat
        return seat.analyse(pos, objective, time_limit, t0=time.perf_counter())
    from solver.position.general import GamePosition
    if isinstance(pos, GamePosition):
        from solver.analysis import exact_general as ganalysis
        return ganalysis.analyse(pos, objective, time_limit, time.perf_counter(), estimate_limit)
    from solver.analysis import exact as engine
    if pos.talon_size >= 10 and not pos.clairvoyant:  # where estimates are the rule
        from solver.analysis import estimate  # noqa: F401 - the estimator's kernel, loaded before the clock
    return engine.analyse(pos, objective, time_limit, time.perf_counter(), estimate_on_interrupt,
                          estimate_limit)
