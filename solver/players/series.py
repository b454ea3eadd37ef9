"""A series of games between agents (`briscola simulate`): the games and their tally per side."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from solver.analysis import current_engine
from solver.game import GameState, MatchState, default_dealer
from solver.players.agents import Agents, play_deal, play_match, seat_agents
from solver.players.engine_agent import own_engines
from solver.rules import RulesError, Variant


def play_series(
    variant: Variant,
    seats: Agents,
    games: int,
    seed: int,
    as_match: bool,
    target: int | None = None,
) -> Iterator[tuple[int, MatchState | GameState]]:
    """(the game's seed, its finished MatchState or GameState) for each of ``games`` games:
    player 1 leads the first (the rules' default), the deal passing to the next seat every
    game; the same seed gives the same games. In a hidden-card game each agent chooses on
    an engine of its own (own_engines: the running engine, then its twins, let go when the
    series ends), so that no agent's search reads another's tables."""
    engine = current_engine()
    agents = seat_agents(seats, variant.players)
    on = own_engines(variant, agents, [engine, *engine.twins(len(agents) - 1)])
    rng = random.Random(seed)
    try:
        for g in range(games):
            dealer = (default_dealer(variant) + g) % variant.players
            game_seed = rng.randrange(2**31)
            if as_match:
                yield game_seed, play_match(variant, on, game_seed, target, dealer)
            else:
                yield game_seed, play_deal(variant, on, game_seed, dealer)
    finally:
        for twin in {id(a.engine): a.engine for a in on if a.engine is not engine}.values():
            twin.close()


@dataclass
class Tally:
    """Games won per side and drawn, and over every deal: points per side, deals played,
    deals by result (index +1 side 1 won, -1 side 2 won, 0 drawn)."""

    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    deals: int = 0
    results: list[int] = field(default_factory=lambda: [0, 0, 0])

    def add(self, game: MatchState | GameState) -> None:
        """Count a finished game: a match with its winner known, or a deal."""
        deals: Sequence[GameState]
        if isinstance(game, MatchState):
            w, deals = game.winner, game.deals
            if w is None:
                raise RulesError.of("match.no_result")
        else:
            w, deals = (-1 if game.result == 0 else 0 if game.result > 0 else 1), [game]
        if w < 0:
            self.draws += 1
        else:
            self.wins[w] += 1
        for d in deals:
            self.deals += 1
            self.results[d.result] += 1
            for s in (0, 1):
                self.points[s] += d.side_points[s]
