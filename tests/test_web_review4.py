"""The board reviews four-player scoperta deals as `briscola review` does (it refused them in
one line): each card's values from team 1+3's view, accuracy per player, errors, luck and
result per team, in English and Italian. The record is test_review4's late deal, whose every
card and draw is solved exactly, so the board and the CLI must agree to the last digit."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
from click.testing import CliRunner  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

from cli.main import cli  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver import review as R  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.players.agents import play_deal  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.record import write_record  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from test_review4 import NAMES, SEED, TPM, _late_record  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from test_review_surfaces import _board  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

#: a side's figures that say the same on the board and in `briscola review --json`
FIELDS = ("moves", "decisions", "rated", "optimal", "accuracy", "total_cost", "close", "judged",
          "total_cost_exact", "luck", "luck_exact", "luck_draws", "result", "luck_adjusted")


@pytest.fixture(scope="module")
def late_record():
    return _late_record(play_deal("scoperta4", NAMES, SEED))


@pytest.fixture(scope="module")
def cli_json(late_record, tmp_path_factory):
    path = tmp_path_factory.mktemp("review4") / "late4.json"
    write_record(str(path), late_record)
    r = CliRunner().invoke(cli, ["review", str(path), "--json", "--time-per-move", str(TPM)])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.fixture(scope="module")
def cards(client, late_record):
    """Each card as the page asks for it, one at a time."""
    out = []
    for k in range(1, len(late_record["moves"]) + 1):
        r = client.post("/api/review/move", json={"game": late_record, "move": k, "time_limit": TPM})
        assert r.status_code == 200, r.json()
        out.append(r.json())
    return out


def test_the_api_reviews_a_four_player_deal_with_the_clis_team_totals(client, late_record, cli_json):
    r = client.post("/api/review", json={"game": late_record, "time_limit": TPM})
    assert r.status_code == 200, r.json()
    j = r.json()
    assert [(t["team"], t["members"]) for t in j["teams"]] == [("1+3", [1, 3]), ("2+4", [2, 4])]
    assert [p["player"] for p in j["players"]] == [1, 2, 3, 4]
    for ours, theirs in zip(j["teams"] + j["players"], cli_json["teams"] + cli_json["players"],
                            strict=True):
        assert {k: ours[k] for k in FIELDS} == {k: theirs[k] for k in FIELDS}
    a, b = late_record["result"]["points"]
    assert j["teams"][0]["result"] == a - b == -j["teams"][1]["result"] != 0
    assert [m["cost"] for m in j["moves"]] == [m["cost"] for m in cli_json["moves"]]
    assert "team 1+3" in j["text"] and "team 2+4" in j["text"]
    it = client.post("/api/review", json={"game": late_record, "time_limit": TPM, "lang": "it"})
    assert "squadra 1+3" in it.json()["text"] and "squadra 2+4" in it.json()["text"]


def test_each_card_is_valued_from_team_1_3s_view(late_record, cards, cli_json):
    """Every card exact: the value after a card is the value before the next one where no
    draw comes between (a card of team 2+4 framed as its own team's would flip the sign), the
    last valued card's is the result, and a draw's step is its luck (team 1+3's)."""
    assert [c["player"] for c in cards] == [m["player"] for m in cli_json["moves"]]
    assert {c["player"] for c in cards} == {1, 2, 3, 4} and all(c["exact"] for c in cards)
    assert [c["cost"] for c in cards] == [m["cost"] for m in cli_json["moves"]]
    (draw,) = [d for c in cards for d in c["luck"]]
    assert draw["player"] == 1 and draw["exact"] and draw["luck"] == cli_json["teams"][0]["luck"]
    chained = set()
    for now, nxt in zip(cards, cards[1:]):
        if now["after"] is None or nxt["before"] is None:  # a forced card has no values
            continue
        step = sum(d["luck"] for d in now["luck"])
        assert nxt["before"] == pytest.approx(now["after"] + step), (now["move"], step)
        chained.add(now["player"])
    assert chained == {1, 2, 3, 4}
    a, b = late_record["result"]["points"]
    assert [c["after"] for c in cards if c["after"] is not None][-1] == a - b


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_pages_team_lines_say_what_the_cli_says(late_record, cards, lang):
    """The page's skill line per team, from the cards as it gets them (playerReview with a
    team's members, its bookkeeping), is the CLI's own line for that team."""
    a, b = late_record["result"]["points"]
    calls = [f"globalThis.S = {{ sinceStart: false, plies: {json.dumps(cards)}, "
             f"game: {{ result: {{ points: [{a}, {b}] }} }} }}",
             f"(() => {{ const rs = {json.dumps(cards)}; "
             "const per = [[1, [1, 3]], [2, [2, 4]]].map(([s, m]) => [s, playerReview(rs, m, false)]); "
             "bookkeeping(rs, per, false); return per.map(([, s]) => skillText(s, false)); })()"]
    board = _board(lang, calls, ("playerReview", "teamOf", "skillText", "costRange",
                                 "bookkeeping"))[1]
    rv = R.review_record(late_record, TPM)
    team = "team" if lang == "en" else "squadra"
    cli_lines = [line.strip() for line in R.render_review(rv, lang).splitlines()
                 if line.strip().startswith(f"{team} ") and "(" in line]
    assert len(cli_lines) == 2, cli_lines
    for ours, theirs in zip(board, cli_lines, strict=True):
        _, said = theirs.split("): ", 1)  # "team 1+3 (greedy, greedy): errors 54 points ..."
        unit = " points (" if lang == "en" else " punti ("  # the CLI says it in its heading
        assert ours.replace(unit, " (", 1) == said, (ours, said)
