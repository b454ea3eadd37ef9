"""Engine-backed players. Names (see parse_engine_name):

* ``engine`` (1 s a move), ``engine:T`` (T seconds a move): the clock sets how much is done;
* ``engine@N``: N samples a move, whatever the clock says, so that the same seed gives the
  same match on any machine (every random choice of the engine is seeded by the position);
* ``engine-win...``: plays for the probability of winning the deal instead of the margin;
* ``engine-plain...``: the hidden-card engine without inference about the opponent's hand
  from its plays (solver.players.infer): every consistent hand weighs the same;
* ``engine-pimc:T``: the hidden-card engine as it was before the fixed-method estimator
  (solver.players.pimc), kept as a baseline to measure against.

In 2-player Briscola scoperta they analyse the position and play the best card: exactly
when the exact search fits the time, else the anytime estimate. In 4-player scoperta (all
cards open) they use the general solver's open analysis. In the hidden-card games
(classic, Briscolone) they analyse from their own seat by sampling the hidden cards
(the engine's seat analysis), never peeking at the opponent's hand.

Importing this module registers the names with solver.players.agents.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from solver import settings
from solver.analysis import Engine, Limit, analyse, current_engine, pause
from solver.game import GameState, deal, play
from solver.players import pimc
from solver.players.agents import Agent, NamedAgent, agent_name, register_agent, register_resolver
from solver.players.external import ExternalAgent
from solver.players.infer import hand_weigher
from solver.rules import RulesError, Variant

DEFAULT_SECONDS = 1.0
#: the most samples a move engine@N takes (as analyse --samples)
MAX_SAMPLES = 1_000_000
#: the numbers of engine@N and engine:T, in ASCII (int() and float() take other digits, and
#: "1_0"); a time may have a fraction and an exponent
_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")
#: name -> (objective, the pimc baseline, inference about the hidden hand)
BASES = {
    "engine": ("points", False, True),
    "engine-win": ("win", False, True),
    "engine-plain": ("points", False, False),
    "engine-pimc": ("points", True, False),
}
NAME_HELP = (
    "engine:SECONDS (e.g. engine:0.5), engine@SAMPLES (e.g. engine@50: a budget "
    "that does not depend on the clock), engine-win:..., engine-plain:..., engine-pimc:SECONDS"
)


class EngineAgent(NamedAgent):
    """Best card by the analysis API within ``seconds`` or ``samples`` a move; ties are
    broken by the game's random generator."""

    def __init__(
        self,
        seconds: float | None = DEFAULT_SECONDS,
        objective: str = "points",
        name: str | None = None,
        samples: int | None = None,
        pimc: bool = False,
        infer: bool = True,
    ):
        if samples is not None:
            if samples < 1:
                raise RulesError.of("engine.samples", samples=samples)
            seconds = None
        elif not (seconds is not None and seconds > 0):
            raise RulesError.of("engine.seconds", seconds=seconds)
        self.seconds = None if seconds is None else float(seconds)
        self.samples = samples
        self.objective = objective
        self.pimc = pimc
        self.infer = infer
        budget = f"@{samples}" if samples is not None else f":{seconds:g}"
        base = (
            "engine-pimc"
            if pimc
            else "engine-win"
            if objective == "win"
            else "engine"
            if infer
            else "engine-plain"
        )
        self.name = name or base + budget
        self.last = None  # the last Analysis, for callers that want to show it
        current_engine().ready()  # the kernels load now, so no decision's clock counts their load

    def pick(self, state, rng: random.Random) -> int:
        """The card for the seat to move of a game's state or of a seat's view: either way
        the analysis is of what that seat sees (``GameState.view``)."""
        legal = state.legal_cards()
        if len(legal) == 1:
            return legal[0]
        view = state.view() if isinstance(state, GameState) else state
        a = self._seat_analysis(view) if view.hidden_hand else self.analyse(view)
        if a.interrupted:
            raise KeyboardInterrupt  # a match or a game stops on Ctrl-C, not just this card
        self.last = a
        best = sorted(a.best)
        return best[0] if len(best) == 1 else rng.choice(best)

    def prepare(self, variant: Variant, engine: Engine) -> None:
        """Make on ``engine`` the table this agent's first analysis of a ``variant`` game
        searches on, now rather than at its first card: the analysis keeps the table's
        making off its clock, the card waited for it (a first card given 0.1 s took
        0.24-0.44 s in a classic, Briscolone or Libero match, a 64 MB table faulting in on
        each of its four engines; in 2-player scoperta given 1 s, the first card at talon 10
        1.45-1.68 s, its 128 MB table; a loaded 2-core VM). The table is found by walking
        a deal of the game to the first position that searches on one; engine@N keeps no
        clock, and makes its tables as it goes."""
        if self.seconds is None:
            return
        state = deal(variant, random.Random(0))
        while not state.is_over:
            view = state.view()
            if engine.ready_for(view, self.seconds):
                return
            state = play(state, view.legal_cards()[0])

    def _seat_analysis(self, view):
        """Analysis from the seat of a hidden-card game's view (a SeatPosition), the
        opponent's hand sampled."""
        if self.pimc:
            return pimc.analyse(view, self.objective, self.seconds)
        weigh = hand_weigher(view) if self.infer else None
        return analyse(view, self.objective, limit=self._limit(), progress=False, weigh=weigh)

    def _limit(self) -> Limit:
        return Limit(samples=self.samples) if self.samples is not None else Limit(time=self.seconds)

    def analyse(self, pos):
        """The analysis API within the agent's budget: with a time, exact where the search
        finishes in its share of the time (all of it up to talon 8, most of it at talon 10),
        else the estimate with the rest; with samples, exact where that costs about a
        sample (Engine.exact_is_cheap), else the estimate over that many samples."""
        if self.samples is None:
            return analyse(pos, self.objective, limit=self._limit())
        if current_engine().exact_is_cheap(pos):
            return analyse(pos, self.objective)
        return analyse(pos, self.objective, limit=self._limit(), progress=False)


T = TypeVar("T")


class OnEngine:
    """An agent whose every card is chosen on ``engine`` (its tables, threads and progress
    sink), whatever engine runs around it; its name and its other methods (``deal_over``)
    are the agent's. With ``full_time`` (seconds) each card of a hidden hand but its last
    is given no sooner than that after the call, as in_full_time gives it: for a bot, which
    could time it."""

    def __init__(self, agent: Agent, engine: Engine, full_time: float | None = None) -> None:
        self.agent, self.engine, self.full_time = agent, engine, full_time

    @property
    def name(self) -> str:
        return agent_name(self.agent)

    def __call__(self, view: Any, rng: random.Random) -> int:
        def choose() -> int:
            with self.engine.active():
                return self.agent(view, rng)

        return _held(self.full_time, view.hidden_hand and view.own.bit_count() > 1, choose)

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.agent, attr)


def own_engines(
    variant: Variant, agents: Sequence[Agent], engines: Sequence[Engine]
) -> list[OnEngine]:
    """``agents`` (one a seat; an agent may hold several) on the ``engines`` of one game: in
    a hidden-card game each seat on one of its own, in order, one agent at two seats too,
    so that no seat's search reads another's tables (a seat's searches of the worlds it
    samples all hold its true hand: its opponent, reading them, would solve the worlds
    holding that hand faster); in an open game, where every seat sees the same cards and
    the tables hold nothing one seat knows and another does not, each agent on the first.
    Each engine agent's first table is made on its engine now (EngineAgent.prepare). Where
    a bot plays a hidden-card game, an engine agent on a clock gives each card in its whole
    time (OnEngine's full_time): a bot that timed its opponent's cards learnt which were
    forced (in Briscolone, its only card of the suit led) and which analyses ended early."""
    if not variant.open_hands:
        bot = any(isinstance(a, ExternalAgent) for a in agents)
        on = [OnEngine(a, engines[i], _full_time(a) if bot else None) for i, a in enumerate(agents)]
    else:
        one = {id(a): OnEngine(a, engines[0]) for a in agents}
        on = [one[id(a)] for a in agents]
    for o in {(id(o.agent), id(o.engine)): o for o in on}.values():
        if isinstance(o.agent, EngineAgent):
            o.agent.prepare(variant, o.engine)
    return on


def _full_time(agent: Agent) -> float | None:
    """An engine agent's time a card, None for any other agent or a budget of samples."""
    return agent.seconds if isinstance(agent, EngineAgent) else None


def in_full_time(state: GameState, seconds: float | None, choose: Callable[[], T]) -> T:
    """``choose()``'s card (or choice) for the seat to move at ``state``, given no sooner
    than ``seconds`` after the call where its opponent's seat is listening: in a hidden-card
    game while that seat holds more than one card (its last is forced in everyone's sight;
    with the hands in view, or ``seconds`` None, as soon as it is had). How soon a card
    comes would tell what it holds (a card it must play, its only one of the suit led in
    Briscolone, came at once; an analysis that ran out of hands to sample ended early). A
    stop or Ctrl-C ends the wait."""
    hidden = not state.variant.open_hands
    return _held(seconds, hidden and state.hands[state.to_move].bit_count() > 1, choose)


def _held(seconds: float | None, listened: bool, choose: Callable[[], T]) -> T:
    """``choose()``'s card, given no sooner than ``seconds`` after the call where a seat
    that could time it is ``listened`` to (in_full_time's rule, OnEngine's for a bot)."""
    start = time.perf_counter()
    card = choose()
    if seconds is not None and listened:
        pause(seconds - (time.perf_counter() - start))
    return card


def parse_engine_name(key: str):
    """(seconds, samples, objective, pimc, infer) for an engine name (NAME_HELP), else
    None; RulesError for an engine name with a bad budget."""
    key = key.strip().lower()
    at = key.find("@")
    colon = key.find(":")
    cut = min(i for i in (at, colon, len(key)) if i >= 0)
    base, sep, budget = key[:cut], key[cut : cut + 1], key[cut + 1 :]
    if base not in BASES:
        return None
    objective, pimc, infer = BASES[base]
    if sep == "@":
        if pimc:
            raise RulesError.of("engine.pimc_time", agent=key)
        if not _WHOLE.fullmatch(budget):
            raise RulesError.of("engine.budget", agent=key)
        samples = int(budget) if len(budget) <= 9 else MAX_SAMPLES + 1
        if not 1 <= samples <= MAX_SAMPLES:
            raise RulesError.of("engine.budget_range", agent=key, most=MAX_SAMPLES)
        return None, samples, objective, pimc, infer
    if sep and not _DECIMAL.fullmatch(budget):
        raise RulesError.of("engine.time", agent=key)
    seconds = DEFAULT_SECONDS if sep == "" else float(budget)
    if not 0 < seconds <= settings.MAX_SECONDS:
        raise RulesError.of("engine.time_range", agent=key, most=f"{settings.MAX_SECONDS:g}")
    return seconds, None, objective, pimc, infer


def _resolve(key: str):
    key = key.lower()
    parsed = parse_engine_name(key)
    if parsed is None:
        return None
    seconds, samples, objective, pimc, infer = parsed
    return lambda: EngineAgent(
        seconds, objective, name=key, samples=samples, pimc=pimc, infer=infer
    )


def _plain_factory(base: str):
    objective, pimc, infer = BASES[base]
    return lambda: EngineAgent(DEFAULT_SECONDS, objective, name=base, pimc=pimc, infer=infer)


for _base in BASES:
    register_agent(_base, _plain_factory(_base))
register_resolver(_resolve)
