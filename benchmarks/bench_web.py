"""The analysis board's server under a long search: how fast other requests answer while
an analysis runs (a real uvicorn server on 127.0.0.1), and how soon Stop ends it.

    python benchmarks/bench_web.py [--requests 20]
"""
from __future__ import annotations

import argparse
import json
import socket
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import uvicorn  # noqa: E402

from solver.web.app import create_app  # noqa: E402

SMALL = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=20)
    args = ap.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=srv.run, daemon=True).start()
    while not srv.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}"

    def post(path, body):
        req = urllib.request.Request(url + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req) as f:
                return f.status, json.loads(f.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def latencies():
        out = []
        for _ in range(args.requests):
            t = time.perf_counter()
            post("/api/position", {"position": SMALL})
            out.append(time.perf_counter() - t)
        return out

    idle = latencies()
    game = post("/api/deal", {"variant": "scoperta", "seed": 4})[1]
    while game["moves"] < 22:  # a talon-12 position of a seeded greedy game
        game = post("/api/engine", {"game": game["game"], "level": "greedy"})[1]
    opening = post("/api/deal", {"variant": "scoperta", "seed": 11})[1]["position"]
    rows = []
    for name, pos in (("talon 12, exact search", game["position"]), ("talon 34, estimate", opening)):
        box = {}

        def run():
            box["r"] = post("/api/analyse", {"position": pos, "time_limit": 60, "client": "bench"})

        th = threading.Thread(target=run)
        th.start()
        time.sleep(1.0)
        busy = latencies()
        t = time.perf_counter()
        post("/api/stop", {"client": "bench"})
        th.join()
        rows.append((name, busy, box["r"][0], time.perf_counter() - t))
    srv.should_exit = True

    def fmt(xs):
        return f"{statistics.median(xs) * 1000:.1f} | {max(xs) * 1000:.1f}"

    print("| while | /api/position median ms | max ms | stopped search answers | Stop to answer s |")
    print("|---|---:|---:|---|---:|")
    print(f"| idle | {fmt(idle)} | - | - |")
    for name, busy, code, stop in rows:
        print(f"| {name} running | {fmt(busy)} | {code} | {stop:.2f} |")


if __name__ == "__main__":
    main()
