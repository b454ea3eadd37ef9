"""Every route of the board's API against generated bad requests (seeded, bounded in count
and time): wrong types, deep nesting, lone surrogates, huge numbers and strings, hidden-hand
(`?`) positions, bodies that are not JSON objects. Each answer is a 4xx with one JSON line
``{"error": ...}``, never a 500, and the server goes on serving."""
from __future__ import annotations

import http.client
import json
import random
import time
from urllib.parse import urlencode

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
from starlette.testclient import TestClient  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

from liveserver import live_server  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.web.app import create_app  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

SEED = 35
CASES_PER_ROUTE = 40
#: the whole suite's budget: the cases are cheap (no search starts), so this is generous
BUDGET_SECONDS = 240.0

T2 = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1"
ENDGAME = ("hand1=6B,2D,AS hand2=6C,RD,5S top=4B briscola=3C played=2B,5B,FB,CB,RB,3B,4C,5C,7C,"
           "FC,CC,RC,AC,4D,5D,6D,7D,FD,CD,3D,AD,2S,6S,7S,RS,3S turn=2")
SEAT = "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"
SEAT4 = "variant=briscolone hand1=AS,3S,RC,5D,2B hand2=? turn=1"

WRONG_TYPES = [None, True, False, 0, -1, 1.5, [], {}, [1, 2], {"a": 1}, "", "x", [[[]]], {"": {}}]
BAD_STRINGS = ["", " ", "\ud800", "hand1=\udfff", "\x00", "?", "x" * 5000, "hand1=" + "AD," * 3000,
               "hand1=AD,AD hand2=2C briscola=3C turn=1", "hand1=3C hand2=2C briscola=RD turn=9",
               "turn=1", "hand1=ZZ hand2=2C briscola=3C turn=1", "variant=poker " + T2,
               "\u202e" + T2, T2 + " " + T2, "'" * 200, "%s%n" * 50]
HUGE = [2 ** 62, -(2 ** 62), 1e300, -1e300, 1e-300, 2 ** 63 - 1]


def _not(kind, required=False):
    """Values of the wrong type for a field of ``kind`` (null too when the field is required:
    an optional field's null means its default)."""
    return [v for v in WRONG_TYPES if (v is not None or required)
            and (not isinstance(v, kind) or isinstance(v, bool) and kind is not bool)]


def _game_bad():
    start = "hand1=3C hand2=2C briscola=RD turn=1"
    rec = {"format": "briscola-record", "version": 1, "variant": "scoperta", "seed": 7, "dealer": 1,
           "deck": ["AD"] * 40, "moves": []}
    return _not(dict, True) + [
        {}, {"format": "nope"}, {"format": "briscola-board"},
        {"format": "briscola-board", "start": start, "talon": [1, 2]},
        {"format": "briscola-board", "start": start, "talon": "AD"},
        {"format": "briscola-board", "start": start, "moves": [1]},
        {"format": "briscola-board", "start": start, "moves": "AD"},
        {"format": "briscola-board", "start": SEAT},
        {"format": "briscola-board", "start": 5},
        {"format": "briscola-board", "start": "\ud800"},
        rec, dict(rec, deck=[1] * 40), dict(rec, deck="AD"), dict(rec, variant="poker"),
        dict(rec, dealer="x"), dict(rec, variant=["scoperta"]),
    ]


#: route -> (method, a valid body, {field: invalid values}); a case breaks one to three
#: fields of the valid body (each broken field alone makes the request wrong)
ROUTES = {
    "/api/position": ("POST", {"position": T2, "lang": "en"},
                      {"position": _not(str, True) + BAD_STRINGS,
                       "lang": _not(str) + ["fr", "EN", "\ud800", "e" * 1000]}),
    "/api/picture": ("POST", {"position": T2, "best": ["AD"], "values": {"AD": "+1"}},
                     {"position": _not(str, True) + BAD_STRINGS,
                      "best": _not(list) + [[{"a": 1}], [1], [None], [["AD"]]],
                      "values": _not(dict) + [{"3C": [1]}, {"AD": 1}, {"AD": None}, {"AD": {}}],
                      "lang": ["fr", 1, []]}),
    "/api/analyse": ("POST", {"position": ENDGAME, "time_limit": 0.05, "objective": "points", "client": "fz"},
                     {"position": _not(str, True) + BAD_STRINGS,
                      "time_limit": [v for v in _not(float) if not isinstance(v, int)]
                      + [0, -1, 601, 1e300, -1e300, 2 ** 62, "1"],
                      "objective": _not(str) + ["", "pointz", "\ud800"],
                      "client": _not(str) + ["", "c" * 101],
                      "lang": _not(str) + ["fr", "\ud800"]}),
    "/api/explain": ("POST", {"position": T2, "time_limit": 0.05, "lang": "en"},
                     {"position": _not(str, True) + BAD_STRINGS + [SEAT, SEAT4],
                      "time_limit": [0, -5, 1e300, "x", [], True],
                      "lang": ["fr", 0, {}], "objective": ["nope", 1]}),
    "/api/stop": ("POST", {"client": "fz"},
                  {"client": _not(str, True) + ["", "c" * 101]}),
    "/api/deal": ("POST", {"variant": "scoperta", "seed": 1},
                  {"variant": _not(str) + ["", "poker", "\ud800", "v" * 3000],
                   "seed": _not(int) + ["1", 1.0, 2 ** 64, 10 ** 30],
                   "position": [p for p in BAD_STRINGS if p] + [SEAT, [], 3], "lang": ["it ", 3]}),
    "/api/game": ("POST", {"game": None}, {"game": _game_bad()}),
    "/api/play": ("POST", {"game": None, "card": "AD"},
                  {"game": _game_bad(), "card": _not(str, True) + ["ZZ", "\ud800", "AD" * 500]}),
    "/api/engine": ("POST", {"game": None, "level": "greedy"},
                    {"game": _game_bad(), "level": _not(str) + ["engine:999", "engine:", "minimax"]}),
    "/api/review": ("POST", {"game": None, "time_limit": 0.01},
                    {"game": _game_bad(), "time_limit": [0, -1, 1e300, "x", []]}),
    "/api/puzzles/answer": ("POST", {"id": "p", "answer": "AD"},
                            {"id": _not(str, True) + ["nope", "\ud800"], "answer": _not(str, True)}),
    "/api/progress": ("GET", {"client": "fz"}, {"client": ["", "c" * 101]}),
    "/api/puzzles": ("GET", {"variant": "scoperta"}, {"variant": ["", "poker", "x" * 500, "\u00e9"]}),
}

#: bodies wrong as a whole, for every POST route
WHOLE = [b"not json", b"[1, 2]", b'"x"', b"3", b"null", b"{", b'{"a":' + b"[" * 5000 + b"]" * 5000 + b"}",
         b"[" * 100000, b'{"position":"\\ud800"}', b'{"position":"\\udfff\\ud800"}', b"\xff\xfe\x00",
         b'{"seed": 1e999}', b'{"time_limit": NaN}', b'{"seed": ' + b"9" * 5000 + b"}",
         b'{"a": ' + b'{"b": ' * 40 + b"1" + b"}" * 41, b"\x00" * 100, b'{"game": {"moves": [' + b"[" * 3000 + b"]}}"]


def _valid_game(client):
    return client.post("/api/deal", json={"variant": "scoperta", "seed": 4}).json()["game"]


def _cases(rng: random.Random, game):
    """(route, method, raw body or query, what it breaks) for every route."""
    for path, (method, valid, bad) in ROUTES.items():
        base = {k: (game if v is None and k == "game" else v) for k, v in valid.items()}
        fields = list(bad)
        for _ in range(CASES_PER_ROUTE):
            body = dict(base)
            broken = rng.sample(fields, rng.randint(1, min(3, len(fields))))
            for f in broken:
                body[f] = rng.choice(bad[f])
            if method == "POST" and rng.random() < 0.15:
                whole = rng.choice(WHOLE)
                yield path, method, whole, repr(whole[:40])
                continue
            if method == "GET":
                body = {k: v for k, v in body.items() if isinstance(v, str)}
                if not any(f in body for f in broken):
                    body.pop("client", None)  # a missing client is wrong too
            yield path, method, body, repr({f: str(body.get(f))[:40] for f in broken})


def _send(client, path, method, body):
    if method == "GET":
        return client.get(path, params=body)
    if isinstance(body, bytes):
        raw = body
    else:
        raw = json.dumps(body, ensure_ascii=True).encode()  # lone surrogates travel as \ud800
    return client.post(path, content=raw, headers={"content-type": "application/json"})


def _check(where, status, content_type, text):
    assert 400 <= status < 500, (where, status, text[:300])
    assert content_type.startswith("application/json"), where
    j = json.loads(text)
    assert set(j) <= {"error", "cancelled"} and isinstance(j["error"], str), where
    assert j["error"] and "\n" not in j["error"] and len(j["error"]) <= 320, where
    assert "Traceback" not in j["error"] and "internal error" not in j["error"], where


def test_every_route_answers_bad_input_with_one_json_error_line():
    t0 = time.perf_counter()
    rng = random.Random(SEED)
    seen = 0
    with TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        game = _valid_game(client)
        for path, method, body, what in _cases(rng, game):
            r = _send(client, path, method, body)
            _check(f"{method} {path} {what}", r.status_code, r.headers["content-type"], r.text)
            seen += 1
            assert time.perf_counter() - t0 < BUDGET_SECONDS, f"fuzz over budget after {seen} cases"
        # still serving
        assert client.post("/api/position", json={"position": T2}).status_code == 200
    assert seen >= len(ROUTES) * CASES_PER_ROUTE


@pytest.fixture(scope="module")
def server():
    """A real server on 127.0.0.1 (uvicorn), as `briscola serve` runs it."""
    with live_server("critical") as port:
        yield port


def test_a_real_server_answers_the_same_cases_over_http(server):
    """One case in three of the same seeded set, over a socket: what uvicorn writes (a lone
    surrogate in an error, a refused body) is one JSON line too."""
    t0 = time.perf_counter()
    rng = random.Random(SEED)
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        game = _valid_game(client)
    for i, (path, method, body, what) in enumerate(_cases(rng, game)):
        if i % 3:
            continue
        conn = http.client.HTTPConnection("127.0.0.1", server, timeout=30)
        if method == "GET":
            conn.request("GET", path + "?" + urlencode({k: v.encode("utf-8", "replace") for k, v in body.items()}))
        else:
            raw = body if isinstance(body, bytes) else json.dumps(body).encode()
            conn.request("POST", path, body=raw, headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        _check(f"{method} {path} {what}", r.status, r.getheader("content-type", ""), r.read().decode())
        conn.close()
        assert time.perf_counter() - t0 < BUDGET_SECONDS


def test_unknown_routes_and_methods_are_json():
    with TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        rng = random.Random(SEED)
        for _ in range(60):
            path = "/" + "/".join(rng.choice(["api", "x", "static", "..", "%00", "\u00e9", "position", ""])
                                  for _ in range(rng.randint(1, 4)))
            method = rng.choice(["GET", "POST", "PUT", "DELETE", "PATCH"])
            r = client.request(method, path, content=b"{}", headers={"content-type": "application/json"})
            if r.status_code == 200:
                continue  # a path that exists (such as /)
            assert 400 <= r.status_code < 500, (method, path, r.status_code)
            assert r.headers["content-type"].startswith("application/json"), (method, path)
            assert "\n" not in r.json()["error"]
