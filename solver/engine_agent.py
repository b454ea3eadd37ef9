"""Engine-backed players: ``engine`` (1 s a move), ``engine:T`` (T seconds a move) and
``engine-win:T`` (plays for the win probability instead of the point margin).

In 2-player Briscola scoperta they analyse the position and play the best card: exactly
when the exact search fits the time, else the anytime estimate. In 4-player scoperta (all
cards open) they use the general solver's open analysis. In the hidden-card games
(classic, Briscolone) they analyse from their own seat by sampling the hidden cards
(solver.seat), never peeking at the opponent's hand; without that module they play like
``greedy``.

Importing this module registers the names with solver.agents.
"""
from __future__ import annotations

import random

from .agents import GreedyAgent, NamedAgent, register_agent, register_resolver
from .game import GameState, legal_cards, to_game_position, to_position

DEFAULT_SECONDS = 1.0

class EngineAgent(NamedAgent):
    """Best card by the analysis API; ties are broken by the game's random generator."""

    def __init__(self, seconds: float = DEFAULT_SECONDS, objective: str = "points",
                 name: str | None = None):
        if not seconds > 0:
            raise ValueError(f"the engine needs a positive time per move, got {seconds}")
        self.seconds = float(seconds)
        self.objective = objective
        self.name = name or (f"engine:{seconds:g}" if objective == "points" else f"engine-win:{seconds:g}")
        self._fallback = GreedyAgent()
        self.last = None  # the last Analysis, for callers that want to show it

    def choose(self, state: GameState, rng: random.Random) -> int:
        v = state.variant
        legal = legal_cards(state)
        if len(legal) == 1:
            return legal[0]
        if v.name == "scoperta":
            a = self.analyse(to_position(state))
        elif v.open_hands:
            from .ganalysis import analyse as open_analyse
            a = open_analyse(to_game_position(state), self.objective, self.seconds)
        else:
            a = self._seat_analysis(state)
            if a is None:
                return self._fallback(state, rng)
        self.last = a
        best = sorted(a.best)
        return best[0] if len(best) == 1 else rng.choice(best)

    def _seat_analysis(self, state: GameState):
        """Analysis from the agent's own seat in a hidden-card game, or None."""
        try:
            from . import seat
        except ImportError:
            return None
        fn = getattr(seat, "analyse_state", None)
        if fn is None:
            return None
        return fn(state, state.turn, self.objective, self.seconds)

    def analyse(self, pos):
        """The analysis API within the agent's time: exact where the search finishes in its
        share of the time (all of it up to talon 8, most of it at talon 10), else the
        estimate with the rest."""
        from .analysis import analyse
        return analyse(pos, self.objective, self.seconds)


def parse_engine_name(key: str):
    """(seconds, objective) for 'engine', 'engine:T', 'engine-win', 'engine-win:T'; else None."""
    base, _, t = key.partition(":")
    if base not in ("engine", "engine-win"):
        return None
    try:
        seconds = DEFAULT_SECONDS if t == "" else float(t)
    except ValueError:
        raise ValueError(f"bad engine time in '{key}': use engine:SECONDS, e.g. engine:0.5") from None
    if not seconds > 0 or seconds != seconds or seconds == float("inf"):
        raise ValueError(f"bad engine time in '{key}': it must be a positive number of seconds")
    return seconds, ("win" if base == "engine-win" else "points")


def _resolve(key: str):
    parsed = parse_engine_name(key)
    if parsed is None:
        return None
    seconds, objective = parsed
    return lambda: EngineAgent(seconds, objective, name=key)


register_agent("engine", lambda: EngineAgent(DEFAULT_SECONDS, name="engine"))
register_agent("engine-win", lambda: EngineAgent(DEFAULT_SECONDS, "win", name="engine-win"))
register_resolver(_resolve)
