"""The README's and docs/'s commands run as written, and print what they show: every
`briscola ...` they name parses (its options exist, its values convert; a synopsis such as
`analyse POSITION [--objective points|win]` names only commands and options that exist, with
values they take); every command of a ```console block runs, in process, and prints exactly
what the block shows (`...` in a line stands for any text, a line `...` for any lines),
unless the line before the block says it is not run (docs/: a slow command, or one whose
output varies from run to run; README: the slow ones, a match, a cluster, the server, the
warm-up, are in ```sh blocks, only parsed: their own tests run them). notation.md's JSON
answer is analyse's, and a ```python block of docs/ runs or is a file of examples/. And
every option of every command's --help is in docs/commands.md, whose table names only
options the command takes."""
from __future__ import annotations

import doctest
import json
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


def _block_commands(text: str) -> list[str]:
    """Every `briscola ...` command of the text's shell blocks (```sh, ```console) and
    indented code: each line (a line continued by a backslash joined to the next), a pipe's
    every part, without a comment, the environment set before it or a redirection."""
    found = []
    blocks = re.findall(r"^```(?:sh|console)\n(.*?)^```", text, re.S | re.M)
    blocks += re.findall(r"(?<=\n\n)((?:    \S.*\n)+)", text)
    for block in blocks:
        for line in block.replace("\\\n", " ").splitlines():
            line = line.strip().removeprefix("$ ").split("  #")[0]
            for part in re.split(r"\s*(?:\||&&)\s*", line):
                part = re.sub(r"^(?:[A-Z_]+=\S*\s+)+", "", part)
                part = re.sub(r"\s+\d?[<>]\s*\S+", "", part)
                if part.startswith("briscola "):
                    found.append(part.strip())
    return found


def _prose_commands(text: str) -> list[str]:
    """Every `briscola ...` the text's prose names in inline code (a pipe's every part);
    not the bot protocol's greeting, `briscola 1 info` (docs/bots.md)."""
    prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M).replace("\n", " ")
    found = []
    for code in re.findall(r"`(briscola [^`]+)`", prose):
        found += [c.strip() for c in re.split(r"\s\|\s", code) if c.startswith("briscola ")]
    return [c for c in found if not re.match(r"briscola (?:\d|VERSION)\b", c)]


def _commands(text: str) -> list[str]:
    """Every `briscola ...` command of the text: its shell blocks' and its prose's."""
    return _block_commands(text) + _prose_commands(text)


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


# --- the pages of docs/: the same rules, and what a synopsis names ---

PAGES = {p.name: p.read_text() for p in sorted((ROOT / "docs").glob("*.md"))}
#: the line before a ```console block whose command is only parsed, not run: it is slow (a
#: review) or its output varies from run to run (sampled within a time); the reason follows
NOT_RUN = "<!-- not run by tests/test_docs_examples.py: "
#: a word that stands for a value (`N`, `FILE`, `AGENT_A`, `…`), not one
PLACEHOLDER = re.compile(r"[A-Z][A-Z0-9_]*|…|\.\.\.")
#: a command a page shows failing, and what it says
MISTAKES = {"briscola analyze": "Did you mean 'briscola analyse'?"}


def _page_commands() -> list[tuple[str, str, bool]]:
    """(page, command, named in prose) for every `briscola ...` of docs/."""
    return [(name, c, prose) for name, text in PAGES.items()
            for prose, found in ((False, _block_commands(text)), (True, _prose_commands(text)))
            for c in found]


def _is_synopsis(words: list[str]) -> bool:
    """Whether the words are a synopsis (`[--json]`, `--objective points|win`, `--seed S`),
    which no command line takes as written: a POSITION or a RECORD has a sample."""
    return any("[" in w or "|" in w or (PLACEHOLDER.fullmatch(w.strip("[]"))
                                        and w not in ("POSITION", "RECORD")) for w in words)


def _names_only_what_exists(words: list[str]) -> None:
    """Every command and option the words name exists, and every value they give an option
    (each of a synopsis's `a|b`) converts; placeholders and `[ ]` are left aside."""
    cmd: click.Command = cli
    words = [w.strip("[]") for w in words]
    i = 0
    while i < len(words):
        w, i = words[i], i + 1
        ctx = click.Context(cmd)
        if w.startswith("-") and w != "-":
            name, eq, value = w.partition("=")
            opt = next((p for p in cmd.get_params(ctx) if isinstance(p, click.Option)
                        and name in (*p.opts, *p.secondary_opts)), None)
            assert opt is not None, f"{cmd.name} has no option {name}: {words}"
            if opt.is_flag:
                continue
            if not eq and i < len(words) and not words[i].startswith("-"):
                value, i = words[i], i + 1
            if value and not PLACEHOLDER.fullmatch(value):
                for v in value.split("|"):
                    opt.type.convert(v, opt, ctx)
        elif isinstance(cmd, click.Group):
            if PLACEHOLDER.fullmatch(w):  # `briscola --debug COMMAND ...`
                return
            sub = cmd.get_command(ctx, w)
            assert sub is not None, f"no command {w!r}: {words}"
            cmd = sub


PAGE_COMMANDS = _page_commands()


def test_the_pages_name_their_commands():
    pages = {page for page, _, _ in PAGE_COMMANDS}
    assert {"commands.md", "bots.md", "cluster.md", "records.md", "estimates.md"} <= pages
    assert len(PAGE_COMMANDS) > 100 and set(MISTAKES) <= {c for _, c, _ in PAGE_COMMANDS}


@pytest.mark.parametrize("page,command,prose", PAGE_COMMANDS,
                         ids=[f"{p}: {c}" for p, c, _ in PAGE_COMMANDS])
def test_every_command_of_the_pages_parses(page, command, prose):
    """A command as written parses; a synopsis names only commands and options that exist,
    with values they take; prose may name a command with part of its line
    (`briscola review --objective win`)."""
    if command in MISTAKES:
        r = CliRunner().invoke(cli, shlex.split(command)[1:])
        assert r.exit_code == 2 and MISTAKES[command] in r.output, r.output
        return
    words = _as_written(command)
    _names_only_what_exists(words)
    if _is_synopsis(words):
        return
    try:
        _parse(words)
    except (click.MissingParameter, click.BadOptionUsage):
        if not prose:
            raise


def test_a_synopsis_is_held_to_its_names():
    _names_only_what_exists(shlex.split("analyse POSITION [--objective points\\|win]"))
    for wrong in ("analyse [--objective points|draw]", "analyse [--colour]", "analyze FILE",
                  "puzzles generate --talon 3", "match A B --deals N [--jobs many]"):
        with pytest.raises((AssertionError, click.BadParameter)):
            _names_only_what_exists(shlex.split(wrong))
    assert _is_synopsis(["match", "A", "B"]) and not _is_synopsis(["show", "RECORD"])


def _page_consoles() -> list[tuple[str, str, list[str], bool]]:
    """(page, command, shown output, run) of every `$ briscola ...` of the pages' ```console
    blocks; run is False after the NOT_RUN line."""
    out = []
    for name, text in PAGES.items():
        for before, block in re.findall(r"^([^\n]*)\n```console\n(.*?)^```", text, re.S | re.M):
            for command, lines in _console_blocks(f"```console\n{block}```\n"):
                out.append((name, command, lines, not before.startswith(NOT_RUN)))
    return out


PAGE_CONSOLES = _page_consoles()


def test_the_pages_show_outputs():
    assert len([c for c in PAGE_CONSOLES if c[3]]) >= 5
    assert all(c in {x for _, x, _ in PAGE_COMMANDS} for _, c, _, _ in PAGE_CONSOLES)


@pytest.mark.parametrize("page,command,lines,run", PAGE_CONSOLES,
                         ids=[f"{p}: {c}" for p, c, _, _ in PAGE_CONSOLES])
def test_a_pages_output_is_what_the_command_prints(page, command, lines, run, tmp_path,
                                                   monkeypatch):
    if not run:
        pytest.skip(f"{page} marks it not run")
    monkeypatch.chdir(tmp_path)  # a file it writes (simulate --record-out) lands here
    r = CliRunner().invoke(cli, shlex.split(command)[1:], env={"NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    assert _shown(lines).fullmatch(r.stdout), f"{page} shows:\n{chr(10).join(lines)}\n" \
                                               f"the command prints:\n{r.stdout}"


def test_the_json_answer_of_notation_md_is_the_first_examples():
    """notation.md's JSON answer is `analyse --json` of its first example position, `…`
    where it is cut short, the search's nodes and seconds aside."""
    text = PAGES["notation.md"]
    position = re.search(r"^Examples:\n\n```\n(.*)\n", text, re.M).group(1)
    shown = " ".join(re.search(r"^```json\n(.*?)^```", text, re.S | re.M).group(1).split())
    pattern = re.escape(shown).replace("…", ".*?").replace(
        re.escape('"<canonical notation>"'), '"[^"]+"')
    pattern = re.sub(r'("nodes":\\ )\d+', r"\1\\d+", pattern)
    pattern = re.sub(r'("seconds":\\ )[\d\\.]+', r"\1[\\d.e-]+", pattern)
    r = CliRunner().invoke(cli, ["analyse", "--json", position])
    assert r.exit_code == 0, r.output
    assert re.fullmatch(pattern, json.dumps(json.loads(r.stdout))), (shown, r.stdout)


def test_every_python_block_of_the_pages_runs_or_is_an_example_file():
    """A ```python block of docs/ is a doctest that runs, or the whole of a file of
    examples/ (docs/bots.md's bot), so what a page shows is what the code does."""
    examples = {p.read_text() for p in (ROOT / "examples").glob("*.py")}
    blocks = [(name, b) for name, text in PAGES.items()
              for b in re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)]
    assert blocks
    for name, block in blocks:
        if ">>> " not in block:
            assert block in examples, f"{name}: a python block that is no file of examples/"
            continue
        test = doctest.DocTestParser().get_doctest(block, {}, name, name, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        report: list[str] = []
        runner.run(test, out=report.append)
        assert runner.failures == 0, "".join(report)


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
