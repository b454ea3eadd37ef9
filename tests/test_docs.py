"""docs/notation.md and docs/rules.md are promises: their examples parse, the refused example
is refused, and the card table agrees with the engine. The documents hold together: every
relative link of README.md, docs/ and benchmarks/ reaches a file and a heading, the README
stays a short guide whose contents list its headings (its Python example runs in
test_readme_python.py)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.cards import RANKS, SUITS, card_id, mask_points
from solver.position import PositionError, parse_position

DOCS = Path(__file__).resolve().parent.parent / "docs"
REFUSED = "hand1=AD,7C hand2=3D,RS table=2B briscola=4S turn=2"


def _code_lines(name):
    text = (DOCS / name).read_text()
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S):
        yield from (x.strip() for x in block.splitlines() if x.strip())


EXAMPLES = [x for x in _code_lines("notation.md") if x.startswith("hand1=")]


def test_notation_has_examples():
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("text", EXAMPLES)
def test_every_example_parses_and_prints_back(text):
    p = parse_position(text)
    assert parse_position(p.to_text()) == p


def test_the_refused_example_is_refused_with_its_reason():
    assert REFUSED in (DOCS / "notation.md").read_text()
    with pytest.raises(PositionError, match="leader holds one card fewer"):
        parse_position(REFUSED)


def test_card_table_of_the_rules_matches_the_engine():
    rows = re.findall(r"^\| `([A3RCF])` \| \w+ \| .*? \| (\d+) \|$", (DOCS / "rules.md").read_text(), re.M)
    assert [r for r, _ in rows] == ["A", "3", "R", "C", "F"]
    for rank, points in rows:
        assert mask_points(1 << card_id(SUITS.index("D"), RANKS.index(rank))) == int(points)


def _all_help():
    yield "briscola", CliRunner().invoke(cli, ["--help"]).output
    for name in cli.list_commands(None):
        cmd = cli.get_command(None, name)
        yield name, CliRunner().invoke(cli, [name, "--help"]).output
        for sub in getattr(cmd, "commands", {}):
            yield f"{name} {sub}", CliRunner().invoke(cli, [name, sub, "--help"]).output


def test_help_names_the_documents_in_the_repository():
    helps = dict(_all_help())
    assert len(helps) > 10
    for name, text in helps.items():
        assert "NOTATION.md" not in text and "RULES.md" not in text, name
    assert "docs/notation.md" in helps["briscola"] and "docs/rules.md" in helps["briscola"]
    assert "docs/notation.md" in helps["analyse"]


# --- the documents as a whole: links, the README's size and contents, its Python example ---

ROOT = DOCS.parent
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md")), *sorted((ROOT / "benchmarks").glob("*.md"))]
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _prose(path: Path) -> str:
    """The page without its fenced code blocks (a `#` there is a comment, not a heading)."""
    return FENCE.sub("", path.read_text())


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for m in re.finditer(r"^#{1,6} +(.+?) *#*$", _prose(path), re.M):
        base = slug(m.group(1))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def _relative_links():
    for page in PAGES:
        for target in LINK.findall(_prose(page)):
            if re.match(r"[a-z]+:", target):
                continue
            yield page, target


def test_the_pages_exist_and_have_links():
    assert {p.name for p in PAGES} >= {"README.md", "commands.md", "board.md", "records.md",
                                       "cluster.md", "estimates.md", "solver.md", "HISTORY.md"}
    assert sum(1 for _ in _relative_links()) > 50


@pytest.mark.parametrize("page,target", list(_relative_links()),
                         ids=lambda x: x if isinstance(x, str) else x.name)
def test_every_relative_link_resolves(page, target):
    file, _, anchor = target.partition("#")
    dest = (page.parent / file).resolve() if file else page
    assert dest.is_relative_to(ROOT), f"{page.name} links outside the repository: {target}"
    assert dest.exists(), f"{page.name} links to a missing file: {target}"
    if anchor:
        assert dest.suffix == ".md", f"{page.name}: an anchor into a non-Markdown file: {target}"
        assert anchor in anchors(dest), f"{page.name} links to a missing heading: {target}"


def test_slug_follows_github():
    assert slug("The JSON answer (`briscola analyse --json`)") == "the-json-answer-briscola-analyse---json"
    assert slug("Set-up: two commands") == "set-up-two-commands"
    assert slug("The method's error") == "the-methods-error"


def test_the_readme_is_short():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= 350, f"README.md has {len(lines)} lines; move detail to docs/"


def _toc(text: str) -> list[tuple[int, str, str]]:
    """The README's table of contents: (depth, title, anchor) of each list entry under
    '## Contents'."""
    m = re.search(r"^## Contents\n(.*?)(?=^## )", text, re.M | re.S)
    assert m, "README.md has no '## Contents' section"
    return [(len(indent) // 2, title, anchor) for indent, title, anchor
            in re.findall(r"^( *)- \[([^\]]+)\]\(#([^)]+)\)$", m.group(1), re.M)]


def test_the_readme_contents_match_its_headings():
    text = FENCE.sub("", (ROOT / "README.md").read_text())
    heads = [(len(h) - 2, t.strip()) for h, t in re.findall(r"^(#{2,3}) (.+)$", text, re.M)]
    toc = _toc(text)
    top = [t for d, t in heads if d == 0 and t != "Contents"]
    assert [t for d, t, _ in toc if d == 0] == top
    listed = {t for _, t, _ in toc}
    assert all(t in listed for d, t in heads if d == 1 and t != "Contents") or \
        not any(d == 1 for d, _, _ in toc), "the contents list some ### headings but not all"
    for depth, title, anchor in toc:
        assert (depth, title) in heads, f"contents entry without its heading: {title}"
        assert anchor == slug(title), f"contents entry {title!r} points to #{anchor}"


def test_the_docs_say_the_time_cap_the_options_apply():
    from cli.options import MAX_SECONDS
    text = " ".join((DOCS / "commands.md").read_text().split())
    caps = re.findall(r"[^.;]*\bcapped\b[^.;]*", text)
    assert caps and all("a day" in c or f"{MAX_SECONDS:g} s" in c for c in caps), caps
    assert all("hour" not in c for c in caps), caps


def _leaf_commands(cmd, path):
    """(path, long options) of every command under ``cmd`` (a group's subcommands)."""
    import click

    if isinstance(cmd, click.Group):
        for name in cmd.list_commands(None):
            yield from _leaf_commands(cmd.get_command(None, name), [*path, name])
    else:
        yield path, [o for p in cmd.params for o in (*p.opts, *p.secondary_opts)
                     if o.startswith("--")]


def test_every_option_of_every_command_is_in_its_section_of_the_command_reference():
    """docs/commands.md's "Options, command by command" is the reference: an option added
    to a command and not written there would be known from --help alone."""
    from cli.main import COMMAND_MODULES

    text = (DOCS / "commands.md").read_text()
    part = text[text.index("## Options, command by command"):]
    sections = {}
    for chunk in part.split("\n### ")[1:]:
        head, body = chunk.split("\n", 1)
        for name in head.split(", "):
            sections[name.strip()] = body.split("\n## ")[0]
    sections["warm-up"] = text[text.index("## The compiled kernels"):]
    missing = []
    for name in COMMAND_MODULES:
        for path, options in _leaf_commands(cli.get_command(None, name), [name]):
            body = sections[path[0]]
            missing += [f"{' '.join(path)} {o}" for o in options if o not in ("--help", "--lang")
                        and not re.search(re.escape(o) + r"(?![\w-])", body)]
    assert not missing, missing


def test_every_benchmark_script_describes_itself_in_whole_sentences():
    """A benchmark's --help gives its docstring's first paragraph: a first line alone cut
    the sentence in two ("... for the estimator benchmarks and")."""
    import ast
    import textwrap

    for script in sorted((ROOT / "benchmarks").glob("*.py")):
        tree = ast.parse(script.read_text())
        doc = ast.get_docstring(tree)
        if doc is None or "ArgumentParser(" not in script.read_text():
            continue
        r = subprocess.run([sys.executable, str(script), "--help"], capture_output=True,
                           text=True, cwd=ROOT, timeout=120,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert r.returncode == 0, (script.name, r.stderr[-500:])
        first = " ".join(doc.split("\n\n")[0].split())
        said = " ".join(r.stdout.split())
        assert first in said, (script.name, textwrap.shorten(first, 80))
