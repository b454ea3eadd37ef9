"""Who the board's server answers: its own page only.

The API has no login, so any web page the user visits could otherwise drive it: a
cross-site form post (``Content-Type: text/plain`` needs no preflight) would run searches,
and a page whose domain name is re-pointed at 127.0.0.1 (DNS rebinding) would read the
answers. Three checks, made before any route runs, close both:

- the ``Host`` header names this server: a loopback name, the address it was started on,
  or (on a wildcard address) an IP literal or this machine's name. A rebound domain name
  carries the attacker's name, so it is refused;
- a request that changes something (POST) is ``Content-Type: application/json``, which a
  cross-site page can send only after a CORS preflight, and the server answers no
  preflight (it sends no CORS headers at all);
- an ``Origin`` header, when the browser sends one, is the server's own scheme, host and
  port.

A body declared longer than ``MAX_BODY`` is refused here too, before it is read; a body
is then read here whole, before any route runs, and refused (408) unless it arrives within
``BODY_SECONDS``: a client sending it a byte at a time held its connection, and the task
reading it, for as long as it liked (the headers' time is bounded by web.server). Every
refusal here is one line in the request's language (``request_lang``): the address's
``?lang=``, which the page adds to every request, else the browser's Accept-Language (a
page of another site, or a re-pointed name, sends no ``?lang=``), else English.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import math
import socket
from urllib.parse import parse_qs, urlsplit

from solver.errors import BriscolaError
from solver.i18n import LANGS, error_text

MAX_BODY = 64 * 1024
#: the seconds a request's body may take to arrive once its headers have (64 KB take well
#: under one on any link a person uses)
BODY_SECONDS = 10.0
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "127.0.0.1", "::1"})
WILDCARDS = frozenset({"", "0.0.0.0", "::"})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443}


def json_body(content: dict) -> bytes:
    """JSON bytes that never fail on text the user sent: a lone surrogate (valid in JSON
    escapes, not in UTF-8) becomes "?" instead of an error while writing the error."""
    return json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode(
        "utf-8", "replace"
    )


def is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def is_loopback(host: str) -> bool:
    """True for the names and addresses that only this machine reaches."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def accepted_lang(header: str) -> str | None:
    """The language of LANGS an Accept-Language header prefers ("it-IT,it;q=0.9,en;q=0.8":
    it), or None when it names none of them."""
    best, best_q = None, 0.0
    for part in header.split(",")[:32]:
        tag, _, params = part.partition(";")
        q = 1.0
        params = params.strip().lower()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                continue
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGS and math.isfinite(q) and q > best_q:
            best, best_q = primary, q
    return best


def request_lang(scope, headers: dict[str, str]) -> str:
    """The language of a refusal: the address's ``?lang=``, else Accept-Language, else en."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    lang = (query.get("lang") or [""])[0]
    if lang in LANGS:
        return lang
    return accepted_lang(headers.get("accept-language", "")) or "en"


def _split_host(value: str) -> tuple[str, int | None] | None:
    """(lowercase name without brackets, port or None) of a Host header; None if malformed."""
    try:
        parts = urlsplit("//" + value)
        name, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not name or parts.username is not None or parts.path or parts.query or parts.fragment:
        return None
    return name, port


class Guard:
    """ASGI middleware refusing, with a one-line JSON 403 (413 for a body too long), any
    request not from the server's own page. ``host``/``port``: the address served (port
    None: any port, for a server whose port is not known when the app is built)."""

    def __init__(
        self,
        app,
        host: str = "127.0.0.1",
        port: int | None = None,
        body_seconds: float = BODY_SECONDS,
    ):
        self.app = app
        self.body_seconds = body_seconds
        self.port = port or None
        host = host.strip("[]").lower()
        self.names = set(LOOPBACK_NAMES)
        self.any_ip = host in WILDCARDS
        if self.any_ip:
            name = socket.gethostname().lower()
            self.names |= {name, f"{name}.local", socket.getfqdn().lower()}
        else:
            self.names.add(host)

    def host_ok(self, value: str) -> bool:
        split = _split_host(value)
        if split is None:
            return False
        name, port = split
        if self.port is not None and (port or 80) != self.port:
            return False
        return name in self.names or is_loopback(name) or (self.any_ip and is_ip(name))

    @staticmethod
    def origin_ok(origin: str, scheme: str, host: str) -> bool:
        try:
            o = urlsplit(origin)
            h = urlsplit(f"{scheme}://{host}")
            return (
                o.scheme == scheme
                and o.hostname is not None
                and o.hostname == h.hostname
                and (o.port or DEFAULT_PORTS.get(o.scheme)) == (h.port or DEFAULT_PORTS.get(scheme))
                and not o.path.strip("/")
            )
        except ValueError:
            return False

    def refusal(self, scope) -> tuple[int, str] | None:
        refused = self.refused(scope, _headers(scope))
        return None if refused is None else _said(scope, *refused)

    def refused(self, scope, headers: dict[str, str]) -> tuple[int, BriscolaError] | None:
        """The status and the error of a request this server does not answer, or None."""
        host = headers.get("host", "")
        if not self.host_ok(host):
            return 403, BriscolaError.of("guard.host", host=repr(host[:80]))
        origin = headers.get("origin")
        if origin is not None and not self.origin_ok(origin, scope.get("scheme", "http"), host):
            return 403, BriscolaError.of("guard.origin")
        if scope["method"] not in SAFE_METHODS:
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return 403, BriscolaError.of("guard.content_type")
            length = headers.get("content-length", "0").strip()
            if not (length.isascii() and length.isdigit()):
                return 403, BriscolaError.of("guard.length")
            if int(length) > MAX_BODY:
                return 413, BriscolaError.of("request.too_large", kb=MAX_BODY // 1024)
        return None

    async def read_body(self, scope, receive):
        """The body read whole within ``body_seconds``, at most MAX_BODY bytes (a body
        sent in chunks declares no length): a receive that hands it to the app in one
        message, then passes on (a disconnect during a search); or the refusal, 408 or
        413; or None where the client left before its body ended (no one to answer)."""
        chunks, size = [], 0
        try:
            async with asyncio.timeout(self.body_seconds):
                more = True
                while more:
                    message = await receive()
                    if message["type"] != "http.request":
                        return None
                    chunks.append(message.get("body", b""))
                    size += len(chunks[-1])
                    if size > MAX_BODY:
                        return _said(
                            scope, 413, BriscolaError.of("request.too_large", kb=MAX_BODY // 1024)
                        )
                    more = message.get("more_body", False)
        except TimeoutError:
            return _said(
                scope, 408, BriscolaError.of("request.slow", seconds=f"{self.body_seconds:g}")
            )
        return _replay(b"".join(chunks), receive)

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            refused = self.refusal(scope)
            if refused is None and scope["method"] not in SAFE_METHODS:
                read = await self.read_body(scope, receive)
                if read is None:
                    return
                refused, receive = (read, receive) if isinstance(read, tuple) else (None, read)
            if refused is not None:
                status, message = refused
                await send_json(send, status, {"error": message})
                return
        await self.app(scope, receive, send)


def _headers(scope) -> dict[str, str]:
    """A request's headers by lowercase name (the first of a repeated one)."""
    headers: dict[str, str] = {}
    for k, v in scope.get("headers", ()):
        headers.setdefault(k.decode("latin-1").lower(), v.decode("latin-1"))
    return headers


def _said(scope, status: int, e: BriscolaError) -> tuple[int, str]:
    """A refusal's status and its line in the request's language."""
    return status, error_text(e, request_lang(scope, _headers(scope)))


def _replay(body: bytes, receive):
    """A receive whose first message is the whole ``body``, then ``receive``'s."""
    given = False

    async def replay():
        nonlocal given
        if given:
            return await receive()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


async def send_json(send, status: int, content: dict) -> None:
    body = json_body(content)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
