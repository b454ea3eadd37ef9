"""The environment variables that tune the engine (docs/commands.md, "Environment
variables"), read and checked in one place. They are read when the engine first needs them,
not on import, so a bad value reaches the command as the user's mistake: one line naming
the variable and what it takes. An Engine's arguments of the same names (``tt_mb``,
``threads``) are checked here too, by the same ranges (``argument``)."""

from __future__ import annotations

import operator
import os
import re
from typing import NamedTuple

from solver.errors import BriscolaError
from solver.oneline import clip

#: the biggest table the user may ask for, in megabytes (a terabyte): beyond it a table
#: cannot be allocated anyway
MAX_TABLE_MB = 1 << 20
#: the most search threads an Engine may be given (BRISCOLA_THREADS is capped lower, by the
#: engine): beyond any machine's cores, more threads of one process only wait on each other
MAX_ENGINE_THREADS = 256
#: the longest time any time option or bot name may give, in seconds (a day: a talon-16
#: exact search took 38 minutes split on 2 cores and more than 80 local ones, docs/cluster.md;
#: talon 18 is beyond a day's reach; estimates settle in seconds)
MAX_SECONDS = 86400.0
#: the largest seed --seed and the board's /api/deal take (from 0: random.Random deals a
#: negative seed as its absolute value, so -1 would be seed 1's deal under another name)
MAX_SEED = 2**63 - 1
#: a Star2 limit beyond the deck's cards probes every chance node, as the deck's size does
DECK = 40
#: the languages BRISCOLA_LANG may name (solver.i18n.LANGS, not imported: English loads no
#: more than it must)
LANGS = ("en", "it")


class SettingError(BriscolaError):
    """An engine setting given a value it does not take: an environment variable, or an
    Engine's argument of the same name (``tt_mb``, ``threads``)."""


class Whole(NamedTuple):
    """The whole numbers a setting takes, ``lo`` to ``hi`` (None: no most), and the key
    of the error that says so (solver.errors.ENGLISH)."""

    lo: int
    hi: int | None
    key: str


TT_MB = Whole(1, MAX_TABLE_MB, "setting.megabytes")
THREADS = Whole(1, None, "setting.at_least")  # the variable's: the engine caps it
ENGINE_THREADS = Whole(1, MAX_ENGINE_THREADS, "setting.range")  # an Engine's argument's
STAR2 = Whole(0, DECK, "setting.star2")
#: an hour: a bot given longer than that past its time is as good as hung
BOT_GRACE = Whole(0, 3_600_000, "setting.range")


def _within(name: str, n: int, takes: Whole, got: str) -> int:
    """``n`` when ``takes`` allows it, else the SettingError naming ``name`` and ``got``
    (what was given, as it is shown): the one check of a variable and of an argument."""
    if n < takes.lo or (takes.hi is not None and n > takes.hi):
        raise SettingError.of(takes.key, name=name, lo=takes.lo, most=takes.hi, got=got)
    return n


def _whole(name: str, takes: Whole) -> int | None:
    """The whole number in variable ``name`` (None when unset or empty)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    n = -1
    if re.fullmatch(r"[0-9]+", text):
        n = int(text) if len(text) <= 30 else 10**30  # int() refuses thousands of digits
    return _within(name, n, takes, repr(clip(text)))


def argument(name: str, value: object, takes: Whole) -> int:
    """An argument ``name`` checked as its variable is: a whole number (not a bool) that
    ``takes`` allows, else a SettingError naming it (``Engine(tt_mb=0)``)."""
    try:
        n = -1 if isinstance(value, bool) else operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        n = -1
    return _within(name, n, takes, clip(repr(value)))


def tt_mb() -> int | None:
    """BRISCOLA_TT_MB: the transposition table's megabytes the user chose, or None."""
    return _whole("BRISCOLA_TT_MB", TT_MB)


def worker_tt_mb() -> int | None:
    """BRISCOLA_WORKER_TT_MB: the table megabytes of each cluster worker, or None."""
    return _whole("BRISCOLA_WORKER_TT_MB", TT_MB)


def threads() -> int | None:
    """BRISCOLA_THREADS: the search threads the user chose (the caller caps them), or None."""
    return _whole("BRISCOLA_THREADS", THREADS)


def star2() -> int | None:
    """BRISCOLA_STAR2: Star2 probing at chance nodes with at most this many unseen cards
    (0: off), or None."""
    return _whole("BRISCOLA_STAR2", STAR2)


def bot_grace_ms() -> int | None:
    """BRISCOLA_BOT_GRACE_MS: how many milliseconds past a move's time an exec: bot may
    take before it is stopped as hung (solver.players.external), or None."""
    return _whole("BRISCOLA_BOT_GRACE_MS", BOT_GRACE)


def lang() -> str | None:
    """BRISCOLA_LANG: the language every command speaks unless its --lang says otherwise
    (cli/options.py), or None."""
    text = os.environ.get("BRISCOLA_LANG", "").strip()
    if not text:
        return None
    if text.lower() not in LANGS:
        raise SettingError.of("setting.lang", name="BRISCOLA_LANG", got=repr(clip(text)))
    return text.lower()


def check() -> None:
    """Every variable read once: a command refuses a bad one before it starts any work
    (not when the engine is first used, after a puzzle or a game has begun)."""
    tt_mb()
    worker_tt_mb()
    threads()
    star2()
    bot_grace_ms()
    lang()
