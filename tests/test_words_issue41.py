"""The words of the terminal and the explanations (issue 41, item 7): English grammar ("player 1
wins the deal", not "win"), the players' words (a trump "trumps", a card loaded onto the
partner's trick is a carico, not "gives up the trick"), and Italian where English or broken
words were left (the puzzle comments, "1 giusta", the match line, the review's progress)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from cli import cmd_play as P
from cli.main import cli
from solver.cards import card_str
from solver.explain import explain_position, explanation_text as render
from solver.game import deal, play
from solver.i18n import BOARD_PAGE, PLAY_WORDS, PUZZLE_COMMENTS, agree, card_phrase, comment_text
from solver.players.levels import Choice
from solver.puzzles import bundled, bundled_lines
from solver.rules import beats, get_variant, trick_winner


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input, env={"NO_COLOR": "1"})


def test_the_winner_of_the_deal_is_named_in_good_english():
    r = run("explain", "--objective", "win", "hand1=AC,RD,4S hand2=3C,FD,AS top=3D briscola=5D "
            "turn=1 score=40-32")
    assert r.exit_code == 0, r.output
    assert "Final score 66-54: player 1 wins the deal." in r.output
    assert "player 1 win " not in r.output
    assert agree("side 1 wins, 1 wins", "en") == "side 1 wins, 1 win"


def test_a_trump_trumps_it():
    """'ruffs' is a bridge word; Briscola players say a trump takes it, it 'trumps it'."""
    found = 0
    for p in bundled()[:40]:
        ex = explain_position(p.position)
        reasons = [r for t in ex.line for r in t.reasons if r["kind"] == "take_trump"]
        if not reasons:
            continue
        text = render(ex, "en")
        assert "ruff" not in text
        assert " trumps it with " in text or "ou trump it with " in text, text
        assert "taglia con " in render(ex, "it") or "tagli con " in render(ex, "it")
        found += 1
    assert found


def test_loading_the_partners_trick_is_a_carico_not_giving_up_the_trick():
    """A carico onto the partner's trick; with a player still to come (two cards on the
    table) the partner holds it "for now", as a later card may take it; the last card (three
    on the table) says it flatly."""
    said = {"loads": 0, "leaves": 0, "loads_for_now": 0}
    for seed in range(120):
        st = deal(get_variant("scoperta4"), seed)
        for _ in range(2 + seed % 2):             # two or three cards on the table
            st = play(st, st.legal_cards()[0])
        table = list(st.trick)
        w = trick_winner(table, st.trump_suit)
        if (st.leader + w) % 2 != st.to_move % 2:
            continue                              # the partner does not hold the trick
        for c in st.legal_cards():
            if beats(c, table[w], st.trump_suit):
                continue
            text = P.engine_reason(st, Choice(c, None, "greedy"), "en")
            assert not text.startswith("gives up the trick"), text
            key = "loads" if int(P.POINTS[c]) else "leaves"
            if st.to_move == 2:                   # player 3: the partner holding it is you
                key += "_you"
            if key.startswith("loads") and len(table) == 2:
                key += "_for_now"
            name = card_phrase(c, "en")
            assert text == PLAY_WORDS["en"][key].format(c=name) + ": " + PLAY_WORDS["en"][
                "why_greedy"], text
            assert ("for now" in text) == key.endswith("_for_now"), text
            it = P.engine_reason(st, Choice(c, None, "greedy"), "it")
            assert it.startswith(PLAY_WORDS["it"][key].format(c=card_phrase(c, "it"))), it
            said[key.replace("_you", "")] += 1
    assert all(said.values()), said


def test_puzzle_comments_speak_italian():
    for variant in ("scoperta", "briscolone"):
        for line in bundled_lines(variant):
            comment = json.loads(line).get("comment")
            if comment:
                it = comment_text(comment, "it")
                assert it != comment and "natural " not in it and "costs" not in it, it
    assert comment_text("Written by hand.", "it") == "Written by hand."
    en = PUZZLE_COMMENTS["en"]["costs"].format(card="7C", cost="1", unit="points")
    assert comment_text(en, "it") == "La carta più naturale, 7C, costa 1 punto."
    p = bundled()[0]
    r = run("puzzles", "play", "--lang", "it", input=card_str(p.answer[0]) + "\nq\n")
    assert comment_text(p.comment, "it") in r.output and p.comment not in r.output


def test_one_right_answer_agrees_in_italian():
    text = BOARD_PAGE["it"]["pz.score"].format(right=1, done=2)
    assert "1 giuste" not in text and "1" in text and "2" in text


def test_the_match_line_says_the_games_match_rule():
    """"Match of 121 rounds" for a Briscolone match to 121 points."""
    r = run("play", "--variant", "briscolone", "--match", "121", "--seed", "1", "--level",
            "easy", input="q\n")
    assert "Match to 121 points" in r.output and "121 rounds" not in r.output
    r = run("play", "--variant", "classic", "--match", "2", "--seed", "1", "--level", "easy",
            "--lang", "it", input="q\n")
    assert "per primo a 2 smazzate vinte" in r.output


def test_the_review_after_a_deal_counts_moves_in_italian(monkeypatch):
    lines = []
    show = P.progress_printer(every=0.0, lang="it")
    monkeypatch.setattr(P.click, "echo", lambda text="", **kw: lines.append(text))
    show(3, 20)
    assert lines == ["analizzo la mossa 3/20"]


def test_an_italian_game_and_quiz_say_no_english():
    """Every variant played in Italian (u, b, hint, a bad card, cards not held or not
    following suit, to the end and its review) and the puzzle quiz: no English word left
    (they said "unknown card 'u'", "2B is not in player 1's hand", "must follow suit",
    "reviewing move", the puzzles' comments)."""
    import re
    english = re.compile(r"\b(the|you|your|player|reviewing|move|hand|cards?|tricks?|points|"
                         r"draws?|engine|trump|with|not|of|and|takes?|costs?|natural|right|"
                         r"here|last|deal|seat|hidden|unknown|must|follow)\b")
    script = "u\nb\nzz\n" + "".join(card_str(c) + "\n" for _ in range(25) for c in range(40))
    runs = [["play", "--variant", v, "--seed", "5", "--level", "easy", "--time-per-move", "0.03",
             "--lang", "it"] for v in ("scoperta", "classic", "briscolone", "libero", "scoperta4")]
    quiz = "".join(card_str(p.answer[0]) + "\n" for p in bundled()[:6]) + "q\n"
    for args in runs + [["puzzles", "play", "--lang", "it"]]:
        r = CliRunner().invoke(cli, args, input=quiz if args[0] == "puzzles" else script,
                               env={"NO_COLOR": "1"})
        assert r.exit_code == 0, r.output
        for line in (r.output + r.stderr).splitlines():
            assert not english.search(line), (args[:3], line)
