"""Four-player scoperta puzzles: the bundled set, generation checked against the protocol's
own expectiminimax, the quiz, and the one-line errors of a puzzle beyond what is made."""
from __future__ import annotations

import json
import pickle
from fractions import Fraction

import pytest
from click.testing import CliRunner

from cli.main import cli
from protocol_reference import move_values
from solver.cards import card_str, parse_card
from solver.i18n import error_text
from solver.position import parse_position
from solver.puzzles import (DIFFICULTIES, MARGIN, PuzzleError, bundled, generate, greedy_card,
                            measure, read_puzzles, solve)

# the talon holding 8 cards: four-player puzzles stop at the last draw (talon 4)
TALON8 = ("variant=scoperta4 hand1=RB,3C,6D hand2=AB,RD,2S hand3=2B,RC,CS hand4=5C,AC,CD "
          "top=4C briscola=RS played=5B,7B,FB,CB,3B,6C,7C,2D,4D,7D,FD,3D,4S,7S,FS,3S,6B,4B,2C,"
          "FC turn=4")
# player 2 leads the 7S, player 3 (the partner of 1) holds the trick with RB (trumps: cups)
LOAD = ("variant=scoperta4 hand1=AC,4S,CS hand2=FB,RS hand3=2B,7C hand4=6B,3B,RD table=7S,RB "
        "briscola=CB turn=4")


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def line(**kw):
    d = {"id": "p1", "position": LOAD, "question": "best", "answer": ["3B"],
         "difficulty": "easy"}
    d.update(kw)
    return json.dumps(d)


def unique_best(pos, objective):
    """(the only best card, its margin over the next) by the reference, or None."""
    v = move_values(pos, objective)
    best = max(v.values())
    top = [c for c, x in v.items() if x == best]
    if len(top) != 1:
        return None
    return top[0], best - max(x for x in v.values() if x != best)


# ----- the bundled set ------------------------------------------------------------------
def test_bundled_scoperta4_set_solves_to_its_stated_answers():
    ps = bundled("scoperta4")
    assert 24 <= len(ps) <= 40
    assert {p.difficulty for p in ps} == set(DIFFICULTIES)
    assert {p.position.talon_size for p in ps} == {0, 4}
    for p in ps:
        assert p.position.variant == "scoperta4" and p.title, p.id
        c = solve(p)
        assert c.ok and c.exact, p.id
        assert c.measured is not None and not c.difficulty_differs, p.id  # rated as made


def test_bundled_last_tricks_have_their_one_best_card_by_the_reference():
    """The talon-0 puzzles against the protocol's expectiminimax (cheap: 12 cards);
    the last draws take seconds each there and are left to the generator's test."""
    for p in bundled("scoperta4"):
        if p.position.talon_size == 0:
            best, margin = unique_best(p.position, p.objective)
            assert (best,) == p.answer and margin >= MARGIN[p.objective], p.id


# ----- generating -----------------------------------------------------------------------
def test_generate_scoperta4_is_reproducible_by_seed():
    a = [p.to_line() for p in generate(4, seed=21, variant="scoperta4")]
    b = [p.to_line() for p in generate(4, seed=21, variant="scoperta4")]
    c = [p.to_line() for p in generate(4, seed=22, variant="scoperta4")]
    assert a == b and a != c and len(a) == 4


@pytest.mark.parametrize("talon,objective,count", [(0, "points", 4), (0, "win", 2),
                                                    (4, "points", 1)])
def test_every_generated_puzzle_has_one_best_card_by_the_margin(talon, objective, count):
    """Checked against an independent evaluation: the expectiminimax written on the State
    protocol alone, every draw of the last draw weighed."""
    ps = list(generate(count, seed=3, talon=talon, variant="scoperta4", objective=objective))
    assert len(ps) == count
    for p in read_puzzles([x.to_line() for x in ps]):  # as a file reads them back
        assert p.position.variant == "scoperta4" and p.position.talon_size == talon
        assert p.difficulty in DIFFICULTIES and p.features["tricks"] == 3 + (talon > 0)
        best, margin = unique_best(p.position, objective)
        assert (best,) == p.answer and margin >= MARGIN[objective]
        assert Fraction(p.features["margin"]) == margin


def test_generate_mixes_the_last_tricks_and_the_last_draw():
    ps = list(generate(8, seed=5, variant="scoperta4"))
    assert {p.position.talon_size for p in ps} == {0, 4}
    assert {p.position.players for p in ps} == {4}


def test_greedy_loads_the_partners_trick_last_and_takes_the_opponents_points():
    # last to play on the partner's trick: the non-trump card with the most points
    assert greedy_card(parse_position(LOAD)) == parse_card("3B")
    # player 2's AS holds the trick (points): the cheapest card that takes it, a trump
    pos = parse_position("variant=scoperta4 hand1=4S,CS,7D hand2=FB,RS hand3=2B,7C,AD "
                         "hand4=6B,3B,RD table=AS briscola=CB turn=3")
    assert greedy_card(pos) == parse_card("2B")
    # the partner holds the trick with a player still to come: the least valuable card
    pos = parse_position("variant=scoperta4 hand1=AC,7S,CS hand2=FB,RS hand3=2B,7C "
                         "hand4=6B,3B,RD table=AS,4S briscola=CB turn=4")
    assert greedy_card(pos) == parse_card("6B")


def test_measure_follows_the_last_draw_over_its_draws():
    """Before the last draw the line branches on the draws: its balance per trick is their
    expectation, and the line counts the draw's trick and the last three."""
    pos = bundled("scoperta4")[-1].position
    assert pos.talon_size == 4
    f = measure(pos)
    assert f is not None and f["tricks"] == 4 and 1 <= f["depth"] <= 4


def test_the_two_player_sets_measure_as_they_were_made():
    """greedy_card and the line's balance now serve teams: the two-player puzzles still
    measure to the features stored when they were generated."""
    for variant in ("scoperta", "briscolone"):
        for p in bundled(variant):
            f = measure(p.position, p.objective)
            assert {k: f[k] for k in p.features if k in f} == {
                k: v for k, v in p.features.items() if k in f}, p.id


# ----- playing --------------------------------------------------------------------------
def test_play_bundled_scoperta4_judges_right_and_wrong():
    ps = bundled("scoperta4")
    wrong = next(c for c in ps[1].position.legal_cards() if c not in ps[1].answer)
    r = run("puzzles", "play", "--variant", "scoperta4",
            input=f"{card_str(ps[0].answer[0])}\nZZ\n{card_str(wrong)}\nq\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Player 4" in out and "in a team with player" in out
    assert "Right!" in out and f"Wrong: the answer is {ps[1].answer_text()}" in out
    assert "unknown card 'ZZ'" in out and "Final score: 1/2." in out
    assert "team" in out and "The best line, trick by trick" in out  # the team explanation


def test_play_a_last_draw_gives_each_cards_value_for_the_team_en_and_it(tmp_path):
    ps = [p for p in bundled("scoperta4") if p.position.talon_size == 4][:1]
    value = line(id="v", question="value", answer="38")  # LOAD is worth 38 to team 2+4
    f = tmp_path / "q.jsonl"
    f.write_text(ps[0].to_line() + "\n" + value + "\n")
    r = run("puzzles", "play", str(f), input=f"{card_str(ps[0].answer[0])}\n38\n")
    assert r.exit_code == 0, r.output
    assert "Each card for your team" in r.output and "Final score: 2/2." in r.output
    assert "What is this position worth to your team, players 4 and 2?" in r.output
    assert "The value for your team" in r.output
    r = run("puzzles", "play", "--lang", "it", str(f), input=f"{card_str(ps[0].answer[0])}\n5\n")
    assert r.exit_code == 0, r.output
    assert "Ogni carta per la tua squadra" in r.output and "per la tua squadra" in r.output
    assert "Sbagliato: la risposta è 38" in r.output


def test_solve_checks_a_value_for_the_team_to_move():
    p = read_puzzles([line(question="value", answer="38")])[0]
    assert solve(p).ok
    assert not solve(read_puzzles([line(question="value", answer="-38")])[0]).ok


# ----- hostile input --------------------------------------------------------------------
@pytest.mark.parametrize("position,answer,english,italian", [
    (TALON8, ["5C"],
     "line 1: position: scoperta4 puzzles are the last draw or the last three tricks "
     "(where the exact search is quick): the talon must hold 4 cards or none, it holds 8",
     "line 1: campo position: i problemi di scoperta4 sono l'ultima pescata o le ultime tre "
     "prese (dove la ricerca esatta è rapida): il tallone deve avere 4 carte o nessuna, "
     "invece ne ha 8"),
    # the seats the variant has: a four-player position with two hands, a two-player one
    # with a third
    ("variant=scoperta4 hand1=AS,3S,RC hand2=4S,7S,FC briscola=4C turn=1", ["AS"],
     "line 1: position: missing field hand3=", "line 1: campo position: manca il campo hand3="),
    ("hand1=AS,3S,RC hand2=4S,7S,FC hand3=AD,6B,2C briscola=4C turn=1", ["AS"],
     "line 1: position: scoperta has 2 players: hand3= is not allowed",
     "line 1: campo position: scoperta si gioca in 2: hand3= non è ammesso"),
    (LOAD, ["ZZ"], "line 1: answer: unknown card 'ZZ' (write rank then suit, e.g. AD, 3C, RB, "
     "7S)", "line 1: campo answer: carta sconosciuta 'ZZ' (scrivi il valore e poi il seme, per "
     "esempio AD, 3C, RB, 7S)"),
    # the partner's card, one on the table: the answer is a card of the seat to move
    (LOAD, ["FB"], "line 1: answer FB is not in the hand of player 4",
     "line 1: la risposta FB non è nella mano del giocatore 4"),
    (LOAD, ["RB"], "line 1: answer RB is not in the hand of player 4",
     "line 1: la risposta RB non è nella mano del giocatore 4"),
    (LOAD, ["AC"], "line 1: answer AC is not in the hand of player 4",
     "line 1: la risposta AC non è nella mano del giocatore 4"),
])
def test_a_bad_scoperta4_puzzle_is_one_keyed_line(position, answer, english, italian):
    with pytest.raises(PuzzleError) as info:
        read_puzzles([line(position=position, answer=answer)])
    assert str(info.value) == english
    assert error_text(pickle.loads(pickle.dumps(info.value)), "it") == italian


def test_the_cli_says_a_bad_scoperta4_puzzle_in_one_line(tmp_path):
    f = tmp_path / "bad.jsonl"
    f.write_text(line(position=TALON8, answer=["5C"]) + "\n")
    r = CliRunner().invoke(cli, ["puzzles", "solve", str(f)])
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1
    assert "the talon must hold 4 cards or none, it holds 8" in r.output


@pytest.mark.parametrize("kw,english,italian", [
    ({"talon": 2}, "scoperta4 puzzles: --talon must be 0 or 4 (the last three tricks or the "
     "last draw), got 2", "problemi di scoperta4: --talon dev'essere 0 o 4 (le ultime tre "
     "prese o l'ultima pescata), non 2"),
    ({"talon": 8}, "scoperta4 puzzles: --talon must be 0 or 4 (the last three tricks or the "
     "last draw), got 8", None),
])
def test_generate_refuses_a_talon_four_players_have_no_puzzles_at(kw, english, italian):
    with pytest.raises(PuzzleError) as info:
        list(generate(1, variant="scoperta4", **kw))
    assert str(info.value) == english
    if italian:
        assert error_text(info.value, "it") == italian
    r = run("puzzles", "generate", "--count", "1", "--variant", "scoperta4", "--talon", "2")
    assert r.exit_code == 2 and "--talon must be 0 or 4" in r.output


@pytest.mark.parametrize("lang, wrong", [("en", r"answers (?!with )"), ("it", r"risponde (?!con )")])
def test_a_four_player_cards_cost_names_its_reply_with_with(lang, wrong):
    """The cost of another card named its punishing reply as "player 1 answers the Ace of
    cups" ("risponde l'Asso di coppe"): an answer is with a card, as the line's plays say."""
    import re

    from solver.explain import explain_position, explanation_text

    texts = [explanation_text(explain_position(p.position, lang=lang), lang)
             for p in bundled("scoperta4") if not p.position.talon_size]
    assert any(" costs " in t or " costa " in t for t in texts)
    assert not [m for t in texts for m in re.findall(wrong + r".{0,30}", t)]


@pytest.mark.parametrize("position, theme", [
    # player 2, an opponent, loads player 4's trick: no theme for player 3
    ("hand1=RB,RC,3S hand2=4D,RD,4S hand3=FB,6C,7S hand4=4B,3B,6S briscola=6B turn=3 "
     "variant=scoperta4", None),
    # player 1, the partner, loads the trick player 3's FD takes: the team's theme, said
    # where the line shows it (the partner's card, not the move asked for)
    ("hand1=CC,3D,AS hand2=RB,3B,RC hand3=2B,FB,FD hand4=4D,RS,3S briscola=CB turn=3 "
     "variant=scoperta4", "Load the partner's trick (AS by player 1, trick 1)"),
])
def test_a_four_player_puzzles_theme_is_its_teams_idea_never_the_other_teams(position, theme):
    from solver.puzzles import evaluate

    best, label, title, comment, f = evaluate(parse_position(position), "points", None)
    if theme is None:
        assert ":" not in comment and "ideas" not in f, comment
    else:
        assert comment.startswith(theme + ": ") and f["ideas"] == ["load_partner"]
