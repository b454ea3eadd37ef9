"""Four-player scoperta endgame explanations: the line must be optimal and add up."""
from __future__ import annotations

import json
import random

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
    assert "player 4 takes the trick and leads 2 of batons next" in en
    assert "giocatore 4 prende la presa e apre la successiva con 2 di bastoni" in render4(ex, "it")
    assert ex.to_json()["alternatives"][0]["reply"]["role"] == "lead"
    # an answer within the trick keeps the plain wording
    for y in explain4(parse_position(LOAD)).alternatives:
        assert y.role == "answer"
