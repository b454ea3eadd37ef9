"""The leaf value of depth-limited searches (solver.search.leaf): the kernel's weighted sum
is the plain-Python features times the weights, it is the same for positions the table
keys make equal, and a depth-limited search with it equals a plain negamax over the same
tricks that scores its leaves with the Python features."""
from __future__ import annotations

import importlib.util
import math
import random
from pathlib import Path

import numpy as np
import pytest

from open_games_reference import random_position
from solver.analysis import driver
from solver.analysis.stats import Z95
from solver.cards import FULL_DECK, POINTS, mask_points
from solver.position import Position
from solver.search.bits import canon_mask
from solver.search.context import C_LEAF_W, C_PREFETCH, C_SIZE
from solver.search.leaf import N_FEATURES, ONE, WEIGHTS, features, leaf_sum, weights_for

ROOT = Path(__file__).resolve().parent.parent


def _random_split(rng, trump):
    cards = rng.sample(range(40), rng.randrange(4, 30))
    k = rng.randrange(1, 6)
    hm = sum(1 << c for c in cards[:k])
    ho = sum(1 << c for c in cards[k:2 * k])
    alive = sum(1 << c for c in cards)
    return hm, ho, alive


def _python_sum(w, hm, ho, alive, trump, order=None):
    return sum(a * b for a, b in zip(w, features(hm, ho, alive, trump, order)))


@pytest.mark.parametrize("variant", sorted(WEIGHTS))
def test_kernel_sum_is_features_times_weights(variant):
    rng = random.Random(5)
    for trial in range(300):
        trump = rng.randrange(-1, 4)
        w = (weights_for(variant) if trial % 2 else
             [rng.randrange(-2000, 2000) for _ in range(N_FEATURES)])
        ctx = np.zeros(C_SIZE, dtype=np.int64)
        ctx[C_LEAF_W:C_LEAF_W + N_FEATURES] = w
        hm, ho, alive = _random_split(rng, trump)
        order = rng.sample(range(40), rng.choice([0, 1, 2, 6]))
        draw = int(POINTS[order[0]]) - int(POINTS[order[1]]) if len(order) > 1 else 0
        assert (leaf_sum(hm, ho, alive, trump, ctx, C_LEAF_W, draw)
                == _python_sum(w, hm, ho, alive, trump, order))


def test_features_ignore_the_names_of_zero_point_cards():
    rng = random.Random(6)
    for _ in range(300):
        trump = rng.randrange(-1, 4)
        hm, ho, alive = _random_split(rng, trump)
        canon = [int(canon_mask(m, alive)) for m in (hm, ho, alive)]
        assert features(*canon, trump) == features(hm, ho, alive, trump)


def _leaf_value(pos, w):
    me = pos.to_move
    alive = FULL_DECK & ~pos.played
    R = mask_points(alive)
    e = _python_sum(w, pos.hands[me], pos.hands[1 - me], alive, pos.trump_suit, pos.talon_order)
    e = min(max(e, -R * ONE), R * ONE)
    return (e + ONE // 2) // ONE


def _negamax(pos, horizon, w):
    """The mover's points from here: plain negamax over play(), leaves past the horizon
    scored by the Python features."""
    if pos.is_over:
        return 0
    if not pos.table and 40 - pos.played.bit_count() <= horizon:
        return _leaf_value(pos, w)
    best = None
    for c in pos.legal_cards():
        ch = pos.play(c)
        gained = mask_points(ch.played & ~pos.played)
        same = ch.to_move % 2 == pos.to_move % 2
        v = (gained if same else -gained) + (1 if same else -1) * _negamax(ch, horizon, w)
        best = v if best is None else max(best, v)
    return best


@pytest.mark.parametrize("variant", sorted(WEIGHTS))
def test_depth_limited_search_scores_leaves_with_the_features(variant):
    rng = random.Random(7)
    w = weights_for(variant)
    for trial in range(40):
        open_pos = random_position(variant, rng.choice([2, 6, 10]), rng.randrange(2), rng,
                             clairvoyant=True)
        alive = 40 - open_pos.played.bit_count()
        horizon = alive - len(open_pos.table) - 2 * rng.randrange(1, 3)
        if horizon < 1:
            continue
        s = driver.Search(open_pos, "points", horizon=horizon)
        assert s.ctx[C_PREFETCH] == 1  # depth-limited searches prefetch: covered here
        for c in open_pos.legal_cards():
            got = s.fraction(s.move_value(c, quiet=True))
            assert got == _card_value(open_pos, c, horizon, w), (open_pos.to_text(), c)


def test_prefetching_changes_no_value_and_no_node_of_a_sample():
    rng = random.Random(9)
    for _ in range(12):
        open_pos = random_position(rng.choice(sorted(WEIGHTS)), rng.choice([6, 10, 14]),
                             rng.randrange(2), rng, clairvoyant=True)
        horizon = 40 - open_pos.played.bit_count() - len(open_pos.table) - 6
        got = []
        for pf in (0, 1):
            s = driver.Search(open_pos, "points", horizon=horizon)
            s.tt.fill(0)
            s.ctx[C_PREFETCH] = pf
            got.append(([s.move_value(c, quiet=True) for c in open_pos.legal_cards()], s.nodes))
        assert got[0] == got[1], open_pos.to_text()


def _card_value(open_pos, c, horizon, w):
    ch = open_pos.play(c)
    gained = mask_points(ch.played & ~open_pos.played)
    same = ch.to_move % 2 == open_pos.to_move % 2
    return (gained if same else -gained) + (1 if same else -1) * _negamax(ch, horizon, w)


def test_without_weights_the_leaf_is_an_even_split():
    rng = random.Random(8)
    for _ in range(10):
        open_pos = random_position("classic", 10, rng.randrange(2), rng, clairvoyant=True)
        horizon = 40 - open_pos.played.bit_count() - len(open_pos.table) - 4
        on = driver.Search(open_pos, "points", horizon=horizon)
        off = driver.Search(open_pos, "points", horizon=horizon, use_leaf=False)
        differ = 0
        for c in open_pos.legal_cards():
            even = _card_value(open_pos, c, horizon, [0] * N_FEATURES)
            assert off.move_value(c, quiet=True) == even
            fitted = on.move_value(c, quiet=True)
            assert fitted == _card_value(open_pos, c, horizon, weights_for("classic"))
            differ += fitted != even
        assert differ  # the fitted leaf changes something


def _fit_leaf_script():
    spec = importlib.util.spec_from_file_location("fit_leaf", ROOT / "benchmarks" / "fit_leaf.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _leaf_data(variant):
    return sorted((ROOT / "benchmarks" / "data" / "leaf").glob(f"{variant}-*.jsonl"))


@pytest.mark.parametrize("variant", ["briscolone", "libero"])  # classic's fit predates them
def test_shipped_weights_are_the_fit_of_the_kept_positions(variant):
    fl = _fit_leaf_script()
    files = _leaf_data(variant)
    assert files
    w, mse0, mse, _ = fl.fit(fl.read_rows(files))
    assert mse < mse0 / 2
    assert all(abs(a - b) < 6e-4 for a, b in zip(w, WEIGHTS[variant])), list(w)


@pytest.mark.parametrize("variant", sorted(WEIGHTS))
def test_kept_positions_hold_their_exact_values(variant):
    rows = _fit_leaf_script().read_rows(_leaf_data(variant))
    rng = random.Random(9)
    for r in rng.sample(rows, 6):
        assert r["talon"]  # the kept positions all have a talon, the trump card its last
        briscola = r["talon"][-1] if r["trump"] >= 0 else -1
        open_pos = Position(variant, (r["hm"], r["ho"]), (), -1, briscola, FULL_DECK & ~r["alive"], 0,
                          None, tuple(r["talon"]) or None)
        s = driver.Search(open_pos, "points")
        assert max(s.fraction(s.move_value(c, quiet=True)) for c in open_pos.legal_cards()) == r["y"]


def test_the_method_error_script_measures_depth_limited_decisions():
    """fit_leaf.py method: decisions only where samples are depth-limited, a (mean
    difference, noise variance) pair per card and per gap from the card ranked first to
    another, and the root mean square with the noise
    taken out (the shipped half-width is 1.96 times its upper bound)."""
    from solver.analysis import sampling
    fl = _fit_leaf_script()
    rows = list(fl.method_errors("classic", 2, 3, "points"))
    assert rows
    for stage, cards, gaps in rows:
        assert stage in sampling.METHOD_STAGES[3]
        assert cards and all(v >= 0 for _, v in cards)
        assert len(gaps) == len(cards) - 1 and all(v >= 0 for _, v in gaps)
    low = list(fl.method_errors("classic", 3, 2, "points", max_alive=24))
    assert low and all(stage == (17, 24) for stage, _, _ in low)
    # a stage too dear to solve to the end, against searches 8 tricks deep
    early = list(fl.method_errors("briscolone", 2, 2, "points", min_alive=31, reference=8))
    assert (31, 40) in {stage for stage, _, _ in early}
    assert all(stage in sampling.METHOD_STAGES[5] for stage, _, _ in early)
    bias, rms, up, noise = fl.method_row([(1.0, 0.25), (-1.0, 0.25), (3.0, 1.0)])
    assert bias == 1.0 and abs(rms - ((0.75 + 0.75 + 8.0) / 3) ** 0.5) < 1e-9
    assert up > rms and abs(noise - 0.5 ** 0.5) < 1e-9


def test_the_method_error_script_keeps_its_decisions_and_reads_them_back(tmp_path, capsys):
    """``method --out`` keeps each decision's values, from fresh deals with ``--first-seed``;
    ``method --data`` prints the same table from them without solving, the share of items
    within the shipped half-width included."""
    fl = _fit_leaf_script()
    out = tmp_path / "kept.jsonl"
    args = ["method", "--variant", "classic", "--positions", "2", "--samples", "2"]
    fl.main([*args, "--first-seed", "900000", "--out", str(out)])
    solved = [r for r in capsys.readouterr().out.splitlines() if r.startswith("| classic")]
    kept = fl.read_rows([out])
    assert len(kept) == 2 and all(r["first_seed"] == 900000 for r in kept)
    assert all(len(r["near"]) == len(r["full"]) == 2 for r in kept)
    assert [fl.decision_items(r) for r in kept] == list(
        fl.method_errors("classic", 2, 2, "points", first_seed=900000))
    assert list(fl.method_errors("classic", 2, 2, "points")) != [
        fl.decision_items(r) for r in kept]  # other deals than the default seed's
    fl.main(["method", "--data", str(out)])
    assert [r for r in capsys.readouterr().out.splitlines() if r.startswith("| classic")] == solved
    assert all(r.split("|")[-2].strip().endswith("%") for r in solved)


def test_the_method_error_script_prints_value_and_gap_rows(capsys):
    """``fit_leaf.py method`` end to end: a row per stage for a card's value and for the
    gap between two cards, and one-line errors for runs that cannot measure anything."""
    import pytest
    fl = _fit_leaf_script()
    fl.main(["method", "--variant", "classic", "--positions", "3", "--samples", "2"])
    rows = [r for r in capsys.readouterr().out.splitlines() if r.startswith("| classic")]
    kinds = {r.split("|")[3].strip() for r in rows}
    assert kinds == {"value", "gap"}
    for r in rows:
        cells = [c.strip() for c in r.split("|")[1:-1]]
        assert int(cells[4]) >= 2 and float(cells[9]) >= 0
    for bad in (["--samples", "1"], ["--positions", "0"], ["--max-alive", "16"],
                ["--max-alive", "41"], ["--min-alive", "30", "--max-alive", "24"],
                ["--reference-depth", "4"]):
        with pytest.raises(SystemExit) as e:
            fl.main(["method", "--positions", "2", "--samples", "2", *bad])
        assert e.value.code == 2


@pytest.mark.parametrize("variant", ["briscolone", "libero"])
@pytest.mark.parametrize("objective", ["points", "win"])
def test_the_shipped_method_errors_cover_the_kept_full_solves(variant, objective):
    """The decisions kept in benchmarks/data/method (depth-4 samples against the same
    talon orders solved to the end, on fresh deals) need no more than the shipped half-width
    of their stage, on a value and on a gap: 1.96 times the upper end of the root mean
    square's 95 % confidence interval, as fit_leaf.py method prints it, rounded up to the
    table's precision (a tenth of a point, a hundredth of a chance of winning). Briscolone's
    362 decisions at 28-30 cards alive need 9.85 on a value: more than the ±9.7 its stage
    21-30 shipped before 2026-12-06; its 370 there for the chance of winning need 0.154 on a
    gap, more than the ±0.13 shipped before."""
    from solver.analysis import sampling
    fl = _fit_leaf_script()
    files = sorted((ROOT / "benchmarks" / "data" / "method").glob(f"{variant}-*.jsonl"))
    rows = [r for r in fl.read_rows(files) if r["objective"] == objective]
    if not rows:
        pytest.skip(f"no kept {variant} {objective} decisions")
    step = 10 if objective == "points" else 100
    by_stage: dict = {}
    for stage, cards, gaps in map(fl.decision_items, rows):
        items = by_stage.setdefault(stage, ([], []))
        items[0].extend(cards)
        items[1].extend(gaps)
    for stage, (cards, gaps) in by_stage.items():
        for items, table in ((cards, sampling.METHOD_ERROR), (gaps, sampling.METHOD_GAP_ERROR)):
            need = Z95 * fl.method_row(items)[2]
            assert table[(variant, objective)][stage] >= math.ceil(need * step) / step, (
                stage, need)


@pytest.mark.parametrize("variant", ["briscolone"])  # Libero is kept up to 34 alive
@pytest.mark.parametrize("objective", ["points", "win"])
def test_the_first_tricks_kept_full_solves_are_covered_by_what_ships_there(variant, objective):
    """The kept decisions from 35 cards alive (the first tricks of a five-card game) need no
    more, at each number of cards alive, than the half-width an estimate carries there
    (sampling.method_error, the stage's figure or, where the stage's top needs more,
    METHOD_TOP's). Briscolone's chance of winning needed 0.293 on a value and 0.443 on a gap
    at 36 alive (33 decisions), 0.397 and 0.325 at 38 (18), where its stage 31-40 ships 0.22
    and 0.29; pooled over 35-40 they need 0.31 and 0.38, under the 0.40 a level needs.
    Briscolone's points needed 12.0 on a gap at 36 alive (21 decisions), where the stage
    ships 10.8."""

    from types import SimpleNamespace

    from solver.analysis import sampling
    fl = _fit_leaf_script()
    files = sorted((ROOT / "benchmarks" / "data" / "method").glob(f"{variant}-*.jsonl"))
    rows = [r for r in fl.read_rows(files) if r["objective"] == objective and r["alive"] >= 35]
    if not rows:
        pytest.skip(f"no kept {variant} {objective} decisions from 35 alive")
    step = 10 if objective == "points" else 100
    for alive in sorted({r["alive"] for r in rows}):
        cards, gaps = [], []
        for _, c, g in map(fl.decision_items, [r for r in rows if r["alive"] == alive]):
            cards.extend(c)
            gaps.extend(g)
        pos = SimpleNamespace(players=2, variant=variant, played=(1 << (40 - alive)) - 1,
                              rules=SimpleNamespace(hand_size=5))
        for items, table in ((cards, None), (gaps, sampling.METHOD_GAP_ERROR)):
            need = Z95 * fl.method_row(items)[2]
            ships = sampling.method_error(pos, objective, sampling.HORIZON, table)
            assert ships >= math.ceil(need * step) / step, (alive, table is None, need, ships)


def test_a_carried_stage_measured_by_full_solves_says_so_in_its_note():
    """Briscolone's chance of winning at 31-40 comes from full solves at 32-36 cards alive
    (METHOD_SOLVED_AT), no longer from searches 8 tricks deep: the note said the latter."""
    from types import SimpleNamespace

    from solver.analysis import sampling
    pos = SimpleNamespace(players=2, variant="briscolone", played=(1 << 4) - 1,
                          rules=SimpleNamespace(hand_size=5))
    win = sampling.carried_how(pos, "win", sampling.HORIZON, False)
    assert win.key == "note.part.carried.solved" and (win.fields["lo"], win.fields["hi"]) == (32, 38)
    assert "full solves at 32 to 38 cards alive" in win
    assert sampling.carried_how(pos, "points", sampling.HORIZON, False).key == (
        "note.part.carried.depth")


def test_the_kept_method_files_are_named_by_their_game_and_objective():
    """Each file of benchmarks/data/method holds one game's and objective's decisions, as
    its name says, so that the check above reads every kept decision under its own table."""
    fl = _fit_leaf_script()
    files = sorted((ROOT / "benchmarks" / "data" / "method").glob("*.jsonl"))
    assert files
    for f in files:
        kinds = {(r["variant"], r["objective"]) for r in fl.read_rows([f])}
        assert len(kinds) == 1, f
        (variant, objective), = kinds
        assert f.name.startswith(f"{variant}-") and f"-{objective}-" in f.name, f
