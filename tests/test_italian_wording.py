"""The Italian a Briscola player reads: the game's own words (tagliare, fare la presa,
rispondere al seme, il tallone, il tavolo d'analisi, la mescolata for a seed), and a count
of 1 that reads in the singular where the board and the review say it, read as a native
player reviewed them. The English is untouched by these (test_words, test_cli_lang_all)."""
from __future__ import annotations

import re

from click.testing import CliRunner

from cli.main import cli
from solver.errors import ENGLISH
from solver.explain import explain, render_text
from solver.i18n import (
    BOARD_PAGE,
    COMMAND_TEXT,
    ERRORS,
    MESSAGES,
    REVIEW_TEXT,
    TEAM_WORDS,
    agree,
    command_text,
)
from solver.position import parse_position
from test_puzzles import quiz_file, run

#: the first bundled puzzle: player 2 trumps the 7 of swords with the Jack of batons
TRUMPS = "hand1=7D hand2=FB,AC table=7S briscola=3B turn=2"


def _italian_strings():
    tables = (MESSAGES, TEAM_WORDS, REVIEW_TEXT, COMMAND_TEXT, BOARD_PAGE)
    for table in tables:
        for key, text in table["it"].items():
            if isinstance(text, str):
                yield key, text
    yield from ERRORS["it"].items()


def test_a_trump_that_takes_is_said_once_not_as_the_card_of_briscola():
    """"tagli con il Fante di bastoni di briscola" said the trump twice (tagliare is to
    take with a trump) and read as a card named "of briscola"."""
    it = render_text(explain(parse_position(TRUMPS)), "it")
    assert "Perché: tu tagli con il Fante di bastoni (ogni altra carta" in it, it
    assert "di briscola (" not in it


def test_a_trick_is_made_not_taken_twice_over():
    """"prende la presa" (takes the take) is said "fa la presa", as players say it."""
    it = render_text(explain(parse_position(TRUMPS)), "it")
    assert "l'avversario fa la presa e apre la successiva con il 7 di denari" in it, it
    assert not [k for k, v in _italian_strings() if re.search(r"\bprend[ei] la presa\b", v)]


def test_following_suit_has_one_name():
    said = [v for _, v in _italian_strings() if re.search(r"rispondere a seme|\ba seme con", v)]
    assert not said, said


def test_a_seed_is_never_called_a_suit():
    """Seme is a suit in Briscola: a seed (a run's or a shuffle's) is never called one."""
    wrong = [k for k, v in ERRORS["it"].items() if "seed" in ENGLISH.get(k, "") and "seme" in v]
    assert not wrong, wrong


def test_the_board_is_a_table_not_a_chessboard():
    assert not [k for k, v in _italian_strings() if "scacchier" in v]
    text = command_text("it", "serve.listening", ip="127.0.0.1", port=8000, url="http://x/")
    assert "il tavolo d'analisi è su http://x/ (Ctrl-C lo ferma)" in text


def test_the_analysis_says_whose_turn_it_is_as_card_players_do():
    r = CliRunner().invoke(cli, ["analyse", "--lang", "it", "hand1=3C,AS hand2=2C,RS "
                                 "briscola=RD turn=1"])
    assert r.exit_code == 0, r.output
    assert "\ntocca al giocatore 1 — obiettivo: punti" in r.output and "muove" not in r.output


def test_a_final_score_after_one_hint_agrees(tmp_path):
    """"(1 giuste dopo un indizio)": the count came before a plural adjective."""
    r = run("puzzles", "play", str(quiz_file(tmp_path)), "--from", "p3", "--lang", "it",
            input="indizio\n-7\n")
    assert r.exit_code == 0, r.output
    assert "Punteggio finale: 1/1 (di cui 1 dopo un indizio)." in r.output, r.output


def test_the_boards_counts_of_one_read_in_the_singular():
    """The board fills its templates without agree: a count of 1 must not sit before a
    plural ("1 troppo vicine", "1 pescate non misurate", "1 carte giudicate")."""
    plural = re.compile(r"(?<![\d,.])1 (carte|pescate|mosse|troppo vicine)\b")
    for key in ("review.close", "review.unmeasured", "review.judged"):
        text = BOARD_PAGE["it"][key].format(n=1, k=1)
        assert not plural.search(text), (key, text)


def test_the_reviews_counts_of_one_agree_whole():
    """agree makes "1 pescate" singular but not the adjective after it: the count goes last."""
    for key in ("luck_missing", "incomplete"):
        text = agree(REVIEW_TEXT["it"][key].format(n=1, t=40), "it")
        assert not re.search(r"\b1 (pescata|mossa)( su \d+)? non \w+ate\b", text), (key, text)


def test_a_match_of_one_segno_or_one_round_agrees():
    for kind, one in (("segni", "1 segno"), ("giri", "1 giro")):
        text = command_text("it", "simulate.target", kind=kind, target=1, deals=3)
        assert f"obiettivo {one}," in text, text
    assert "obiettivo 11 segni," in command_text("it", "simulate.target", kind="segni",
                                                 target=11, deals=3)


def test_a_record_is_a_partita_registrata_in_italian():
    said = [k for k, v in COMMAND_TEXT["it"].items() if re.search(r"\brecord\b", v)]
    assert not said, said


#: explanations with every kind of reason and idea line: the README's, the last draw's
#: (a liscio on purpose, the trump kept for the carico), a briscolone endgame
EXPLAINED = [
    "hand1=3C,AS hand2=2C,RS briscola=4S turn=1",
    "hand1=AC,7D,RS hand2=3C,2D table=4C top=3D briscola=4S turn=1",
    "variant=briscolone hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D turn=1",
]
#: after a colon, Italian goes on in lower case; a card's name (il Re, l'Asso), a card in
#: notation (AC-3C, the other cards' line), a number or a seme's name keep theirs
CAPITAL_AFTER_COLON = re.compile(
    r": (?:l'|il )?(?!(?:Asso|Tre|Re|Cavallo|Fante)\b|[2-7AFCR][BCDS]-)([A-ZÀ-Ý]\w*)"
)


def test_after_a_colon_an_italian_explanation_goes_on_in_lower_case():
    """"Perché: Tu lisci apposta", "Presa 1: L'avversario gioca", "Lasciare la presa
    apposta: Tu giochi": a capital after a colon is English's use, not Italian's. English
    keeps it ("Trick 1: You lead", "Why: Any card")."""
    for text in EXPLAINED:
        ex = explain(parse_position(text))
        it = render_text(ex, "it")
        assert "Perché: " in it and "Presa 1: " in it
        assert not CAPITAL_AFTER_COLON.search(it), CAPITAL_AFTER_COLON.search(it)
        en = render_text(ex, "en")
        assert re.search(r"Trick 1: [A-Z]", en) and re.search(r"Why: [A-Z]", en), en
