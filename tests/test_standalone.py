"""The repository stands alone: what the tests, the commands and the README need lives in it.

`.ci/run` proves it by running the suite in a copy with nothing beside it; these checks say
where a stray outside path is before that run does."""
from __future__ import annotations

import filecmp
import os
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
OUTSIDE = re.compile(r"""\.\./shared|/work/|["']shared["']\s*/|/\s*["']shared["']""")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _sources():
    for folder in ("tests", "solver", "cli", "benchmarks", ".ci"):
        for path in sorted((REPO / folder).rglob("*")):
            if path.is_file() and path.suffix in (".py", "") and path.name != Path(__file__).name:
                yield path


def test_no_source_names_a_path_outside_the_repository():
    hits = [f"{p.relative_to(REPO)}:{i}: {line.strip()}"
            for p in _sources()
            for i, line in enumerate(p.read_text(errors="replace").splitlines(), 1)
            if OUTSIDE.search(line)]
    assert not hits, "\n".join(hits)


@pytest.mark.parametrize("doc", ["README.md", "docs/rules.md", "docs/notation.md"])
def test_every_relative_link_of_the_documents_is_in_the_repository(doc):
    path = REPO / doc
    assert path.exists(), doc
    for target in LINK.findall(path.read_text()):
        if "://" in target:
            continue
        resolved = (path.parent / target).resolve()
        assert resolved.is_relative_to(REPO), f"{doc} links outside the repository: {target}"
        assert resolved.exists(), f"{doc} links to a missing file: {target}"


def test_position_sets_are_in_the_tests_data_folder():
    for name in ("scoperta-dev", "scoperta-win-dev"):
        lines = (REPO / "tests" / "data" / f"{name}.jsonl").read_text().splitlines()
        assert len(lines) >= 50, name


def test_data_copy_agrees_with_the_team_workspace():
    """Optional: where the team's workspace sits beside the checkout, the copy is current."""
    shared = Path(os.environ.get("BRISCOLA_SHARED", REPO.parent / "shared")) / "positions"
    if not shared.is_dir():
        pytest.skip("no team workspace beside the checkout (normal in a clone)")
    for src in sorted(shared.glob("*.jsonl")):
        assert filecmp.cmp(src, REPO / "tests" / "data" / src.name, shallow=False), src.name


def test_the_code_under_test_is_this_checkout():
    """An installed copy elsewhere (another checkout's entry point) must not be what runs."""
    import cli
    import solver
    for module in (solver, cli):
        assert Path(module.__file__).resolve().is_relative_to(REPO), module.__file__
