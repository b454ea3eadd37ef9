"""The board's server answers its own page only, and its work is bounded: cross-site
requests (text/plain, a foreign Origin, a foreign Host) are refused, bodies over 64 KB get
a 413 before they are read, the job queue is bounded (429), a client's search is its own,
a disconnected client's search stops, and `briscola serve` says where it listens (IPv6
too) and warns when that is beyond this machine."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
from starlette.testclient import TestClient  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

from liveserver import live_server  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.web.app import create_app  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.web.games import new_game  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.web.jobs import Jobs  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.position import parse_position  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

T2 = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1"
SEAT = "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"
#: a dealt scoperta start: its analysis runs to the time limit (an estimate)
LONG = new_game("scoperta", 11).state
JSON = {"content-type": "application/json"}
MAX_BODY = 64 * 1024


def _long_position() -> str:
    from solver.game import to_position
    return to_position(LONG).to_text()


#: the board's fixture (conftest.py) serves it at this port: Host and Origin carry it
BOARD_PORT = 8015


def _one_line_error(r, status):
    assert r.status_code == status, (r.status_code, r.text[:200])
    assert r.headers["content-type"].startswith("application/json")
    err = r.json()["error"]
    assert err and "\n" not in err
    return err


# ----- cross-site requests ----------------------------------------------------------------

def test_a_cross_site_text_plain_post_is_refused_before_any_search(client):
    r = client.post("/api/analyse", content=json.dumps({"position": SEAT, "client": "x"}),
                    headers={"content-type": "text/plain"})
    assert "application/json" in _one_line_error(r, 403)
    assert client.get("/api/progress?client=x").json() == {"running": False}
    for kind in ("application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""):
        r = client.post("/api/position", content=json.dumps({"position": T2}), headers={"content-type": kind})
        _one_line_error(r, 403)


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1:9999", "https://127.0.0.1:8015",
                                    "null", "http://127.0.0.1:8015.evil.example", "garbage"])
def test_a_foreign_origin_is_refused(client, origin):
    r = client.post("/api/position", json={"position": T2}, headers={"origin": origin})
    assert "Origin" in _one_line_error(r, 403)
    r = client.get("/api/variants", headers={"origin": origin})
    _one_line_error(r, 403)


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8015", "127.0.0.1.evil.example:8015",
                                  "127.0.0.1:9999", "localhost:1", "", "user@127.0.0.1:8015", "[::1"])
def test_a_foreign_host_is_refused_on_every_path(client, host):
    for path in ("/", "/api/variants", "/static/board.js", "/api/progress?client=a"):
        r = client.get(path, headers={"host": host})
        assert "Host" in _one_line_error(r, 403)
    r = client.post("/api/position", json={"position": T2}, headers={"host": host})
    _one_line_error(r, 403)


@pytest.mark.parametrize("host", ["127.0.0.1:8015", "localhost:8015", "[::1]:8015", "LOCALHOST:8015"])
def test_the_pages_own_requests_still_work(client, host):
    origin = "http://" + host
    assert client.get("/", headers={"host": host}).status_code == 200
    r = client.post("/api/position", json={"position": T2}, headers={"host": host, "origin": origin})
    assert r.status_code == 200 and r.json()["to_move"] == 1
    r = client.post("/api/position", content=json.dumps({"position": T2}),
                    headers={"host": host, "content-type": "application/json; charset=utf-8"})
    assert r.status_code == 200


def test_no_cors_headers_so_cross_site_reads_get_nothing(client):
    r = client.options("/api/analyse", headers={"origin": "http://evil.example",
                                                "access-control-request-method": "POST"})
    assert r.status_code in (403, 405)
    for r in (r, client.get("/api/variants"), client.post("/api/position", json={"position": T2})):
        assert not any(k.lower().startswith("access-control") for k in r.headers)


def test_a_bound_address_is_accepted_and_a_wildcard_takes_ip_literals():
    with TestClient(create_app(host="192.0.2.7", port=8015), base_url="http://192.0.2.7:8015") as c:
        assert c.get("/api/variants").status_code == 200
        assert c.get("/api/variants", headers={"host": "localhost:8015"}).status_code == 200
        _one_line_error(c.get("/api/variants", headers={"host": "192.0.2.8:8015"}), 403)
    with TestClient(create_app(host="0.0.0.0", port=8015), base_url="http://192.0.2.9:8015") as c:
        assert c.get("/api/variants").status_code == 200
        assert c.get("/api/variants", headers={"host": "[2001:db8::1]:8015"}).status_code == 200
        _one_line_error(c.get("/api/variants", headers={"host": "rebound.example:8015"}), 403)


# ----- bounded work -----------------------------------------------------------------------

def test_a_body_over_64_kb_is_413(client):
    big = json.dumps({"position": "x" * MAX_BODY}).encode()
    r = client.post("/api/position", content=big, headers=JSON)
    assert "64 KB" in _one_line_error(r, 413)

    def chunks():  # no Content-Length: the limit is counted while reading
        for _ in range(20):
            yield b" " * 8192
    r = client.post("/api/position", content=chunks(), headers=JSON)
    _one_line_error(r, 413)
    assert client.post("/api/position", json={"position": T2}).status_code == 200


def test_errors_quote_at_most_80_characters_of_the_input(client):
    junk = "hand1=" + "Z" * 30000
    for path in ("/api/position", "/api/analyse", "/api/deal"):
        err = _one_line_error(client.post(path, json={"position": junk}), 400)
        assert "Z" * 80 not in err and len(err) <= 320
    err = _one_line_error(client.post("/api/deal", json={"variant": "v" * 5000}), 400)
    assert "v" * 80 not in err
    err = _one_line_error(client.post("/api/analyse", json={"position": T2, "lang": "l" * 5000}), 400)
    assert "l" * 80 not in err


def test_a_lone_surrogate_and_deep_nesting_are_400(client):
    _one_line_error(client.post("/api/position", content=b'{"position":"\\ud800"}', headers=JSON), 400)
    _one_line_error(client.post("/api/position", content=b'{"position":"hand1=\\udfff"}', headers=JSON), 400)
    deep = b'{"a":' + b"[" * 20000 + b"]" * 20000 + b"}"
    assert "nested" in _one_line_error(client.post("/api/position", content=deep, headers=JSON), 400)
    deep = b'{"game":' + b'{"a":' * 100 + b"1" + b"}" * 101
    assert "nested" in _one_line_error(client.post("/api/game", content=deep, headers=JSON), 400)
    for n in (b"1e999", b"NaN", b"-Infinity", str(2 ** 64).encode()):
        r = client.post("/api/deal", content=b'{"seed":' + n + b"}", headers=JSON)
        assert "out of range" in _one_line_error(r, 400)


def test_a_position_of_a_body_of_spaces_is_refused_at_once(client):
    """A 64 KB body of spaces in `position` held the event loop for about half a minute
    (split_fields' comma pattern, quadratic in a run of spaces): every other request of
    the board waited."""
    import signal

    def stuck(*_):
        raise AssertionError("no answer in 5 s")
    old = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(5)
    try:
        r = client.post("/api/position", json={"position": "hand1=4S" + " " * 60_000 + "x"})
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert "'x'" in _one_line_error(r, 400)


def test_404_and_405_are_json(client):
    assert "no such" in _one_line_error(client.get("/nope"), 404)
    _one_line_error(client.get("/static/nope.js"), 404)
    _one_line_error(client.get("/static/../app.py"), 404)
    _one_line_error(client.get("/api/position"), 405)
    _one_line_error(client.post("/api/variants", json={}), 405)


def test_hidden_hand_positions_are_refused_before_any_search_or_analysed(client):
    for path in ("/api/explain",):
        t0 = time.perf_counter()
        err = _one_line_error(client.post(path, json={"position": SEAT, "time_limit": 60}), 400)
        assert "every hand in view" in err and time.perf_counter() - t0 < 5
    # a bad language is refused before the search, on a seat position as on an open one
    for pos in (SEAT, T2):
        t0 = time.perf_counter()
        err = _one_line_error(client.post("/api/analyse", json={"position": pos, "lang": "fr",
                                                                "time_limit": 60}), 400)
        assert "language" in err and time.perf_counter() - t0 < 5
    r = client.post("/api/analyse", json={"position": SEAT, "time_limit": 0.3})
    assert r.status_code == 200, r.text
    j = r.json()
    assert j["exact"] is False and j["svg"].startswith("<svg") and j["best"]
    pic = client.post("/api/picture", json={"position": SEAT})
    assert pic.status_code == 200 and 'class="back"' in pic.text
    shown = client.post("/api/position", json={"position": SEAT}).json()
    assert shown["position"] == repr(parse_position(SEAT)) and 'class="back"' in shown["svg"]
    assert all(m["error"] is not None for m in j["moves"])


def test_picture_marks_must_be_card_names(client):
    for body in ({"best": [{"a": 1}]}, {"values": {"3C": [1]}}, {"best": "AD"}, {"values": ["AD"]}):
        _one_line_error(client.post("/api/picture", json={"position": T2, **body}), 400)


def test_a_game_record_of_the_wrong_shape_is_400(client):
    start = "hand1=3C hand2=2C briscola=RD turn=1"
    for game in ({"format": "briscola-board", "start": start, "talon": [1, 2]},
                 {"format": "briscola-board", "start": start, "moves": [1]},
                 {"format": "briscola-board", "start": 5}):
        _one_line_error(client.post("/api/game", json={"game": game}), 400)


def test_progress_and_stop_need_the_client_and_reach_only_its_job():
    with TestClient(create_app(), base_url="http://127.0.0.1") as c:
        _one_line_error(c.get("/api/progress"), 400)
        _one_line_error(c.post("/api/stop", json={}), 400)
        _one_line_error(c.post("/api/stop", json={"client": ""}), 400)
        # an anonymous search's name cannot be sent: client ids are printable
        _one_line_error(c.post("/api/stop", json={"client": "\x00anonymous-1"}), 400)
        out = {}
        t = threading.Thread(target=_long, args=(c, out, "mine", "mine"))
        t.start()
        try:
            assert _wait_running(c, "mine")
            assert c.get("/api/progress?client=other").json() == {"running": False}
            assert c.post("/api/stop", json={"client": "other"}).json() == {"stopped": False}
            assert c.get("/api/progress?client=mine").json()["running"] is True
        finally:
            c.post("/api/stop", json={"client": "mine"})
            t.join(30)
        assert out["mine"].status_code == 409


def _long(c, out, key, cid, limit=120):
    body = {"position": _long_position(), "time_limit": limit}
    if cid is not None:
        body["client"] = cid
    out[key] = c.post("/api/analyse", json=body)


def _wait_running(c, cid, running=True, timeout=10.0):
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if c.get(f"/api/progress?client={cid}").json()["running"] is running:
            return True
        time.sleep(0.05)
    return False


def test_the_queue_is_bounded_and_a_clients_new_request_replaces_its_old_one():
    jobs = Jobs(max_jobs=2)
    with TestClient(create_app(jobs=jobs), base_url="http://127.0.0.1") as c:
        out = {}
        threads = [threading.Thread(target=_long, args=(c, out, k, k)) for k in ("a", "b")]
        try:
            for t in threads:
                t.start()
            assert _wait_running(c, "a") and _wait_running(c, "b")
            r = c.post("/api/analyse", json={"position": T2, "client": "c", "time_limit": 1})
            assert "busy" in _one_line_error(r, 429)
            r = c.post("/api/analyse", json={"position": T2, "time_limit": 1})  # anonymous: counted too
            _one_line_error(r, 429)
            # the same client replaces its own job: not refused, the old one is cancelled
            threads.append(threading.Thread(target=_long, args=(c, out, "a2", "a")))
            threads[-1].start()
            time.sleep(0.5)
            threads[0].join(30)
            assert out["a"].status_code == 409 and out["a"].json()["cancelled"] is True
        finally:
            for k in ("a", "b"):
                c.post("/api/stop", json={"client": k})
            for t in threads:
                t.join(30)
        assert not any(t.is_alive() for t in threads)
        assert jobs.by_client == {}
        assert c.post("/api/analyse", json={"position": T2, "client": "c", "time_limit": 1}).status_code == 200


def test_a_job_is_stopped_at_the_servers_time_cap():
    with TestClient(create_app(jobs=Jobs(max_seconds=1.0)), base_url="http://127.0.0.1") as c:
        t0 = time.perf_counter()
        r = c.post("/api/analyse", json={"position": _long_position(), "time_limit": 10, "client": "cap"})
        assert "limit" in _one_line_error(r, 409) and time.perf_counter() - t0 < 8


# ----- a real server: a disconnected client, a body refused before it is read --------------

@pytest.fixture(scope="module")
def server():
    with live_server("warning") as port:
        yield port


def _raw(port: int, head: str, body: bytes = b"") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=20)
    s.sendall(head.encode() + b"\r\n" + body)
    return s


def _http(port, method, path, body=None):
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers={"Content-Type": "application/json"})
    r = conn.getresponse()
    out = r.status, json.loads(r.read())
    conn.close()
    return out


def test_a_disconnected_clients_job_stops(server):
    body = json.dumps({"position": _long_position(), "time_limit": 120, "client": "gone"}).encode()
    s = _raw(server, f"POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1:{server}\r\n"
                     f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n", body)
    t0 = time.perf_counter()
    while _http(server, "GET", "/api/progress?client=gone")[1]["running"] is False:
        assert time.perf_counter() - t0 < 10, "the job did not start"
        time.sleep(0.05)
    s.close()
    t0 = time.perf_counter()
    while _http(server, "GET", "/api/progress?client=gone")[1]["running"]:
        assert time.perf_counter() - t0 < 10, "the job of a client that went away is still running"
        time.sleep(0.05)


def test_a_body_declared_too_long_is_413_before_it_is_read(server):
    s = _raw(server, f"POST /api/position HTTP/1.1\r\nHost: 127.0.0.1:{server}\r\n"
                     f"Content-Type: application/json\r\nContent-Length: 200000000\r\n", b'{"position": "')
    t0 = time.perf_counter()
    reply = b""
    while chunk := s.recv(4096):  # the server closes the connection after its answer
        reply += chunk
    reply = reply.decode()
    s.close()
    assert reply.startswith("HTTP/1.1 413") and time.perf_counter() - t0 < 5
    assert json.loads(reply.split("\r\n\r\n", 1)[1])["error"]
    assert _http(server, "POST", "/api/position", {"position": T2})[0] == 200



def test_a_client_gone_before_its_body_ended_is_no_internal_error(server, caplog):
    """starlette's ClientDisconnect reached endpoint's catch-all: each client that hung up
    mid-body (a slow upload dropped, a tab closed) was logged as an internal error with its
    trace."""
    import logging
    caplog.set_level(logging.INFO, logger="solver.web")
    for _ in range(3):
        s = _raw(server, f"POST /api/position HTTP/1.1\r\nHost: 127.0.0.1:{server}\r\n"
                         f"Content-Type: application/json\r\nContent-Length: 5000\r\n",
                 b'{"position": "')
        time.sleep(0.2)
        s.close()
    time.sleep(0.5)
    assert _http(server, "POST", "/api/position", {"position": T2})[0] == 200
    assert not [r for r in caplog.records if r.name == "solver.web"], caplog.text


# ----- slow clients: bodies, headers and connections bounded in time and number -----------
QUICK = {"body_seconds": 1.0, "header_seconds": 1.0, "max_connections": 8}


@pytest.fixture(scope="module")
def quick():
    """A server with its clocks at one second and at most 8 connections open."""
    with live_server("warning", **QUICK) as port:
        yield port


def _closed(s: socket.socket, within: float) -> tuple[bool, bytes]:
    """Whether the server closes ``s`` within ``within`` seconds, and what it sent first."""
    s.settimeout(min(0.1, within))
    reply, t0 = b"", time.perf_counter()
    while time.perf_counter() - t0 < within:
        try:
            chunk = s.recv(4096)
        except TimeoutError:
            continue
        except ConnectionResetError:
            return True, reply
        if not chunk:
            return True, reply
        reply += chunk
    return False, reply


def test_a_body_sent_too_slowly_is_408(quick):
    """A body sent a byte at a time (or never finished) held its connection, and the task
    reading it, for as long as the client liked: it must arrive within the guard's time."""
    s = _raw(quick, f"POST /api/position?lang=it HTTP/1.1\r\nHost: 127.0.0.1:{quick}\r\n"
                    f"Content-Type: application/json\r\nContent-Length: 100\r\n", b'{"position": "')
    t0 = time.perf_counter()
    for _ in range(3):  # a byte now and then, each within the time, the whole not
        time.sleep(0.4)
        s.sendall(b" ")
    closed, reply = _closed(s, 4)
    s.close()
    text = reply.decode()
    assert closed and text.startswith("HTTP/1.1 408"), text
    assert time.perf_counter() - t0 < 3
    assert json.loads(text.split("\r\n\r\n", 1)[1])["error"] == (
        "il corpo della richiesta non è arrivato entro 1 s")
    assert _http(quick, "POST", "/api/position", {"position": T2})[0] == 200


def test_half_sent_headers_and_silent_connections_are_closed(quick):
    """A connection left silent, one whose headers never end, and one whose next request's
    headers never end after a first answer stayed open for ever (uvicorn times out only a
    silent keep-alive connection, and a byte of the next request stopped that clock)."""
    host = f"Host: 127.0.0.1:{quick}\r\n"
    silent = socket.create_connection(("127.0.0.1", quick))
    half = socket.create_connection(("127.0.0.1", quick))
    half.sendall(f"GET /api/variants HTTP/1.1\r\n{host}".encode())
    again = socket.create_connection(("127.0.0.1", quick))
    again.sendall(f"GET /api/variants HTTP/1.1\r\n{host}\r\n".encode())
    first = b""
    while b"\r\n\r\n" not in first:
        first += again.recv(4096)
    again.sendall(f"GET /api/variants HTTP/1.1\r\n{host}".encode())
    t0 = time.perf_counter()
    for s in (silent, half, again):
        closed, _ = _closed(s, 4)
        s.close()
        assert closed, "a connection that never ended its headers is still open"
    assert first.startswith(b"HTTP/1.1 200") and time.perf_counter() - t0 < 3


def test_a_flood_of_connections_is_bounded(quick):
    """Connections beyond the bound are closed as they open, so a flood cannot take every
    file the server may open; once the flood's connections time out, a request is answered."""
    time.sleep(1.2)  # the other tests' connections gone
    flood = [socket.create_connection(("127.0.0.1", quick))
             for _ in range(QUICK["max_connections"] + 5)]
    time.sleep(0.3)
    shut = [s for s in flood if _closed(s, 0.01)[0]]
    assert len(shut) == 5, len(shut)
    assert all(_closed(s, 3)[0] for s in flood if s not in shut)
    for s in flood:
        s.close()
    assert _http(quick, "GET", "/api/variants")[0] == 200


# ----- briscola serve ---------------------------------------------------------------------

def _serve(host: str) -> tuple[list[str], int]:
    """The first stderr lines of `briscola serve --host HOST --port 0` up to its address,
    and the answer's status of a request there; the server is stopped."""
    p = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--port", "0", "--host", host],
                         stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(x.strip() for x in p.stderr), daemon=True)
    reader.start()
    try:
        t0 = time.perf_counter()
        while not any(x.startswith(("listening on", "error")) for x in lines):
            if time.perf_counter() - t0 > 30 or p.poll() is not None:
                return list(lines), 0
            time.sleep(0.05)
        lines = lines[:next(i for i, x in enumerate(lines) if x.startswith(("listening on", "error"))) + 1]
        if not lines[-1].startswith("listening on"):
            return lines, 0
        url = lines[-1].split(" is at ")[1].split()[0]
        import urllib.request
        for _ in range(100):
            try:
                with urllib.request.urlopen(url + "api/variants", timeout=5) as r:
                    return lines, r.status
            except OSError:
                time.sleep(0.1)
        return lines, 0
    finally:
        p.terminate()
        p.wait(10)


def _ipv6() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


def test_serve_on_loopback_says_its_address_without_a_warning():
    lines, status = _serve("127.0.0.1")
    assert status == 200 and not any("warning" in x for x in lines)
    assert lines[-1].startswith("listening on 127.0.0.1:")


@pytest.mark.skipif(not _ipv6(), reason="no IPv6 loopback on this machine")
def test_serve_on_ipv6_hosts():
    lines, status = _serve("::1")
    assert status == 200 and lines[-1].startswith("listening on [::1]:") and "http://[::1]:" in lines[-1]
    lines, status = _serve("::")
    assert status == 200 and lines[-1].startswith("listening on [::]:")
    assert "warning" in lines[0] and "no authentication" in lines[0]


def test_serve_on_every_interface_warns_and_says_the_real_address():
    lines, status = _serve("0.0.0.0")
    assert status == 200
    assert lines[0].startswith("warning: --host 0.0.0.0") and "no authentication" in lines[0]
    assert lines[-1].startswith("listening on 0.0.0.0:")


def test_a_stop_never_cuts_the_kernels_load():
    """A job's ``load`` (the kernels) runs where no stop reaches it: a newer request from
    the same client during the load lets it finish, then the old job ends cancelled and
    the new one runs (an exception raised into numba's loader could leave its lock held,
    and every later search would hang)."""
    import asyncio
    from solver.web.jobs import JobCancelled
    jobs = Jobs()
    loads = []

    def slow_load():
        loads.append("start")
        time.sleep(0.6)   # Python bytecode all along: an async exception would land here
        loads.append("end")

    async def main():
        first = asyncio.ensure_future(jobs.run("c", lambda job: "first", load=slow_load))
        await asyncio.sleep(0.2)
        second = await jobs.run("c", lambda job: "second")
        with pytest.raises(JobCancelled):
            await first
        return second

    assert asyncio.run(main()) == "second"
    assert loads == ["start", "end"]



def test_the_guard_refuses_a_content_length_of_non_ascii_digits():
    """'²' is a digit to str.isdigit, not to int(). The HTTP server before the guard refuses
    such a header today; the guard must not rely on it (it failed with a ValueError)."""
    from solver.web.guard import Guard

    scope = {"type": "http", "method": "POST", "scheme": "http",
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
                         (b"content-length", "\u00b2".encode("latin-1"))]}
    status, why = Guard(None).refusal(scope)
    assert status == 403 and "Content-Length" in why


# ----- the guard's refusals in the request's language ---------------------------------------

def test_the_guards_refusals_are_said_in_the_requests_language(client):
    """The 403s were English whatever the request asked: now ?lang=, else Accept-Language,
    else English, one line each, as every other error of the board."""
    foreign = {"host": "evil.example:8015"}
    assert _one_line_error(client.get("/api/variants", headers=foreign), 403) == (
        "refused: this server answers only requests addressed to it by its own name or "
        "address (Host 'evil.example:8015' is not)")
    assert _one_line_error(client.get("/api/variants?lang=it", headers=foreign), 403) == (
        "rifiutata: questo server risponde solo alle richieste indirizzate a lui con il suo "
        "nome o indirizzo (l'Host 'evil.example:8015' non lo è)")
    italian = {"accept-language": "it-IT,it;q=0.9,en-US;q=0.8,en;q=0.7"}
    r = client.post("/api/position", json={"position": T2},
                    headers={"origin": "http://evil.example", **italian})
    assert _one_line_error(r, 403) == (
        "rifiutata: una richiesta da un altro sito (l'Origin non è la pagina di questo server)")
    r = client.post("/api/position", content=json.dumps({"position": T2}),
                    headers={"content-type": "text/plain", "accept-language": "en;q=0.5, it"})
    assert _one_line_error(r, 403).startswith("rifiutata: una richiesta che cambia qualcosa")
    r = client.post("/api/position?lang=en", content=json.dumps({"position": T2}),
                    headers={"content-type": "text/plain", **italian})
    assert _one_line_error(r, 403).startswith("refused: a request that changes something")
    r = client.get("/api/variants", headers={**foreign, "accept-language": "fr, de;q=0.5"})
    assert _one_line_error(r, 403).startswith("refused: ")


def test_accept_language_picks_the_preferred_language_the_board_speaks():
    from solver.web.guard import accepted_lang
    assert accepted_lang("it-IT,it;q=0.9,en;q=0.8") == "it"
    assert accepted_lang("en-GB, it;q=0.9") == "en"
    assert accepted_lang("fr, it;q=0.1") == "it"
    assert accepted_lang("it;q=abc, en;q=0.2") == "en"
    assert accepted_lang("it;q=nan") is None
    assert accepted_lang("fr") is None and accepted_lang("") is None
