"""The README's commands run as written, and print what it shows: every `briscola ...` it
names parses (its options exist, its values convert); the quick ones run, in process, and
where a ```console block shows their output, they print exactly that (`...` in a line
stands for any text, a line `...` for any lines). And every option of every command's
--help is in docs/commands.md, whose table names only options the command takes. The slow
ones (a match, a cluster, the server, the warm-up) are only parsed: their own tests run
them."""
from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
COMMANDS = (ROOT / "docs" / "commands.md").read_text()
POSITION = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"  # the README's first position


def _console_blocks(text: str) -> list[tuple[str, list[str]]]:
    """(command, shown output lines) of each `$ briscola ...` of the ```console blocks."""
    out: list[tuple[str, list[str]]] = []
    for block in re.findall(r"^```console\n(.*?)^```", text, re.S | re.M):
        for line in block.splitlines():
            if line.startswith("$ "):
                out.append((line[2:], []))
            else:
                out[-1][1].append(line)
    return out


def _commands(text: str) -> list[str]:
    """Every `briscola ...` command of the text: the lines of its shell blocks (a pipe's
    every part, a comment cut) and its inline code."""
    found = []
    for block in re.findall(r"^```(?:sh|console)\n(.*?)^```", text, re.S | re.M):
        for line in block.splitlines():
            line = line.removeprefix("$ ").split("  #")[0]
            for part in re.split(r"\s*(?:\||&&)\s*", line):
                if part.startswith("briscola "):
                    found.append(part.strip())
    prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    found += [c for c in re.findall(r"`(briscola [^`]+)`", prose.replace("\n", " "))]
    return found


def _parse(words: list[str]) -> click.Command:
    """The command ``words`` names, its options and arguments parsed as the command line
    would (a click error, such as an unknown option, raises). A bare name (`briscola
    review`, the prose naming a command) is only looked up."""
    bare = all(not w.startswith("-") for w in words) and len(words) <= 2
    ctx = cli.make_context("briscola", list(words), resilient_parsing=bare)
    cmd: click.Command = cli
    while isinstance(cmd, click.Group):
        name, sub, rest = cmd.resolve_command(ctx, ctx._protected_args + ctx.args)
        assert sub is not None, f"no command {name!r}: {words}"
        ctx = sub.make_context(name, rest, parent=ctx, resilient_parsing=bare)
        cmd = sub
    return cmd


def _as_written(command: str) -> list[str]:
    """The words of a README command, its placeholders given a real sample."""
    words = shlex.split(command)[1:]
    return [POSITION if w == "POSITION" else "game.json" if w == "RECORD" else w
            for w in words]


README_COMMANDS = _commands(README)


def test_the_readme_names_its_commands():
    names = {c.split()[1] for c in README_COMMANDS}
    assert {"analyse", "best", "explain", "puzzles", "play", "serve", "match", "demo",
            "review", "show", "deal", "warm-up"} <= names, names
    assert len(_console_blocks(README)) >= 3


@pytest.mark.parametrize("command", README_COMMANDS)
def test_every_readme_command_parses(command):
    _parse(_as_written(command))


def _shown(lines: list[str]) -> re.Pattern:
    """The pattern of a console block's output: each line as written, `...` any text."""
    parts = []
    for line in lines:
        if line == "...":
            parts.append(r"(?:.*\n)*?")
        else:
            parts.append(".*?".join(re.escape(p) for p in line.split("...")) + r"\n")
    return re.compile("".join(parts))


@pytest.mark.parametrize("command,lines", _console_blocks(README),
                         ids=[c for c, _ in _console_blocks(README)])
def test_the_readme_output_is_what_the_command_prints(command, lines):
    r = CliRunner().invoke(cli, shlex.split(command)[1:], env={"NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    assert _shown(lines).fullmatch(r.stdout), f"README shows:\n{chr(10).join(lines)}\n" \
                                               f"the command prints:\n{r.stdout}"


def test_the_shown_pattern_holds_its_lines():
    """`...` stands for text within a line, or for whole lines: never for a changed line."""
    pat = _shown(["a: ... s", "...", "end"])
    assert pat.fullmatch("a: 0.1 s\nx\ny\nend\n") and pat.fullmatch("a: 2 s\nend\n")
    assert not pat.fullmatch("a: 1 s\nend!\n") and not pat.fullmatch("b: 1 s\nend\n")


# The README's other quick commands: (command as written, its input, a line it prints).
QUICK = [
    ("briscola demo", None, "best: RD"),
    ("briscola puzzles play --difficulty easy", "q\n", "To go on from here: --from e0-001"),
    ("briscola play --seed 7 --level hard", "q\n", "Your cards: FB 5C FC"),
    ('briscola play --from "variant=briscolone hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D'
     ' turn=1"', "q\n", "Your cards: 2C 5C AC 7D 4S"),
    ('briscola play --variant classic --opponent "exec:python3 examples/lowest_bot.py"',
     "q\n", "Briscola against exec:python3 examples/lowest_bot.py"),
]


@pytest.mark.parametrize("command,given,line", QUICK, ids=[c for c, _, _ in QUICK])
def test_the_readme_quick_commands_run(command, given, line, monkeypatch):
    assert command in README_COMMANDS, "the README no longer shows this command"
    if "python3" in command and shutil.which("python3") is None:
        pytest.skip("no python3 on PATH to run the example bot")
    monkeypatch.chdir(ROOT)
    r = CliRunner().invoke(cli, shlex.split(command)[1:], input=given, env={"NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    assert line in r.stdout, r.stdout


def test_show_svg_writes_the_picture(tmp_path):
    assert "briscola show POSITION --svg FILE" in README_COMMANDS
    out = tmp_path / "pos.svg"
    r = CliRunner().invoke(cli, ["show", POSITION, "--svg", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_text().lstrip().startswith(("<svg", "<?xml"))


# --- docs/commands.md against every command's --help ---

def _leaves(group: click.Group, path: tuple[str, ...] = ()):
    for name in group.list_commands(click.Context(group)):
        cmd = group.get_command(click.Context(group), name)
        if isinstance(cmd, click.Group):
            yield from _leaves(cmd, (*path, name))
        else:
            yield (*path, name), cmd


COMMAND_LIST = list(_leaves(cli))


def _options(cmd: click.Command) -> list[str]:
    return [o for p in cmd.params if isinstance(p, click.Option)
            for o in (*p.opts, *p.secondary_opts)]


def _section(path: tuple[str, ...]) -> str:
    """The part of docs/commands.md that documents a command: its ### section (or, in a
    section of several commands, its item), the cache's section for warm-up."""
    if path == ("warm-up",):
        return COMMANDS.split("## The compiled kernels and their cache")[1].split("\n## ")[0]
    for title, body in re.findall(r"^### (.+?)\n(.*?)(?=^##)", COMMANDS, re.S | re.M):
        if path[0] in re.split(r"[ ,]+", title):
            if len(path) > 1 or "," in title:
                item = re.search(rf"`briscola {' '.join(path)}\b.*?(?=\n- `briscola|\Z)",
                                 body, re.S)
                return item.group(0) if item else ""
            return body
    return ""


@pytest.mark.parametrize("path,cmd", COMMAND_LIST, ids=[" ".join(p) for p, _ in COMMAND_LIST])
def test_every_option_is_in_commands_md(path, cmd):
    if path == ("puzzles", "check"):  # the other name of puzzles solve, said so there
        assert "(or `puzzles check`)" in COMMANDS
        return
    section = _section(path)
    assert section, f"docs/commands.md has no section for {' '.join(path)}"
    short = COMMANDS.split("A few options have a one-letter form:")[1].split("\n\n")[0]
    for opt in _options(cmd):
        if opt.startswith("--"):
            assert opt == "--lang" or re.search(re.escape(opt) + r"(?![\w-])", section), \
                f"docs/commands.md does not say {' '.join(path)}'s {opt}"
        else:
            assert f"`{opt}`" in short, f"docs/commands.md does not say {opt} (a one-letter form)"
    assert "Every command takes `--lang en|it`" in COMMANDS


def test_the_table_of_commands_names_only_their_options():
    rows = re.findall(r"^\| `briscola ([a-z-]+(?: [a-z]+)?)([^`]*)` ", COMMANDS, re.M)
    assert len(rows) >= 15
    known = {" ".join(p): set(_options(c)) for p, c in COMMAND_LIST}
    for name, rest in rows:
        if name not in known:
            name = name.split()[0]
        for opt in re.findall(r"(?<![\w-])--[a-z][a-z-]*", rest):
            assert opt in known[name], f"docs/commands.md's table: {name} has no {opt}"
