"""Players for simulated games, and the loops that run deals and matches.

An agent is any callable ``agent(view, rng) -> card`` returning a legal card for the
player to move. ``run_deal``, ``play_deal`` and ``play_match`` give it what that seat sees,
``GameState.view()``, never the whole GameState (a seat never hears what it cannot see): in
the hidden-card games a SeatPosition (its own hand, the table, the trump card, the cards
gone, the score and the tricks it saw played: the history the engine's inference reads),
in scoperta the open Position (every hand, the talon's top card but not its order). The
agents here read only that, so called directly they play the same from a GameState. New
kinds (the engine-backed players of solver.players.engine_agent) plug in with
``register_agent(name, factory)``; importing solver.players registers them. An agent with a
``deal_over(points)`` method is told each deal's points per side when it ends (the exec:
bots of solver.players.external pass them on).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from solver.cards import Card
from solver.errors import ArgumentTypeError, given, whole
from solver.game import GameState, MatchState, deal, make_rng, new_match, play
from solver.position import Position, PositionError, SeatPosition
from solver.rules import RulesError, Variant, trick_winner

_SUIT = tuple(c // 10 for c in range(40))
_PTS = tuple((0, 0, 0, 0, 0, 2, 3, 4, 10, 11)[c % 10] for c in range(40))


class Table(Protocol):
    """What the agents here read of a state: a GameState, or one seat's view of it (an
    open Position or a SeatPosition) -- the inference model (solver.players.infer) hands
    greedy an open Position it built."""

    @property
    def players(self) -> int: ...

    @property
    def to_move(self) -> int: ...

    @property
    def leader(self) -> int: ...

    @property
    def trump_suit(self) -> int: ...

    @property
    def table(self) -> tuple[int, ...]: ...

    @property
    def is_over(self) -> bool: ...

    def legal_cards(self) -> list[Card]: ...


#: ``agent(view, rng) -> card``: ``view`` is what the seat to move sees (``GameState.view()``)
Agent = Callable[[Any, random.Random], int]
#: the agents of a deal: one for every seat, one per side, or one per seat; each an agent or
#: its name (a comma-separated text of names too)
Agents = str | Agent | Sequence[str | Agent]


class NamedAgent:
    """Base for agents that carry a name (records and reports show it). An agent plays for
    the seat whose view it is given: ``choose`` refuses a finished deal, an ``rng`` that is
    not a random.Random, a ``state`` that is not a game's state or a position (its text: a
    TypeError) and a seat's view (a SeatPosition) on the hidden hand's turn, each in one
    line, then asks ``pick`` for the card."""

    name = "agent"

    def choose(self, state: Table, rng: random.Random) -> int:
        if not isinstance(rng, random.Random):
            raise RulesError.of("argument.rng", name="rng", got=given(rng))
        if not isinstance(state, (GameState, Position, SeatPosition)):
            raise ArgumentTypeError.of("argument.state", name="state", got=given(state))
        if state.is_over:
            raise RulesError.of("deal.over")
        if isinstance(state, SeatPosition) and state.to_move != state.seat:
            raise PositionError.of("seat.not_to_move", player=state.to_move + 1, seat=state.player)
        return self.pick(state, rng)

    def pick(self, state: Table, rng: random.Random) -> int:
        """The card for the seat to move, which sees its own hand."""
        raise NotImplementedError

    def __call__(self, state: Table, rng: random.Random) -> int:
        return self.choose(state, rng)

    def __repr__(self) -> str:
        return f"<agent {self.name}>"


class RandomAgent(NamedAgent):
    """A uniformly random legal card: the baseline every other player must beat."""

    name = "random"

    def pick(self, state: Table, rng: random.Random) -> int:
        return rng.choice(state.legal_cards())


def _is_trump(state: Table, c: int) -> bool:
    return _SUIT[c] == state.trump_suit


def _cost(state: Table, c: int) -> tuple:
    """How much giving a card away hurts: carichi last, then trumps, then points, then rank."""
    return (_PTS[c] >= 10, _is_trump(state, c), _PTS[c], c % 10)


class GreedyAgent(NamedAgent):
    """A simple sensible player: never wastes a carico, takes a trick when it gains
    points cheaply, otherwise throws its cheapest card; leads its cheapest non-trump."""

    name = "greedy"

    def pick(self, state: Table, rng: random.Random) -> int:
        legal = state.legal_cards()
        cheapest = min(legal, key=lambda c: _cost(state, c))
        if not state.table:
            return cheapest
        n = state.players
        cards = list(state.table)
        best = trick_winner(cards, state.trump_suit)
        best_seat = (state.leader + best) % n
        last = len(cards) == n - 1
        if best_seat % 2 == state.to_move % 2:
            if last:
                # partner holds the trick: give it the most points that are not a trump or carico
                gifts = [c for c in legal if not _is_trump(state, c) and _PTS[c] < 10]
                if gifts:
                    return max(gifts, key=lambda c: (_PTS[c], -(c % 10)))
            return cheapest
        on_table = sum(_PTS[c] for c in cards)
        winning = [c for c in legal if trick_winner(cards + [c], state.trump_suit) == len(cards)]
        plain = [c for c in winning if not _is_trump(state, c)]
        if plain:
            # a stronger card of the led suit: bank the most points it can
            return max(plain, key=lambda c: (_PTS[c], -(c % 10)))
        if winning:
            trump = min(winning, key=lambda c: (_PTS[c], c % 10))
            if (
                on_table >= 10
                or (on_table > 0 and _PTS[trump] == 0)
                or (_PTS[trump] < 10 and on_table >= 4)
            ):
                return trump
        return cheapest


_FACTORIES: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}


def register_agent(name: str, factory: Callable[[], Agent]) -> None:
    """Make ``get_agent(name)`` build agents with ``factory()``."""
    _FACTORIES[name.strip().lower()] = factory


_RESOLVERS: list[Callable[[str], Callable[[], Agent] | None]] = []


def register_resolver(resolver: Callable[[str], Callable[[], Agent] | None]) -> None:
    """For parametrised names (``engine:0.5``): ``resolver(name)`` (stripped, its case
    kept) returns a factory or None."""
    _RESOLVERS.append(resolver)


def agent_names() -> list[str]:
    return sorted(_FACTORIES)


def get_agent(name: str) -> Agent:
    """A new agent of kind ``name`` (agent_names(), engine:SECONDS, engine@SAMPLES, ...)."""
    if not isinstance(name, str):
        raise RulesError.of("argument.agent", name="name", got=given(name))
    key = name.strip().lower()
    if key not in _FACTORIES:
        for resolve in _RESOLVERS:
            factory = resolve(name.strip())  # its case kept: exec:COMMAND names a program
            if factory is not None:
                return factory()
        raise RulesError.of("agent.unknown", name=name, names=", ".join(agent_names()))
    return _FACTORIES[key]()


def agent_name(agent: object) -> str:
    return getattr(agent, "name", getattr(agent, "__name__", "agent"))


def seat_agents(agents: Agents, players: int) -> list[Agent]:
    """One agent per seat: a single agent plays every seat, two agents play the two sides
    (seat parity), or one per seat. Names are looked up with get_agent."""
    if isinstance(agents, str):
        agents = [a for a in agents.split(",")]
    if callable(agents):
        agents = [agents]
    if not isinstance(agents, Sequence):
        raise RulesError.of("argument.agents", name="agents", got=given(agents))
    each: list[Agent] = []
    for a in agents:
        if not (isinstance(a, str) or callable(a)):
            raise RulesError.of("argument.agents", name="agents", got=given(a))
        each.append(get_agent(a) if isinstance(a, str) else a)
    if len(each) == 1:
        return each * players
    if len(each) == 2:
        return [each[s % 2] for s in range(players)]
    if len(each) == players:
        return each
    if players == 2:
        raise RulesError.of("agent.count2", got=len(each))
    raise RulesError.of("agent.count", players=players, got=len(each))


def beneath(agent: Agent) -> Agent:
    """The agent a wrapper plays for (``agent.agent``: engine_agent.OnEngine, one a seat of a
    hidden-card game, so that one agent at two seats is two wrappers), else ``agent``: what
    is told a deal's end once."""
    return getattr(agent, "agent", agent)


def run_deal(state: GameState, agents: Agents, rng: random.Random) -> GameState:
    """Play ``state`` to its end with one agent per seat, each given what its seat sees
    (``state.view()``: see the module's docstring), never the GameState."""
    seats = seat_agents(agents, state.players)
    while not state.is_over:
        state = play(state, seats[state.to_move](state.view(), rng))
    for agent in {id(beneath(a)): a for a in seats}.values():  # a bot is told each deal's result
        if hasattr(agent, "deal_over"):
            agent.deal_over(state.side_points)
    return state


def play_deal(
    variant: Variant | str,
    agents: Agents,
    seed: int | random.Random | None = None,
    dealer: int | None = None,
) -> GameState:
    """Deal with ``seed`` and play to the end; the same seed gives the same deal and moves.
    ``dealer``: the dealing seat counted from 0, as ``deal`` takes it. Each agent is given
    what its seat sees (``GameState.view()``), as in ``run_deal``."""
    rng = make_rng(seed)
    state = deal(variant, rng, dealer)
    return run_deal(state, agents, rng)


def play_match(
    variant: Variant | str,
    agents: Agents,
    seed: int | random.Random | None = None,
    target: int | None = None,
    dealer: int | None = None,
    max_deals: int = 1000,
) -> MatchState:
    """Play deals until the match rule of the variant declares a winner; the dealer
    passes to the next seat after every deal. ``target``, ``dealer`` (the first dealer, a
    seat counted from 0) as ``new_match`` takes them; more than ``max_deals`` deals is an
    error. Each agent is given what its seat sees, as in ``run_deal``."""
    if not whole(max_deals) or max_deals < 1:
        raise RulesError.of("argument.at_least", name="max_deals", lo=1, got=given(max_deals))
    rng = make_rng(seed)
    match = new_match(variant, target, dealer)
    seats = seat_agents(agents, match.variant.players)
    while not match.is_over:
        if len(match.deals) >= max_deals:
            raise RulesError.of("match.max_deals", most=max_deals)
        state = deal(match.variant, rng, match.next_dealer)
        match = match.add(run_deal(state, seats, rng))
    return match
