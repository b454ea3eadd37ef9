"""The one search driver (solver.analysis.driver): its null-window principal line is the
line of lowest best cards that re-solving every card at each step gives, for both kernels;
the one progress hook is installed and removed by a context manager; the one mean and
half-width equal the formulas the estimators used."""
from __future__ import annotations

import math
import random
import subprocess
import sys

import pytest

import open_games_reference as GR
from solver.analysis import Engine, Limit, driver, progress
from solver.analysis.budget import Budget
from solver.analysis.stats import Sums, mean_error, t95
from solver.random_positions import random_position


def _resolved_line(pos, objective):
    """The principal line the slow way: every card solved at every step."""
    line = []
    vals, _ = driver.exact_values(pos, objective)
    while True:
        best = max(vals, key=lambda c: (vals[c], -c))
        line.append(best)
        if pos.outcomes(best):  # more than one draw may follow: the line stops
            return line
        pos = pos.play(best)
        if pos.is_over:
            return line
        vals, _ = driver.exact_values(pos, objective)


@pytest.mark.parametrize("variant", ["scoperta4", "classic", "briscolone"])
def test_general_principal_line_is_the_resolved_one(variant):
    rng = random.Random(len(variant))
    for i in range(8):
        talon = (0, 2, 4)[i % 3] if variant != "scoperta4" else (0, 4)[i % 2]
        pos = GR.random_position(variant, talon, i % 2, rng, with_score=True, clairvoyant=i % 4 == 3)
        for objective in ("points", "win"):
            vals, _ = driver.exact_values(pos, objective)
            pv, _ = driver.principal_line(pos, objective, vals, None)
            assert pv == _resolved_line(pos, objective), (pos.to_text(), objective)


def test_scoperta_principal_line_is_the_resolved_one():
    rng = random.Random(9)
    for i in range(12):
        pos = random_position(rng, (0, 2, 4)[i % 3], mid_trick=bool(i % 2), with_score=True)
        for objective in ("points", "win"):
            vals, _ = driver.exact_values(pos, objective)
            pv, _ = driver.principal_line(pos, objective, vals, None)
            assert pv == _resolved_line(pos, objective), (pos.to_text(), objective)


def test_reporting_installs_the_hook_and_restores_the_one_before():
    lines, outer = [], []
    with progress.reporting(outer.append):
        with progress.reporting(lines.append):
            progress.say("inner")
        progress.say("outer")
    assert lines == ["inner"] and outer == ["outer"]


def test_sums_give_the_running_and_the_two_pass_half_widths():
    rng = random.Random(3)
    xs = [rng.uniform(-40, 40) for _ in range(25)]
    s = Sums(1)
    for x in xs:
        s.add([x])
    m, e = mean_error(xs)
    assert s.means()[0] == pytest.approx(m) and s.half_widths()[0] == pytest.approx(e)
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    assert e == t95(len(xs) - 1) * math.sqrt(var / len(xs))
    assert mean_error([2.0]) == (2.0, None)


def test_a_gap_between_two_values_is_the_half_width_of_their_paired_differences():
    """Sums.gap_half_widths: value j less value i, sample by sample, as if the differences
    had been summed on their own; correlated values give a gap surer than either value."""
    rng = random.Random(5)
    rows = []
    for _ in range(30):
        common = rng.uniform(-30, 30)
        rows.append([common + rng.uniform(-2, 2), common + rng.uniform(-2, 2) - 1.0,
                     rng.uniform(-30, 30)])
    s = Sums(3)
    for r in rows:
        s.add(r)
    gaps = s.gap_half_widths(0)
    for i in range(3):
        _, e = mean_error([r[0] - r[i] for r in rows]) if i else (0.0, 0.0)
        assert gaps[i] == pytest.approx(e, abs=1e-9)
    assert gaps[1] < min(s.half_widths()[:2]) / 3
    w = Sums(2)
    d = Sums(1)
    for r in rows:
        weight = rng.uniform(0.5, 2.0)
        w.add(r[:2], weight)
        d.add([r[0] - r[1]], weight)
    assert w.gap_half_widths(0)[1] == pytest.approx(d.half_widths()[0])


def test_analysis_modules_import_their_siblings_never_the_package_names():
    """The package's __init__ imports the drivers; a driver importing a name from the
    package (``from solver.analysis import Analysis``) would close a cycle."""
    import ast
    import pathlib

    import solver.analysis as A
    root = pathlib.Path(A.__file__).parent
    modules = {p.stem for p in root.glob("*.py")}
    for path in root.glob("*.py"):
        if path.name == "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "solver.analysis":
                names = {a.name for a in node.names}
                assert names <= modules, (path.name, names - modules)


_LOADED = """
import sys
from solver.analysis import analyse, driver
from solver.position import parse_position
from solver.search import depth, general, scoperta
before = [bool(m.search.signatures) for m in (scoperta, general)] + [bool(depth.dl_search.signatures)]
analyse(parse_position(sys.argv[1]))
after = [bool(m.search.signatures) for m in (scoperta, general)] + [bool(depth.dl_search.signatures)]
print(before, after)
"""


@pytest.mark.parametrize("text, loaded", [
    ("hand1=3C,AS hand2=2C,RS briscola=RD turn=1", [True, False, True]),
    ("variant=classic hand1=AS,3S,RB hand2=4S,7S,4B briscola=4C turn=1 unseen=2D",
     [False, True, False]),
])
def test_an_analysis_loads_only_its_games_kernels_and_before_its_clock(text, loaded):
    """Importing a kernel loads nothing; ``analyse`` loads the kernels of the position's game
    (a machine's first run compiles only those) before it starts its clock."""
    out = subprocess.run([sys.executable, "-c", _LOADED, text], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == f"{[False, False, False]} {loaded}"


def test_talon_14_gets_a_bigger_table_unless_the_user_chose_a_size(monkeypatch):
    """512 MB is what limits a talon-14 search (one position: not done in 240 s, 108 s with
    4 GB), so from talon 14 up the default table grows; a size the user set is kept."""
    sizes = []
    ws = driver.Workspace()
    ws.tt_mb, ws.tt_mb_chosen = 512, False
    monkeypatch.setattr(ws, "cached", lambda tables, n: sizes.append(n * 64 // 2 ** 20))
    monkeypatch.setattr(driver, "_memory_mb", lambda: 24 * 1024)
    kernel = driver.kernel_for(random_position(random.Random(1), 14))
    for talon in (10, 12, 14, 16):
        kernel._sized(ws, random_position(random.Random(talon), talon), talon, None)
    assert sizes == [128, 512, 4096, 4096]
    monkeypatch.setattr(driver, "_memory_mb", lambda: 8 * 1024)  # at most a quarter of it
    kernel._sized(ws, random_position(random.Random(2), 14), 14, None)
    ws.configure(tt_mb=512)
    kernel._sized(ws, random_position(random.Random(3), 14), 14, None)
    assert sizes[4:] == [2048, 512]


class _SlowMachine:
    """A fake clock that each kernel call moves by its nodes at the next of ``rates`` nodes a
    second, in turn: a machine far slower than the kernels' speed on an idle one, its speed
    changing from one slice to the next, as a loaded VM's does."""

    def __init__(self, module, rates: tuple[float, ...]):
        self.module, self.rates, self.now, self.slices = module, rates, 1000.0, []

    def perf_counter(self) -> float:
        return self.now

    def search(self, *args):
        stats = args[-2]
        v = self.module.search(*args)
        nodes = int(stats[driver.S_NODES])
        self.now += nodes / self.rates[len(self.slices) % len(self.rates)]
        self.slices.append(nodes)
        return v

    def __getattr__(self, name):
        return getattr(self.module, name)


@pytest.mark.parametrize("rates", [(150_000,), (600_000,), (600_000, 360_000)],
                         ids=["a fortieth", "a tenth", "changing by 40 %"])
def test_a_search_with_a_deadline_ends_near_it_at_the_speed_this_machine_has(monkeypatch,
                                                                               rates):
    """A search with a deadline sized its last slice by a fixed speed, the kernel's on an idle
    machine: on a loaded one a 300,000-node slice ran 0.15-0.95 s and an analysis given
    0.5 s took up to 1.2 s. Its slices are now sized by the speed its slices measured here
    (kept in the workspace for the next search; the first search's first slice is a least
    one), and near the deadline take half the time left, so that a slice slower than the
    last one does not pass it by much: on a fake clock at a tenth and a fortieth of the idle
    speed, and at a speed changing by 40 % from slice to slice, the exact search of a
    talon-10 position given 0.4 s gives up within a least slice of its deadline,
    the first search and the next alike."""
    pos = random_position(random.Random(5), 10)
    ws = driver.Workspace(threads=1)
    machine = _SlowMachine(driver.scoperta, rates)
    monkeypatch.setattr(driver, "time", machine)
    for _ in range(2):
        s = driver.Search(pos, "points", ws=ws)
        s.module = machine
        deadline = machine.now + 0.4
        assert s.move_value(pos.legal_cards()[0], deadline, quiet=True) is None
        late = machine.now - deadline
        most = driver.MIN_SLICE / min(rates)
        assert 0 <= late <= most, (late, machine.slices)
        machine.slices.clear()


@pytest.mark.parametrize("talon", [0, 10])
def test_a_search_whose_deadline_has_passed_searches_no_node(monkeypatch, talon):
    """A search called past its deadline ran one slice all the same (up to 0.5 ms), mostly
    to give None: now it gives None at once, without a kernel call, be the position one
    that a slice would finish (talon 0) or not; before the deadline it searches as ever."""
    pos = random_position(random.Random(11), talon)
    machine = _SlowMachine(driver.scoperta, (600_000,))
    monkeypatch.setattr(driver, "time", machine)
    s = driver.Search(pos, "points", ws=driver.Workspace(threads=1))
    s.module = machine
    card = pos.legal_cards()[0]
    assert s.move_value(card, machine.now - 1e-6, quiet=True) is None
    assert machine.slices == [] and s.nodes == 0
    if talon == 0:
        assert s.move_value(card, machine.now + 10, quiet=True) is not None
        assert machine.slices and s.nodes > 0


@pytest.mark.parametrize("seconds, tried", [(0.5, True), (0.1, False)])
def test_a_scoperta_exact_searchs_table_is_made_before_the_clock(monkeypatch, seconds, tried):
    """A fresh table's pages were faulted in by the search, on its clock: on this VM (numpy
    asks for huge pages, whose faults compact memory) a fresh 128 MB table took 0.5-0.85 s
    of a talon-10 search's first 2,000 nodes, so that `analyse --time-limit 0.5` took up
    to 0.98 s in a fresh process. The table the exact search takes is now made (and
    touched) before the clock starts, as the general kernel's was; none where the time
    is too short to try the exact search (talon 10 at 0.1 s: the estimate alone). The one
    the estimate's talon orders are searched on (16 MB) is made before it either way."""
    pos = random_position(random.Random(7), 10)
    at_start = []
    real = Budget.start
    monkeypatch.setattr(Budget, "start", classmethod(
        lambda cls, limit=None: at_start.append(dict(ws.tables)) or real(limit)))
    with Engine(threads=1) as eng:
        ws = eng.workspace
        eng.analyse(pos, limit=Limit(time=seconds), progress=False)
        made = list(at_start[0].values())
        orders = [t for t in made if t.nbytes == driver.CLAIRVOYANT_TABLE_MB * 2**20]
        assert len(orders) == 1
        if tried:  # the one the search took
            assert len(made) == 2 and any(t is ws.last[1] for t in made), len(made)
        else:
            assert made == orders
