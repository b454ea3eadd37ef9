"""Cards the page carries but must not read: a hidden-card game's deck (or start and talon
order) travels with each request, since the server keeps no game state, but sealed.

A seal is encrypt-then-MAC with the standard library only: a keystream of HMAC-SHA256
blocks over a random nonce (HMAC as a pseudorandom function in counter mode), then an
HMAC-SHA256 tag over nonce and ciphertext. The key is the server's own, drawn when the app
is made, so a seal opens only on the server run that made it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets

from solver.errors import BriscolaError

NONCE = 16
TAG = 32


class SealError(BriscolaError):
    """A seal that does not open here: changed, or made by another server run."""


class Sealer:
    """Seals and opens JSON values with one key (a fresh random one by default)."""

    def __init__(self, key: bytes | None = None):
        key = secrets.token_bytes(32) if key is None else key
        self._stream_key = hmac.new(key, b"stream", hashlib.sha256).digest()
        self._tag_key = hmac.new(key, b"tag", hashlib.sha256).digest()
        self._seed_key = hmac.new(key, b"seed", hashlib.sha256).digest()

    def seed(self, value) -> int:
        """A seed no page can work out, the same for the same JSON ``value`` on this server
        run: the engine's random choices at one moment of a sealed deal (games.engine_card),
        so that the same moment asked again gets the same card."""
        data = json.dumps(value, separators=(",", ":"), sort_keys=True).encode()
        return int.from_bytes(hmac.new(self._seed_key, data, hashlib.sha256).digest()[:8], "big")

    def _stream(self, nonce: bytes, n: int) -> bytes:
        blocks = (
            hmac.new(self._stream_key, nonce + i.to_bytes(8, "big"), hashlib.sha256).digest()
            for i in range((n + 31) // 32)
        )
        return b"".join(blocks)[:n]

    def _tag(self, body: bytes) -> bytes:
        return hmac.new(self._tag_key, body, hashlib.sha256).digest()

    def seal(self, value) -> str:
        data = json.dumps(value, separators=(",", ":")).encode()
        nonce = secrets.token_bytes(NONCE)
        body = nonce + bytes(
            a ^ b for a, b in zip(data, self._stream(nonce, len(data)), strict=True)
        )
        return base64.urlsafe_b64encode(body + self._tag(body)).decode()

    def open(self, token) -> object:
        if not isinstance(token, str):
            raise SealError.of("seal.not_string")
        try:
            raw = base64.urlsafe_b64decode(token.encode("ascii"))
        except ValueError:
            raw = b""
        body, tag = raw[:-TAG], raw[-TAG:]
        if len(raw) <= NONCE + TAG or not hmac.compare_digest(tag, self._tag(body)):
            raise SealError.of("seal.changed")
        nonce, data = body[:NONCE], body[NONCE:]
        return json.loads(
            bytes(a ^ b for a, b in zip(data, self._stream(nonce, len(data)), strict=True))
        )
