"""The board as a place to study a game, through its API: the game view (tricks, the board at
any move, the final position), the review one card at a time (marks, the graph's values),
puzzles that keep their secret, records that `briscola review` and `replay` read, and the
page's words from the i18n tables."""
from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
from click.testing import CliRunner  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

from cli.main import cli  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.i18n import BOARD_PAGE  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.position import parse_position  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.puzzles import bundled  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.web import games  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

T2 = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC,5B,6B turn=1"


def _played_out(client, first: dict) -> dict:
    v = first
    while not v["over"]:
        # seat 0: the engine plays either seat (a fixed seat's turn is not the engine's); a
        # hidden-card deal is dealt to seat 0 for it (a deal answers only its own seat)
        r = client.post("/api/engine", json={"game": v["game"], "level": "greedy", "seat": 0})
        assert r.status_code == 200, r.json()
        v = r.json()
    return v


def test_the_game_view_lists_every_card_and_draws_any_move(client):
    v = _played_out(client, client.post("/api/deal", json={"seed": 4}).json())
    assert len(v["plies"]) == 40 and len(v["tricks"]) == 20
    assert [p["card"] for p in v["plies"]] == v["game"]["moves"]
    assert all(len(t["cards"]) == 2 for t in v["tricks"])
    # the end keeps its final position: drawn, with the result
    assert v["svg"].startswith("<svg") and v["result"]["points"] == v["points"]
    assert v["ply"] == 40 and v["position"] is None
    # the board at move 7: the position after 7 cards, the game still whole
    w = client.post("/api/game", json={"game": v["game"], "ply": 7}).json()
    assert w["ply"] == 7 and w["game"] == v["game"] and not w["over"]
    assert w["svg"] != v["svg"] and w["position"]
    assert w["turn"] == v["plies"][7]["player"]
    bad = client.post("/api/game", json={"game": v["game"], "ply": 41})
    assert bad.status_code == 400 and "ply" in bad.json()["error"]


@pytest.mark.parametrize("variant", ["scoperta", "classic", "scoperta4"])
def test_a_finished_deal_gives_the_notation_of_its_final_position(client, variant):
    """The notation box kept the position before the last card once a deal ended (a
    finished deal has no ``position`` to analyse): the view gives the final position's
    notation, every card played, the points taken, as the board draws it."""
    v = _played_out(client, client.post("/api/deal", json={"variant": variant, "seed": 6,
                                                                  "seat": 0}).json())
    final = parse_position(v["notation"])
    assert v["position"] is None and final.is_over
    assert final.score == tuple(v["result"]["points"]) and final.talon_size == 0
    assert final.played.bit_count() == 40
    w = client.post("/api/game", json={"game": v["game"], "ply": 7}).json()
    assert w["notation"] == w["position"]


def test_marks_follow_the_documented_thresholds():
    assert games.mark(None) == "" and games.mark(0.0) == "" and games.mark(1.99) == ""
    assert games.mark(2.0) == "?!" and games.mark(4.9) == "?!"
    assert games.mark(5.0) == "?" and games.mark(9.99) == "?"
    assert games.mark(10.0) == "??" and games.mark(34) == "??"
    # an estimate is marked on the low end of its interval: no mark on noise alone
    assert games.mark(2.5, 1.0) == "" and games.mark(11.0, 2.0) == "?"
    for t, m in games.MARKS:   # the page's note says the same thresholds
        assert f"{m} " in BOARD_PAGE["en"]["review.marks"] and f"{t:g}" in BOARD_PAGE["en"]["review.marks"]


def test_the_review_of_one_card_gives_its_cost_mark_and_graph_values(client):
    v = _played_out(client, client.post("/api/deal", json={"position": T2, "seed": 3}).json())
    whole = client.post("/api/review", json={"game": v["game"], "time_limit": 0.3}).json()
    for k in range(1, len(v["game"]["moves"]) + 1):
        r = client.post("/api/review/move", json={"game": v["game"], "move": k, "time_limit": 0.3}).json()
        m = whole["moves"][k - 1]
        assert r["move"] == k and r["card"] == m["card"] and r["cost"] == m["cost"]
        assert r["mark"] == games.mark(r["cost"], r.get("cost_error"))
        if r["choices"] > 1:   # player 1's expected final margin before and after the card
            margin = v["plies"][k - 1]["margin"]
            sign = 1 if r["player"] == 1 else -1
            assert r["before"] == pytest.approx(margin + sign * r["best_value"])
            assert r["after"] == pytest.approx(margin + sign * r["value"])
            assert sign * (r["before"] - r["after"]) == pytest.approx(r["cost"])
    bad = client.post("/api/review/move", json={"game": v["game"], "move": 0})
    assert bad.status_code == 400 and "move must be" in bad.json()["error"]


def test_a_game_from_a_pasted_position_is_a_record_review_and_replay_read(client, tmp_path):
    v = _played_out(client, client.post("/api/deal", json={"position": T2, "seed": 3}).json())
    rec = v["game"]
    assert rec["format"] == "briscola-record" and rec["start"] and rec["talon"] and rec["result"]
    path = tmp_path / "board.json"
    path.write_text(json.dumps(rec))
    run = CliRunner().invoke(cli, ["replay", str(path)])
    assert run.exit_code == 0, run.output
    assert f"result: {rec['result']['points'][0]}-{rec['result']['points'][1]}" in run.output
    run = CliRunner().invoke(cli, ["review", str(path), "--time-per-move", "0.2"])
    assert run.exit_code == 0, run.output
    assert "Biggest mistakes" in run.output and len(re.findall(r"^\s+1\s+\d+\s", run.output, re.M)) == 12
    # a dealt game's record too
    d = _played_out(client, client.post("/api/deal", json={"seed": 9}).json())
    path.write_text(json.dumps(d["game"]))
    assert CliRunner().invoke(cli, ["replay", str(path)]).exit_code == 0
    # the board reads the record back, and its older board records
    back = client.post("/api/game", json={"game": rec}).json()
    assert back["game"] == rec and back["over"]
    old = {"format": "briscola-board", "version": 1, "variant": "scoperta", "seed": 3,
           "start": rec["start"], "talon": rec["talon"], "moves": rec["moves"][:3]}
    r = client.post("/api/game", json={"game": old}).json()
    assert r["game"]["format"] == "briscola-record" and r["game"]["moves"] == rec["moves"][:3]


def test_a_record_with_a_bad_start_is_one_clear_error(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "briscola-record", "version": 1, "variant": "scoperta",
                                "start": "hand1=AD", "talon": [], "moves": []}))
    run = CliRunner().invoke(cli, ["replay", str(path)])
    assert run.exit_code == 2 and ": start: " in run.output and "Traceback" not in run.output


def test_puzzles_keep_their_secret_until_answered(client):
    for variant in ("scoperta", "briscolone"):
        listed = client.get(f"/api/puzzles?variant={variant}").json()["puzzles"]
        truth = {p.id: p for p in bundled(variant)}
        for d in listed:
            assert set(d) <= {"id", "position", "question", "objective", "difficulty", "title", "to_move"}
            p = truth[d["id"]]
            words = " ".join(str(v) for k, v in d.items() if k != "position")
            for c in p.to_json()["answer"] if p.question == "best" else []:
                assert c not in words, (d["id"], c)
            # no title hints at the answer ("not the obvious card", "the right answer", a theme)
            assert not re.search(r"obvious|right|natural|trump|carico|liscio|give|strip|take",
                                 d.get("title", ""), re.I), d
    # the answer brings the comment
    p = next(p for p in bundled() if p.question == "best" and p.comment)
    r = client.post("/api/puzzles/answer", json={"id": p.id, "answer": sorted(p.to_json()["answer"])[0]}).json()
    assert r["ok"] and r["comment"] == p.comment


def test_the_pages_words_come_from_the_i18n_table(client):
    en = client.get("/api/strings?lang=en").json()
    it = client.get("/api/strings?lang=it").json()
    assert en == BOARD_PAGE["en"] and it == BOARD_PAGE["it"] and set(en) == set(it)
    assert it["btn.analyse"] == "Analizza"
    assert client.get("/api/strings?lang=fr").status_code == 400
    page = client.get("/").text + client.get("/static/board.js").text
    keys = set(re.findall(r'data-t(?:-title|-label|-ph)?="([^"]+)"', page))
    keys |= set(re.findall(r'\bt\("([a-z_.]+[a-z])"', page))
    assert keys and keys <= set(en), keys - set(en)


def test_an_estimated_cost_has_its_interval(client):
    from solver.analysis import analyse
    from solver.cards import card_str
    g = games.new_game("scoperta", 2)
    a = analyse(games.view_position(g), "points", 0.3)
    worst = a.moves[-1].card   # a card that is not the best: its cost is an estimate with a ±
    g = games.play(g, worst)
    r = client.post("/api/review/move", json={"game": g.record, "move": 1, "time_limit": 0.3}).json()
    assert r["card"] == card_str(worst) and r["method"] == "estimate" and worst not in a.best
    assert r["cost_error"] > 0 and r["value_error"] > 0


def test_puzzles_play_shows_the_comment_after_the_answer():
    p = next(p for p in bundled() if p.question == "best" and p.comment)
    assert p.id == bundled()[0].id   # the quiz starts with it
    card = sorted(p.to_json()["answer"])[0]
    run = CliRunner().invoke(cli, ["puzzles", "play"], input=f"{card}\nq\n")
    assert run.exit_code == 0, run.output
    asked = run.output.index("Your card")
    assert p.comment not in run.output[:asked] and p.title in run.output[:asked]
    assert run.output.index(p.comment) > run.output.index("Right!")


T2_SCORED = T2 + " score=36-40"   # the same endgame with the points taken so far: win is judged


def test_a_review_with_the_objective_win_is_in_win_chance(client):
    start = client.post("/api/deal", json={"position": T2_SCORED, "seed": 3}).json()
    # 3C first gives some chance of winning away (RB is best), so a mark is seen
    v = _played_out(client, client.post("/api/play", json={"game": start["game"], "card": "3C"}).json())
    game = v["game"]
    whole = client.post("/api/review", json={"game": game, "objective": "win"}).json()
    assert "in win chance" in whole["text"]
    seen = set()
    for k in range(1, len(game["moves"]) + 1):
        r = client.post("/api/review/move", json={"game": game, "move": k, "objective": "win"}).json()
        assert r["objective"] == "win" and r["cost"] == whole["moves"][k - 1]["cost"]
        assert 0.0 <= r["cost"] <= 1.0
        assert r["mark"] == games.mark(r["cost"], r.get("cost_error"), "win")
        seen.add(r["mark"])
        if r["choices"] > 1:   # player 1's chance of winning the deal before and after the card
            for key in ("before", "after"):
                assert 0.0 <= r[key] <= 1.0
            sign = 1 if r["player"] == 1 else -1
            assert r["before"] == pytest.approx(r["best_value"] if sign > 0 else 1 - r["best_value"])
            assert sign * (r["before"] - r["after"]) == pytest.approx(r["cost"])
    assert seen - {""}, "no card gave a chance away: the marks go untested"
    # the same game judged in points has costs of points
    pts = client.post("/api/review/move", json={"game": game, "move": 1}).json()
    assert pts["objective"] == "points"


def test_win_marks_follow_the_documented_thresholds():
    assert games.mark(0.049, None, "win") == "" and games.mark(0.05, None, "win") == "?!"
    assert games.mark(0.10, None, "win") == "?" and games.mark(0.199, None, "win") == "?"
    assert games.mark(0.20, None, "win") == "??" and games.mark(1.0, None, "win") == "??"
    assert games.mark(0.12, 0.08, "win") == "" and games.mark(0.3, 0.15, "win") == "?"
    # a cost of 2 points is "?!", but 2 in win chance cannot be: the scales are not mixed
    assert games.mark(0.5) == "" and games.mark(0.5, None, "win") == "??"
    for t, m in games.WIN_MARKS:   # the page's note says the same thresholds
        for lang in ("en", "it"):
            note = BOARD_PAGE[lang]["review.marks.win"]
            assert f"{m} " in note and f"{100 * t:g} %" in note


def test_a_bad_review_objective_is_a_400_before_any_search(client, monkeypatch):
    searched = []
    monkeypatch.setattr(games, "review_one", lambda *a, **k: searched.append(a) or {})
    monkeypatch.setattr(games, "review", lambda *a, **k: searched.append(a) or {})
    game = games.game_from_position(parse_position(T2_SCORED), 3).record
    for path, extra in (("/api/review/move", {"move": 1}), ("/api/review", {})):
        r = client.post(path, json={"game": game, "objective": "wins", **extra})
        assert r.status_code == 400 and "unknown objective 'wins'" in r.json()["error"]
        r = client.post(path, json={"game": game, "objective": 1, **extra})
        assert r.status_code == 400 and "objective" in r.json()["error"]
    # a game from a position without score= has no score to win by
    unscored = games.game_from_position(parse_position(T2), 3).record
    r = client.post("/api/review/move", json={"game": unscored, "move": 1, "objective": "win"})
    assert r.status_code == 400 and "score" in r.json()["error"]
    assert searched == []


def test_briscola_review_judges_by_win_chance_on_request(client, tmp_path):
    start = client.post("/api/deal", json={"position": T2_SCORED, "seed": 3}).json()
    v = _played_out(client, client.post("/api/play", json={"game": start["game"], "card": "3C"}).json())
    path = tmp_path / "win.json"
    path.write_text(json.dumps(v["game"]))
    run = CliRunner().invoke(cli, ["review", str(path), "--objective", "win", "--json",
                                   "--time-per-move", "0.2"])
    assert run.exit_code == 0, run.output
    moves = json.loads(run.output.strip().splitlines()[-1])["moves"]
    assert len(moves) == 12 and all(m["objective"] == "win" and 0 <= m["cost"] <= 1 for m in moves)
    assert any(m["cost"] > 0 for m in moves)
    run = CliRunner().invoke(cli, ["review", str(path), "--objective", "win", "--time-per-move", "0.2"])
    assert run.exit_code == 0 and "in win chance" in run.output
    # a game from a position without score= has no score to win by: one line, exit 2
    unscored = client.post("/api/deal", json={"position": T2, "seed": 3}).json()["game"]
    whole = client.post("/api/record", json={"game": unscored}).json()   # as downloaded
    path.write_text(json.dumps(whole))
    run = CliRunner().invoke(cli, ["review", str(path), "--objective", "win"])
    assert run.exit_code == 2 and "needs the score" in run.output and "Traceback" not in run.output


@pytest.mark.parametrize("position", [
    "variant=classic hand1=AS,3S,RB hand2=4S,7S,4B briscola=4C played=2B,3B turn=1 score=10-0",
    "variant=briscolone hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D played=- turn=2",
])
def test_a_pasted_position_of_any_game_is_played_out_and_read_back(client, tmp_path, position):
    """The board plays on from a pasted open position of every game (it took only 2-player
    scoperta): dealt with the unseen talon shuffled, played to the end, its record loaded
    again and reviewed from the command line."""
    start = client.post("/api/deal", json={"position": position, "seed": 5, "seat": 0})
    assert start.status_code == 200, start.json()
    v = _played_out(client, start.json())
    assert v["game"]["start"] == repr(parse_position(position))
    assert sum(v["result"]["points"]) == parse_position(position).points_in_play + (
        10 if "score=" in position else 0)
    again = client.post("/api/game", json={"game": v["game"]})
    assert again.status_code == 200 and again.json()["over"]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(v["game"]))
    run = CliRunner().invoke(cli, ["review", str(path), "--json", "--time-per-move", "0.05"])
    assert run.exit_code == 0, run.output


def test_a_start_of_another_game_than_the_record_is_refused(client):
    game = games.game_from_position(parse_position(
        "variant=classic hand1=AS,3S,RB hand2=4S,7S,4B briscola=4C played=2B,3B turn=1"), 1).record
    r = client.post("/api/game", json={"game": {**game, "variant": "briscolone"}})
    assert r.status_code == 400 and "classic position" in r.json()["error"]
