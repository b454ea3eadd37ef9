"""Every file the source and the documents name exists (issue 42, item 5): a docstring, a
comment or a page that cites a module or a document by a path it has left points a reader
nowhere."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: a path of the repository as the text cites it; one followed by a pattern character
#: (``cli/cmd_*.py``, ``exact_t<talon>...``) names a family of files, not one
CITED = re.compile(r"(?<![\w/.-])((?:solver|cli|tests|docs|benchmarks|examples|\.ci)/"
                   r"[\w/.-]*\w)(?![*<{\w])")
#: the two documents' names before they moved under docs/ (spelt in two parts here so this
#: file does not cite them itself)
OLD_NAMES = re.compile(r"(?<![\w/])(" + "NOTATION" + r"|" + "RULES" + r")\.md")


def _texts():
    for pattern in ("solver/**/*.py", "cli/**/*.py", "tests/**/*.py", "benchmarks/*.py",
                    "docs/*.md", "benchmarks/*.md", "README.md", "pyproject.toml"):
        for path in sorted(ROOT.glob(pattern)):
            yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def test_every_cited_file_exists():
    missing = [f"{name}:{n}: {m.group(1)}" for name, text in _texts()
               for n, line in enumerate(text.splitlines(), 1) for m in CITED.finditer(line)
               if not (ROOT / m.group(1).rstrip(".")).exists()]
    assert not missing, "\n".join(missing)


def test_the_notation_and_the_rules_are_cited_where_they_are():
    old = [f"{name}:{n}" for name, text in _texts() if name != "tests/test_docs.py"
           for n, line in enumerate(text.splitlines(), 1) if OLD_NAMES.search(line)]
    assert not old, old
