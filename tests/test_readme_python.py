"""The README's "Using it from Python" section runs as a doctest, as it is written."""
from __future__ import annotations

import doctest
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent


def python_section(text: str) -> str:
    """The ```python block of the README's "Using it from Python" section."""
    m = re.search(r"^## Using it from Python\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert m, "README has no 'Using it from Python' section"
    block = re.search(r"```python\n(.*?)```", m.group(1), re.S)
    assert block, "the section has no ```python block"
    return block.group(1)


def test_the_readme_python_section_runs_as_a_doctest():
    source = python_section((ROOT / "README.md").read_text())
    test = doctest.DocTestParser().get_doctest(source, {}, "README.md", "README.md", 0)
    code = " ".join(e.source for e in test.examples)
    for shown in ('.play("', "repr(", "print(", "to_json(", "from_json("):
        assert shown in code, f"the section should show {shown}"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0 and runner.tries == len(test.examples) > 10, "".join(report)
