"""The command table of cli/main.py names every command of every cli/cmd_*.py module."""
import importlib
import pathlib

from cli.main import COMMAND_MODULES, COMMANDS, cli


def test_every_command_module_is_in_the_table_and_only_its_commands():
    folder = pathlib.Path(__file__).resolve().parent.parent / "cli"
    found = {}
    for path in sorted(folder.glob("cmd_*.py")):
        mod = importlib.import_module(f"cli.{path.stem}")
        for cmd in mod.COMMANDS:
            found[cmd.name] = mod.__name__
    assert found == COMMAND_MODULES


def test_the_group_resolves_every_command_and_nothing_else():
    for name in COMMAND_MODULES:
        assert cli.get_command(None, name).name == name
    assert cli.get_command(None, "no-such-command") is None


def _first_sentence(text: str) -> str:
    words = []
    for w in text.split("\n\n")[0].split():
        words.append(w)
        if w.endswith("."):
            break
    return " ".join(words)


def test_the_table_holds_each_commands_own_summary():
    for name, (_, summary) in COMMANDS.items():
        assert summary == _first_sentence(cli.get_command(None, name).help), name


def test_the_command_list_is_the_one_click_would_write_from_the_commands():
    import click
    ctx = click.Context(cli, info_name="briscola")
    ours, theirs = click.HelpFormatter(), click.HelpFormatter()
    cli.format_commands(ctx, ours)
    click.Group.format_commands(cli, ctx, theirs)
    assert ours.getvalue() == theirs.getvalue() and "analyse" in ours.getvalue()


def test_help_and_show_load_no_kernel():
    import subprocess
    import sys
    root = pathlib.Path(__file__).resolve().parent.parent
    code = ("import sys\nfrom click.testing import CliRunner\nfrom cli.main import cli\n"
            "for args in (['--help'], ['show', 'hand1=3C,AS hand2=2C,RS briscola=RD turn=1']):\n"
            "    assert CliRunner().invoke(cli, args).exit_code == 0, args\n"
            "print(sorted(m for m in sys.modules if m.startswith(('numba', 'solver.search'))))")
    r = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert r.stdout.strip() == "[]", (r.stdout, r.stderr)


def test_an_unknown_command_is_one_line_pointing_at_the_top_help():
    from click.testing import CliRunner
    r = CliRunner().invoke(cli, ["nosuch"])
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines() == [
        "error: No such command 'nosuch'. (see 'briscola --help')"]


def _every_command(group=cli, path=()):
    import click
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        yield (*path, name)
        if isinstance(cmd, click.Group):
            yield from _every_command(cmd, (*path, name))


def test_help_shows_no_restructuredtext_markup():
    from click.testing import CliRunner
    for args in [(), *_every_command()]:
        out = CliRunner().invoke(cli, [*args, "--help"]).output
        assert "``" not in out, args


def test_a_group_without_its_subcommand_shows_its_help():
    """`briscola puzzles` alone: its help and exit 0, as `briscola` alone (it printed the
    whole help squeezed into one error line)."""
    import click
    import subprocess
    import sys
    groups = [p for p in _every_command()
              if isinstance(cli.get_command(click.Context(cli), p[0]), click.Group) and len(p) == 1]
    assert groups
    for path in groups:
        r = subprocess.run([sys.executable, "-m", "cli.main", *path], capture_output=True,
                           text=True, cwd=pathlib.Path(__file__).resolve().parent.parent)
        assert r.returncode == 0 and not r.stderr, (path, r.stderr)
        assert r.stdout.startswith(f"Usage: briscola {path[0]}") and "Commands:" in r.stdout


def test_every_command_has_an_example_in_its_help():
    """The docs promise it (docs/commands.md's first lines): warm-up had none."""
    from click.testing import CliRunner
    import click
    for path in _every_command():
        cmd = cli
        for name in path:
            cmd = cmd.get_command(click.Context(cmd), name)
        if isinstance(cmd, click.Group):
            continue
        r = CliRunner().invoke(cli, [*path, "--help"])
        assert r.exit_code == 0 and "Example" in r.output, path
        assert f"briscola {' '.join(path)}" in r.output, path


def test_match_help_names_every_agent():
    from click.testing import CliRunner
    from solver.players.agents import agent_names
    from solver.players.engine_agent import BASES
    text = " ".join(CliRunner().invoke(cli, ["match", "--help"]).output.split()).replace("- ", "-")
    for name in [*agent_names(), *BASES]:
        assert name in text, name
