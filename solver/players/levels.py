"""The engine opponent of `briscola play` at four strengths, and its advice to the human.

Easy mixes random and greedy cards, medium is sometimes greedy, hard and perfect analyse
(hard with a quarter of the time). The choices are game logic only: the CLI says them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from solver.analysis import Analysis
from solver.game import GameState, legal_cards, to_position
from solver.players.agents import GreedyAgent, RandomAgent
from solver.review import try_analyse

LEVELS = ("easy", "medium", "hard", "perfect")


@dataclass(frozen=True)
class Choice:
    card: int
    analysis: Analysis | None
    how: str  # analysis | greedy | random | forced | fallback (greedy: no analysis was had)
    # | agent (`play --opponent`: an agent's card, with no why)


def engine_time(level: str, time_per_move: float) -> float:
    """Perfect thinks for the whole time per move; the other levels for a quarter of it."""
    return time_per_move if level == "perfect" else max(0.02, time_per_move / 4)


def advise(state: GameState, time_limit: float, cache: dict | None = None) -> Choice:
    """The best card of scoperta ``state`` by an analysis within ``time_limit``, or greedy's
    card when no analysis was had in time."""
    a = try_analyse(to_position(state), time_limit, cache)
    if a is None:
        return Choice(GreedyAgent().choose(state, random.Random(0)), None, "fallback")
    return Choice(a.moves[0].card, a, "analysis")


def choose_move(
    state: GameState,
    level: str,
    time_per_move: float,
    rng: random.Random,
    cache: dict | None = None,
) -> Choice:
    """The engine's card at ``level`` in scoperta; the rng makes easy and medium reproducible."""
    legal = to_position(state).legal_cards()
    if len(legal) == 1:
        return Choice(legal[0], None, "forced")
    roll = rng.random()
    if level == "easy":
        if roll < 0.4:
            return Choice(RandomAgent().choose(state, rng), None, "random")
        return Choice(GreedyAgent().choose(state, rng), None, "greedy")
    if level == "medium" and roll < 0.35:
        return Choice(GreedyAgent().choose(state, rng), None, "greedy")
    return advise(state, engine_time(level, time_per_move), cache)


def choose_other(state: GameState, level: str, engine, rng: random.Random) -> Choice:
    """An engine seat's card in the other games, at ``level`` (as choose_move), and how it
    was chosen; ``engine`` is the agent that plays the analysed levels (its analysis, from
    its own seat, is ``engine.last``)."""
    roll = rng.random()
    if len(legal_cards(state)) == 1:
        return Choice(legal_cards(state)[0], None, "forced")
    if level == "easy":
        how = "random" if roll < 0.4 else "greedy"
        return Choice(
            (RandomAgent() if roll < 0.4 else GreedyAgent()).choose(state, rng), None, how
        )
    if level == "medium" and roll < 0.35:
        return Choice(GreedyAgent().choose(state, rng), None, "greedy")
    engine.last = None
    c = engine(state, rng)
    return Choice(c, engine.last, "analysis" if engine.last is not None else "fallback")
