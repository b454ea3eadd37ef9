"""What every command checks at its edge, in one place: numeric options (a time limit is a
finite positive number of seconds, a count a whole number in range), output paths (checked
before the work starts, so no work is lost on a bad path) and quoted user input (cut short,
so a 50 MB line cannot make a 50 MB error)."""

from __future__ import annotations

import io
import math
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn

import click

from cli.usage import env_lang
from solver import jsonfile
from solver.errors import ENGLISH, BriscolaError, Note
from solver.oneline import clip, one_line  # noqa: F401 - clip: the commands' name for it
from solver.settings import MAX_SECONDS, MAX_SEED

#: where ``--lang`` leaves its choice in the click context: the command's error line
#: (cli/main.py) is said in it
ERROR_LANG = "briscola.lang"


class Lang(click.Choice):
    """``--lang``: en or it. The choice is kept in the context (``ERROR_LANG``) so that a
    user error the command raises is said in the language the user chose."""

    def __init__(self) -> None:
        super().__init__(["en", "it"])

    def convert(self, value, param, ctx):
        lang = super().convert(value, param, ctx)
        if ctx is not None:
            ctx.meta[ERROR_LANG] = lang
        return lang


#: the type of every command's --lang
LANG = Lang()
LANG_HELP = "Language of the text (JSON and files stay English)."


def lang_option(f=None, *, expose: bool = False, help: str = LANG_HELP):
    """``--lang en|it``: the language of a command's text and errors (``lang_now`` reads
    it; ``expose``: the command is given it too), by default BRISCOLA_LANG's, else English;
    its JSON, notation and files stay English."""
    if f is None:
        return lambda g: lang_option(g, expose=expose, help=help)
    return click.option(
        "--lang",
        type=LANG,
        default=env_lang,
        expose_value=expose,
        help=f"{help}  [default: BRISCOLA_LANG, else en]",
    )(f)


def objective_option(help: str | None = None):
    """``--objective points|win``, points by default: what a command's analyses maximise."""
    return click.option(
        "--objective",
        type=click.Choice(["points", "win"]),
        default="points",
        show_default=True,
        help=help,
    )


def game_option(
    help: str = "the record of a file of several (1 = the first, as replay numbers them)",
):
    """``--game K``: which record of a file of several a command reads (``recorded``)."""
    return click.option("--game", type=count(1), help=help)


def lang_now() -> str:
    """The language the running command speaks: its --lang, or before that is read the one
    its command line asks for (cli/main.py), else English."""
    ctx = click.get_current_context(silent=True)
    return ctx.meta.get(ERROR_LANG, "en") if ctx is not None else "en"


def said(line: str | BriscolaError, lang: str | None = None) -> str:
    """``line`` (a keyed note or error, or plain text) in ``lang``, by default the running
    command's."""
    lang = lang or lang_now()
    if lang == "en":
        return str(line)
    from solver.i18n import error_text  # only here: English loads no more than it must

    return error_text(line, lang)


def clip_message(msg: object) -> str:
    """An error message fit for one line (quoted input cut to 80 characters)."""
    return one_line(msg)


def stdin_text() -> str:
    """Standard input read whole, as every command that takes "-" reads it: UTF-8, a
    byte-order mark dropped (Windows tools write one), bad bytes refused in one line."""
    return jsonfile.decode(click.get_binary_stream("stdin").read(), "<stdin>")


def typed_lines():
    """Standard input for a command that reads what the user types a line at a time (play,
    the puzzle quiz): a byte that is not UTF-8 is read as U+FFFD, so that its line names no
    card and is asked again instead of ending the game."""
    stdin = sys.stdin
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(errors="replace")
    return stdin


def typed(line: str) -> str:
    """A typed line as the commands read it: stripped, a byte-order mark dropped (a file
    written on Windows, piped in)."""
    return line.strip().removeprefix("\ufeff").strip()


#: the words play and the puzzle quiz take at their prompts, in either language whatever
#: --lang (each prompt lists its own language's): an Italian player types "esci" in both
QUIT_WORDS = ("q", "quit", "exit", "esci")
HINT_WORDS = ("hint", "h", "?", "indizio", "suggerimento", "consiglio")
HELP_WORDS = ("help", "aiuto", "comandi")


def card_by_place(text: str, hand: Sequence[int]) -> int | None:
    """The card a typed place names (``text`` ASCII digits; 1 = the first of ``hand`` as
    its line shows it): the card, -1 for a place past the hand; None where ``text`` is not
    a place (a card's name, to be read as one). Play and the puzzle quiz both take it."""
    if not (text.isascii() and text.isdigit()):
        return None
    k = int(text)
    return hand[k - 1] if 1 <= k <= len(hand) else -1


#: a number as typed on a command line: ASCII digits, no "_" (Python's float reads "1_0" as
#: 10 and takes full-width digits)
_DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?", re.ASCII)
#: float's words, kept so that "inf" and "nan" are refused as not finite, not as not numbers
_WORDS = ("inf", "infinity", "nan")


class Seconds(click.ParamType):
    """A time limit: finite and positive; beyond a day it is capped (said on stderr)."""

    name = "seconds"

    def convert(self, value, param, ctx):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            x = float(value)
        else:
            text = str(value).strip()
            try:
                if not _DECIMAL.fullmatch(text) and text.lower().lstrip("+-") not in _WORDS:
                    raise ValueError
                x = float(text)
            except ValueError:
                refuse("option.not_seconds", param, ctx, value=repr(clip(str(value))))
        if math.isnan(x) or math.isinf(x) or x <= 0:
            refuse("option.not_positive_seconds", param, ctx, value=value)
        if x < 0.001:
            refuse("option.too_short", param, ctx, value=value)
        if x > MAX_SECONDS:
            name = param.opts[0] if param is not None and param.opts else "--time-limit"
            note(Note.of("note.capped", option=name, value=value, most=f"{MAX_SECONDS:g}"))
            x = MAX_SECONDS
        return x


class Whole(click.ParamType):
    """A whole number within [lo, hi], refused with a one-line reason otherwise; ``what``,
    the key (``range.*``) of what the range is, is said after its bounds."""

    name = "integer"

    def __init__(self, lo: int, hi: int, what: str = ""):
        self.lo, self.hi = lo, hi
        self.what = ENGLISH[what] if what else ""

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            n = value
        else:
            text = str(value).strip()
            if not re.fullmatch(r"[+-]?\d+", text, re.ASCII):
                refuse("option.not_whole", param, ctx, value=repr(clip(str(value))))
            n = int(text) if len(text) <= 30 else self.hi + 1
        if not self.lo <= n <= self.hi:
            shown = {"value": clip(str(value)), "lo": self.lo, "hi": self.hi}
            if self.what:
                refuse("option.range_what", param, ctx, **shown, what=self.what)
            refuse("option.range", param, ctx, **shown)
        return n


def refuse(key: str, param, ctx, **fields) -> NoReturn:
    """A value an option's type refuses, in the words of ``key`` (cli/usage.py reads them
    back to say them in the command line's language)."""
    raise click.BadParameter(ENGLISH[key].format(**fields), ctx, param)


def misuse(key: str) -> NoReturn:
    """A command line a command refuses after click parsed it, in the words of ``key`` (a
    ``usage.*`` key cli/usage.py reads back, to say it in the command line's language)."""
    raise click.UsageError(ENGLISH[key])


SECONDS = Seconds()
SEED = Whole(0, MAX_SEED)


def count(lo: int = 1, hi: int = 1_000_000, what: str = "") -> Whole:
    return Whole(lo, hi, what)


NUMERIC_TYPES = (Seconds, Whole)


# ---- output paths -----------------------------------------------------------------------


class OutputPathError(BriscolaError):
    """An output path that cannot be written: said before any work starts."""


def check_output(
    path: str | None, force: bool, option: str = "--out", append: bool = False
) -> None:
    """Refuse, before the work, an empty path, a path whose directory is missing or not
    writable, or an existing file without --force (a file that is ``append``ed to, such as
    a resumable log, may exist). None: the option was not given."""
    if path is None:
        return
    if not path:
        raise OutputPathError.of("output.empty", option=option)
    try:
        os.stat(path)
    except FileNotFoundError:
        pass  # a new file, or a link to one (its folder is checked below)
    except OSError as e:  # a link loop, a name too long: the write would fail after the work
        raise OutputPathError.of(
            "output.cannot", option=option, path=clip(path), why=jsonfile.os_reason(e)
        ) from None
    if os.path.isdir(path):
        raise OutputPathError.of("output.is_dir", option=option, path=clip(path))
    folder = os.path.dirname(os.path.realpath(path))  # a link's: where its file would be
    if not os.path.isdir(folder):
        raise OutputPathError.of(
            "output.no_dir", option=option, path=clip(path), folder=clip(folder)
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputPathError.of(
            "output.dir_not_writable", option=option, path=clip(path), folder=clip(folder)
        )
    if append and os.path.exists(path) and not os.path.isfile(path):
        raise OutputPathError.of("output.not_file", option=option, path=clip(path))
    if os.path.exists(path):
        if not (force or append):
            raise OutputPathError.of("record.exists", path=clip(path))
        if not os.access(path, os.W_OK):
            raise OutputPathError.of("output.not_writable", option=option, path=clip(path))


def progress_on() -> None:
    """The exact search's and the estimate's progress lines on stderr (long work shows it).
    Imported here: every command reads this module, and help must not load the engine."""
    from solver.analysis import progress
    from solver.i18n import progress_text

    lang = lang_now()
    progress.set_hook(lambda line: click.echo(progress_text(line, lang), err=True))


def note(line: str) -> None:
    """A line the user should read that is not an error (a file read without its torn last
    line), on stderr, in the running command's language (a keyed errors.Note)."""
    lang = lang_now()
    click.echo(f"{'nota' if lang == 'it' else 'note'}: {said(line, lang)}", err=True)


@contextmanager
def notes_held() -> Iterator[Callable[[str], None]]:
    """A ``warn`` for the readers of a user's file whose notes (a torn last line read
    without it) are said when the block ends, where what was read has been used (a record's
    move found, the puzzles chosen); a refusal ending it (an error, exit 1 or 2) is the
    command's one line, about the rest of the file or the options, and the notes are
    dropped: the next run, on a file put right, says them."""
    held: list[str] = []
    try:
        yield held.append
    except (BriscolaError, click.ClickException):
        held.clear()
        raise
    finally:
        for line in held:
            note(line)


def save_text(path: str, text: str, force: bool) -> str:
    """Write ``text`` to ``path`` whole (jsonfile.write_whole: a crash leaves the old file as
    it was), over a file there only with ``force`` (check_output refused one before the
    work; one made since, by another run, is kept too); if that fails after all (the disk
    filled, the directory went away, the file appeared), keep it: in a new file of the
    working directory, or else on stdout. Returns where it went; a failure is said on
    stderr."""
    try:
        jsonfile.write_whole(path, text, replace=force)
        return path
    except OSError as e:
        failed = BriscolaError.of("record.cannot_write", path=clip(path), why=jsonfile.os_reason(e))
        lang = lang_now()
        click.echo(f"{'errore' if lang == 'it' else 'error'}: {said(failed, lang)}", err=True)
    base = os.path.basename(path) or "briscola-output"
    try:
        prefix = f"{jsonfile.short_name(base)}."
        fd, spare = tempfile.mkstemp(prefix=prefix, suffix=".saved", dir=os.getcwd())
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        note(Note.of("note.kept_in", path=spare))
        return spare
    except OSError:
        note(Note.of("note.on_stdout"))
        sys.stdout.write(text)
        sys.stdout.flush()
        return "-"


def record_text(path: str) -> tuple[str, str | None]:
    """Where a command's records are read (the name its lines say) and their text when it
    is standard input ("-"), read whole as every command that takes "-" reads it; a file's
    text is left to the reader (None)."""
    if path != "-":
        return path, None
    from solver.record import RecordError

    try:
        return "<stdin>", stdin_text()
    except jsonfile.JSONFileError as e:
        raise RecordError.like(e) from None


def recorded(path: str, game: int | None, warn):
    """The record ``analyse --record`` and ``review`` read: the file's one ("-": standard
    input's), or its ``game``; a file of several without --game is refused saying how to
    pick one."""
    from solver.record import RecordError, read_record

    name, text = record_text(path)
    try:
        return read_record(name, warn, game, text)
    except RecordError as e:
        if e.key not in ("record.not_one", "record.not_one_torn"):
            raise
        raise RecordError.of(e.key.replace("not_one", "pick_game"), **e.fields) from None
