"""Every numba kernel in solver/ is built from short pieces: no njit function longer than
120 lines (the pieces are ``inline="always"`` helpers; only the recursive entry points
recurse)."""
from __future__ import annotations

import ast
from pathlib import Path

SOLVER = Path(__file__).resolve().parent.parent / "solver"
LIMIT = 120


def _is_jit(decorator: ast.expr) -> bool:
    node = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name in ("njit", "jit")


def long_kernels() -> list[str]:
    out = []
    for path in sorted(SOLVER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and any(_is_jit(d) for d in node.decorator_list):
                n = node.end_lineno - node.lineno + 1
                if n > LIMIT:
                    out.append(f"{path.relative_to(SOLVER.parent)}:{node.lineno} {node.name} {n} lines")
    return out


def test_the_search_kernels_are_found():
    names = {node.name for path in (SOLVER / "search").glob("*.py")
             for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.FunctionDef) and any(_is_jit(d) for d in node.decorator_list)}
    assert {"search", "dl_search", "tt_store", "highbit_index"} <= names


def test_no_njit_function_is_longer_than_120_lines():
    assert long_kernels() == []
