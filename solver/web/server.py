"""How the board is served: uvicorn's settings, and how long a connection may take to say
what it wants.

uvicorn's h11 protocol closes an idle keep-alive connection only once a response has ended,
and a byte of the next request stops that clock: a connection opened and left silent, or a
request's headers sent a byte at a time (a slowloris), stayed open for ever, each an open
file of the server, until a flood of them left it none. Here a request's headers must
arrive within ``header_seconds`` of the connection opening or of the last response ending,
and at most ``max_connections`` are open at once (one more is closed as it opens; uvicorn's
limit_concurrency would only answer 503 to a request, never close a silent connection).
A body's time is guard.Guard's (408); the headers' size is h11's bound (16 KB, answered 400).
"""

from __future__ import annotations

import asyncio

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 10.0
KEEP_ALIVE_SECONDS = 5
#: connections open at once: a page opens a handful, a browser at most six per server
MAX_CONNECTIONS = 64


class Protocol(H11Protocol):
    """uvicorn's h11 protocol with a clock on each request's headers and a bound on the
    connections open (set by ``config``)."""

    header_seconds = HEADER_SECONDS
    max_connections = MAX_CONNECTIONS
    header_clock: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.max_connections:
            transport.close()
        else:
            self._start_clock()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the headers are in: the app's time now
            self._stop_clock()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self._start_clock()  # the next request's headers

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_clock()
        super().connection_lost(exc)

    def _start_clock(self) -> None:
        self._stop_clock()
        self.header_clock = self.loop.call_later(self.header_seconds, self._too_slow)

    def _stop_clock(self) -> None:
        if self.header_clock is not None:
            self.header_clock.cancel()
            self.header_clock = None

    def _too_slow(self) -> None:
        self.header_clock = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


def config(
    app,
    header_seconds: float = HEADER_SECONDS,
    max_connections: int = MAX_CONNECTIONS,
    **settings,
) -> uvicorn.Config:
    """uvicorn's settings serving ``app`` (``settings``: more of them, log_level...), its
    connections bounded in time and number as this module says."""
    protocol = type(
        "Protocol",
        (Protocol,),
        {"header_seconds": header_seconds, "max_connections": max_connections},
    )
    return uvicorn.Config(app, http=protocol, timeout_keep_alive=KEEP_ALIVE_SECONDS, **settings)
