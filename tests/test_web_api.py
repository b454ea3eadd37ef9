"""The board's JSON API through Starlette's test client: every endpoint, bad input (one
clear error, the server goes on), a long analysis cancelled by a newer request and by stop."""
from __future__ import annotations

import threading
import time

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")

from solver.analysis import analyse  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.position import parse_position  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

T2 = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1"
ENDGAME = "hand1=6B,2D,AS hand2=6C,RD,5S top=4B briscola=3C played=2B,5B,FB,CB,RB,3B,4C,5C,7C,FC,CC,RC,AC,4D,5D,6D,7D,FD,CD,3D,AD,2S,6S,7S,RS,3S turn=2"
EXPLAIN = "hand1=4S,6S hand2=2C,RC,AD table=6C top=3D briscola=3C turn=2"


def test_page_and_static_files(client):
    r = client.get("/")
    assert r.status_code == 200 and "board.js" in r.text
    for f in ("board.js", "board.css"):
        assert client.get(f"/static/{f}").status_code == 200
    assert "http" not in client.get("/static/board.js").text.replace("http://", "")  # nothing fetched outside


def test_position_is_drawn_with_every_card(client):
    r = client.post("/api/position", json={"position": T2})
    j = r.json()
    assert r.status_code == 200
    pos = parse_position(T2)
    assert j["position"] == pos.to_text() and j["to_move"] == 1
    assert sorted(j["legal"]) == sorted(["AD", "3C", "RB"])
    for c in ("AD", "3C", "RB", "7S", "2D", "FC", "CB", "4S"):
        assert f'data-card="{c}"' in j["svg"]
    assert 'data-place="hand1"' in j["svg"] and 'data-place="top"' in j["svg"]
    r = client.post("/api/picture", json={"position": T2, "best": ["AD"], "values": {"AD": "+1.0"}})
    assert r.headers["content-type"].startswith("image/svg+xml") and 'class="card best" data-card="AD"' in r.text


def test_analyse_gives_the_analyse_json(client):
    r = client.post("/api/analyse", json={"position": ENDGAME, "client": "t-analyse"})
    assert r.status_code == 200
    j = r.json()
    want = analyse(parse_position(ENDGAME)).to_json()
    for k in ("position", "to_move", "objective", "exact", "value", "value_exact", "best", "moves", "pv"):
        assert j[k] == want[k], k
    for c in j["best"]:
        assert f'class="card best" data-card="{c}"' in j["svg"]


def test_analyse_win_objective_and_estimate_label(client):
    r = client.post("/api/analyse", json={"position": "hand1=RC,6S hand2=5B,4D briscola=2D turn=1 score=65-51",
                                          "objective": "win"})
    assert r.status_code == 200 and r.json()["objective"] == "win"
    deal = client.post("/api/deal", json={"variant": "scoperta", "seed": 3}).json()
    r = client.post("/api/analyse", json={"position": deal["position"], "time_limit": 0.3})
    j = r.json()
    assert j["exact"] is False and j["value_exact"] is None and all("error" in m for m in j["moves"])
    assert "\u00b1" in j["svg"]


def test_explain_in_both_languages(client):
    en = client.post("/api/explain", json={"position": EXPLAIN}).json()
    it = client.post("/api/explain", json={"position": EXPLAIN, "lang": "it"}).json()
    assert en["text"] and it["text"] and en["text"] != it["text"]
    assert en["explanation"]["best"] == it["explanation"]["best"]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_seed_is_refused_where_the_cli_refuses_it(client, lang):
    """/api/deal dealt `seed: -1` (random.Random deals seed 1's cards for it) where `briscola
    deal --seed -1` refuses it: both refuse it, in the same words, as they take 2^63 - 1."""
    from click.testing import CliRunner

    from cli.main import cli

    said = CliRunner().invoke(cli, ["deal", "--seed", "-1", "--lang", lang]).output
    for seed in (-1, 1 - 2**63):
        r = client.post(f"/api/deal?lang={lang}", json={"variant": "classic", "seed": seed})
        error = r.json()["error"]
        assert r.status_code == 400 and "seed" in error and "\n" not in error, error
        words = error.split(": ", 1)[1]
        assert words.replace(str(seed), "-1") in said, (error, said)
    top = client.post("/api/deal", json={"variant": "classic", "seed": 2**63 - 1})
    assert top.status_code == 200, top.json()


def test_deal_play_engine_until_the_end_then_review(client):
    v = client.post("/api/deal", json={"variant": "scoperta", "seed": 7}).json()
    assert v["game"]["format"] == "briscola-record" and v["turn"] == 1 and len(v["legal"]) == 3
    again = client.post("/api/deal", json={"variant": "scoperta", "seed": 7}).json()
    assert again["position"] == v["position"]
    while not v["over"]:
        if v["turn"] == 1:
            v = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0]}).json()
        else:
            r = client.post("/api/engine", json={"game": v["game"], "level": "greedy"})
            assert r.status_code == 200, r.json()
            v = r.json()
            assert v["last"] in v["game"]["moves"]
    assert len(v["game"]["moves"]) == 40 and sum(v["result"]["points"]) == 120
    assert v["game"]["result"]["points"] == v["result"]["points"]
    # the record is the project's: it reloads, and undo is dropping moves
    back = dict(v["game"], moves=v["game"]["moves"][:-3])
    back.pop("result")
    w = client.post("/api/game", json={"game": back}).json()
    assert w["over"] is False and len(w["game"]["moves"]) == 37
    rv = client.post("/api/review", json={"game": v["game"], "time_limit": 0.05}).json()
    assert rv["complete"] and len(rv["moves"]) == 40 and rv["text"]


def test_a_classic_game_on_the_board_is_reviewed_from_each_seat(client):
    v = client.post("/api/deal", json={"variant": "classic", "seed": 3, "seat": 0}).json()
    while not v["over"]:   # seat 0: the engine plays both seats
        r = client.post("/api/engine", json={"game": v["game"], "level": "greedy", "seat": 0})
        assert r.status_code == 200, r.json()
        v = r.json()
    rv = client.post("/api/review", json={"game": v["game"], "time_limit": 0.03}).json()
    assert rv["complete"] and len(rv["moves"]) == 40
    assert {m["view"] for m in rv["moves"]} == {"seat"} and all("?" in m["position"] for m in rv["moves"])


def test_engine_reply_from_a_pasted_position(client):
    v = client.post("/api/deal", json={"position": T2, "seed": 5}).json()
    assert v["game"]["format"] == "briscola-record" and v["game"]["start"] == parse_position(T2).to_text()
    v = client.post("/api/play", json={"game": v["game"], "card": "AD"}).json()
    assert v["turn"] == 2
    r = client.post("/api/engine", json={"game": v["game"], "level": "engine:0.1"})
    assert r.status_code == 200
    a = analyse(parse_position(v["position"]))
    assert r.json()["last"] in {m for m in r.json()["game"]["moves"]}
    assert parse_position(v["position"]).legal_cards()  # the engine answered one of them:
    from solver.cards import parse_card
    assert parse_card(r.json()["last"]) in a.best



@pytest.mark.parametrize("start, card", [
    ("hand1=3C,AS hand2=2C table=RS briscola=RD turn=1", "3C"),
    ("hand1=AC,7D,RS hand2=3C,2D table=4C top=3D briscola=4S turn=1", "AC"),
    ("variant=classic hand1=3C,AS hand2=2C table=RS briscola=RD turn=1", "3C"),
])
def test_a_pasted_position_with_a_card_on_the_table_plays_to_the_end(client, start, card, tmp_path):
    """The table card was played before the game began: the record's moves start after it."""
    from solver.record import read_record, replay_all, write_record

    v = client.post("/api/deal", json={"position": start, "seed": 1}).json()
    assert v["game"]["moves"] == [] and v["moves"] == 0
    r = client.post("/api/play", json={"game": v["game"], "card": card})
    assert r.status_code == 200, r.json()
    v = r.json()
    assert v["game"]["moves"] == [card] and v["plies"][0]["card"] == card
    while not v["over"]:
        if v["turn"] == 1:
            r = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0]})
        else:
            r = client.post("/api/engine", json={"game": v["game"], "level": "greedy"})
        assert r.status_code == 200, r.json()
        v = r.json()
    rec = client.post("/api/record", json={"game": v["game"]}).json()
    assert rec["moves"] == v["game"]["moves"] and rec["moves"][0] == card
    # no score=: the points won since the start, and no winner (it said a winner or a draw)
    assert v["result"] == rec["result"] and rec["result"]["since_start"] is True
    assert "winner" not in rec["result"] and sum(rec["result"]["points"]) < 120
    path = tmp_path / "board.json"
    write_record(str(path), rec)
    assert replay_all(read_record(str(path)))[0].is_over
    rv = client.post("/api/review", json={"game": v["game"], "time_limit": 0.05}).json()
    assert rv["complete"] and [m["card"] for m in rv["moves"]] == rec["moves"]
    one = client.post("/api/review/move", json={"game": v["game"], "move": 1, "time_limit": 0.05})
    assert one.status_code == 200 and one.json()["card"] == card

def test_other_variants_deal_and_show(client):
    for variant in ("briscolone", "classic", "scoperta4", "libero"):
        v = client.post("/api/deal", json={"variant": variant, "seed": 1}).json()
        assert v["variant"] == variant and v["svg"].startswith("<svg")
        v = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0]}).json()
        assert v["moves"] == 1
    assert client.get("/api/variants").json()["levels"]


def test_puzzles_quiz(client):
    ps = client.get("/api/puzzles").json()["puzzles"]
    assert len(ps) == 72 and all("answer" not in p for p in ps)
    from solver.puzzles import bundled
    stated = {p.id: p for p in bundled()}
    p = next(p for p in ps if p["question"] == "best")
    right = stated[p["id"]].answer_text().split(",")[0].strip()
    ok = client.post("/api/puzzles/answer", json={"id": p["id"], "answer": right}).json()
    assert ok["ok"] is True and ok["explanation"]
    wrong = [c for c in parse_position(p["position"]).legal_cards()
             if c not in stated[p["id"]].answer]
    if wrong:
        from solver.cards import card_str
        bad = client.post("/api/puzzles/answer", json={"id": p["id"], "answer": card_str(wrong[0])}).json()
        assert bad["ok"] is False and bad["answer"] == ok["answer"]
    assert len(client.get("/api/puzzles?variant=briscolone").json()["puzzles"]) == 16


def test_the_scoperta4_puzzles_are_listed_and_judged_on_the_board(client):
    """The board draws four-player positions: the bundled set is listed by its variant, a
    puzzle's position shows as any other, and an answer is judged (a last-tricks puzzle
    explained for the teams, a last draw's answer standing alone)."""
    from solver.cards import card_str
    from solver.puzzles import bundled
    stated = {p.id: p for p in bundled("scoperta4")}
    ps = client.get("/api/puzzles?variant=scoperta4").json()["puzzles"]
    assert len(ps) == len(stated) and all("answer" not in p for p in ps)
    assert 'option value="scoperta4"' in client.get("/").text
    for talon in (0, 4):
        p = next(p for p in ps if stated[p["id"]].position.talon_size == talon)
        v = client.post("/api/position", json={"position": p["position"]}).json()
        assert v["svg"].startswith("<svg") and v["to_move"] == p["to_move"]
        right = card_str(stated[p["id"]].answer[0])
        ok = client.post("/api/puzzles/answer",
                         json={"id": p["id"], "variant": "scoperta4", "answer": right}).json()
        assert ok["ok"] is True and ok["answer"] == right
        assert bool(ok["explanation"]) == (talon == 0)
        wrong = next(c for c in v["legal"] if c != right)
        bad = client.post("/api/puzzles/answer",
                          json={"id": p["id"], "variant": "scoperta4", "answer": wrong}).json()
        assert bad["ok"] is False


@pytest.mark.parametrize("path,body,words", [
    ("/api/analyse", b"not json", "not JSON"),
    ("/api/analyse", b"[1, 2]", "JSON object"),
    ("/api/analyse", b"{}", "missing field 'position'"),
    ("/api/analyse", b'{"position": 3}', "must be a string"),
    ("/api/analyse", b'{"position": "hand1=AD,AD hand2=2C briscola=3C turn=1"}', "twice"),
    ("/api/analyse", b'{"position": "hand1=3C hand2=2C briscola=RD turn=1", "objective": "win"}', "score"),
    ("/api/analyse", b'{"position": "hand1=3C hand2=2C briscola=RD turn=1", "time_limit": -1}', "time_limit"),
    ("/api/explain", b'{"position": "hand1=3C hand2=2C briscola=RD turn=1", "lang": "fr"}', "language"),
    ("/api/deal", b'{"variant": "poker"}', "poker"),
    ("/api/play", b'{"game": {"format": "nope"}, "card": "AD"}', "record"),
    ("/api/play", b'{"game": {"variant": "scoperta", "dealer": 2, "deck": ["AD"], "format": "briscola-record", "version": 1}, "card": "AD"}', ""),
    ("/api/engine", b'{"game": {}, "level": "engine:1"}', ""),
    ("/api/puzzles/answer", b'{"id": "nope", "answer": "AD"}', "no puzzle"),
])
def test_bad_input_is_one_clear_error(client, path, body, words):
    r = client.post(path, content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400
    err = r.json()["error"]
    assert words in err and "\n" not in err and "Traceback" not in err
    assert client.post("/api/position", json={"position": T2}).status_code == 200  # still serving


def test_illegal_moves_are_refused(client):
    from solver.cards import card_str
    v = client.post("/api/deal", json={"variant": "scoperta", "seed": 7}).json()
    other = next(card_str(c) for c in range(40) if card_str(c) not in v["legal"])
    r = client.post("/api/play", json={"game": v["game"], "card": other})
    assert r.status_code == 400 and "hand" in r.json()["error"]
    g = dict(v["game"], moves=[other])   # sealed: no card is written in (test_web_peek.py)
    r = client.post("/api/game", json={"game": g})
    assert r.status_code == 400 and "not the ones played on this board" in r.json()["error"]
    whole = client.post("/api/record", json={"game": v["game"]}).json()
    r = client.post("/api/game", json={"game": dict(whole, moves=[other])})
    assert r.status_code == 400 and r.json()["error"].startswith("move 1")
    r = client.post("/api/engine", json={"game": v["game"], "level": "engine:999"})
    assert r.status_code == 400 and "level" in r.json()["error"]


def test_a_seat_view_is_shown_not_played_on(client):
    """A pasted seat's view (a hidden hand, ?) is no game to play on: one 400 in the
    player's language (it once reached the game code and was a 500); the page then shows it
    as a position (/api/position)."""
    seat = "hand1=6B,CB,4D hand2=? briscola=5C played=- turn=1 score=0-0 variant=classic"
    for lang, words in (("en", "not a seat's view"), ("it", "non dalla vista di un posto")):
        r = client.post("/api/deal", json={"position": seat, "seed": 1, "seat": 0, "lang": lang})
        assert r.status_code == 400 and words in r.json()["error"], r.json()
    assert client.post("/api/position", json={"position": seat}).status_code == 200


def test_a_record_has_only_its_own_fields_and_its_true_result(client):
    """A dealt game's record has no talon (a continued game's has no dealer or deck), and a
    result is the one its moves reach: anything else is one 400 (a stray talon or a
    result "x" was read and ignored), in the sealed record the page carries and in an open
    one alike."""
    v = client.post("/api/deal", json={"variant": "classic", "seed": 21}).json()
    whole = client.post("/api/record", json={"game": v["game"]}).json()
    wrong = ({"talon": 5}, {"talon": ["AS"]}, {"result": "x"}, {"result": {"points": [60, 60]}},
             {"result": {"points": [70, 50], "winner": 1}})
    for g in (v["game"], whole):
        for change in wrong:
            r = client.post("/api/game", json={"game": {**g, **change}})
            assert r.status_code == 400, (change, r.json())
    assert "no 'talon'" in client.post("/api/game", json={"game": {**whole, "talon": 5}}).json()["error"]
    r = client.post("/api/game", json={"game": {**whole, "result": {"points": [60, 60]}}})
    assert "stops after 0 moves" in r.json()["error"]
    # played out, the true result is read; another is refused, in Italian too
    while not v["over"]:
        if v["legal"]:
            v = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0]}).json()
        else:
            v = client.post("/api/engine", json={"game": v["game"], "level": "greedy"}).json()
    rec = v["game"]
    assert client.post("/api/game", json={"game": rec}).status_code == 200
    a, b = rec["result"]["points"]
    for bad in ({"points": [a + 1, b - 1], "winner": rec["result"]["winner"]},
                {"points": [a, b], "winner": 3 - (rec["result"]["winner"] or 1)}):
        r = client.post("/api/game", json={"game": {**rec, "result": bad}, "lang": "it"})
        assert r.status_code == 400 and "le sue mosse danno" in r.json()["error"], r.json()
    # a continued game's record has no dealer or deck
    w = client.post("/api/deal", json={"position": T2, "seed": 2}).json()
    started = client.post("/api/record", json={"game": w["game"]}).json()
    for change in ({"dealer": 1}, {"deck": whole["deck"]}):
        r = client.post("/api/game", json={"game": {**started, **change}})
        assert r.status_code == 400 and "has no" in r.json()["error"], (change, r.json())


def _long_request(client, out, key, position, cid="t-long"):
    out[key] = client.post("/api/analyse", json={"position": position, "time_limit": 120, "client": cid})


def _wait_running(client, cid):
    for _ in range(200):
        if client.get(f"/api/progress?client={cid}").json()["running"]:
            return True
        time.sleep(0.05)
    return False


def test_a_newer_request_cancels_the_long_one_and_stop_stops(client):
    deal = client.post("/api/deal", json={"variant": "scoperta", "seed": 11}).json()
    out = {}
    t = threading.Thread(target=_long_request, args=(client, out, "first", deal["position"]))
    t0 = time.perf_counter()
    t.start()
    assert _wait_running(client, "t-long")
    time.sleep(0.5)
    # other requests are served meanwhile
    assert client.post("/api/position", json={"position": T2}).status_code == 200
    r = client.post("/api/analyse", json={"position": ENDGAME, "client": "t-long"})
    t.join(30)
    assert not t.is_alive() and time.perf_counter() - t0 < 60
    assert out["first"].status_code == 409 and out["first"].json()["cancelled"] is True
    assert r.status_code == 200 and r.json()["exact"] is True
    # the stop button
    t = threading.Thread(target=_long_request, args=(client, out, "second", deal["position"]))
    t.start()
    assert _wait_running(client, "t-long")
    assert client.post("/api/stop", json={"client": "t-long"}).json()["stopped"] is True
    t.join(30)
    assert not t.is_alive() and out["second"].status_code == 409
    assert client.get("/api/progress?client=t-long").json() == {"running": False}
    assert client.post("/api/stop", json={"client": "t-long"}).json()["stopped"] is False


def test_serve_command_errors_are_one_line(monkeypatch):
    import socket

    from click.testing import CliRunner

    from cli.main import cli
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert r.exit_code == 2 and "cannot listen" in r.output and "Traceback" not in r.output
    monkeypatch.setitem(__import__("sys").modules, "uvicorn", None)
    r = CliRunner().invoke(cli, ["serve"])
    assert r.exit_code == 2 and "pip install -e '.[web]'" in r.output


def test_the_address_carries_the_language_of_a_post(client):
    """The page sends its language in the address alone (?lang=, on every request, so that
    a body refused unread is said in it): a POST read it from the body only, and answered
    an address's ?lang=it in English. The body's lang (the API's) still counts, and wins."""
    pos = "hand1=3C hand2=2C briscola=RD turn=1"
    it = client.post("/api/explain?lang=it", json={"position": pos}).json()["text"]
    en = client.post("/api/explain", json={"position": pos}).json()["text"]
    assert it != en and "Finale" in it and "Endgame" in en
    both = client.post("/api/explain?lang=it", json={"position": pos, "lang": "en"})
    assert both.json()["text"] == en
    r = client.post("/api/explain?lang=fr", json={"position": pos})
    assert r.status_code == 400 and "language" in r.json()["error"]
    r = client.post("/api/position?lang=it", json={"position": "hand1=ZZ"})
    assert r.status_code == 400 and "carta sconosciuta" in r.json()["error"]


def test_the_boards_answer_to_a_win_puzzle_may_be_a_percentage(monkeypatch):
    """puzzles play takes a chance as "50%" for a win puzzle; the board's answer read it as
    points (read_answer without the puzzle's objective) and refused it."""
    from fractions import Fraction
    from solver.puzzles import Puzzle
    from solver.web import games
    pos = parse_position("hand1=7D hand2=FB,AC table=7S briscola=3B turn=2")
    p = Puzzle("w-1", pos, "value", "win", Fraction(1, 2), "easy")
    monkeypatch.setattr(games, "bundled", lambda variant="scoperta": [p])
    assert games.check_puzzle("scoperta", "w-1", "50%", "en")["ok"]
    assert games.check_puzzle("scoperta", "w-1", "50 %", "it")["ok"]
    assert not games.check_puzzle("scoperta", "w-1", "25%", "en")["ok"]


def test_a_puzzles_card_may_be_typed_by_its_name(client):
    """puzzles play took a card's name ('asso di denari'); the board's answer read the
    notation alone and refused the name. The French-suited deck's names ('asso di cuori')
    were refused too, and a queen (the Cavallo of those decks) as any unknown text."""
    from solver.cards import card_name, card_str
    from solver.puzzles import bundled
    p = next(p for p in bundled() if p.question == "best")
    right = p.answer[0]
    for lang in ("en", "it"):
        ok = client.post("/api/puzzles/answer", json={"id": p.id, "answer": card_name(right, lang)})
        assert ok.status_code == 200 and ok.json()["ok"] is True, ok.json()
        assert ok.json()["card"] == card_str(right)
    wrong = [c for c in p.position.legal_cards() if c not in p.answer]
    if wrong:
        bad = client.post("/api/puzzles/answer", json={
            "id": p.id, "answer": card_name(wrong[0], "it").upper(), "reveal": False}).json()
        assert bad == {"id": p.id, "ok": False, "card": card_str(wrong[0])}
    french = {"B": "fiori", "C": "cuori", "D": "quadri", "S": "picche"}[card_str(right)[-1]]
    rank = card_name(right, "it").split(" di ")[0]
    ok = client.post("/api/puzzles/answer", json={"id": p.id, "answer": f"{rank} di {french}"})
    ok = ok.json()
    assert ok["ok"] is True and ok["card"] == card_str(right), ok
    r = client.post("/api/puzzles/answer?lang=it", json={"id": p.id, "answer": "asso di stelle"})
    assert r.status_code == 400
    error = r.json()["error"]
    assert error.startswith("carta sconosciuta 'asso di stelle' (scrivi il valore e poi il seme, "
                            "per esempio AD, 3c, 10b, o il suo nome: Asso,"), error
    r = client.post("/api/puzzles/answer", json={"id": p.id, "answer": "Queen of Hearts",
                                                  "reveal": False})
    said = r.json()
    assert said.get("card") == "CC" or "CC is not a card" in said.get("error", ""), said


def test_a_four_player_deal_is_reviewed_for_the_whole_deal_and_one_card(client):
    """A four-player deal was refused in one line naming `briscola review`; it is reviewed
    as the CLI reviews it, by team (tests/test_web_review4.py checks the numbers)."""
    v = client.post("/api/deal", json={"variant": "scoperta4", "seed": 2}).json()
    v = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0]}).json()
    whole = client.post("/api/review", json={"game": v["game"], "time_limit": 0.05})
    assert whole.status_code == 200, whole.json()
    assert [t["team"] for t in whole.json()["teams"]] == ["1+3", "2+4"]
    one = client.post("/api/review/move", json={"game": v["game"], "time_limit": 0.05, "move": 1})
    assert one.status_code == 200 and one.json()["player"] == 1, one.json()
