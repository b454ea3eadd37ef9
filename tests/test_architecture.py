"""The layout's rules, read from the source with ast (docs/architecture.md says why):
arrows only downward through the layers of its picture, every import at the top of
solver/'s modules, no module writing another's globals, no code written twice (the
kernels' size: test_kernel_size.py)."""
from __future__ import annotations

import ast
import io
import pathlib
import re
import tokenize
from collections import defaultdict

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: optional extras that are imported only when their feature is asked for
OPTIONAL = ("distributed", "starlette", "uvicorn", "selenium", "httpx")
#: statements in a row found alike in two files that count as code written twice
DUPLICATE_LINES = 6


def _modules(root: pathlib.Path = ROOT) -> dict[str, pathlib.Path]:
    out = {}
    for pkg in ("solver", "cli"):
        for p in sorted((root / pkg).rglob("*.py")):
            parts = list(p.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = p
    return out


MODULES = _modules()


def _imports(name: str, path: pathlib.Path):
    """(imported module, line, inside a function) for every import of ``name``'s source."""
    tree = ast.parse(path.read_text())
    found = []

    def visit(node, in_function):
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                      ast.Lambda))
            if isinstance(child, ast.Import):
                found.extend((a.name, child.lineno, in_function) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    pkg = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
                    for _ in range(child.level - 1):
                        pkg = pkg.rsplit(".", 1)[0]
                    base = pkg + ("." + base if base else "")
                for a in child.names:
                    full = f"{base}.{a.name}"
                    found.append((full if full in MODULES else base, child.lineno, in_function))
            visit(child, inner)

    visit(tree, False)
    return tree, found


def _api_modules() -> set[str]:
    """The modules solver/__init__.py's API table loads its names from (on first use)."""
    tree = ast.parse((ROOT / "solver" / "__init__.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "API" for t in node.targets):
            return {module for module, _ in ast.literal_eval(node.value).values()}
    return set()


def import_graph(modules=MODULES) -> dict[str, set[str]]:
    graph = defaultdict(set)
    for name, path in modules.items():
        for target, _, _ in _imports(name, path)[1]:
            if target in modules and target != name:
                graph[name].add(target)
    graph["solver"] |= _api_modules()
    return graph


def test_the_api_table_names_modules_of_the_tree():
    assert _api_modules() and _api_modules() <= set(MODULES)


def cycles(graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_solver_and_cli():
    assert cycles(import_graph()) == []


def picture_layers(doc: str) -> list[list[str]]:
    """The layers of docs/architecture.md's picture, top first: each a list of its names,
    ``x/`` for a package (``cli/`` is the cli package), ``x`` for a module of solver/."""
    picture = doc.split("```")[1]
    return [re.split(r"\s{2,}", line.strip())[0].split()
            for line in picture.splitlines() if re.match(r"^ \S", line)]


LAYERS = picture_layers((ROOT / "docs" / "architecture.md").read_text(encoding="utf-8"))


def layer_of(module: str, layers=LAYERS) -> int | None:
    """The index (0: the top) of the layer that places ``module``; None for the package
    ``solver`` itself (its API table names modules of every layer, loaded on first use)."""
    parts = module.split(".")
    if parts == ["solver"]:
        return None
    names = {"cli/"} if parts[0] == "cli" else {parts[1] + "/", parts[1]}
    found = [i for i, layer in enumerate(layers) if names & set(layer)]
    if not found:
        raise LookupError(f"{module} is in no layer of docs/architecture.md's picture")
    return found[0]


def upward_imports(graph, layers=LAYERS) -> list[str]:
    """``a -> b`` for every import of a module from a layer above its own."""
    return [f"{a} -> {b}" for a in sorted(graph) for b in sorted(graph[a])
            if layer_of(a, layers) is not None and layer_of(b, layers) is not None
            and layer_of(b, layers) < layer_of(a, layers)]


def test_the_layer_check_finds_an_import_that_runs_upward():
    layers = picture_layers("```\n cli/  top\n   v\n analysis/ game  middle\n   |\n cards\n```")
    assert layers == [["cli/"], ["analysis/", "game"], ["cards"]]
    down = {"cli.main": {"solver.game"}, "solver.game": {"solver.cards"},
            "solver.analysis.result": {"solver.game"}}
    assert upward_imports(down, layers) == []
    up = {"solver.cards": {"solver.analysis.result"}, "solver.game": {"cli.main"}}
    assert upward_imports(up, layers) == ["solver.cards -> solver.analysis.result",
                                          "solver.game -> cli.main"]
    with pytest.raises(LookupError, match="solver.review"):
        layer_of("solver.review", layers)


def test_the_picture_places_every_module():
    assert len(LAYERS) >= 8
    for name in MODULES:
        layer_of(name)


def test_no_import_runs_upward_through_the_layers():
    """docs/architecture.md's picture is the order: a module imports from its own layer or
    the ones below, never from one above."""
    assert upward_imports(import_graph()) == []


#: the parts of solver/analysis behind its one door, the engine (docs/architecture.md):
#: nothing outside the package imports them (tests and benchmarks may reach in)
ANALYSIS_PRIVATE = {f"solver.analysis.{m}" for m in
                    ("driver", "sampling", "estimate", "exact", "sampler", "stats", "threads")}


def private_imports(modules=MODULES) -> list[str]:
    """Imports of the analysis's private modules from outside solver/analysis."""
    return [f"{name}:{line} imports {imported}"
            for name, path in modules.items() if not name.startswith("solver.analysis")
            for imported, line, _ in _imports(name, path)[1] if imported in ANALYSIS_PRIVATE]


def test_the_private_import_check_finds_one(tmp_path):
    (tmp_path / "bad.py").write_text("from solver.analysis import driver\n"
                                     "from solver.analysis.sampler import run\n"
                                     "from solver.analysis import Engine\n")
    (tmp_path / "inside.py").write_text("from solver.analysis import driver\n")
    found = private_imports({"solver.web.bad": tmp_path / "bad.py",
                             "solver.analysis.inside": tmp_path / "inside.py"})
    assert found == ["solver.web.bad:1 imports solver.analysis.driver",
                     "solver.web.bad:2 imports solver.analysis.sampler"]


def test_everything_outside_the_analysis_goes_through_its_one_door():
    assert private_imports() == []


def test_no_import_inside_a_function_in_solver():
    inner = [f"{path.relative_to(ROOT)}:{line} imports {target}"
             for name, path in MODULES.items() if name.startswith("solver")
             for target, line, in_function in _imports(name, path)[1]
             if in_function and target.split(".")[0] not in OPTIONAL]
    assert inner == []


def test_no_import_error_guard_around_our_own_modules():
    guarded = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Try):
                continue
            caught = " ".join(ast.unparse(h.type) for h in node.handlers if h.type)
            if "ImportError" not in caught and "ModuleNotFoundError" not in caught:
                continue
            for n in (n for b in node.body for n in ast.walk(b)):
                if isinstance(n, ast.ImportFrom):
                    mods = ["solver"] if n.level else [n.module or ""]
                elif isinstance(n, ast.Import):
                    mods = [a.name for a in n.names]
                else:
                    continue
                guarded += [f"{path.relative_to(ROOT)}:{node.lineno} {m}" for m in mods
                            if m.split(".")[0] in ("solver", "cli")]
    assert guarded == []


def _module_aliases(tree) -> set[str]:
    """Names a module binds to other modules of the tree (``from solver import engine``)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.asname or a.name.split(".")[0] for a in node.names
                      if a.name.split(".")[0] in ("solver", "cli")}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names |= {a.asname or a.name for a in node.names
                      if f"{node.module}.{a.name}" in MODULES}
    return names


def test_no_module_writes_another_modules_globals():
    writes = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text())
        aliases = _module_aliases(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)) \
                    and isinstance(node.value, ast.Name) and node.value.id in aliases:
                writes.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value.id}.{node.attr}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("setattr", "delattr") and node.args \
                    and isinstance(node.args[0], ast.Name) and node.args[0].id in aliases:
                writes.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.func.id}")
    assert writes == []


_IGNORED = {tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING}


def _code_lines(path: pathlib.Path) -> list[tuple[int, str]]:
    """(first line number, text) of the statements that are code: not comments, not
    docstrings, not a module's imports (two commands importing the same standard modules
    have written no logic twice). A statement is one logical line, its spacing and trailing
    commas normalised, so the formatter's wrapping of long calls (one argument a line)
    neither hides a copy nor makes one out of argument lists."""
    text = path.read_text()
    skip = set()
    tree = ast.parse(text)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            skip.update(range(body[0].lineno, body[0].end_lineno + 1))
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            skip.update(range(node.lineno, node.end_lineno + 1))
    out: list[tuple[int, str]] = []
    parts: list[str] = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in _IGNORED:
            continue
        if tok.type not in (tokenize.NEWLINE, tokenize.ENDMARKER):
            if not parts:
                start = tok.start[0]
            parts.append(tok.string)
            continue
        if parts and start not in skip:
            out.append((start, re.sub(r",\s*([)\]}])", r"\1", " ".join(parts))))
        parts = []
    return out


#: lines too plain to make a block alike on their own (closing brackets, bare keywords)
_THIN = re.compile(r"^[\s)\]}(,:]*$|^(else|try|finally|pass|return|break|continue)\b:?$")


def _rel(path: pathlib.Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def shared_blocks(paths, size: int = DUPLICATE_LINES) -> list[str]:
    """Runs of ``size`` code lines found the same in two different files."""
    seen: dict[tuple[str, ...], tuple[pathlib.Path, int]] = {}
    found = []
    for path in paths:
        lines = _code_lines(path)
        for k in range(len(lines) - size + 1):
            block = tuple(t for _, t in lines[k:k + size])
            if sum(1 for t in block if not _THIN.match(t)) < size - 1:
                continue
            first = seen.setdefault(block, (path, lines[k][0]))
            if first[0] != path:
                found.append(f"{_rel(first[0])}:{first[1]} ~ {_rel(path)}:{lines[k][0]}")
    return found


def test_the_duplicate_finder_finds_a_copy(tmp_path):
    body = "\n".join(f"x{i} = f({i}) + g({i})" for i in range(8))
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text(body + "\n")
    b.write_text("y = 1\n" + body + "\n")
    assert shared_blocks([a, b])
    b.write_text("y = 1\n" + body.replace("g(3)", "h(3)") + "\n")
    assert shared_blocks([a, b]) == []


def test_the_duplicate_finder_sees_through_wrapping(tmp_path):
    """A copy with its calls wrapped one argument a line is still the same code; a lone
    argument list is not a statement."""
    body = "\n".join(f"x{i} = f({i}, y, z) + g({i})" for i in range(8))
    wrapped = "\n".join(f"x{i} = f(\n    {i},\n    y,\n    z,\n) + g({i})" for i in range(8))
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text(body + "\n")
    b.write_text("y = 1\n" + wrapped + "\n")
    assert shared_blocks([a, b])
    a.write_text("f(\n" + "".join(f"    a{i},\n" for i in range(8)) + ")\n")
    b.write_text("g(\n" + "".join(f"    a{i},\n" for i in range(8)) + ")\n")
    assert shared_blocks([a, b]) == []


def test_no_block_of_code_is_written_twice_in_solver():
    paths = [p for name, p in MODULES.items() if name.startswith("solver")]
    assert shared_blocks(paths) == []


def test_no_block_of_code_is_written_twice_in_cli():
    paths = [p for name, p in MODULES.items() if name.startswith("cli")]
    assert shared_blocks(paths) == []


def state_classes(paths) -> dict[str, str]:
    """Every class that plays cards (defines both ``legal_cards`` and ``play``): the game
    states, by name, with the module defining each."""
    out = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                defs = {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
                if {"legal_cards", "play"} <= defs:
                    out[node.name] = _rel(path)
    return out


def test_one_state_class_per_concept():
    """An open position of any game, a seat's information set, a dealt game's record: one
    class each (a second open-position class is how the scoperta/other-games split began)."""
    paths = [p for name, p in MODULES.items() if name.startswith(("solver", "cli"))]
    assert state_classes(paths) == {"State": "solver/position/protocol.py",  # the protocol
                                    "Position": "solver/position/open.py",
                                    "SeatPosition": "solver/position/seat.py",
                                    "GameState": "solver/game.py"}


def test_the_state_class_finder_finds_a_second_position(tmp_path):
    f = tmp_path / "extra.py"
    f.write_text("class GamePosition:\n    def legal_cards(self): ...\n    def play(self, c): ...\n")
    assert list(state_classes([f])) == ["GamePosition"]


@pytest.mark.parametrize("package", ["solver", "cli"])
def test_every_module_is_importable_alone(package):
    """Each module imports on its own in a fresh interpreter: an order that only works
    because another module was imported first is a hidden cycle."""
    import subprocess
    import sys
    names = [n for n in MODULES if n.startswith(package) and not n.startswith("solver.web")]
    code = "import importlib, sys\nfor n in sys.argv[1:]:\n    importlib.import_module(n)\n"
    for n in names:
        r = subprocess.run([sys.executable, "-c", code, n], cwd=ROOT, capture_output=True,
                           text=True)
        assert r.returncode == 0, f"{n}: {r.stderr.strip().splitlines()[-1:]}"


def test_no_global_statement_in_solver():
    found = [f"{path.relative_to(ROOT)}:{node.lineno}"
             for name, path in MODULES.items() if name.startswith("solver")
             for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Global)]
    assert found == []


#: calls that make a mutable container (or per-thread state) at a module's top level
_MUTABLE_CALLS = {"list", "dict", "set", "bytearray", "defaultdict", "deque", "OrderedDict",
                  "Counter", "local", "Lock", "RLock", "Queue", "SimpleQueue"}
#: left as they are, with the reason. solver/search/: editing the kernel package recompiles
#: every kernel (cache.py's stamp is the package's hash, read once). players/match.py:
#: a worker process's agents for the process pool (one per process by design) -- owned
#: outside the engine's work, still to be made an object.
_MUTABLE_ALLOWED = {("solver/search/cache.py", "_stamp"),
                    ("solver/players/match.py", "_worker")}


def _is_constant_name(name: str) -> bool:
    return name == "__all__" or name.lstrip("_").isupper()


def mutable_state(paths) -> list[str]:
    """``file:line name`` of every top-level name that is not a constant and is bound to a
    mutable container."""
    found = []
    for path in paths:
        rel = _rel(path)
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
            else:
                continue
            call = getattr(value.func, "attr", getattr(value.func, "id", "")) \
                if isinstance(value, ast.Call) else ""
            if not (isinstance(value, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp,
                                       ast.SetComp)) or call in _MUTABLE_CALLS):
                continue
            found += [f"{rel}:{node.lineno} {n.id}" for t in targets for n in ast.walk(t)
                      if isinstance(n, ast.Name) and not _is_constant_name(n.id)
                      and (rel, n.id) not in _MUTABLE_ALLOWED]
    return found


def test_no_module_level_mutable_state_in_solver():
    """Module state belongs to an object (an engine, its workspace, a progress sink): at the
    top level of solver/'s modules only constants (UPPER_CASE names) may hold a list, dict,
    set or other mutable container. A ContextVar (the engine of the running context) and
    a cached function (the default engine) are how the process's defaults are held."""
    assert mutable_state([p for name, p in MODULES.items() if name.startswith("solver")]) == []


def test_the_mutable_state_check_finds_module_state(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("import threading\n_hook = [None]\n_scratch = threading.local()\n"
                 "TABLE = {1: 2}\n_tables: dict = {}\nx = (1, 2)\n")
    assert [f.split()[1] for f in mutable_state([p])] == ["_hook", "_scratch", "_tables"]
