"""What a python-chess user new to the project met first (issue: the API as a bot writer
and an analyst use it): an engine to close, cards that know their suit and points, a game
that prints as a position does, one error for an illegal move, a docstring on every public
member."""
from __future__ import annotations

import copy
import gc
import inspect
import pickle
import random
import threading
import time
import typing

import pytest

import solver
from solver.cards import Card, CardSet
from solver.game import deal
from test_python_api import played_out  # a state played to its end

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


# ---- a second audit: the types an analysis gives, JSON of a seat, records, argument types ----


def test_an_analysis_types_its_cards_as_cards():
    """``Analysis.best``, ``.pv`` and ``MoveValue.card`` were Cards typed ``int``, so a
    type-checked ``a.best[0].points`` was an error."""
    from solver.analysis.result import Analysis, MoveValue
    hints = typing.get_type_hints(Analysis)
    assert hints["best"] == hints["pv"] == tuple[Card, ...]
    assert typing.get_type_hints(MoveValue)["card"] is Card


@pytest.mark.parametrize("depth", ["cards", "draws"])
def test_a_split_search_combined_from_its_log_gives_cards(depth):
    """A leaf's line read back from a cluster's log was plain ids, so the combined
    analysis's pv printed as numbers (``[3C, 15, 18]``)."""
    from solver import split_search as S
    s = S.split(solver.parse("hand1=AD,3C,RB hand2=7S,2D,FC briscola=4S turn=1"), "points", depth)
    logged = {i: S.LeafValue.from_json(S.solve_leaf(s.leaves[i].pos, "points").to_json())
              for i in s.todo()}
    a = S.combine(s, logged)
    assert len(a.pv) > 1
    assert all(type(c) is Card for c in (*a.best, *a.pv, *(m.card for m in a.moves)))


def test_an_analysis_has_a_short_repr():
    """repr(an Analysis) was the dataclass's dump: the position, every MoveValue with its
    Fractions, the notes, about a kilobyte."""
    a = solver.analyse(solver.parse(END))
    assert repr(a) == "<Analysis exact best=3C,AS value=+25 pv=3C,2C,AS,RS>"
    guess = solver.analyse(solver.parse(
        "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"), samples=20)
    text = repr(guess)
    best, err = guess.moves[0], guess.moves[0].error
    assert text.startswith(f"<Analysis estimate best={','.join(map(str, guess.best))} "
                           f"value={best.value:+.2f}±{err:.2f} ")
    assert "samples=20" in text and str(guess.method) in text and len(text) < 200
    # the ± says what it covers, as the text and the JSON do (it said nothing: a bound's
    # "±120.00" read as an interval)
    assert f"interval='{guess.interval}'" in text
    bound = solver.analyse(solver.parse(
        "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"), samples=1)
    assert bound.interval == "bound" and repr(bound).endswith(" interval='bound'>"), repr(bound)


def test_a_seat_views_json_read_as_an_open_position_names_the_reader_it_needs():
    """``Position.from_json`` of a seat's view said "unknown card '?'"."""
    view = deal("classic", seed=1).view()
    with pytest.raises(solver.PositionError,
                       match=r"SeatPosition\.from_json.*solver\.parse") as info:
        solver.Position.from_json(view.to_json())
    from solver.i18n import error_text
    assert "SeatPosition.from_json" in error_text(info.value, "it")
    assert error_text(info.value, "it") != str(info.value)
    assert solver.SeatPosition.from_json(view.to_json()) == view


def test_an_open_positions_json_read_as_a_seat_view_names_the_reader_it_needs():
    """``SeatPosition.from_json`` of an open classic position was an IndexError."""
    pos = solver.parse("variant=classic hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    with pytest.raises(solver.PositionError, match=r"Position\.from_json.*solver\.parse"):
        solver.SeatPosition.from_json(pos.to_json())
    assert solver.Position.from_json(pos.to_json()) == pos


def test_game_records_are_written_and_read_from_the_package(tmp_path):
    """solver.record was not exported: a bot writer saving a game had to find the module."""
    end = solver.play_deal("classic", ["greedy", "random"], seed=3)
    path = str(tmp_path / "game.json")
    solver.write_record(path, solver.deal_record(end, seed=3, players=["greedy", "random"]))
    rec = solver.read_record(path)
    assert solver.replay_record(rec) == end and solver.read_records(path) == [rec]
    with pytest.raises(solver.RecordError):
        solver.write_record(path, rec)  # never overwritten without force


@pytest.mark.parametrize("kwargs, name", [
    ({"limit": 5}, "limit"), ({"samples": "5"}, "samples"), ({"nodes": 2.0}, "nodes"),
    ({"seconds": "1"}, "seconds"), ({"time": "1"}, "time"), ({"stop": True}, "stop"),
    ({"seed": "x"}, "seed"), ({"progress": 1}, "progress"), ({"weigh": 3}, "weigh"),
])
def test_an_analysis_argument_of_the_wrong_type_is_a_type_error(kwargs, name):
    """analyse(limit=5) or analyse(stop=True) was a plain ValueError while parse(5) was a
    TypeError: one family for a wrong type, still a ValueError as before."""
    with pytest.raises(TypeError, match=rf"^{name} ") as info:
        solver.analyse(solver.parse(END), **kwargs)
    assert isinstance(info.value, ValueError) and info.value.key


def test_an_analysis_of_a_positions_text_is_a_type_error_still_a_position_error():
    with pytest.raises(TypeError, match="^pos must be a position") as info:
        solver.analyse(END)
    assert isinstance(info.value, solver.PositionError)


@pytest.mark.parametrize("kwargs", [{"samples": 0}, {"seconds": -1}, {"time": float("nan")}])
def test_a_bad_budget_value_is_a_value_error_not_a_type_error(kwargs):
    with pytest.raises(ValueError) as info:
        solver.analyse(solver.parse(END), **kwargs)
    assert not isinstance(info.value, TypeError)


def test_analyse_takes_limits_keywords_too():
    """analyse(time=1), as python-chess's Limit(time=1) and solver.Limit say it, was
    Python's own "unexpected keyword argument 'time'"."""
    pos = solver.parse("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1")
    a = solver.analyse(pos, time=0.5, estimate_time=0.2, seed=1)
    assert not a.exact and a.seconds < 5
    assert solver.analyse(pos, samples=5, seed=1) == solver.analyse(pos, limit=solver.Limit(
        samples=5), seed=1)
    for both in ({"time": 1, "seconds": 1}, {"estimate_time": 1, "estimate_limit": 1},
                 {"time": 1, "limit": solver.Limit(samples=5)}):
        with pytest.raises(ValueError, match="^a budget is one value"):
            solver.analyse(pos, **both)


def test_a_match_run_gives_named_results():
    """run_match gave a bare (list, bool) pair."""
    from solver.players import match as M
    run = M.run_match("scoperta", "greedy", "random", 2, seed=4, jobs=1)
    results, interrupted = run
    assert run.results is results and run.interrupted is interrupted is False
    assert [r.index for r in run.results] == [0, 1]
    assert typing.get_type_hints(M.run_match)["return"] is M.MatchRun


@pytest.mark.parametrize("call", [
    lambda seed: solver.play_deal("classic", ["greedy", "random"], seed=seed),
    lambda seed: solver.play_match("classic", ["greedy", "random"], seed=seed),
    lambda seed: solver.deal("classic", seed=seed),
], ids=["play_deal", "play_match", "deal"])
@pytest.mark.parametrize("seed", ["x", True, 1.5, b"1"])
def test_a_seed_that_is_not_a_whole_number_is_refused(call, seed):
    """play_deal(seed="x") was taken as a string seed (and seed=True as 1): a typo'd seed
    gave a deal of its own instead of an error."""
    with pytest.raises(TypeError, match=r"^seed must be a whole number, a random\.Random or "
                       r"None, got ") as info:
        call(seed)
    assert info.value.key == "argument.seed"


def test_a_numpy_seed_is_a_whole_number():
    np = pytest.importorskip("numpy")
    assert solver.deal("classic", seed=np.int64(4)) == solver.deal("classic", seed=4)


# ---- a third audit: what a python-chess user does with every game's states ----


#: a Briscolone view whose history shows a suit not followed: its hand_count is a closure
VOID = ("hand1=? hand2=2C,2D,5D,6D,RS played=2B,FB,5C,6C,FC,4D,RD,AD,7S,3S turn=2 score=21-8 "
        "variant=briscolone tricks=AD+4D,2B+FB,7S+3S,6C+FC,RD+5C")


def test_a_seat_view_pickles_after_its_histories_are_counted():
    """A seat's view analysed (or sampled) once could no longer be pickled: its cached
    ``hand_count`` is a local function ("Can't pickle local object 'counter.<locals>.count'"),
    so a view sent to a worker process failed once an agent had looked at it."""
    view = solver.parse(VOID)
    assert view.hand_count is not None  # worked out, and cached on the value
    back = pickle.loads(pickle.dumps(view))
    assert back == view and hash(back) == hash(view) and repr(back) == VOID
    assert back.hand_count is not None and back.hand_count(0b111) == view.hand_count(0b111)
    assert copy.deepcopy(view) == view


@pytest.mark.parametrize("state", [
    solver.parse(END),
    solver.parse("variant=scoperta4 hand1=AB hand2=AC hand3=AD hand4=AS briscola=4S turn=1"),
    solver.parse("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"),
    deal("briscolone", seed=1),
], ids=["scoperta", "scoperta4", "seat", "game"])
def test_a_card_played_once_the_deal_is_over_says_the_deal_is_over(state):
    """A Position or a seat's view played to its end said "illegal move: AS is not in player
    1's hand" (or "AS for player 1"), a game "the deal is over" without the card: three
    answers to one mistake, two of them not saying what it was."""
    end = played_out(state)
    for call in (end.play, end.outcomes):
        with pytest.raises(solver.IllegalMoveError,
                           match=r"the deal is over: AS cannot be played$") as info:
            call("AS")
        assert "\n" not in str(info.value)
        from solver.i18n import error_text
        assert "AS" in error_text(info.value, "it") != str(info.value)


def test_a_seats_illegal_card_says_why_as_an_open_positions_does():
    """A seat's view refused a card with "illegal move: 2B for player 1", where an open
    position says the card is not in the hand or that the player must follow suit."""
    seat = solver.parse("variant=briscolone hand1=AC,2C,5C,4S,7D hand2=? table=3C turn=1")
    with pytest.raises(solver.IllegalMoveError,
                       match=r"^illegal move: 2B is not in player 1's hand$"):
        seat.play("2B")
    with pytest.raises(solver.IllegalMoveError,
                       match=r"^illegal move: 4S: player 1 must follow suit \(C was led"):
        seat.outcomes("4S")
    theirs = solver.parse("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=AD,3D "
                          "turn=2 score=0-21")
    for card, where in (("FB", "player 1 holds it"), ("AD", "it has been played"),
                        ("2S", "it is the trump card, under the talon")):
        with pytest.raises(solver.IllegalMoveError,
                           match=rf"^illegal move: {card} cannot be in player 2's hand: {where}$"):
            theirs.play(card)
    assert theirs.play("AS").table_cards == (Card("AS"),)


@pytest.mark.parametrize("variant", ["scoperta", "scoperta4", "classic", "briscolone", "libero"])
def test_a_finished_games_view_is_its_last_position(variant):
    """``game.view()`` of a deal played to its end said "the deal is over: no position to
    analyse", though a view played to its end is a position (parse reads it back): a bot's
    loop could not look at the deal it had just finished."""
    end = solver.play_deal(variant, ["greedy", "random"], seed=2)
    for player in range(1, end.players + 1):
        view = end.view(player)
        assert view.is_over and view.score == end.score and view.hand(player) == CardSet()
        assert solver.parse(repr(view)) == view
    assert end.view(clairvoyant=True).is_over
    with pytest.raises(solver.PositionError, match="^the deal is over: no position to analyse$"):
        solver.analyse(end.view())


def test_numpy_numbers_are_budgets_and_seeds_as_they_are_card_ids():
    """Limit(samples=np.int64(50)) and analyse(seed=np.int64(3)) were refused ("samples is a
    whole number of at least 1, got np.int64(50)") though deal(seed=np.int64(3)) and a numpy
    card id are taken; Limit(time=np.float64(1)) kept the numpy type in its repr."""
    np = pytest.importorskip("numpy")
    assert solver.Limit(samples=np.int64(50)) == solver.Limit(samples=50)
    assert type(solver.Limit(samples=np.int64(50)).samples) is int
    assert type(solver.Limit(nodes=np.uint32(9)).nodes) is int
    assert repr(solver.Limit(time=np.float64(0.5))) == repr(solver.Limit(time=0.5))
    assert type(solver.Limit(estimate_time=np.float32(2)).estimate_time) is float
    hidden = solver.parse("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1")
    assert solver.analyse(hidden, samples=np.int16(5), seed=np.int64(3)) == solver.analyse(
        hidden, samples=5, seed=3)
    for bad in (np.bool_(True), np.float64(5.0), np.int64(0)):
        with pytest.raises(ValueError, match=r"^samples is a whole number of at least 1"):
            solver.Limit(samples=bad)
    with pytest.raises(TypeError, match=r"^seed must be a whole number"):
        solver.analyse(hidden, samples=5, seed=np.float64(3))


def test_a_time_past_floats_range_is_refused_in_one_line():
    """Limit(time=10**400) was Python's OverflowError ("int too large to convert to float")
    from the finiteness check."""
    with pytest.raises(ValueError, match=r"^time is a finite positive number, got 1000"):
        solver.Limit(time=10**400)
    with pytest.raises(ValueError, match=r"^seconds is a finite positive number"):
        solver.analyse(solver.parse(END), seconds=10**400)
    assert solver.Limit(estimate_time=10**400).estimate_time == 10**400  # no cap, as inf


def test_an_agent_given_what_is_not_a_state_is_refused_naming_it():
    """agent.choose("hand1=...") failed inside: 'str' object has no attribute 'is_over'."""
    view = deal("classic", seed=2).view()
    for name in ("greedy", "random", "engine@5"):
        for bad in (repr(view), None, 5):
            with pytest.raises(TypeError, match=r"^state must be a game's state or a position "
                               r"\(.*solver\.parse.*\), got ") as info:
                solver.get_agent(name).choose(bad, random.Random(1))
            assert isinstance(info.value, solver.errors.BriscolaError)


def test_a_match_has_a_short_repr():
    """repr(play_match(...)) was the dataclass's dump: the Variant and every deal's state."""
    m = solver.play_match("briscolone", ["greedy", "random"], seed=1)
    text = repr(m)
    assert text == (f"<MatchState briscolone target={m.target} deals={len(m.deals)} "
                    f"totals={m.totals[0]}-{m.totals[1]} winner=side {m.winner + 1}>")
    assert "<MatchState classic target=2 deals=0 totals=0-0 going on>" == repr(
        solver.game.MatchState(solver.VARIANTS["classic"], 2))


def test_analysing_a_games_state_names_its_view():
    with pytest.raises(TypeError, match=r"a game's view\(\) gives one\), got <GameState "):
        solver.analyse(deal("classic", seed=1))


def test_a_games_trump_suit_is_a_plain_int_and_is_trump_a_bool():
    """A dealt game's trump_suit was numpy's int64 (from the cards' numpy table), so
    ``card.is_trump(game)`` gave ``np.False_`` where a position's gives False, and
    ``is_trump("hand1=...")`` was an AttributeError."""
    game = deal("classic", seed=3)
    assert type(game.trump_suit) is int and "BCDS"[game.trump_suit] == game.trump_card.suit
    for state in (game, game.view(), solver.play_deal("classic", ["greedy"], seed=3)):
        answers = {c.is_trump(state) for c in CardSet.of((1 << 40) - 1)}
        assert {type(a) for a in answers} == {bool} and answers == {True, False}
    for bad in ("hand1=AS hand2=3C briscola=RD turn=1", 5, None):
        with pytest.raises(TypeError, match=r"^is_trump: pos must be a position, .*got ") as info:
            Card("AS").is_trump(bad)
        assert isinstance(info.value, solver.cards.CardError)


def test_a_cards_name_refuses_a_language_it_does_not_speak():
    """Card("AS").name("fr") said 'Ace of swords' where render and explanation_text refuse
    'fr' in one line."""
    assert Card("AS").name("it") == "Asso di spade"
    for lang in ("fr", "EN", None):
        with pytest.raises(ValueError, match=r"^unknown language .* \(en or it\)$"):
            Card("AS").name(lang)


@pytest.mark.parametrize("make", [
    lambda end, **kw: solver.deal_record(end, **kw),
    lambda end, **kw: solver.match_record(solver.game.new_match("classic").add(end), **kw),
], ids=["deal_record", "match_record"])
def test_a_record_is_never_written_that_does_not_read_back(make, tmp_path):
    """deal_record(game, seed="x") and players=["a", "b", "c"] for two seats made records
    that write_record wrote and read_record then refused ("seed must be an integer",
    "players must name one player per seat"); players="greedy,random" named six players, a
    letter each."""
    end = solver.play_deal("classic", ["greedy", "random"], seed=3)
    for kw, words in (({"seed": "x"}, r"^seed must be a whole number, got 'x'$"),
                      ({"seed": 1.0}, r"^seed must be a whole number, got 1\.0$"),
                      ({"players": ["a", "b", "c"]},
                       r"^record: players must name one player per seat \(2\), one per side")):
        with pytest.raises(solver.RecordError, match=words):
            make(end, **kw)
    np = pytest.importorskip("numpy")
    rec = make(end, seed=np.int64(3), players="greedy,random")
    assert rec["seed"] == 3 and type(rec["seed"]) is int and rec["players"] == ["greedy", "random"]
    path = str(tmp_path / "r.json")
    solver.write_record(path, rec)
    back = solver.read_record(path)
    assert {k: v for k, v in back.items() if not k.startswith("_")} == rec


def test_an_exact_search_past_its_reach_is_refused_not_wrong():
    """Past 16 unseen cards the root's scale (unseen! orders) overflows the kernel's
    integers: exact_search gave wrong values (a classic seat's hand put in, talon 18: FB +67
    where AS was best) in a few nodes, and an IndexError from 21 unseen. It refuses, keyed;
    analyse estimates such a position."""
    from solver.analysis.driver import exact_search
    from solver.errors import BriscolaError

    st = deal("scoperta", seed=3)
    while st.view().unseen.bit_count() > 18:
        st = st.play(st.legal_cards()[0])
    for pos in (st.view(), deal("scoperta", seed=3).view()):
        with pytest.raises(BriscolaError) as e:
            exact_search(pos, "points", None, node_limit=3_000_000)
        assert e.value.key == "search.out_of_reach"
        assert str(e.value).startswith(f"an exact search of this position is out of reach: "
                                       f"{pos.unseen.bit_count()} cards unseen (at most 16)")
    assert not solver.analyse(st.view(), seconds=0.2).exact
