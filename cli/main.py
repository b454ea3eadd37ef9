"""The ``briscola`` command: a click group; each family of commands lives in its own module
and registers itself here. Errors the user caused end as one line on stderr and exit 2."""
from __future__ import annotations

import importlib
import sys

import click

from solver.cards import CardError
from solver.position import PositionError
from solver.rules import RulesError

from cli import coldstart
from cli.options import clip_message

coldstart.install()

USER_ERRORS = (PositionError, CardError, RulesError, ValueError)


#: every command and the module that defines it: a command's module (and the engine behind
#: it) is loaded only when that command runs, so ``briscola show`` does not wait for the
#: search kernels (tests/test_cli_layout.py keeps this table equal to the modules' COMMANDS)
COMMAND_MODULES = {
    "show": "cli.cmd_position",
    "deal": "cli.cmd_games", "simulate": "cli.cmd_games", "replay": "cli.cmd_games",
    "analyse": "cli.cmd_analyse", "best": "cli.cmd_analyse", "demo": "cli.cmd_analyse",
    "explain": "cli.cmd_explain",
    "puzzles": "cli.cmd_puzzles",
    "play": "cli.cmd_play", "review": "cli.cmd_play",
    "match": "cli.cmd_match",
    "serve": "cli.cmd_serve",
}


class BriscolaGroup(click.Group):
    """Turns the user's mistakes into one line on stderr and exit code 2, never a traceback;
    loads each command's module when the command is asked for."""

    def list_commands(self, ctx):
        return sorted(COMMAND_MODULES)

    def get_command(self, ctx, name):
        module = COMMAND_MODULES.get(name)
        if module is None:
            return None
        return {c.name: c for c in importlib.import_module(module).COMMANDS}[name]

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except USER_ERRORS as e:
            click.echo(f"error: {clip_message(e)}", err=True)
            ctx.exit(2)
        except click.UsageError as e:
            # a subcommand's bad option or missing argument: one line too
            where = e.ctx.command_path.split(" ", 1)[-1] if e.ctx is not None else ""
            click.echo(f"error: {clip_message(e.format_message())} (see 'briscola {where} --help')",
                       err=True)
            ctx.exit(2)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)


@click.group(cls=BriscolaGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="briscola-scoperta")
def cli():
    """Briscola scoperta: exact analysis, explanations, puzzles and play.

    The rules played and the position notation are docs/rules.md and docs/notation.md in
    the project's repository.

    \b
    Example:
      briscola analyse "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"
    """


def main():
    """The console entry point: click's usage errors become one line too."""
    try:
        rv = cli.main(prog_name="briscola", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as e:
        click.echo(e.ctx.get_help() if e.ctx else str(e))
        sys.exit(0)
    except click.UsageError as e:
        hint = f" (see 'briscola {e.ctx.command_path.split(' ', 1)[1]} --help')" \
            if e.ctx is not None and " " in e.ctx.command_path else " (see 'briscola --help')"
        click.echo(f"error: {clip_message(e.format_message())}{hint}", err=True)
        sys.exit(2)
    except click.ClickException as e:
        click.echo(f"error: {clip_message(e.format_message())}", err=True)
        sys.exit(e.exit_code)
    except click.exceptions.Abort:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    sys.exit(rv if isinstance(rv, int) else 0)


if __name__ == "__main__":
    main()
