"""The words of the explanations, puzzles and reviews: singular or plural by the number,
Italian pronouns that agree with the card they stand for, fractions shown as decimals
first, titles and names in the language asked for."""
from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.cards import parse_card
from solver.explain import MESSAGES, agree, explain, render_text
from solver.explain.teams import explain4, render4
from solver.position import parse_position
from solver.i18n import title_text
from solver.puzzles import TITLES, bundled
from solver.review import MoveReview, Review, player_name, render_review
from solver.random_positions import random_position

SAVE = "hand1=AC,4S hand2=3B,6S briscola=4S turn=1"          # save_trump: keep the 4S
COUNT = "hand1=3B,RS hand2=5C,FS briscola=RS turn=2 score=45-59"
BR = " variant=briscolone"
STRIP1 = "hand1=AB,3B,5B,4B hand2=RB,3C,AC,2S turn=1" + BR   # strips batons at one trick
STRIP2 = "hand1=AB,3B,5B,2C hand2=RB,4B,3C,AC turn=1" + BR   # ... at two tricks
COUNT_NT = "hand1=AC,4C,RS hand2=3C,2C,AS turn=1 score=40-44" + BR
ONE_TRICK = "hand1=AC hand2=2C briscola=2S turn=1"
ONE_TRICK4 = "variant=scoperta4 hand1=AS hand2=4S hand3=AD hand4=5D briscola=4C turn=1"
SCOPERTA = [SAVE, COUNT, ONE_TRICK, "hand1=3C,2S,4S hand2=2C,7D,7S top=7C briscola=RD turn=1",
            "hand1=RB,7C,RD hand2=FB,6C,4S top=AB briscola=6B turn=1"]


def _texts(text, objective="points"):
    ex = explain(parse_position(text), objective)
    return render_text(ex, "en"), render_text(ex, "it")


def test_no_template_leaves_the_number_open():
    for table in MESSAGES.values():
        for key, template in table.items():
            assert "(s)" not in template, key
    from solver.explain.teams import WORDS
    for table in WORDS.values():
        for key, template in table.items():
            assert "(s)" not in template, key


@pytest.mark.parametrize("text", SCOPERTA + [STRIP1, STRIP2, COUNT_NT])
def test_explanations_agree_with_their_numbers(text):
    for objective in ("points", "win") if "score=" in text else ("points",):
        for out in _texts(text, objective):
            assert "(s)" not in out
            assert not re.search(r"(?<![\d.,])1 (points|tricks|trumps|punti|prese|briscole)\b", out), out


def test_one_trick_left_is_singular():
    en, it = _texts(ONE_TRICK)
    assert "1 trick to play" in en and "you take 1 trick and 11 points" in en
    assert "the opponent 0 tricks and 0 points" in en
    assert "resta 1 presa" in it and "fai 1 presa" in it


def test_one_trick_left_is_singular_with_four_players():
    ex = explain4(parse_position(ONE_TRICK4))
    en, it = render4(ex, "en"), render4(ex, "it")
    assert "(s)" not in en and "1 trick to play" in en and "takes 1 trick and 22 points" in en
    assert "resta 1 presa" in it and "fa 1 presa" in it


def test_agree_handles_the_new_singulars_and_leaves_other_numbers():
    assert agree("you need 1 more points and 1 trumps are still out", "en") == \
        "you need 1 more point and 1 trump is still out"
    assert agree("e 1 briscole sono ancora fuori", "it") == "e 1 briscola è ancora fuori"
    assert agree("11 points, 21 tricks, 0.1 points", "en") == "11 points, 21 tricks, 0.1 points"


def test_stripping_at_one_trick_or_at_several():
    en, it = _texts(STRIP1)
    assert "at trick 1 until" in en and "alla presa 1 finché" in it
    assert "a card of batons takes the trick" in en
    en, it = _texts(STRIP2)
    assert "at tricks 1, 2 until" in en and "alle prese 1, 2 finché" in it


def test_count_61_names_the_cards_that_keep_the_deal_in_a_sentence_that_agrees():
    en, it = _texts(COUNT_NT)
    assert "With the King of swords you keep the deal" in en
    assert "the 4 of cups or the Ace of cups would throw it away" in en
    assert "con il 4 di coppe o l'Asso di coppe la butti via" in it
    en, _ = _texts(COUNT, "win")
    assert "2 trumps are still out. With the 5 of cups you keep the deal" in en


def test_italian_pronoun_agrees_with_the_card_it_stands_for():
    """Every card name is masculine (il Re, l'Asso, il 4): 'giocarlo ... con esso'."""
    _, it = _texts(SAVE)
    assert "conservi il 4 di spade (giocarlo alla presa 1" in it
    assert "e con esso prendi il Tre di bastoni" in it
    assert "giocarla" not in it and "con essa" not in it
    for key, template in MESSAGES["it"].items():
        assert not re.search(r"\b(giocarla|prenderla|tenerla|spenderla|con essa)\b", template), key


def test_values_before_the_endgame_show_the_decimal_first():
    pos = random_position(random.Random(0), 6)
    en, it = render_text(explain(pos), "en"), render_text(explain(pos), "it")
    assert "  3D: -4.25 (exactly -17/4)" in en
    assert "  4C: -11.33 (exactly -34/3)" in en
    assert "  3D: -4,25 (esattamente -17/4)" in it  # a decimal comma, as the board writes it
    pos = random_position(random.Random(4), 4)          # whole values stay as they are
    assert "  5C: +2\n" in render_text(explain(pos), "en")


def test_cli_explain_before_the_endgame():
    pos = random_position(random.Random(0), 6).to_text()
    r = CliRunner().invoke(cli, ["explain", pos])
    assert r.exit_code == 0 and "-4.25 (exactly -17/4)" in r.output


def test_every_generated_title_reads_in_italian():
    titles = {p.title for v in ("scoperta", "briscolone") for p in bundled(v) if p.title}
    titles |= set(TITLES.values())
    assert len(titles) > 10
    for t in titles:
        it = title_text(t, "it")
        assert it != t and title_text(t, "en") == t
    assert title_text("Last draw: not the obvious card", "it") == "Ultima pescata: non la carta più ovvia"
    assert title_text("My own puzzle", "it") == "My own puzzle"


def test_puzzles_play_shows_italian_titles():
    r = CliRunner().invoke(cli, ["puzzles", "play", "--lang", "it"], input="q\n")
    header = r.output.splitlines()[0]
    first = bundled("scoperta")[0]
    assert header.endswith(title_text(first.title, "it")) and first.title not in header


def _review():
    card = parse_card("3C")
    moves = (MoveReview(1, 1, 1, 0, card, 3, best=(parse_card("AC"),), best_value=2.0,
                        value=1.0, cost=1.0, exact=True),
             MoveReview(1, 2, 1, 1, parse_card("2C"), 2, best=(parse_card("2C"),), cost=0.0,
                        exact=True))
    return Review(moves, ("human", "engine-1"), 2, results=(None,))


def test_review_names_and_numbers_in_both_languages():
    en, it = render_review(_review(), "en"), render_review(_review(), "it")
    assert "cost 1 point (exact)" in en and "(human)" in en
    assert "costo 1 punto (esatta)" in it
    assert "(umano)" in it and "(motore-1)" in it and "human" not in it


def test_player_names():
    assert player_name("human", "it") == "umano"
    assert player_name("engine:0.1", "it") == "motore:0.1"
    assert player_name("player 2", "it") == "giocatore 2"
    assert player_name("Maria", "it") == "Maria"
    assert player_name("human", "en") == "human"


# ----- issue 34: the small words ---------------------------------------------------------

def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.mark.parametrize("plural,singular", [
    ("1 deals", "1 deal"), ("1 wins, 0 draws, 1 losses", "1 win, 0 draws, 1 loss"),
    ("wrote 1 records to x.json", "wrote 1 record to x.json"), ("2 (1 tricks)", "2 (1 trick)"),
    ("the engine: 1 cards (hidden)", "the engine: 1 card (hidden)"),
    ("1 duplicate deals (2 games)", "1 duplicate deal (2 games)"),
    ("1 sampled opponent hands", "1 sampled opponent hand"),
])
def test_a_count_of_one_is_singular_and_other_counts_stay(plural, singular):
    assert agree(plural, "en") == singular
    assert agree(plural.replace("1 ", "11 "), "en") == plural.replace("1 ", "11 ")
    assert agree("1 of 3 moves", "en") == "1 of 3 moves"


def test_italian_counts_of_one():
    assert agree("il motore: 1 carte (coperte)", "it") == "il motore: 1 carta (coperta)"
    assert agree("tu 1 smazzate vinte", "it") == "tu 1 smazzata vinta"


def test_simulate_of_one_game_writes_singulars(tmp_path):
    out = tmp_path / "g.json"
    r = run("simulate", "--games", "1", "--seed", "4", "--record-out", str(out))
    assert r.exit_code == 0, r.output
    assert ": 1 deal, seed 4" in r.output and "wrote 1 record to" in r.output
    assert not re.search(r"(?<![\d.])1 (deals|wins|losses|records)\b", r.output), r.output


def test_the_board_counts_one_trick():
    from solver.position.board import render
    pos = parse_position("hand1=3C,AS,4D hand2=2C,RS,5D top=7C briscola=RD played=4B,5B turn=1")
    assert "2 (1 trick)" in render(pos)
    assert "2 (1 presa)" in render(pos, "it")


def test_demo_in_italian_speaks_italian():
    r = run("demo", "--lang", "it")
    assert r.exit_code == 0, r.output
    out = r.output.split("\n$ ")[1]   # the second example
    assert out.startswith("briscola explain --lang it ")
    for english in ("best:", "position:", "objective", "expected points", "nodes:"):
        assert english not in out, english
    assert "Valore di ogni carta (esatto" in out


def test_a_list_that_ends_with_a_comma_before_the_next_field_says_so():
    r = run("analyse", "hand1=3C,AS, hand2=2C,RS briscola=RD turn=1")
    assert r.exit_code == 2
    assert "the list of hand1= ends with ','" in r.stderr and "hand2=2C" not in r.stderr
    # spaces after a comma inside a list are still forgiven
    assert run("best", "hand1=3C, AS hand2=2C , RS briscola=RD turn=1").exit_code == 0


def test_the_note_on_the_points_past_the_horizon_is_a_clear_sentence():
    from solver.analysis import Limit
    from solver.analysis import sampling as seat
    a = seat.analyse_open(parse_position("variant=classic hand1=FB,5C,FC hand2=2C,AC,FS "
                                         "briscola=2S played=- turn=1"), budget=Limit(samples=3))
    assert "split as a fit" not in a.notes[0]
    assert ("the points still in play after those tricks are divided as a formula fitted to "
            "solved deals predicts them from the two hands") in a.notes[0]
