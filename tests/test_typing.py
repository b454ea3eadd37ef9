"""The public API is typed (issue 42, item 6): every function of the modules behind
solver/__init__.py's names has annotations (pyproject.toml's mypy override holds them to
it: .ci/run runs mypy), and a type checker sees the same names as the lazy API table."""
from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _typed_modules() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for override in config["tool"]["mypy"]["overrides"]:
        if override.get("disallow_untyped_defs"):
            return override["module"]
    return []


def _path(module: str) -> Path:
    base = ROOT.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def untyped_functions(path: Path) -> list[str]:
    """``file:line name`` of every function missing an annotation (``self``/``cls`` aside)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
        args += [a for a in (node.args.vararg, node.args.kwarg) if a is not None]
        bare = [a.arg for i, a in enumerate(args)
                if a.annotation is None and not (i == 0 and a.arg in ("self", "cls"))]
        if bare or node.returns is None:
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            out.append(f"{where}:{node.lineno} {node.name}")
    return out


def test_the_checker_finds_an_untyped_function(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def a(x: int) -> int: ...\ndef b(x) -> int: ...\ndef c(x: int): ...\n"
                 "class K:\n    def d(self, *rest: int) -> None: ...\n")
    assert [x.split()[1] for x in untyped_functions(f)] == ["b", "c"]


def test_every_function_of_the_public_api_modules_is_typed():
    modules = _typed_modules()
    assert {"solver", "solver.cards", "solver.position.open", "solver.position.seat",
            "solver.analysis.engine", "solver.analysis.result"} <= set(modules)
    missing = [f for m in modules for f in untyped_functions(_path(m))]
    assert not missing, "\n".join(missing)


def test_a_type_checker_sees_the_api_tables_names():
    tree = ast.parse((ROOT / "solver" / "__init__.py").read_text(encoding="utf-8"))
    api, seen = {}, {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "API"
                                                for t in node.targets):
            api = {k: tuple(v) for k, v in ast.literal_eval(node.value).items()}
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom)
                seen.update({a.asname or a.name: (imp.module, a.name) for a in imp.names})
    assert api and seen == api
