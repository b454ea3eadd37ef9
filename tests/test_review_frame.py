"""One frame a player can follow (issue 41 item 5): the review's graph draws the expected
final margin (points taken plus the points still to win); `briscola analyse` gives the same
number beside each card's points still to win whenever the position has a score, and its
JSON keeps its fields."""
from __future__ import annotations

import json
import re

from click.testing import CliRunner

from cli.main import cli
from solver.analysis import analyse
from solver.cards import card_str
from solver.position import parse_position

SCORED = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC,5B,6B turn=1 score=36-40"
SECOND = "hand1=RC,6S hand2=5B,4D briscola=2D turn=2 score=65-51"


def _run(*args):
    return CliRunner().invoke(cli, ["analyse", *args])


def test_analyse_gives_the_expected_final_margin_beside_the_points_still_to_win():
    for text, taken in ((SCORED, 36 - 40), (SECOND, 51 - 65)):   # the mover's side first
        a = analyse(parse_position(text))
        r = _run(text)
        assert r.exit_code == 0, r.output
        assert f"points taken {a.position.score[0]}-{a.position.score[1]}: expected final margin " \
               f"= {taken:+d} + points still to win" in r.stdout
        rows = {ln.split()[1] if ln.split()[0] == "*" else ln.split()[0]: ln
                for ln in r.stdout.splitlines() if re.match(r"\s+\*?\s+\w\w\s+[+-]", ln)}
        assert set(rows) == {card_str(m.card) for m in a.moves}
        for m in a.moves:
            final = re.search(r"final margin ([+-][\d.]+)", rows[card_str(m.card)]).group(1)
            assert float(final) == round(float(taken + m.value_exact), 3)


def test_without_a_score_analyse_says_only_the_points_still_to_win_and_its_json_is_unchanged():
    text = SCORED.replace(" score=36-40", "")
    r = _run(text)
    assert r.exit_code == 0 and "final margin" not in r.stdout and "points taken" not in r.stdout
    j = json.loads(_run("--json", SCORED).stdout)
    assert set(j) == {"position", "to_move", "objective", "exact", "value", "value_exact", "best",
                      "moves", "pv", "nodes", "seconds"}
    assert "final margin" not in _run("--objective", "win", SCORED).stdout


def test_an_estimated_final_margin_carries_the_values_interval():
    """Beyond the exact horizon the final margin is an estimate too: the points taken are
    known, so it carries its value's ±, never a bare number."""
    text = "hand1=FB,5C,FC hand2=2C,AC,FS top=4D briscola=2S played=- turn=1 score=0-0"
    r = _run(text, "--time-limit", "0.2")
    assert r.exit_code == 0 and "ESTIMATE" in r.stdout, r.output
    rows = [ln for ln in r.stdout.splitlines() if "final margin" in ln and "±" in ln
            and not ln.startswith("points taken")]
    assert len(rows) == 3
    for ln in rows:
        err = re.search(r"[+-][\d.]+\s+± ([\d.]+)", ln).group(1)
        assert re.search(rf"final margin [+-][\d.]+ ± {re.escape(err)}$", ln), ln
