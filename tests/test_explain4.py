"""Four-player scoperta endgame explanations: the line must be optimal and add up."""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner

import open_games_reference as R
from cli.main import cli
from solver.analysis import analyse
from solver.explain.teams import explain4, render4
from solver.position import PositionError, parse_position

# Player 1 leads; trumps are cups. Player 3 (partner) holds the Ace of coins and can give
# it to a trick player 1 wins with the Three of swords: the line shows it.
LOAD = "variant=scoperta4 hand1=AS,3S,RC hand2=4S,7S,FC hand3=AD,6B,2C hand4=5D,2B,RB briscola=4C turn=1"


def _check(pos, objective="points"):
    ex = explain4(pos, objective)
    team = pos.to_move % 2
    for t in ex.line:
        for c in t.cards:
            if c.analysis is not None:
                assert c.card in c.analysis.best, (str(pos), t.number)
    if objective == "points":
        v = ex.points_won[team] - ex.points_won[1 - team]
        assert v == analyse(pos).value_exact
    for x in ex.alternatives:
        assert x.cost > 0
        assert x.cost == ex.analysis.value_exact - ex.analysis.move(x.card).value_exact
    return ex


def test_line_is_optimal_and_adds_up_on_random_endgames():
    rng = random.Random(4)
    for i in range(25):
        pos = R.random_position("scoperta4", 0, i % 4, rng)
        _check(pos)


def test_loading_the_partner_is_found_where_it_is_and_not_where_it_is_not():
    ex = _check(parse_position(LOAD))
    kinds = {(i.kind, i.seat) for i in ex.ideas}
    assert ("load_partner", 2) in kinds
    # one card each: nothing is a choice, so no idea may be claimed
    forced = parse_position("variant=scoperta4 hand1=AS hand2=4S hand3=AD hand4=5D briscola=4C turn=1")
    assert explain4(forced).ideas == ()


def test_both_languages_and_json():
    pos = parse_position(LOAD)
    ex = explain4(pos)
    en, it = render4(ex, "en"), render4(ex, "it")
    assert "Best cards" in en and "Load the partner's trick" in en
    assert "Carte migliori" in it and "Caricare la presa del compagno" in it
    r = CliRunner().invoke(cli, ["explain", "--json", LOAD])
    assert r.exit_code == 0
    d = json.loads(r.output)
    assert d["team"] == "1+3" and len(d["line"]) == 3 and d["exact"] is True
    assert sum(d["points_won"].values()) == 42


def test_refuses_four_player_positions_with_a_talon():
    with pytest.raises(PositionError, match="endgames only"):
        explain4(R.random_position("scoperta4", 4, 0, random.Random(1)))


# Player 4 plays the trick's last card: 3C would take it (and lead next); holding it wins more.
LAST_OF_FOUR = ("variant=scoperta4 hand1=AB,3B hand2=4S,7S hand3=AD,6B hand4=3C,5D,2B "
                "table=RS,FS,2S briscola=4C turn=4")


def test_the_other_cards_read_without_double_punctuation_and_say_who_leads_next():
    pos = parse_position(LAST_OF_FOUR)
    ex = explain4(pos)
    [x] = ex.alternatives
    assert x.role == "lead" and x.replier == 3
    for lang in ("en", "it"):
        text = render4(ex, lang)
        assert ".;" not in text and ".." not in text, text
    en = render4(ex, "en")
    assert "player 4 takes the trick and leads the 2 of batons next" in en
    assert "giocatore 4 fa la presa e apre la successiva con il 2 di bastoni" in render4(
        ex, "it")
    assert ex.to_json()["alternatives"][0]["reply"]["role"] == "lead"
    # an answer within the trick keeps the plain wording
    for y in explain4(parse_position(LOAD)).alternatives:
        assert y.role == "answer"


# Player 3 to move; the King of swords wins the deal 62-58, the 6 of swords loses it 58-62.
WIN = ("hand1=CC hand2=AS hand3=6S,RS hand4=5D table=FC,AD,2S briscola=RS "
       "played=2B,4B,5B,6B,7B,FB,CB,RB,3B,AB,2C,4C,5C,6C,7C,RC,3C,AC,2D,4D,6D,7D,FD,CD,RD,3D,"
       "4S,5S,7S,FS,CS,3S turn=3 score=45-44 variant=scoperta4")


def test_an_other_cards_line_is_said_to_start_again_from_trick_one():
    """The other card's line starts again from the card's trick, but followed "; then
    Trick 1: ...", as if it came after the reply: it is introduced as the whole line."""
    ex = explain4(parse_position(WIN))
    [x] = ex.alternatives
    assert x.line[0].number == 1
    for lang, said in (("en", "next. The whole line: Trick 1: "),
                       ("it", "con il Re di spade. Ecco la linea intera. Presa 1: ")):
        text = render4(ex, lang)
        assert said in text and "then Trick" not in text and "poi Presa" not in text, text
        assert ".;" not in text and ".." not in text and ";;" not in text, text


def test_the_win_objective_is_said_as_the_teams_chance_and_the_final_score():
    r = CliRunner().invoke(cli, ["explain", "--objective", "win", WIN])
    assert r.exit_code == 0, r.output
    en = r.output
    assert "your team's chance is 100%" in en
    assert "Final score 62-58 (team 1+3 against team 2+4): team 1+3 wins the deal." in en
    assert "The 6 of swords costs 100 percentage points of your team's chance:" in en
    assert "costs 1 point" not in en
    it = CliRunner().invoke(cli, ["explain", "--objective", "win", "--lang", "it", WIN]).output
    assert "la probabilità della tua squadra è 100 %" in it
    assert "Punteggio finale 62-58 (squadra 1+3 contro squadra 2+4): la squadra 1+3 vince" in it
    assert "Il 6 di spade costa 100 punti percentuali di probabilità della tua squadra:" in it
    # 60-60 is a draw: value 1/2, said so
    draw = explain4(parse_position(WIN.replace("score=45-44", "score=43-46")), "win")
    assert draw.analysis.value_exact == Fraction(1, 2) and draw.winner == -1
    en = render4(draw, "en")
    assert "50% (a 60-60 draw counts one half)" in en
    assert "Final score 60-60 (team 1+3 against team 2+4): a draw at 60-60." in en
    assert "pareggio 60 a 60" in render4(draw, "it")
    # the points objective keeps its points, and says the final score too
    pts = render4(explain4(parse_position(WIN)), "en")
    assert "The 6 of swords costs 8 points:" in pts and "team 1+3 wins the deal" in pts
    # --json says the final score and the winner the text says (it had neither)
    j = json.loads(CliRunner().invoke(cli, ["explain", "--json", WIN]).stdout)
    assert j["final_score"] == {"1+3": 62, "2+4": 58} and j["winner"] == "1+3"
    j = json.loads(CliRunner().invoke(cli, ["explain", "--json", WIN.replace("score=45-44",
                                                                             "score=43-46")]).stdout)
    assert j["final_score"] == {"1+3": 60, "2+4": 60} and j["winner"] is None
    no_score = json.loads(CliRunner().invoke(cli, ["explain", "--json",
                                                   WIN.replace(" score=45-44", "")]).stdout)
    assert "final_score" not in no_score and "winner" not in no_score


def test_counts_of_one_are_singular_and_cards_given_take_their_article():
    ex = explain4(parse_position(LOAD))
    assert ex.tricks_won[1] == 1
    en, it = render4(ex, "en"), render4(ex, "it")
    assert "the other team takes 1 trick and 17 points" in en and "1 tricks" not in en
    assert "player 3 gives the Ace of coins to the trick" in en
    assert "il giocatore 3 mette l'Asso di denari sulla presa" in it


def test_trick_lines_word_cards_as_the_two_player_lines_do():
    """A card in a trick line reads as in the two-player explanation: led, or answered
    with, and with its article ("the 4 of swords", "il 4 di spade"), never "player 2 4 of
    swords"."""
    ex = explain4(parse_position(LOAD))
    en, it = render4(ex, "en"), render4(ex, "it")
    assert ("  Trick 1: player 1 leads the King of cups (any card does as well), player 2 "
            "answers with the 4 of swords, player 3 answers with the 6 of batons (any card does "
            "as well), player 4 answers with the 2 of batons; player 1 takes 4 points.") in en
    assert ("  Presa 1: il giocatore 1 gioca il Re di coppe (ogni carta va bene), il giocatore "
            "2 risponde con il 4 di spade, il giocatore 3 risponde con il 6 di bastoni (ogni "
            "carta va bene), il giocatore 4 risponde con il 2 di bastoni; prende il giocatore "
            "1, 4 punti.") in it
    assert "player 3 answers with the Ace of coins" in en
    assert "il giocatore 3 risponde con l'Asso di denari" in it
