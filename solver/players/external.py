"""Bots in any language: the agent ``exec:COMMAND`` (or ``exec:SECONDS:COMMAND``) runs
COMMAND as a process of its own, once per match, and asks it for every card over a line
protocol on its stdin and stdout (docs/bots.md says it whole).

A bot is input we do not trust: whatever it does (exits, closes its output, writes what is
not a card, plays an illegal card, hangs past its time, floods its output) ends the match
with one line naming the bot and what it did (a BotError), and the process is killed and
reaped, on Ctrl-C too; on Linux the kernel kills it when the program that started it dies
(a SIGKILL too), so that no hung bot outlives it. It hears only what its seat sees
(``GameState.view()``'s text), as every agent does. Its stderr is the terminal's, so that its
writer sees what it says, and so are its ``info`` lines: what it writes on stdout that is not
an answer (a bounded number a move).

Importing this module registers the names with solver.players.agents.
"""

from __future__ import annotations

import ctypes
import os
import random
import re
import selectors
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable
from decimal import Decimal
from typing import Literal

from solver import jsonfile, settings
from solver.analysis import check_stop
from solver.cards import CardError, card_str, parse_card_id
from solver.errors import BriscolaError
from solver.game import GameState
from solver.oneline import clip
from solver.players.agents import NamedAgent, beneath, register_resolver

#: the version the first line says (``briscola 1``); a change to a line a bot reads is a
#: new version, a line of a new kind is not (a bot ignores the lines it does not know)
PROTOCOL = 1
#: what the first line offers after the version (``briscola 1 info``): words a version 1
#: bot ignores, which tell one that writes what they name that this engine takes it
FEATURES = ("info",)
PREFIX = "exec:"
#: the seconds a move's line gives a bot whose name gives none
DEFAULT_SECONDS = 1.0
#: past a move's seconds, a bot may take this long to answer before it is stopped as hung
#: (BRISCOLA_BOT_GRACE_MS)
DEFAULT_GRACE = 1.0
#: the first answer may take this much longer: the bot's own start (an interpreter, a JVM)
START_SECONDS = 10.0
#: the longest line a bot may write (an answer is a card: two or three bytes)
MOST_LINE = 1024
#: the ``info`` lines a bot may write for one move (its debug prints, its search's progress):
#: each is shown on stderr, none is taken as the answer; one more is a flood
MOST_INFO = 100
#: the longest a wait on the bot goes without looking at the running context's Stop (a
#: run's --time-limit), as the engine's own waits do (threads.Pool.run)
STOP_POLL = 0.05
#: prctl(2)'s option that has the kernel send the calling process a signal when the thread
#: that started it ends (Linux)
PR_SET_PDEATHSIG = 1
_TIME = re.compile(r"([0-9]+(?:\.[0-9]*)?|\.[0-9]+):(.*)", re.S)
#: a first word that meant a time and is not one (``-1:``, ``1e3:``, ``1,5:``, ``inf:``, ``:``)
_NOT_TIME = re.compile(
    r"(?:[-+]?[0-9.,]*(?:e[-+]?[0-9]*)?|[-+]?(?:inf|infinity|nan)):.*", re.I | re.S
)
#: the keys of a bot gone (exited, ended by a signal, a pipe closed), by what it plays: a
#: match (`match`, `simulate`) or a person's game (`play --opponent`), said "during" it
DURING = {
    "match": {k: k for k in ("bot.exited", "bot.signal", "bot.closed", "bot.closed_input")},
    "game": {
        "bot.exited": "bot.exited_in_game",
        "bot.signal": "bot.signal_in_game",
        "bot.closed": "bot.closed_in_game",
        "bot.closed_input": "bot.closed_input_in_game",
    },
}


class BotError(BriscolaError):
    """An exec: bot that cannot be started or broke the protocol: the bot and what it did."""


def is_external(name: object) -> bool:
    """Whether ``name`` names an exec: bot (a process of this machine)."""
    return isinstance(name, str) and name.strip().lower().startswith(PREFIX)


def parse_exec_name(name: str) -> tuple[float | None, list[str]]:
    """(the seconds the name gives or None, the command's words) of ``exec:[SECONDS:]COMMAND``;
    BotError for a bad time or a command that cannot be split (shlex: quotes as a POSIX
    shell reads them, no shell run)."""
    rest = name.strip()[len(PREFIX) :]
    seconds = None
    timed = _TIME.fullmatch(rest)
    if timed:
        seconds = float(timed.group(1))
        if not 0 < seconds <= settings.MAX_SECONDS:
            raise BotError.of("bot.time", name=name.strip(), most=f"{settings.MAX_SECONDS:g}")
        rest = timed.group(2)
    try:
        argv = shlex.split(rest)
    except ValueError:
        raise BotError.of("bot.quote", name=name.strip()) from None
    if not argv:
        raise BotError.of("bot.command")
    if not timed and _NOT_TIME.fullmatch(argv[0]) and shutil.which(argv[0]) is None:
        raise BotError.of("bot.time", name=name.strip(), most=f"{settings.MAX_SECONDS:g}")
    return seconds, argv


def plain(seconds: float) -> str:
    """Seconds in digits and a point, never an exponent (``:g`` wrote 0.00001 as ``1e-05``)."""
    return format(Decimal(repr(seconds)).normalize(), "f")


def with_time(name: str, seconds: float | None) -> str:
    """``exec:COMMAND`` given ``seconds`` a move (a match's --time-per-move) unless the name
    gives its own time; any other name as it is."""
    if seconds is None or not is_external(name):
        return name
    command = name.strip()[len(PREFIX) :]
    return name if _TIME.fullmatch(command) else f"{PREFIX}{seconds:g}:{command}"


def _printable(text: str) -> str:
    """A bot's text with no control character (a terminal's escape sequence) let through."""
    return "".join(c if c.isprintable() else "?" for c in text)


def _shown(text: str) -> str:
    """A bot's text fit to quote in a line: clipped, and printable."""
    return clip(_printable(text))


def show_info(bot: str, text: str) -> None:
    """An ``info`` line of ``bot``, on stderr (where the bot's own stderr is)."""
    print(f"[{clip(bot, 40)}] {text}", file=sys.stderr, flush=True)


def _is_info(text: str) -> bool:
    return text.split(maxsplit=1)[:1] == ["info"]


def _may_be_info(partial: bytes) -> bool:
    """Whether a line not yet ended may still be an ``info`` line."""
    head = partial.lstrip()
    return b"info".startswith(head) or (head.startswith(b"info") and head[4:5].isspace())


def _libc_prctl():
    """libc's prctl on Linux; None elsewhere, or where it cannot be found."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


_PRCTL = _libc_prctl()


def _dies_with_us() -> Callable[[], None] | None:
    """The hook run in the bot's process before its program starts that has the kernel
    kill it when this process dies, however it dies (a SIGKILL leaves no time to kill it);
    None off Linux, and off the main thread: the signal comes when the thread that started
    the bot ends, and another thread may end before the match does."""
    if _PRCTL is None or threading.current_thread() is not threading.main_thread():
        return None
    parent, prctl = os.getpid(), _PRCTL

    def hook() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # this process died before the hook ran
            os.kill(os.getpid(), signal.SIGKILL)

    return hook


def _grace() -> float:
    ms = settings.bot_grace_ms()
    return DEFAULT_GRACE if ms is None else ms / 1000


class _Process:
    """The bot's process and its pipes, read and written against a deadline; ``bot``
    names it in every error, and its ``info`` lines go to ``on_info(bot, text)``; an
    error of its end says it came ``during`` the match or the game (DURING)."""

    def __init__(self, argv: list[str], bot: str, on_info: Callable[[str, str], None], during: str):
        self.bot = bot
        self.on_info = on_info
        self.during = during
        self.infos = 0
        self.answered = False
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,  # Ctrl-C is ours to pass on, and its group is killed
                preexec_fn=_dies_with_us(),
            )
        except FileNotFoundError:
            raise BotError.of("bot.not_found", bot=bot, program=argv[0]) from None
        except PermissionError:
            raise BotError.of("bot.not_runnable", bot=bot, program=argv[0]) from None
        except OSError as e:
            raise BotError.of(
                "bot.start", bot=bot, program=argv[0], why=jsonfile.os_reason(e)
            ) from None
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin, self.stdout = self.proc.stdin.fileno(), self.proc.stdout.fileno()
        os.set_blocking(self.stdin, False)
        self.buffer = b""

    def send(self, line: str, deadline: float) -> None:
        data = (line + "\n").encode()
        with selectors.DefaultSelector() as sel:
            sel.register(self.stdin, selectors.EVENT_WRITE)
            while data:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise BotError.of("bot.not_reading", bot=self.bot)
                if not sel.select(left):
                    continue
                try:
                    data = data[os.write(self.stdin, data) :]
                except BlockingIOError:
                    continue
                except BrokenPipeError:
                    raise self._gone("bot.closed_input") from None

    def answer(self, deadline: float, allowed: float) -> str:
        """The next line the bot writes that is not an ``info`` line, stripped, by
        ``deadline``; a Stop set meanwhile (a run's --time-limit) ends the wait as Ctrl-C
        does (Stopped), where it waited the bot's whole time."""
        with selectors.DefaultSelector() as sel:
            sel.register(self.stdout, selectors.EVENT_READ)
            while True:
                text = self._next_line()
                if text is not None:
                    self.answered = True
                    return text
                check_stop()
                left = deadline - time.monotonic()
                if left <= 0:
                    if self.proc.poll() is not None:  # a process it started holds its stdout
                        raise self._gone("bot.closed")
                    raise self._timeout(allowed)
                if sel.select(min(left, STOP_POLL)):
                    self._read()

    def _timeout(self, allowed: float) -> BotError:
        """A bot's answer not come in time; one that wrote a line and never ended it (no
        newline), or never answered at all (its answers held in its output's buffer), is
        told what it most likely forgot."""
        text = self.buffer.decode("utf-8", "replace").strip()
        if not text or _may_be_info(self.buffer):
            key = "bot.timeout" if self.answered else "bot.timeout_first"
            return BotError.of(key, bot=self.bot, seconds=f"{allowed:g}")
        return BotError.of(
            "bot.timeout_unended", bot=self.bot, seconds=f"{allowed:g}", text=_shown(text)
        )

    def quiet(self) -> None:
        """Refuse what the bot wrote unasked but its ``info`` lines (a debug print on stdout
        puts every later answer one line late), and a bot that is gone, before it is asked
        anything."""
        with selectors.DefaultSelector() as sel:
            sel.register(self.stdout, selectors.EVENT_READ)
            while True:  # ends: each read ends the bot, or adds to a line, a flood or both
                text = self._next_line()
                if text is not None:
                    raise BotError.of("bot.unasked", bot=self.bot, text=_shown(text))
                if not sel.select(0):
                    break
                self._read()
        if self.buffer and not _may_be_info(self.buffer):
            text = self.buffer.decode("utf-8", "replace").strip()
            raise BotError.of("bot.unasked", bot=self.bot, text=_shown(text))

    def new_move(self) -> None:
        """A move's count of ``info`` lines starts again."""
        self.infos = 0

    def _next_line(self) -> str | None:
        """The next whole line of what was read that is not an ``info`` line (each of those
        passed on, counted against the move's MOST_INFO), stripped; None when no such line
        has been read whole."""
        while b"\n" in self.buffer:
            line, _, self.buffer = self.buffer.partition(b"\n")
            if len(line) > MOST_LINE:
                raise BotError.of("bot.long_line", bot=self.bot, most=MOST_LINE)
            text = line.decode("utf-8", "replace").strip()
            if not _is_info(text):
                return text
            self.infos += 1
            if self.infos > MOST_INFO:
                raise BotError.of("bot.info_flood", bot=self.bot, most=MOST_INFO)
            self.on_info(self.bot, _printable(text[len("info") :].strip()))
        if len(self.buffer) > MOST_LINE:
            raise BotError.of("bot.long_line", bot=self.bot, most=MOST_LINE)
        return None

    def _read(self) -> None:
        chunk = os.read(self.stdout, 4096)
        if not chunk:
            raise self._gone("bot.closed")
        self.buffer += chunk

    def _gone(self, key: str) -> BotError:
        """What ended the conversation: the bot's exit (its code, or the signal), else
        ``key`` (it closed a pipe and goes on), said during the match or the game."""
        try:
            code = self.proc.wait(0.5)
        except subprocess.TimeoutExpired:
            return BotError.of(DURING[self.during][key], bot=self.bot)
        if code < 0:
            return BotError.of(DURING[self.during]["bot.signal"], bot=self.bot, signal=-code)
        return BotError.of(DURING[self.during]["bot.exited"], bot=self.bot, code=code)

    def close(self, grace: float) -> None:
        """``quit``, a grace to exit on its own, the ``info`` lines it wrote last passed on,
        then its process group killed and reaped."""
        try:
            if self.proc.poll() is None:
                try:
                    self.send("quit", time.monotonic() + grace)
                except (BotError, OSError):
                    pass
                try:
                    self.proc.wait(grace)
                except subprocess.TimeoutExpired:
                    pass
            self._drain()
        finally:
            self.kill()

    def _drain(self) -> None:
        """The ``info`` lines still to read passed on, whatever else the bot wrote ignored:
        up to its end of output, or a flood."""
        self.new_move()
        try:
            with selectors.DefaultSelector() as sel:
                sel.register(self.stdout, selectors.EVENT_READ)
                while sel.select(0):
                    self._read()
                    while self._next_line() is not None:
                        pass
        except (BotError, OSError, ValueError):  # ValueError: stderr closed, at exit
            pass

    def kill(self) -> None:
        """The bot and whatever it started killed, and the bot reaped: no zombie is left."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                pipe.close()


class ExternalAgent(NamedAgent):
    """A bot in its own process (``argv``), started at its first card and kept for every
    later deal until ``close()`` (or the end of the program): a match is one conversation.
    Each card's question gives ``seconds``; an answer later than that plus ``grace``
    (BRISCOLA_BOT_GRACE_MS, 1 s by default) stops the bot as hung. Its ``info`` lines go
    to ``on_info(name, text)``: on stderr, unless told otherwise. ``during``: what it plays,
    as its errors say it (DURING): "match" (a match, simulate's games) or "game" (a
    person's game, play --opponent)."""

    def __init__(
        self,
        argv: list[str],
        seconds: float | None = None,
        name: str | None = None,
        grace: float | None = None,
        on_info: Callable[[str, str], None] = show_info,
        during: Literal["match", "game"] = "match",
    ):
        if os.name != "posix":
            raise BotError.of("bot.posix")
        self.during = during
        self.argv = list(argv)
        self.seconds = DEFAULT_SECONDS if seconds is None else float(seconds)
        self.name = name or PREFIX + shlex.join(self.argv)
        self.grace = _grace() if grace is None else float(grace)
        self.on_info = on_info
        self._process: _Process | None = None
        self._close: weakref.finalize | None = None
        self._error: BotError | None = None
        self._in_deal = False
        if shutil.which(self.argv[0]) is None:  # said before the match, not at its first card
            exists = os.path.exists(self.argv[0]) and os.sep in self.argv[0]
            key = "bot.not_runnable" if exists else "bot.not_found"
            if exists and os.path.isdir(self.argv[0]):
                key = "bot.folder"
            raise BotError.of(key, bot=self.name, program=self.argv[0])

    def pick(self, state, rng: random.Random) -> int:
        view = state.view() if isinstance(state, GameState) else state
        legal = view.legal_cards()
        cards = ",".join(card_str(c) for c in legal)
        started = self._process is not None
        allowed = self.seconds + self.grace + (0.0 if started else START_SECONDS)

        def ask(p: _Process) -> str:
            p.new_move()
            p.quiet()
            if not self._in_deal:
                p.send(f"new {view.variant}", self._soon())
                self._in_deal = True
            deadline = time.monotonic() + allowed
            p.send(f"move {cards} {plain(self.seconds)} {view.to_text()}", deadline)
            return p.answer(deadline, allowed)

        text = self._talk(ask)
        try:
            card = parse_card_id(text) if text else None
        except CardError:
            card = None
        if card is None:
            key = "bot.garbage" if text else "bot.empty"
            raise self._fail(BotError.of(key, bot=self.name, text=_shown(text)))
        if card not in legal:
            raise self._fail(
                BotError.of("bot.illegal", bot=self.name, card=card_str(card), legal=cards)
            )
        return card

    def deal_over(self, points: tuple[int, int]) -> None:
        """Tell the bot the deal's result (solver.players.agents.run_deal calls this)."""
        if self._in_deal and self._process is not None:
            self._in_deal = False
            self._talk(lambda p: p.send(f"end {points[0]}-{points[1]}", self._soon()))

    def close(self) -> None:
        """``quit`` to the bot, and its process gone (killed after the grace; at once on
        Ctrl-C meanwhile, which goes on up)."""
        process, self._process = self._process, None
        self._in_deal = False
        if self._close is not None and self._close.detach() is not None and process is not None:
            process.close(self.grace)

    def __enter__(self) -> ExternalAgent:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _soon(self) -> float:
        return time.monotonic() + self.grace

    def _talk(self, exchange):
        """``exchange(process)``'s value; any failure, Ctrl-C too, kills the bot first (its
        side of the conversation is lost), and a bot that failed fails every later call."""
        if self._error is not None:
            raise self._error
        if self._process is None:
            self._process = _Process(self.argv, self.name, self.on_info, self.during)
            self._close = weakref.finalize(self, _close_at_end, self._process, self.grace)
            hello = " ".join(["briscola", str(PROTOCOL), *FEATURES])
            self._talk(lambda p: p.send(hello, self._soon()))
        try:
            return exchange(self._process)
        except BotError as e:
            raise self._fail(e) from None
        except BaseException:
            self.kill()
            raise

    def _fail(self, error: BotError) -> BotError:
        self._error = error
        self.kill()
        return error

    def kill(self) -> None:
        """The bot killed now: no ``quit``, no grace."""
        if self._close is not None:
            self._close.detach()
        if self._process is not None:
            self._process.kill()
        self._process = None
        self._in_deal = False


def _close_at_end(process: _Process, grace: float) -> None:
    """A bot no one closed, closed when its agent is collected or the program ends: Ctrl-C
    meanwhile has killed it (_Process.close), and is no error of the program's end."""
    try:
        process.close(grace)
    except KeyboardInterrupt:
        pass


def close_bots(agents) -> None:
    """Every exec: bot among ``agents`` (or that one of them plays for) told ``quit`` in
    turn and given its grace to exit; Ctrl-C meanwhile kills the rest at once, and goes on
    up, so that no bot is left to a grace at the program's end."""
    bots = {id(b): b for b in map(beneath, agents) if isinstance(b, ExternalAgent)}.values()
    try:
        for bot in bots:
            bot.close()
    except BaseException:
        for bot in bots:
            bot.kill()
        raise


def _resolve(key: str):
    if not is_external(key):
        return None
    seconds, argv = parse_exec_name(key)
    return lambda: ExternalAgent(argv, seconds, name=key.strip())


register_resolver(_resolve)
