"""The board served by a real uvicorn on 127.0.0.1, in a thread, as `briscola serve` runs
it: for the tests that need real sockets (disconnects, bodies cut at the limit)."""
from __future__ import annotations

import contextlib
import socket
import threading
import time

from solver.web.app import create_app
from solver.web.guard import BODY_SECONDS
from solver.web.server import config


@contextlib.contextmanager
def live_server(log_level: str = "warning", body_seconds: float = BODY_SECONDS, **settings):
    """Yields the port of a running server, served with `briscola serve`'s settings
    (solver.web.server.config; ``settings``: its bounds changed, header_seconds...); stops
    it after."""
    import uvicorn
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(port=port, body_seconds=body_seconds)
    srv = uvicorn.Server(config(app, log_level=log_level, **settings))
    t = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    t.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started
    try:
        yield port
    finally:
        srv.should_exit = True
        t.join(10)
        sock.close()
