"""puzzles play's words (hint, skip, help, quit, --from), answers as card names and
percentages, a comment line in a puzzle file, the untitled header, and solve's measured
difficulty beside the stated one."""
from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from solver.cards import card_name, card_str, parse_card, parse_typed_card
from solver.i18n import error_text
from solver.puzzles import PuzzleError, bundled, read_answer, read_puzzles, solve
from test_puzzles import line, quiz_file, run  # a puzzle file's line, a file of three, the CLI

SCORED = "hand1=RC,6S hand2=5B,4D briscola=2D turn=1 score=65-51"
SAVE_POSITION = "hand1=AC,4S hand2=3B,6S briscola=4S turn=1"  # test_puzzles.SAVE


@pytest.fixture
def quiz(tmp_path):
    return quiz_file(tmp_path)


def said(output: str) -> list[str]:
    """What the quiz said after each prompt (the prompt and the answer share a line)."""
    return [x.rsplit("): ", 1)[-1] for x in output.splitlines()]


def test_hint_skip_help_and_quit_in_english(quiz):
    r = run("puzzles", "play", str(quiz), input="help\nhint\nskip\nq\n")
    assert r.exit_code == 0, r.output
    out = said(r.output)
    assert "Your card (hint, skip, help, q to quit): " in r.output
    assert any(x.startswith("Type a card (AD, 10b, its name: Ace of coins, or, for the best card, "
                            "its place in its player's line: 1 for the first)") for x in out)
    hint = [x for x in out if x.startswith("Hint:")]
    assert hint == ["Hint: the idea here is 'A liscio to draw the trump'."], hint
    assert "Skipped: the answer is 5C." in out
    assert "Score: 0/1." in out  # given up: done, not solved
    assert out[-2:] == ["Final score: 0/1.", "To go on from here: --from p2"], out[-2:]


def test_the_italian_words_and_prompt(quiz):
    r = run("puzzles", "play", str(quiz), "--lang", "it", input="aiuto\nindizio\nsalta\nesci\n")
    assert r.exit_code == 0, r.output
    out = said(r.output)
    assert "La tua carta (indizio, salta, aiuto, q per uscire): " in r.output
    assert any(x.startswith("Scrivi una carta (AD, 10b, il suo nome: Asso di denari, o, per la "
                            "carta migliore, il suo posto nella riga del suo giocatore: 1 per "
                            "la prima)") for x in out)
    assert "Indizio: l'idea qui è 'Un liscio per far uscire la briscola'." in out
    assert "Saltato: la risposta è 5C." in out
    assert out[-2:] == ["Punteggio finale: 0/1.", "Per riprendere da qui: --from p2"]


def test_a_hint_keeps_the_answer_and_a_right_answer_after_it_is_counted(quiz):
    """A value puzzle's hint names the best card, never the value; a right answer after a
    hint counts, and the final score says how many came after one."""
    r = run("puzzles", "play", str(quiz), "--from", "p3", input="hint\n-7\n")
    assert r.exit_code == 0, r.output
    hint = [x for x in said(r.output) if x.startswith("Hint:")]
    assert "Hint: the best card is 5C; what is it worth?" in hint, hint
    assert not any("-7" in x for x in hint)
    assert "Final score: 1/1 (1 right after a hint)." in r.output


def test_from_starts_at_an_id_and_refuses_an_unknown_one(quiz):
    r = run("puzzles", "play", str(quiz), "--from", "p2", input="AC\n")
    assert r.exit_code == 0, r.output
    assert "Puzzle 1/3" not in r.output and "Puzzle 2/3 [easy]" in r.output
    assert "Final score: 1/1." in r.output and "--from p3" in r.output
    r = run("puzzles", "play", str(quiz), "--from", "nope", input="")
    assert r.exit_code == 2 and r.output.count("\n") == 1, r.output
    assert "--from nope: no puzzle has this id in" in r.output and str(quiz) in r.output
    r = run("puzzles", "play", str(quiz), "--from", "nope", "--lang", "it", input="")
    assert r.exit_code == 2 and "--from nope: nessun problema ha questo id" in r.output


@pytest.mark.parametrize("lang,words", [("en", "puzzles play reads the answers typed"),
                                        ("it", "puzzles play legge dall'input standard")])
def test_play_refuses_its_puzzles_from_standard_input(quiz, lang, words):
    """`puzzles play -` read the puzzles from standard input, whole, which left no answer to
    read there: the quiz showed the first puzzle and ended at once, 0/0, exit 0."""
    r = run("puzzles", "play", "-", "--lang", lang, input=quiz.read_text(encoding="utf-8"))
    assert r.exit_code == 2 and r.output.count("\n") == 1, r.output
    assert words in r.output and "Puzzle 1/" not in r.output


@pytest.mark.parametrize("typed", ["5 of cups", "5 DI COPPE", "  5   of   Cups "])
def test_a_card_may_be_typed_by_its_name(quiz, typed):
    r = run("puzzles", "play", str(quiz), input=f"{typed}\nasso di coppe\n")
    assert r.exit_code == 0, r.output
    assert "Final score: 2/2." in r.output, r.output


@pytest.mark.parametrize("lang,words", [
    ("en", "unknown card 'ace of stars' (type rank then suit, e.g. AD, 3c, 10b, or its name: "
     "Ace, Three, King, Knight, Jack, 7 ... 2 of batons, cups, coins, swords, or of clubs, "
     "hearts, diamonds, spades); try again."),
    ("it", "carta sconosciuta 'ace of stars' (scrivi il valore e poi il seme, per esempio AD, "
     "3c, 10b, o il suo nome: Asso, Tre, Re, Cavallo, Fante, 7 ... 2 di bastoni, coppe, denari, "
     "spade, o di fiori, cuori, quadri, picche); riprova."),
])
def test_an_unknown_name_is_said_as_typed_with_the_ways_to_type_a_card(quiz, lang, words):
    """A name that is no card ('ace of stars') was told it is not a card you may play, as a
    card held by the other player is."""
    r = run("puzzles", "play", str(quiz), "--lang", lang, input="ace of stars\n5C\nAC\n")
    assert r.exit_code == 0, r.output
    assert words in said(r.output), r.output


def test_parse_typed_card_reads_every_printed_name():
    for c in range(40):
        for lang in ("en", "it"):
            assert parse_typed_card(card_name(c, lang).upper()) == c
    assert parse_typed_card("10b") == int(parse_card("10B"))
    with pytest.raises(ValueError) as e:
        parse_typed_card("Ace of stars")
    assert e.value.key == "card.unknown_typed" and "'Ace of stars'" in str(e.value)


#: the French-suited deck's suits (many Northern players' Briscola deck) and the Italian
#: suit each stands for: spade = picche (spades), coppe = cuori (hearts), denari = quadri
#: (diamonds), bastoni = fiori (clubs)
FRENCH = {"S": ("spades", "picche"), "C": ("hearts", "cuori"), "D": ("diamonds", "quadri"),
          "B": ("clubs", "fiori")}


@pytest.mark.parametrize("text,card", [
    ("ace of spades", "AS"), ("3 of hearts", "3C"), ("king of diamonds", "RD"),
    ("jack of clubs", "FB"), ("knave of clubs", "FB"), ("Three of Hearts", "3C"),
    ("asso di picche", "AS"), ("tre di cuori", "3C"), ("re di quadri", "RD"),
    ("fante di fiori", "FB"), ("3 di cuori", "3C"), ("7 of spades", "7S"),
    ("ACE OF SPADES", "AS"), ("  Asso   DI  Picche ", "AS"), ("kNiGhT oF hEaRtS", "CC"),
    ("cavallo di quadri", "CD"), ("3 of cups", "3C"), ("tre di coppe", "3C"),
    ("10 of cups", "RC"), ("1 di quadri", "AD"),
])
def test_a_card_may_be_named_with_the_french_suits(text, card):
    assert parse_typed_card(text) == int(parse_card(card))


def test_every_card_is_named_with_the_french_suits_in_both_languages():
    for c in range(40):
        en, it = FRENCH[card_str(c)[-1]]
        rank_en, rank_it = card_name(c).split(" of ")[0], card_name(c, "it").split(" di ")[0]
        assert parse_typed_card(f"{rank_en} of {en}") == c
        assert parse_typed_card(f"{rank_it.upper()} DI {it.upper()}") == c


@pytest.mark.parametrize("text,card", [
    ("queen of hearts", "CC"),
    ("Queen of Spades", "CS"),
    ("regina di cuori", "CC"),
    ("donna di fiori", "CB"),
    ("queen of coins", "CD"),
])
def test_a_queen_is_the_knight_as_in_the_french_suited_italian_decks(text, card):
    """'queen of hearts' was an unknown card; the French-suited Italian decks (Piemontesi,
    Genovesi) have a Queen (Donna) where the Neapolitan deck has the Cavallo, between the
    Jack and the King, worth its 3 points: it is that card."""
    assert card_str(parse_typed_card(text)) == card


def test_a_win_value_may_be_typed_as_a_percentage(tmp_path):
    f = tmp_path / "w.jsonl"
    f.write_text(line(id="w", position=SCORED, question="value", objective="win", answer="1")
                 + "\n" + line(id="v", position=SCORED, question="value", answer="-4") + "\n")
    r = run("puzzles", "play", str(f), input="100%\n50%\n-4\n")
    assert r.exit_code == 0, r.output
    assert "from 0 to 1 or as a percentage, 50%" in r.output
    assert "'50%' is a percentage: this puzzle's value is in points; try again." in r.output
    assert "Final score: 2/2." in r.output, r.output
    assert read_answer("50 %", "en", "win") == Fraction(1, 2)
    assert read_answer("12,5%", "it", "win") == Fraction(1, 8)
    assert read_answer("0.25", "en", "win") == Fraction(1, 4)
    with pytest.raises(PuzzleError) as e:
        read_answer("50%", "en")
    assert e.value.key == "puzzle.percent_points"
    with pytest.raises(PuzzleError):
        read_answer("x%", "en", "win")


@pytest.mark.parametrize("comment", ["# my puzzles", "  // a note"])
def test_a_comment_line_is_said_to_be_a_comment(tmp_path, comment):
    with pytest.raises(PuzzleError, match=r"^line 2: a '(#|//)' comment line is not allowed"):
        read_puzzles([line(), comment])
    f = tmp_path / "c.jsonl"
    f.write_text(comment + "\n" + line() + "\n")
    r = run("puzzles", "solve", str(f))
    assert r.exit_code == 2 and r.output.count("\n") == 1, r.output
    assert f"{f}:1: a '" in r.output and "comment line is not allowed" in r.output
    assert "not valid JSON" not in r.output
    r = run("puzzles", "solve", str(f), "--lang", "it")
    assert "riga di commento" in r.output, r.output


def test_an_untitled_header_has_no_trailing_space(quiz):
    r = run("puzzles", "play", str(quiz), input="5C\nq\n")
    lines = r.output.splitlines()
    assert "Puzzle 1/3 [easy] Liscio" in lines
    assert "Puzzle 2/3 [easy]" in lines, lines
    assert not [x for x in lines if x.startswith("Puzzle ") and x != x.rstrip()]


def test_solve_flags_a_stated_difficulty_the_measure_does_not_give(tmp_path):
    """A hand-written "hard" puzzle that is really easy: solve reports the measured
    difficulty beside the stated one and flags the mismatch, a note that does not change
    the verdict or the exit code."""
    easy = next(p for p in bundled() if p.difficulty == "easy")
    c = solve(replace(easy, difficulty="hard"))
    assert c.ok and c.measured is not None and c.measured[1] == "easy"
    assert c.difficulty_differs
    assert not solve(easy).difficulty_differs
    f = tmp_path / "h.jsonl"
    f.write_text(replace(easy, difficulty="hard").to_line() + "\n"
                 + line(id="v", question="value", answer="-7") + "\n")
    r = run("puzzles", "solve", str(f), "--json")
    assert r.exit_code == 0, r.output
    got = [json.loads(x) for x in r.stdout.splitlines()]
    assert [(g["difficulty"], g["measured_difficulty"], g["difficulty_differs"]) for g in got] \
        == [("hard", "easy", True), ("easy", None, False)]
    assert isinstance(got[0]["measured_score"], int) and got[0]["ok"] is True
    r = run("puzzles", "solve", str(f))
    assert r.exit_code == 0, r.output
    rows = [x.split() for x in r.stdout.splitlines()]
    assert rows[0] == ["id", "difficulty", "measured", "stated", "solver", "ok"]
    assert rows[1][1:4] == ["hard", "easy", "!"], rows
    assert "1 stated difficulty(ies) differ from the measured one (!)" in r.stderr
    r = run("puzzles", "solve", str(f), "--lang", "it")
    assert "difficoltà dichiarate diverse da quella misurata (!)" in r.stderr


def test_check_is_solve_by_another_name(tmp_path):
    """'puzzles check' (what a puzzle maker types to check a file) says what solve says."""
    src = tmp_path / "q.jsonl"
    src.write_text(line() + "\n" + line(id="p2", answer=["5D"]) + "\n")
    solved, checked = run("puzzles", "solve", str(src)), run("puzzles", "check", str(src))
    assert checked.exit_code == solved.exit_code == 1  # p2's stated answer is wrong
    assert checked.output == solved.output and "WRONG" in checked.output


def _place(position: str, card: str) -> int:
    """Where ``card`` stands in the mover's line of the quiz's board (1 = the first)."""
    from solver.cards import cards_of
    from solver.position import parse_position
    from solver.position.board import render, seat_hands

    pos = parse_position(position)
    mover = [row for row in render(pos).splitlines() if "<- to" in row][0]
    hand = [card_str(c) for c in cards_of(seat_hands(pos)[pos.to_move])]
    assert " ".join(hand) in mover, (mover, hand)  # the board draws the hand in this order
    return hand.index(card) + 1


@pytest.mark.parametrize("lang,words", [
    ("en", "Player 1's line has no card 9: type 1 to 2 for a card by its place there, or the "
     "card itself (AD, 3c ...); try again."),
    ("it", "La riga del giocatore 1 non ha una carta 9: scrivi da 1 a 2 per una carta dal suo "
     "posto, o la carta stessa (AD, 3c ...); riprova."),
])
def test_a_best_card_may_be_typed_by_its_place_in_the_movers_line(quiz, lang, words):
    """`briscola play` took 1..N for the card at that place of your line; the quiz refused
    "2" as an unknown card. A best-card puzzle takes it too (a place past the line is said
    with what to type); a value puzzle keeps a number as the value."""
    from test_puzzles import LISCIO

    first = _place(LISCIO, "5C")
    second = _place(SAVE_POSITION, "AC")
    r = run("puzzles", "play", str(quiz), "--lang", lang, input=f"9\n{first}\n{second}\n-7\n")
    assert r.exit_code == 0, r.output
    assert words in said(r.output), r.output
    assert ("Final score: 3/3." if lang == "en" else "Punteggio finale: 3/3.") in r.output


def test_a_place_of_a_card_that_may_not_be_played_is_refused_naming_the_card(tmp_path):
    """A place whose card must not be played (Briscolone follows suit) is said as the card."""
    from test_puzzles import FOLLOW

    f = tmp_path / "f.jsonl"
    f.write_text(line(position=FOLLOW, answer=["3S"]) + "\n")
    k = _place(FOLLOW, "3S")
    r = run("puzzles", "play", str(f), input=f"{_place(FOLLOW, 'RC')}\n{k}\n")
    assert r.exit_code == 0, r.output
    assert "'RC' is not a card you may play (2S 3S); try again." in said(r.output), r.output
    assert "Final score: 1/1." in r.output, r.output
