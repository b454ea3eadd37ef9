"""Briscola solver: exact values, explanations, puzzles and games for Briscola scoperta
and its sister games (classic Briscola, Briscolone, four players).

    import solver
    pos = solver.parse("hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    a = solver.analyse(pos)                       # every legal card's value, best first
    print(a.best, a.value, a.exact)               # (3C, AS) 25.0 True
    print(pos.play("AS"))                         # the text board after a card
    guess = solver.analyse(solver.parse("variant=classic hand1=FB,5C,FC hand2=? "
                                        "briscola=2S played=- turn=1"),
                           limit=solver.Limit(samples=50))
    engine = solver.Engine(tt_mb=64, threads=1)   # tables, threads, progress of its own
    print(solver.explanation_text(solver.explain_position(pos)))
    end = solver.play_deal("classic", [solver.get_agent("greedy"), solver.get_agent("random")],
                           seed=1)
    solver.write_record("game.json", solver.deal_record(end, seed=1, players=["greedy", "random"]))
    again = solver.replay_record(solver.read_record("game.json"))   # == end

Every name below is loaded from its module on first use (PEP 562), so that ``import
solver.cards`` (or a command that only draws a position) does not load numba and the
search kernels. docs/architecture.md says which module owns what.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the same names for a type checker (tests/test_typing.py keeps them so)
    from solver.analysis import Analysis, Engine, Limit, MoveValue, Stop, Stopped, analyse
    from solver.analysis.result import Interval, Method, Way
    from solver.cards import Card, CardSet, card_str, parse_card, parse_cards
    from solver.explain import Explanation, explain_position
    from solver.explain import explanation_text
    from solver.game import GameState, Step, deal
    from solver.position.protocol import DealResult
    from solver.players.agents import get_agent, play_deal, play_match
    from solver.record import RecordError, deal_record, match_record
    from solver.record import read_record, read_records, record_positions, write_record
    from solver.record import replay as replay_record
    from solver.position import IllegalMoveError, Position, PositionError, SeatPosition
    from solver.position import parse_position as parse
    from solver.position.protocol import render_position as render
    from solver.position.protocol import State
    from solver.rules import VARIANTS

#: public name -> (module, name in it)
API = {
    "parse": ("solver.position", "parse_position"),
    "State": ("solver.position.protocol", "State"),
    "Position": ("solver.position", "Position"),
    "SeatPosition": ("solver.position", "SeatPosition"),
    "PositionError": ("solver.position", "PositionError"),
    "IllegalMoveError": ("solver.position", "IllegalMoveError"),
    "analyse": ("solver.analysis", "analyse"),
    "Engine": ("solver.analysis", "Engine"),
    "Limit": ("solver.analysis", "Limit"),
    "Stop": ("solver.analysis", "Stop"),
    "Stopped": ("solver.analysis", "Stopped"),
    "Card": ("solver.cards", "Card"),
    "CardSet": ("solver.cards", "CardSet"),
    "render": ("solver.position.protocol", "render_position"),
    "Analysis": ("solver.analysis", "Analysis"),
    "MoveValue": ("solver.analysis", "MoveValue"),
    "Interval": ("solver.analysis.result", "Interval"),
    "Method": ("solver.analysis.result", "Method"),
    "Way": ("solver.analysis.result", "Way"),
    "explain_position": ("solver.explain", "explain_position"),
    "explanation_text": ("solver.explain", "explanation_text"),
    "Explanation": ("solver.explain", "Explanation"),
    "deal": ("solver.game", "deal"),
    "GameState": ("solver.game", "GameState"),
    "get_agent": ("solver.players.agents", "get_agent"),
    "play_deal": ("solver.players.agents", "play_deal"),
    "play_match": ("solver.players.agents", "play_match"),
    "deal_record": ("solver.record", "deal_record"),
    "match_record": ("solver.record", "match_record"),
    "write_record": ("solver.record", "write_record"),
    "read_record": ("solver.record", "read_record"),
    "read_records": ("solver.record", "read_records"),
    "record_positions": ("solver.record", "record_positions"),
    "Step": ("solver.game", "Step"),
    "DealResult": ("solver.position.protocol", "DealResult"),
    "replay_record": ("solver.record", "replay"),
    "RecordError": ("solver.record", "RecordError"),
    "card_str": ("solver.cards", "card_str"),
    "parse_card": ("solver.cards", "parse_card"),
    "parse_cards": ("solver.cards", "parse_cards"),
    "VARIANTS": ("solver.rules", "VARIANTS"),
}
__all__ = sorted(API)


def __getattr__(name: str) -> Any:
    if name not in API:
        raise AttributeError(f"module 'solver' has no attribute {name!r}")
    module, attr = API[name]
    value = getattr(importlib.import_module(module), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(API))
