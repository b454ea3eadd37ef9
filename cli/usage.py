"""A command line click refuses (an unknown option or command, a missing argument, a value
a type refuses, an extra argument) said in one line, in the language the command line asks
for. click writes these refusals in English, and a refusal found while the line is parsed
comes before any ``--lang`` is read: so the language is read from the words typed, else
from BRISCOLA_LANG (``argv_lang``), and the refusal is read back into its key by its English words
(solver.errors.ENGLISH's ``usage.*`` and ``option.*``, click's words and our types'), to be
said again in Italian. A message those words do not match is said as click wrote it."""

from __future__ import annotations

import re
from collections.abc import Sequence

import click

from solver import settings
from solver.errors import ENGLISH, BriscolaError, Note
from solver.oneline import one_line

#: the languages a command line may ask for (solver.i18n.LANGS, not imported: the group's
#: error path loads no more than it must)
LANGS = ("en", "it")
#: the refusals read back, each by its English template: the more specific of two that
#: could both match first ("is not one of" before "is not", a suggestion before none)
READ = (
    "usage.no_option_meant",
    "usage.no_option_meant_many",
    "usage.no_option",
    "usage.no_command_meant",
    "usage.no_command",
    "usage.not_a_command",
    "usage.missing_command",
    "usage.missing_argument",
    "usage.missing_option",
    "usage.bad_value",
    "usage.needs_values",
    "usage.needs_value",
    "usage.takes_no_value",
    "usage.extra_arguments",
    "usage.extra_argument",
    *(key for key in ENGLISH if key.startswith("usage.analyse.")),
)
#: what a refused value's reason may be: click's types' words and ours (cli/options.py)
REASONS = (
    "usage.not_choices",
    "usage.not_choice",
    "usage.not_integer",
    "usage.not_float",
    "usage.range",
    "usage.no_file",
    "usage.is_dir",
    "usage.not_readable",
    "option.not_positive_seconds",
    "option.not_seconds",
    "option.too_short",
    "option.not_whole",
    "option.range_what",
    "option.range",
)


def _pattern(template: str) -> re.Pattern:
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile(
        "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts)),
        re.S,
    )


PATTERNS = {key: _pattern(ENGLISH[key]) for key in READ + REASONS}
#: what a count option's range is (the Whole type of cli/options.py), read back into its
#: key by its words
RANGES = {ENGLISH[key]: key for key in ENGLISH if key.startswith("range.")}


def env_lang() -> str:
    """The language BRISCOLA_LANG names, the default of every command's --lang; English
    when it is unset or names none we speak (its refusal, settings.check, is said in
    English)."""
    try:
        return settings.lang() or "en"
    except BriscolaError:
        return "en"


def argv_lang(args: Sequence[str]) -> str:
    """The language the words of a command line ask for: the last ``--lang L`` or
    ``--lang=L`` before a ``--``, when the program speaks L; else BRISCOLA_LANG's
    (``env_lang``)."""
    lang = env_lang()
    for i, word in enumerate(args):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(args):
            lang = args[i + 1]
        elif word.startswith("--lang="):
            lang = word.removeprefix("--lang=")
    return lang if lang in LANGS else env_lang()


def read_back(message: str, keys: Sequence[str] = READ) -> BriscolaError | None:
    """The keyed error whose English is ``message`` (a refused value's reason read back too),
    or None when no template of ``keys`` matches it."""
    for key in keys:
        m = PATTERNS[key].fullmatch(message)
        if m is None:
            continue
        fields: dict[str, object] = dict(m.groupdict())
        if key == "usage.bad_value":
            why = str(fields["why"])
            fields["why"] = read_back(why, REASONS) or why
        if fields.get("what") in RANGES:
            fields["what"] = Note.of(RANGES[str(fields["what"])])
        return BriscolaError.of(key, **fields)
    return None


def unquoted_position(e: click.UsageError) -> BriscolaError | None:
    """A position typed as several words (its fields unquoted) makes click refuse the extra
    words; the hint is the command again with the position in quotes, or None."""
    ctx, msg = e.ctx, e.format_message()
    if ctx is None or not msg.startswith("Got unexpected extra argument"):
        return None
    extra = msg[msg.index("(") + 1 : msg.rindex(")")].split()
    for param in ctx.command.params:
        first = ctx.params.get(param.name)
        if isinstance(first, str) and FIELD.match(first) and all(FIELD.match(w) for w in extra):
            flag = f"{param.opts[0]} " if isinstance(param, click.Option) else ""
            text = " ".join([first, *extra])
            path = " ".join(["briscola", *ctx.command_path.split()[1:]])
            return BriscolaError.of("usage.quote_position", command=f'{path} {flag}"{text}"')
    return None


#: a word of the position notation (key=value)
FIELD = re.compile(r"^[A-Za-z]+[1-4]?=")


def help_hint(ctx: click.Context | None, within: click.Context | None = None) -> BriscolaError:
    """Where the help of the command that was misused is: its subcommand path, if any. A
    refusal of click's option parser comes without a context: ``within`` (the group whose
    subcommand was being read) names the subcommand then."""
    if ctx is None and within is not None and within.invoked_subcommand:
        path = ["briscola", within.invoked_subcommand]
    else:
        path = ctx.command_path.split(" ", 1) if ctx is not None else []
    return BriscolaError.of(
        "usage.see_help", command="briscola" + (f" {path[1]}" if len(path) > 1 else "")
    )


def usage_line(e: click.UsageError, lang: str, within: click.Context | None = None) -> str:
    """The one line of a refused command line: the refusal, then the position quoted or
    where the help is (``within``: see help_hint), in ``lang`` where its words are known."""
    quoted = unquoted_position(e)
    message = one_line(e.format_message())
    where = help_hint(e.ctx, within)
    if lang == "en":
        hint = f": {quoted}" if quoted else f" ({where})"
        return f"error: {message}{hint}"
    from solver.i18n import error_text  # only here: English loads no more than it must

    said = read_back(message)
    text = error_text(said, lang) if said is not None else message
    hint = f": {error_text(quoted, lang)}" if quoted else f" ({error_text(where, lang)})"
    return f"errore: {one_line(text)}{hint}"
