"""The README's "Using it from Python" example, run as it is written, and the public names
of the package."""
from __future__ import annotations

import doctest
import pathlib
import re
import subprocess
import sys

import solver
from solver.analysis import Analysis
from solver.explain import Explanation
from solver.game import GameState

ROOT = pathlib.Path(__file__).resolve().parent.parent


def readme_example() -> str:
    """The example's source: its ``>>>`` statements when it is written as a doctest."""
    text = (ROOT / "README.md").read_text()
    m = re.search(r"## Using it from Python.*?```python\n(.*?)```", text, re.S)
    assert m, "README has no 'Using it from Python' example"
    if ">>> " not in m.group(1):
        return m.group(1)
    return "".join(ex.source for ex in doctest.DocTestParser().get_examples(m.group(1)))


def test_the_readme_example_runs_and_says_what_it_shows(capsys):
    ns: dict = {}
    exec(compile(readme_example(), "README.md", "exec"), ns)
    out = capsys.readouterr().out
    a, ex, guess, end = ns["a"], ns["ex"], ns["guess"], ns["end"]
    assert isinstance(a, Analysis) and a.exact
    assert sorted(solver.card_str(c) for c in a.best) == ["3C", "AS"] and a.value == 25
    assert out.splitlines()[0] == "True ['3C', 'AS'] 25.0"
    assert isinstance(ex, Explanation) and "Presa 1" in out
    assert not guess.exact and all(m.error is not None for m in guess.moves)
    assert isinstance(end, GameState) and end.is_over and sum(end.points) == 120
    assert str(end.points) in out


def test_every_public_name_resolves_and_unknown_names_fail():
    for name in solver.__all__:
        assert getattr(solver, name) is not None, name
    assert set(solver.__all__) <= set(dir(solver))
    try:
        solver.no_such_name
    except AttributeError as e:
        assert "no_such_name" in str(e)
    else:
        raise AssertionError("an unknown name resolved")


def test_importing_a_leaf_module_does_not_load_the_kernels():
    code = ("import sys, solver.cards, solver.position\n"
            "print(any(m.startswith(('numba', 'solver.search')) for m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.stdout.strip() == "False", r.stderr
