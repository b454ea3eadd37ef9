"""docs/notation.md and docs/rules.md are promises: their examples parse, the refused example
is refused, and the card table agrees with the engine."""
from __future__ import annotations

import re
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
