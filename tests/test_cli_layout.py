"""The command table of cli/main.py names every command of every cli/cmd_*.py module."""
import importlib
import pathlib

from cli.main import COMMAND_MODULES, cli


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
