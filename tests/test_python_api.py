"""The Python API as a python-chess user meets it: cards as text, positions that print as
their notation and their board, JSON both ways, errors that name the card; and the public
names of the package. (The README's Python section runs in test_readme_python.py.)"""
from __future__ import annotations

import json
import pathlib
import random
import subprocess
import sys
from dataclasses import replace

import pytest

import open_games_reference as GR
import solver
from solver.analysis import Analysis
from solver.cards import Card
from solver.game import deal
from solver.position import Position, SeatPosition, parse_position
from solver.position.board import render
from solver.random_positions import random_position

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_every_public_name_resolves_and_unknown_names_fail():
    for name in solver.__all__:
        assert getattr(solver, name) is not None, name
    assert set(solver.__all__) <= set(dir(solver))
    try:
        solver.no_such_name
    except AttributeError as e:
        assert "no_such_name" in str(e)
    else:
        raise AssertionError("an unknown name resolved")


def test_importing_a_leaf_module_does_not_load_the_kernels():
    code = ("import sys, solver.cards, solver.position\n"
            "print(any(m.startswith(('numba', 'solver.search')) for m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.stdout.strip() == "False", r.stderr


def _positions():
    """Positions of every type and variant: start, mid-trick, clairvoyant, scored."""
    rng = random.Random(32)
    out = [random_position(rng, t, mid_trick=m, clairvoyant=c, with_score=w)
           for t, m, c, w in ((0, False, False, True), (2, True, False, False),
                              (8, True, True, True), (30, False, False, False))]
    for variant in ("scoperta4", "classic", "briscolone", "libero"):
        for talon, on_table, clair in ((0, 1, False), (4 if variant == "scoperta4" else 2, 0,
                                                       True), (20, 1, False)):
            out.append(GR.random_position(variant, talon, on_table, rng, with_score=True,
                                          clairvoyant=clair))
    for variant in ("classic", "briscolone", "libero"):
        st = deal(variant, 7)
        for _ in range(9):
            st = st.play(st.legal_cards()[-1])
        out.append(parse_position(repr(st.view())))
    return out


POSITIONS = _positions()


@pytest.mark.parametrize("pos", POSITIONS, ids=lambda p: p.variant)
def test_repr_is_the_notation_and_parses_back(pos):
    assert parse_position(repr(pos)) == pos
    assert repr(pos) == pos.to_text()


@pytest.mark.parametrize("pos", POSITIONS, ids=lambda p: p.variant)
def test_str_is_the_text_board(pos):
    assert str(pos) == render(pos) and str(pos).splitlines()[0].endswith(("to move", "to answer"))


@pytest.mark.parametrize("pos", POSITIONS, ids=lambda p: p.variant)
def test_positions_go_to_json_and_back(pos):
    text = json.dumps(pos.to_json())
    assert type(pos).from_json(text) == pos
    assert type(pos).from_json(json.loads(text)) == pos


@pytest.mark.parametrize("pos", POSITIONS, ids=lambda p: p.variant)
def test_cards_are_played_by_their_text_and_print_as_it(pos):
    if isinstance(pos, SeatPosition) and pos.to_move != pos.seat:
        pytest.skip("the hidden hand's move is not known")
    cards = pos.legal_cards()
    assert all(isinstance(c, Card) for c in cards)
    assert repr(cards) == "[" + ", ".join(solver.card_str(c) for c in cards) + "]"
    c = cards[-1]
    draws = None
    if pos.outcomes(c):
        draws = pos.outcomes(c)[0][0]
    assert pos.play(str(c), draws) == pos.play(int(c), draws)


@pytest.mark.parametrize("pos", POSITIONS[:1] + POSITIONS[4:5] + POSITIONS[-1:],
                         ids=lambda p: p.variant)
@pytest.mark.parametrize("bad, words", [(99, "99"), ("ZZ", "ZZ"), (None, "None"), (2.5, "2.5"),
                                        (-1, "-1"), ("", "''")])
def test_a_bad_card_is_a_value_error_naming_it(pos, bad, words):
    """pos.play("FD") was a TypeError, pos.play(99) an IndexError."""
    with pytest.raises(ValueError, match=words):
        pos.play(bad)


def test_an_illegal_move_is_a_value_error_naming_the_card():
    pos = parse_position("hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    with pytest.raises(ValueError, match="2C"):
        pos.play("2C")
    st = deal("briscolone", 1)
    st = st.play(st.legal_cards()[0])
    off = next(c for c in solver.cards.cards_of(st.hands[st.to_move])
               if c not in st.legal_cards())
    with pytest.raises(ValueError, match=solver.card_str(off)):
        st.play(solver.card_str(off))


@pytest.mark.parametrize("text, budget", [
    ("hand1=3C,AS hand2=2C,RS briscola=RD turn=1", {}),
    ("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1", {"samples": 6}),
    ("variant=briscolone hand1=AB hand2=3B,4C table=5D turn=2 played=" + ",".join(
        c for c in "2B 4B 5B 6B 7B FB CB RB 3C AC 4D 6D 7D FD CD RD 3D AD 2S 4S 5S 6S 7S FS CS "
        "RS 3S AS 5C 6C 7C FC CC RC 2D 2C".split()), {}),
])
def test_analyses_go_to_json_and_back(text, budget):
    a = solver.analyse(parse_position(text), **budget)
    b = Analysis.from_json(json.dumps(a.to_json()))
    assert b.to_json() == a.to_json()
    assert b.position == a.position and b.moves == a.moves and set(b.best) == set(a.best)
    with pytest.raises(ValueError):
        Analysis.from_json({"position": text})


def test_every_position_type_is_exported():
    for name in ("Card", "Engine", "render", "parse", "Position", "Position",
                 "SeatPosition"):
        assert name in solver.__all__
    assert isinstance(solver.parse("variant=briscolone hand1=AB hand2=3B turn=1"), Position)
    assert isinstance(solver.parse("hand1=3C hand2=2C briscola=RD turn=1"), Position)


def test_draws_that_the_rules_do_not_allow_are_refused_by_name():
    """A draw is one of ``outcomes``' shapes: the visible top first, the trump card last at
    the last draw, a new top when the game shows one; anything else is a PositionError."""
    pos = solver.parse("hand1=AD,3C,RB hand2=7S,2D table=FC top=CB briscola=4S unseen=3B,RC "
                       "turn=1")
    good = pos.outcomes("AD")[0][0]
    assert pos.play("AD", good).talon_size == pos.talon_size - 2
    with pytest.raises(solver.PositionError, match="must start with the top card CB"):
        pos.play("AD", (good[1], good[0], good[2]))
    with pytest.raises(solver.PositionError, match="new top card"):
        pos.play("AD", good[1:])                       # without the visible top: wrong shape
    with pytest.raises(solver.PositionError, match="not a draw from this talon"):
        pos.play("AD", ("CB", "AS", "3B"))             # AS is not in the talon
    last = solver.parse("hand1=AD,3C,RB hand2=7S,2D table=FC top=CB briscola=4S turn=1")
    assert last.outcomes("AD") == []                   # the last draw is known: top, then trump
    assert last.play("AD") == last.play("AD", ("CB", "4S"))
    with pytest.raises(solver.PositionError, match="must end with the trump card 4S"):
        solver.parse("variant=scoperta4 hand1=AB,2B hand2=AC,2C hand3=AD,2D "
                     "hand4=AS,2S,3S table=5S,6S,7S top=4B unseen=5B,6B briscola=4S turn=4"
                     ).play("3S", ("4B", "5B", "4S", "6B"))


def test_draws_are_taken_as_text_and_a_known_talons_draw_is_checked():
    """play(card, draws="2B") read the text letter by letter ("unknown card '2'"), and
    GameState.play took any draws without a look. Every state takes draws as cards, ids or
    their text ("CB,3B,RC"), a seat's one card alone too; a game (its talon known) refuses a
    draw its talon does not hold, in one line."""
    pos = solver.parse("hand1=AD,3C,RB hand2=7S,2D table=FC top=CB briscola=4S unseen=3B,RC "
                       "turn=1")
    good = pos.outcomes("AD")[0][0]
    text = ",".join(str(c) for c in good)
    assert pos.play("AD", text) == pos.play("AD", good) == pos.play("AD", [int(c) for c in good])
    with pytest.raises(solver.PositionError, match=r"^the draws \(CB\) are not a draw from"):
        pos.play("AD", "CB")
    sp = solver.parse("variant=classic hand1=? hand2=FB,5C,FC briscola=2S played=- turn=2")
    sp = sp.play("FB")
    drawn = sp.outcomes("2B")[0][0]
    assert sp.play("2B", str(drawn[0])) == sp.play("2B", drawn) == sp.play("2B", [drawn[0]])
    with pytest.raises(solver.PositionError, match=r"^the seat draws one card after this trick: "
                       r"give that card alone, got 4B, 5B$"):
        sp.play("2B", "4B,5B")
    game = deal("scoperta", seed=1).play("4C")
    talon = game.talon[:3]                              # the winner's, the loser's, the new top
    known = ",".join(solver.card_str(c) for c in talon)
    assert game.play("4B", known) == game.play("4B") == game.play("4B", list(talon))
    swapped = ",".join(solver.card_str(c) for c in (talon[0], talon[2], talon[1]))
    with pytest.raises(solver.PositionError, match=rf"^the draws \({swapped.replace(',', ', ')}\) "
                       rf"are not the known talon's: it gives {known.replace(',', ', ')}$"):
        game.play("4B", swapped)
    assert game.play("4B").play(game.play("4B").legal_cards()[0], "AS,2B")  # no draw: unused


def test_an_analysis_gives_a_cards_value_by_its_text_and_names_a_card_it_lacks():
    a = solver.analyse(solver.parse("hand1=5B,7D,CD hand2=CC,4S,5S briscola=5D turn=2"))
    assert a.move("CC") == a.move(solver.Card("CC")) == a.move(solver.parse_card("cc"))
    with pytest.raises(ValueError, match="AS is not a legal card here"):
        a.move("AS")
    with pytest.raises(ValueError, match="unknown card 'XX'"):
        a.move("XX")


def test_a_position_played_to_its_end_is_refused_in_one_line():
    """`analyse` of a Position played to the end used to fail with max() of an empty
    sequence (an internal error)."""
    fin = solver.parse("hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    for c in ("AS", "RS", "3C", "2C"):
        fin = fin.play(c)
    assert fin.is_over
    for limit in (None, solver.Limit(time=0.1), solver.Limit(samples=5), solver.Limit(nodes=9)):
        with pytest.raises(ValueError, match="the deal is over: no position to analyse"):
            solver.analyse(fin, limit=limit)


def played_out(pos):
    """``pos`` played to its end, each time the first legal card and the first draw."""
    while not pos.is_over:
        c = pos.legal_cards()[0]
        outs = pos.outcomes(c)
        pos = pos.play(c, outs[0][0] if outs else None)
    return pos


@pytest.mark.parametrize("text", [
    "hand1=3C,AS hand2=2C,RS briscola=RD turn=1",
    "variant=briscolone hand1=3C,AS hand2=2C,RS turn=1 score=50-45",
    "variant=scoperta4 hand1=- hand2=- hand3=- hand4=5D table=3B,4C,AB briscola=RS turn=4",
    "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1",
])
def test_a_position_played_to_its_end_reads_back_and_explain_refuses_it_in_one_line(text):
    """The parser refused what `play` hands out at the deal's end ("the deal is over: no
    cards left to play"), so `parse(repr(fin))` failed; explain said "no position to
    analyse" from deep inside its line."""
    fin = played_out(solver.parse(text))
    assert fin.is_over and solver.parse(repr(fin)) == fin
    assert type(fin).from_json(fin.to_json()) == fin
    assert solver.parse(repr(fin)).points_in_play == 0
    with pytest.raises(solver.PositionError, match="^the deal is over: no position to explain$"):
        solver.explain_position(fin)
    with pytest.raises(solver.PositionError, match="^the deal is over: no position to analyse$"):
        solver.analyse(solver.parse(repr(fin)))


def test_a_finished_deal_written_by_hand_is_read_and_refused_where_a_card_is_asked():
    fin = solver.parse("variant=briscolone hand1=- hand2=- turn=1")
    assert fin.is_over and fin.legal_cards() == []
    with pytest.raises(solver.PositionError, match="the deal is over"):
        solver.explain_position(fin)
    from solver.game import continue_game
    with pytest.raises(solver.PositionError, match="the deal is over"):
        continue_game(fin, random.Random(1))


@pytest.mark.parametrize("text", [
    "hand1=2B,4B,5B hand2=6B,7B,FB top=CB briscola=4S played=AD,3D turn=1",
    "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1",
])
def test_outcomes_names_a_card_that_cannot_be_played_there(text):
    """`Position.outcomes(card)` ignored its card: "XX", or a card in the other hand, gave
    every draw as if a legal card had ended the trick."""
    led = solver.parse(text).play("2B" if "2B" in text else "FB")
    c = led.legal_cards()[0]
    assert led.outcomes(c) == led.outcomes(str(c)) != []
    mine = "4B" if "4B" in text else "5C"            # in the hand of the player who led
    with pytest.raises(solver.PositionError, match=f"^illegal move: {mine} "):
        led.outcomes(mine)
    with pytest.raises(ValueError, match="^unknown card 'XX'"):
        led.outcomes("XX")


def test_a_game_states_outcomes_refuses_a_card_play_refuses():
    g = deal("classic", seed=1)
    other = next(c for c in g.hand(2))
    assert g.outcomes(g.legal_cards()[0]) == []
    with pytest.raises(ValueError, match=f"^illegal move: {other} is not in player 1's hand"):
        g.outcomes(other)
    with pytest.raises(ValueError, match=f"^illegal move: {other} is not in player 1's hand"):
        g.play(other)  # as a position says it (Position.play)
    with pytest.raises(ValueError, match="^unknown card 'XX'"):
        g.outcomes("XX")


@pytest.mark.parametrize("call,message", [
    (lambda: solver.parse(5), "^parse: text must be a str .*got int$"),
    (lambda: solver.parse(b"hand1=3C,AS hand2=2C,RS briscola=RD turn=1"),
     "^parse: text must be a str .*got bytes$"),
    (lambda: solver.explain_position("hand1=3C,AS hand2=2C,RS briscola=RD turn=1"),
     "^explain_position: pos must be a Position or a SeatPosition .*got str$"),
    (lambda: solver.render("hand1=3C,AS hand2=2C,RS briscola=RD turn=1"),
     "^render: pos must be a Position or a SeatPosition .*got str$"),
    (lambda: solver.render(deal("classic", seed=1)),
     r"^render: pos must be a Position or a SeatPosition .*view\(\) gives one\), got GameState$"),
    (lambda: solver.explanation_text(solver.parse("hand1=3C,AS hand2=2C,RS briscola=RD turn=1")),
     "^explanation_text: ex must be an Explanation .*got Position$"),
], ids=["parse-int", "parse-bytes", "explain-text", "render-text", "render-state",
        "explanation-text-position"])
def test_an_argument_of_the_wrong_type_is_a_type_error_naming_it(call, message):
    """parse(5) was an AttributeError ('int' object has no attribute 'strip'), parse(bytes)
    a TypeError from re, explain_position(text) an AttributeError from inside; render(text)
    an AttributeError, render(a GameState) a KeyError of its Variant, explanation_text(a
    position) an AttributeError ('teams')."""
    with pytest.raises(TypeError, match=message):
        call()


def test_a_game_states_view_refuses_a_player_that_is_not_a_number_from_1():
    """view("1") and view(1.0) failed inside (TypeError, AttributeError) and view(True) was
    taken for player 1; they are refused as hand() refuses them."""
    g = deal("classic", seed=1)
    assert g.view(2).player == 2
    for bad in ("1", 1.0, True, 0, 3):
        with pytest.raises(solver.PositionError, match=f"^player must be 1 to 2 .*got {bad!r}$"):
            g.view(bad)


def test_explain_refuses_a_language_it_does_not_speak():
    pos = solver.parse("hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    with pytest.raises(ValueError, match="^unknown language 'xx' \\(en or it\\)$"):
        solver.explain_position(pos, lang="xx")


@pytest.mark.parametrize("bad", [-1, 0, float("nan"), float("inf")])
def test_explain_names_a_bad_time_limit_by_its_keyword(bad):
    """explain_position(pos, time_limit=-1) said 'seconds is a finite positive number', the
    name of analyse's keyword, not the one the caller gave."""
    pos = solver.parse("hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    with pytest.raises(ValueError, match="^time_limit is a finite positive number, got "):
        solver.explain_position(pos, time_limit=bad)


TIES = [  # positions whose best cards tie, in an order that is not their text's
    ("hand1=5B,7D,CD hand2=CC,4S,5S briscola=5D turn=2", {}),
    ("variant=briscolone hand1=AB,2C hand2=3B,4C turn=1", {}),
    ("hand1=6B,4C,3C hand2=2B,2S,3S briscola=7S played=4B,5B,7B,RB,3B,AB,2C,5C,7C,FC,CC,2D,4D,"
     "5D,6D,7D,FD,RD,3D,AD,4S,5S,6S,CS,RS,AS turn=1 variant=classic", {"samples": 4}),
    ("hand1=3B,CC,FD hand2=7B,5S,AS hand3=CB,RB,RD hand4=AC,6D,RS top=7C briscola=CS played=4B,"
     "FB,2C,4C,5C,6C,FC,RC,3C,2D,5D,7D,3D,AD,2S,4S,6S,7S,FS,3S turn=4 variant=scoperta4",
     {"samples": 4}),
    ("hand1=6B,4C,3C hand2=2B,2S,3S briscola=7S played=4B,5B,7B,RB,3B,AB,2C,5C,7C,FC,CC,2D,4D,"
     "5D,6D,7D,FD,RD,3D,AD,4S,5S,6S,CS,RS,AS turn=1 variant=classic", {"nodes": 9}),
    ("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1", {"samples": 8}),
]


@pytest.mark.parametrize("text, budget", TIES)
def test_an_analysis_reads_back_from_its_json_equal_best_in_its_order_and_notes_kept(text, budget):
    """to_json wrote ``best`` sorted by its text (CC, 4S, 5S came back as 4S, 5S, CC) and
    dropped the notes, so the README's round trip gave a different Analysis."""
    a = solver.analyse(parse_position(text), progress=False, **budget)
    assert len(a.best) > 1 or a.notes
    for b in (Analysis.from_json(json.dumps(a.to_json())), Analysis.from_json(a.to_json())):
        assert b == a and b.best == a.best and b.notes == a.notes
    if not a.exact:
        cut = replace(a, interrupted=True)
        assert Analysis.from_json(json.dumps(cut.to_json())) == cut


@pytest.mark.parametrize("kw, words", [
    ({"tt_mb": -1}, "tt_mb must be a whole number of megabytes from 1 to 1048576, got -1"),
    ({"tt_mb": 0}, "tt_mb must be a whole number of megabytes from 1 to 1048576, got 0"),
    ({"tt_mb": 1 << 21}, "tt_mb must be a whole number of megabytes from 1 to 1048576, got 2097152"),
    ({"tt_mb": "64"}, "tt_mb must be a whole number of megabytes from 1 to 1048576, got '64'"),
    ({"threads": 0}, "threads must be a whole number from 1 to 256, got 0"),
    ({"threads": -2}, "threads must be a whole number from 1 to 256, got -2"),
    ({"threads": 1000}, "threads must be a whole number from 1 to 256, got 1000"),
    ({"threads": 2.0}, "threads must be a whole number from 1 to 256, got 2.0"),
    ({"threads": True}, "threads must be a whole number from 1 to 256, got True"),
])
def test_an_engine_refuses_a_table_size_or_thread_count_out_of_range_naming_it(kw, words):
    """Engine(tt_mb=-1), Engine(threads=0) or Engine(threads=1000) were accepted (a thread
    count below 1 silently became 1); they are refused in one line, as BRISCOLA_TT_MB and
    BRISCOLA_THREADS are, by the same check."""
    with pytest.raises(solver.errors.BriscolaError, match=f"^{words}$") as e:
        solver.Engine(**kw)
    assert e.value.key.startswith("setting.")
    with pytest.raises(ValueError, match=f"^{words}$"):
        solver.Engine(tt_mb=8, threads=1).configure(**kw)
    engine = solver.Engine(tt_mb=1, threads=256)
    assert (engine.workspace.tt_mb, engine.workspace.threads) == (1, 256)


ENDGAME = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"


@pytest.mark.parametrize("args, kw, words", [
    ((ENDGAME,), {}, "^pos must be a position .*solver.parse reads one.*, got 'hand1=3C,AS "),
    ((None,), {}, "^pos must be a position .*, got None$"),
    ((), {"stop": True}, "^stop must be a solver.Stop .*, got True$"),
    ((), {"seed": "x", "samples": 3}, "^seed must be a whole number, got 'x'$"),
    ((), {"weigh": 3}, "^weigh must be a function, got 3$"),
    ((), {"progress": "yes"}, "^progress must be True, False or None, got 'yes'$"),
])
def test_an_argument_of_the_wrong_kind_is_refused_in_one_line_naming_it(args, kw, words):
    """solver.analyse("hand1=...") and analyse(pos, stop=True) failed deep inside with an
    AttributeError of the str's is_over, of the bool's under."""
    pos = solver.parse(ENDGAME)
    args = args or (pos,)
    for call in (solver.analyse, solver.Engine(tt_mb=8, threads=1).analyse):
        with pytest.raises(solver.errors.BriscolaError, match=words) as e:
            call(*args, **kw)
        assert "\n" not in str(e.value) and e.value.key.startswith("argument.")
    with pytest.raises(ValueError, match="^stop must be a solver.Stop"):
        with solver.Engine(tt_mb=8, threads=1).active(stop=True):
            pass


HIDDEN = "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"


@pytest.mark.parametrize("text, budget", [
    (ENDGAME, {}),
    (random_position(random.Random(6), 12).to_text(), {"samples": 3}),
    (TIES[2][0], {"samples": 3}),
    (TIES[3][0], {"samples": 3}),
    (TIES[3][0], {"nodes": 50}),
    (HIDDEN, {"samples": 50}),
    (HIDDEN, {"seconds": 0.2}),
    (HIDDEN, {"nodes": 50}),
    ("hand1=? hand2=4B,6B,7B,RB,7S table=3B played=AB,2C,4C,5C,6C,7C,CC,RC,3C,AC,2D,4D,5D,6D,"
     "7D,FD,CD,RD,3D,AD,2S,4S,5S,6S,FS,CS,3S,AS turn=2 score=43-52 variant=briscolone tricks="
     "RD+FS,CD+4S,3C+7C,6C+5S,CC+AC,3D+6S,4D+5C,FD+7D,AD+AS,5D+4C,2D+RC,CS+3S,2C+AB,2S+6D", {}),
])
def test_every_answer_has_a_line_from_a_best_card_and_a_seats_is_its_own_card(text, budget):
    """A seat's estimate and a 4-player or open-game sampled estimate had pv == (), where
    every other answer's line starts with its best card. A seat's line is that card alone:
    a longer one would name cards of the hand it cannot see."""
    pos = solver.parse(text)
    a = solver.analyse(pos, progress=False, **budget)
    assert a.pv and a.pv[0] in a.best
    assert Analysis.from_json(a.to_json()).pv == a.pv
    if isinstance(pos, SeatPosition):
        assert a.pv == (a.best[0],) and a.pv[0] in pos.hand(pos.turn)


def test_what_an_answer_is_made_of_is_exported_to_compare_against():
    """An answer's ``interval`` and ``method.way`` are enums a caller compares with, as
    python-chess exports its own: reachable from ``solver`` without a submodule."""
    hidden = solver.parse("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1")
    a = solver.analyse(hidden, limit=solver.Limit(samples=20))
    assert a.interval in set(solver.Interval) and a.interval is not solver.Interval.NO_SAMPLING
    assert a.method.way is solver.Way.SEAT_SAMPLING and isinstance(a.method, solver.Method)
    e = solver.analyse(solver.parse("hand1=3C,AS hand2=2C,RS briscola=RD turn=1"))
    assert e.exact and e.method.way is solver.Way.EXACT
