"""The ``briscola`` command: a click group; each family of commands lives in its own module
and registers itself here. Errors the user caused (solver.errors.BriscolaError, click's
usage errors) end as one line on stderr and exit 2; any other exception is a bug: one line
asking for a report, exit 70 (EX_SOFTWARE), the trace in a file (``--debug``: on stderr)."""

from __future__ import annotations

import difflib
import importlib
import sys
import tempfile
import traceback

import click

from cli import coldstart, streams
from cli.options import ERROR_LANG, clip_message
from cli.run_limit import stop_signals_as_ctrl_c
from cli.usage import FIELD, argv_lang, usage_line
from solver import settings
from solver.errors import ENGLISH, BriscolaError, internal_error

#: the exit code of a bug (sysexits.h's EX_SOFTWARE), apart from the user's mistakes' 2
INTERNAL_ERROR = 70


#: every command: the module that defines it and the first sentence of its help. A command's
#: module (and the engine behind it) is loaded only when that command runs, and the command
#: list of ``briscola --help`` is written from this table, so neither ``show`` nor ``--help``
#: waits for (or, on a new machine, compiles) the search kernels. tests/test_cli_layout.py
#: keeps the table equal to the modules' commands and their help.
COMMANDS = {
    "show": (
        "cli.cmd_position",
        "Draw POSITION of any game: the hands (a hidden one as ?), table, talon, trump "
        "card, unseen cards, points.",
    ),
    "deal": ("cli.cmd_games", "Shuffle and deal one game."),
    "simulate": (
        "cli.cmd_games",
        "Play agents against each other and report the results per side.",
    ),
    "replay": ("cli.cmd_games", "Replay a game record, checking every move and the stated result."),
    "analyse": (
        "cli.cmd_analyse",
        'Value of every legal card of POSITION ("-": one position per line from stdin, one '
        "JSON object per line out).",
    ),
    "best": (
        "cli.cmd_analyse",
        "Just the best card(s) of POSITION, space separated; an estimate says so after the "
        "cards, with its ± and what that covers.",
    ),
    "demo": (
        "cli.cmd_analyse",
        "Run the engine on built-in examples: explain a last-draw endgame, then solve a "
        "position with eight talon cards exactly (expectiminimax over the unknown draws).",
    ),
    "explain": (
        "cli.cmd_explain",
        "Explain a position in plain words: the outcome, the best line trick by trick, "
        "what every other card costs and how it is punished, and the idea at work.",
    ),
    "puzzles": (
        "cli.cmd_puzzles",
        "Endgame puzzles: check a puzzle file, generate new puzzles, or solve them as a quiz.",
    ),
    "play": (
        "cli.cmd_play",
        "Play Briscola scoperta (or, with --variant, any other game) against the engine.",
    ),
    "review": (
        "cli.cmd_play",
        "Review a game record (scoperta, four-player scoperta, classic, Briscolone, Libero): "
        "every card against the best card.",
    ),
    "match": (
        "cli.cmd_match",
        "Play AGENT_A against AGENT_B over duplicate deals and report A's mean point margin "
        "per deal and win rate (wins + half draws), each with a 95 % confidence interval.",
    ),
    "warm-up": (
        "cli.cmd_warmup",
        "Compile every search kernel now, in parallel processes, so that no later command "
        "waits for one.",
    ),
    "serve": (
        "cli.cmd_serve",
        "Serve the analysis board: the position drawn with its cards, the analysis beside it, "
        "play against the engine, puzzles, and a JSON API (docs/board.md).",
    ),
}
COMMAND_MODULES = {name: module for name, (module, _) in COMMANDS.items()}
#: what people type for a command (the US spelling), and the command it is
SPELLINGS = {"analyze": "analyse"}


def _shorten(summary: str, limit: int) -> str:
    """``summary`` cut at a word to at most ``limit`` characters, "..." marking the cut
    (click's make_default_short_help does this but is deprecated from click 8.5)."""
    words = summary.split()
    if len(" ".join(words)) <= limit:
        return " ".join(words)
    i = len(words) - 1
    while i > 1 and len(" ".join(words[:i])) + 3 > limit:
        i -= 1
    return " ".join(words[:i]) + "..."


class BriscolaGroup(click.Group):
    """Turns the user's mistakes into one line on stderr and exit code 2, never a traceback;
    loads each command's module when the command is asked for."""

    def list_commands(self, ctx):
        return sorted(COMMAND_MODULES)

    def format_commands(self, ctx, formatter):
        """The command list from the table (click's layout; each summary cut to the width)."""
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        rows = [(name, _shorten(COMMANDS[name][1], limit)) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def get_command(self, ctx, name):
        module = COMMAND_MODULES.get(name)
        if module is None:
            return None
        return {c.name: c for c in importlib.import_module(module).COMMANDS}[name]

    def parse_args(self, ctx, args):
        """The language the command line asks for, kept before any of it is parsed: a
        refusal found while parsing comes before a command's --lang is read (which, once
        read, takes its place: the Lang type of cli/options.py)."""
        ctx.meta[ERROR_LANG] = argv_lang(args)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx, args):
        """An unknown command is refused with the command meant, in one line."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in COMMAND_MODULES:
            raise click.UsageError(no_such_command(name, args[1:]), ctx)
        return super().resolve_command(ctx, args)

    def invoke(self, ctx):
        coldstart.install()  # here, not on import: importing this module changes nothing
        try:
            if not {"--help", "-h"} & set(ctx.args):  # help is shown whatever the settings
                settings.check()  # a bad BRISCOLA_ variable: refused before any work
            with stop_signals_as_ctrl_c():  # every command ends on a SIGTERM as on Ctrl-C
                return super().invoke(ctx)
        except BriscolaError as e:
            click.echo(error_line(e, ctx.meta.get(ERROR_LANG, "en")), err=True)
            ctx.exit(2)
        except click.exceptions.NoArgsIsHelpError as e:  # `briscola puzzles`: its help
            click.echo(e.ctx.get_help() if e.ctx else str(e))
            ctx.exit(0)
        except click.UsageError as e:
            # a subcommand's bad option or missing argument: one line too
            click.echo(usage_line(e, ctx.meta.get(ERROR_LANG, "en"), ctx), err=True)
            ctx.exit(2)
        except KeyboardInterrupt:
            click.echo(interrupted(ctx.meta.get(ERROR_LANG, "en")), err=True)
            ctx.exit(130)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except (streams.OutputClosed, streams.OutputFailed):  # said by main()
            raise
        except Exception as e:  # a bug, not the user's mistake: said as one
            report_bug(e, ctx.params.get("debug", False))
            ctx.exit(INTERNAL_ERROR)


def error_line(e: BriscolaError, lang: str) -> str:
    """The one line of a user error, in the language the command's ``--lang`` chose."""
    if lang == "en":
        return f"error: {clip_message(e)}"
    from solver.i18n import error_text  # only here: the group loads no more than it must

    return f"errore: {clip_message(error_text(e, lang))}"


def report_bug(e: Exception, debug: bool) -> None:
    """One line asking for a report; the trace on stderr with ``--debug``, else in a file
    the line names."""
    trace = "".join(traceback.format_exception(e))
    if debug:
        click.echo(trace, err=True, nl=False)
        where = ""
    else:
        with tempfile.NamedTemporaryFile(
            "w", prefix="briscola-error-", suffix=".txt", delete=False, encoding="utf-8"
        ) as f:
            f.write(trace)
        where = f" (trace in {f.name}; --debug shows it)"
    click.echo(f"{clip_message(internal_error(e))}{where}", err=True)


@click.group(cls=BriscolaGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="briscola-scoperta")
@click.option("--debug", is_flag=True, help="On an internal error, show its trace.")
def cli(debug: bool = False):
    """Briscola scoperta: exact analysis, explanations, puzzles and play.

    The rules played and the position notation are docs/rules.md and docs/notation.md in
    the project's repository.

    \b
    Example:
      briscola analyse "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"
    """


def no_such_command(name: str, rest) -> str:
    """The refusal of an unknown command, with the command meant: the US spelling
    (analyze), a near miss, or analyse for a position typed in place of a command."""
    if FIELD.match(name):
        return ENGLISH["usage.not_a_command"].format(name=name, text=" ".join([name, *rest]))
    meant = SPELLINGS.get(name.lower()) or next(
        iter(difflib.get_close_matches(name.lower(), list(COMMANDS), 1)), None
    )
    if meant is None:
        return ENGLISH["usage.no_command"].format(name=name)
    return ENGLISH["usage.no_command_meant"].format(name=name, meant=meant)


def interrupted(lang: str) -> str:
    """The line of a command stopped by Ctrl-C."""
    if lang == "en":
        return ENGLISH["usage.interrupted"]
    from solver.i18n import error_text

    return error_text(BriscolaError.of("usage.interrupted"), lang)


def main():
    """The console entry point: click's usage errors become one line too, and so does a
    standard output that fails (cli/streams.py), even where a command caught its failure
    and went on."""
    streams.guard()
    try:
        try:
            _run()
        finally:
            streams.flush()
    except (streams.OutputClosed, streams.OutputFailed, SystemExit):
        if streams.failure is None:
            raise
    if isinstance(streams.failure, streams.OutputFailed):
        from solver.jsonfile import os_reason

        failed = BriscolaError.of("output.stdout", why=os_reason(streams.failure.error))
        click.echo(error_line(failed, argv_lang(sys.argv[1:])), err=True)
        sys.exit(2)
    sys.exit(streams.PIPE_CLOSED)


def _run():
    """The command line run: its usage errors said in one line."""
    try:
        rv = cli.main(prog_name="briscola", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as e:
        click.echo(e.ctx.get_help() if e.ctx else str(e))
        sys.exit(0)
    except click.UsageError as e:
        lang = e.ctx.meta.get(ERROR_LANG, "en") if e.ctx else argv_lang(sys.argv[1:])
        click.echo(usage_line(e, lang), err=True)
        sys.exit(2)
    except click.ClickException as e:
        click.echo(f"error: {clip_message(e.format_message())}", err=True)
        sys.exit(e.exit_code)
    except click.exceptions.Abort:
        click.echo(interrupted(argv_lang(sys.argv[1:])), err=True)
        sys.exit(130)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    sys.exit(rv if isinstance(rv, int) else 0)


if __name__ == "__main__":
    main()
