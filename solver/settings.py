"""The environment variables that tune the engine (docs/commands.md, "Environment
variables"), read and checked in one place. They are read when the engine first needs them,
not on import, so a bad value reaches the command as the user's mistake: one line naming
the variable and what it takes."""

from __future__ import annotations

import os
import re

from solver.errors import BriscolaError
from solver.oneline import clip

#: the biggest table the user may ask for, in megabytes (a terabyte): beyond it a table
#: cannot be allocated anyway
MAX_TABLE_MB = 1 << 20
#: a Star2 limit beyond the deck's cards probes every chance node, as the deck's size does
DECK = 40


class SettingError(BriscolaError):
    """An environment variable set to a value it does not take."""


def _whole(name: str, lo: int, hi: int | None, takes: str) -> int | None:
    """The whole number in ``name`` (None when unset or empty), from ``lo`` to ``hi``."""
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    n = -1
    if re.fullmatch(r"[0-9]+", text):
        n = int(text) if len(text) <= 30 else 10**30  # int() refuses thousands of digits
    if n < lo or (hi is not None and n > hi):
        raise SettingError(f"{name} must be {takes}, got {clip(text)!r}")
    return n


def tt_mb() -> int | None:
    """BRISCOLA_TT_MB: the transposition table's megabytes the user chose, or None."""
    return _whole(
        "BRISCOLA_TT_MB", 1, MAX_TABLE_MB, f"a whole number of megabytes from 1 to {MAX_TABLE_MB}"
    )


def worker_tt_mb() -> int | None:
    """BRISCOLA_WORKER_TT_MB: the table megabytes of each cluster worker, or None."""
    return _whole(
        "BRISCOLA_WORKER_TT_MB",
        1,
        MAX_TABLE_MB,
        f"a whole number of megabytes from 1 to {MAX_TABLE_MB}",
    )


def threads() -> int | None:
    """BRISCOLA_THREADS: the search threads the user chose (the caller caps them), or None."""
    return _whole("BRISCOLA_THREADS", 1, None, "a whole number of at least 1")


def star2() -> int | None:
    """BRISCOLA_STAR2: Star2 probing at chance nodes with at most this many unseen cards
    (0: off), or None."""
    return _whole(
        "BRISCOLA_STAR2", 0, DECK, f"a whole number from 0 to {DECK} (0 turns the probing off)"
    )


def check() -> None:
    """Every variable read once: a command refuses a bad one before it starts any work
    (not when the engine is first used, after a puzzle or a game has begun)."""
    tt_mb()
    worker_tt_mb()
    threads()
    star2()
