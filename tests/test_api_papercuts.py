"""What a python-chess user new to the project met first (issue: the API as a bot writer
and an analyst use it): an engine to close, cards that know their suit and points, a game
that prints as a position does, one error for an illegal move, a docstring on every public
member."""
from __future__ import annotations

import gc
import inspect
import threading
import time
import typing

import pytest

import solver
from solver.cards import Card, CardSet
from solver.game import deal

END = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"
#: a position whose exact search the engine splits over its threads (a talon of 6)
BIG = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC,2C,4C turn=1"


def _search_threads() -> int:
    return sum(t.name == "briscola-search" for t in threading.enumerate())


def _settle(want: int) -> int:
    """The search threads alive once those told to end have ended (at most 5 s)."""
    end = time.monotonic() + 5
    while _search_threads() > want and time.monotonic() < end:
        time.sleep(0.01)
    return _search_threads()


def test_an_engine_is_a_context_manager_that_ends_its_threads():
    """``with solver.Engine() as engine:`` was a TypeError (no __enter__), and an engine had
    no way to end its search threads: each one made and dropped left them waiting forever."""
    before = _search_threads()
    pos = solver.parse(BIG)
    with solver.Engine(tt_mb=8, threads=3) as engine:
        assert isinstance(engine, solver.Engine)
        first = engine.analyse(pos)
        assert _search_threads() > before  # the helpers of a 3-thread search
    assert _settle(before) == before
    assert engine.workspace.tables == {} and engine.workspace.general_tables == {}
    again = engine.analyse(pos)  # a closed engine starts afresh when used again: cold
    assert again.moves == first.moves and again.nodes > 10 * engine.analyse(pos).nodes
    engine.close()
    engine.close()  # closing twice is harmless
    assert _settle(before) == before


def test_an_engine_dropped_without_closing_ends_its_threads():
    before = _search_threads()
    for _ in range(3):
        engine = solver.Engine(tt_mb=8, threads=3)
        engine.analyse(solver.parse(BIG))
        del engine
    gc.collect()
    assert _settle(before) == before


def test_closing_the_default_engine_keeps_solver_analyse_working():
    pos = solver.parse(END)
    a = solver.analyse(pos)
    from solver.analysis import default_engine
    default_engine().close()
    assert solver.analyse(pos) == a


@pytest.mark.parametrize("text, suit, rank, points, en, it", [
    ("AS", "S", "A", 11, "Ace of swords", "Asso di spade"),
    ("3C", "C", "3", 10, "Three of cups", "Tre di coppe"),
    ("2B", "B", "2", 0, "2 of batons", "2 di bastoni"),
    ("10d", "D", "R", 4, "King of coins", "Re di denari"),
])
def test_a_card_knows_its_suit_rank_points_and_name(text, suit, rank, points, en, it):
    """A bot had to slice the text (``card[:-1]``) or index the engine's tables for what
    python-chess's pieces say themselves."""
    card = Card(text)
    assert (card.suit, card.rank, card.points) == (suit, rank, points)
    assert card.name() == en and card.name("it") == it
    assert card.suit + card.rank != str(card) or card.rank == card.suit  # rank then suit
    assert str(card) == card.rank + card.suit


def test_a_bot_reads_its_cards_without_the_engines_tables():
    view = deal("classic", seed=5).view()
    cheapest = min(view.legal_cards(), key=lambda c: (c.points, c.strength))
    assert cheapest in view.hand(1) and isinstance(cheapest, Card)
    assert view.trump_card.suit in "BCDS"
    trumps = [c for c in view.hand(1) if c.suit == view.trump_card.suit]
    assert all(c.is_trump(view) for c in trumps)
    assert not any(c.is_trump(view) for c in view.hand(1) if c not in trumps)
    assert [c.strength for c in CardSet("2S,4S,FS,RS,3S,AS")] == [0, 1, 5, 7, 8, 9]
    nt = solver.parse("variant=briscolone hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D turn=1")
    assert not any(c.is_trump(nt) for c in nt.hand(1))


def test_a_game_state_prints_as_a_position_does():
    """repr(game) and str(game) were the dataclass's dump (the Variant, every mask and the
    40-card deck), a thousand characters; a position prints its notation and its board."""
    game = deal("classic", seed=1).play("4C")
    assert repr(game) == f"<GameState {game.to_text(clairvoyant=True)}>"
    assert len(repr(game)) < 300
    board = str(game)
    assert board.startswith("Briscola: Player 2 to answer") and "4B 5B 5S" in board
    assert "4C" in board and "?" not in board  # every hand shown: the game knows them
    over = solver.play_deal("scoperta", ["greedy"], seed=2)
    assert repr(over).startswith("<GameState ") and "Player" in str(over)


@pytest.mark.parametrize("state, bad", [
    (solver.parse(END), "2C"),
    (solver.parse("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"), "2B"),
    (deal("briscolone", seed=1), "4B"),
])
def test_an_illegal_move_is_one_error_whatever_the_state(state, bad):
    """Position.play raised a PositionError, GameState.play a RulesError: a bot loop over
    both had to catch two families for one mistake."""
    assert bad not in state.legal_cards()
    with pytest.raises(solver.IllegalMoveError, match=bad) as info:
        state.play(bad)
    assert isinstance(info.value, ValueError) and info.value.key


def test_an_illegal_move_keeps_the_family_it_had():
    with pytest.raises(solver.PositionError):
        solver.parse(END).play("2C")
    with pytest.raises(solver.rules.RulesError):
        game = deal("classic", seed=1)
        game.play(next(c for c in range(40) if c not in game.legal_cards()))


def test_a_stop_says_whether_it_is_set():
    stop = solver.Stop()
    assert repr(stop) == "<Stop not set>"
    stop.set()
    assert repr(stop) == "<Stop set>"


PUBLIC_CLASSES = ["Analysis", "Card", "CardSet", "Engine", "Explanation", "GameState", "Limit",
                  "MoveValue", "Position", "SeatPosition", "State", "Stop"]


@pytest.mark.parametrize("name", PUBLIC_CLASSES)
def test_every_public_member_says_what_it_is(name):
    """help(solver.Position) listed legal_cards, is_over, players, ... without a word, and
    MoveValue had only the signature the dataclass wrote."""
    cls = getattr(solver, name)
    assert not cls.__doc__.startswith(f"{name}("), "the class has only its signature"
    missing = []
    for k in dir(cls):
        if k.startswith("_") or k in vars(int) or k in vars(frozenset):
            continue
        member = inspect.getattr_static(cls, k)
        if isinstance(member, (property, staticmethod, classmethod)) or inspect.isfunction(member):
            if not inspect.getdoc(getattr(cls, k) if not isinstance(member, property) else member):
                missing.append(k)
    assert missing == [], f"{name}: no docstring on {missing}"


def test_the_variants_table_cannot_be_changed_from_outside():
    """solver.VARIANTS was the rules' own dict: ``solver.VARIANTS.pop("classic")`` in a
    user's script made every later classic deal an unknown variant."""
    for change in (lambda v: v.pop("classic"), lambda v: v.__setitem__("x", v["classic"]),
                   lambda v: v.clear()):
        with pytest.raises((TypeError, AttributeError)):
            change(solver.VARIANTS)
    assert list(solver.VARIANTS) == ["scoperta", "scoperta4", "classic", "briscolone", "libero"]
    assert solver.VARIANTS["classic"].players == 2 and "classic" in solver.VARIANTS


@pytest.mark.parametrize("cls", [solver.State, solver.Position, solver.SeatPosition,
                                 solver.GameState])
def test_legal_cards_is_typed_as_the_cards_it_gives(cls):
    """legal_cards() gave Cards typed list[int], so a type-checked bot's
    ``view.legal_cards()[0].points`` was an error ("int" has no attribute "points")."""
    assert typing.get_type_hints(cls.legal_cards)["return"] == list[Card]
    state = deal("classic", seed=1)
    assert all(isinstance(c, Card) for c in state.legal_cards() + state.view().legal_cards())
