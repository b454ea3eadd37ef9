"""`briscola match`: duplicate seating, the confidence intervals, the runner and the CLI;
and the engine agents it plays with."""
import json
import math
import random

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.players import match as M
from solver.analysis import Engine, current_engine, driver
from solver.players import agents
from solver.players.agents import GreedyAgent, get_agent
from solver.players.engine_agent import OnEngine
from solver.cards import cards_of
from solver.game import deal, legal_cards, play
from solver.errors import BriscolaError
from solver.rules import RulesError


class Recorder:
    """Greedy play that remembers, per game, the seats it played and the hands dealt."""

    def __init__(self, log, tag):
        self.log, self.tag, self.g = log, tag, GreedyAgent()

    def __call__(self, view, rng):  # scoperta: the seat's view shows every hand
        if not view.played and not view.table:
            self.log.append((self.tag, view.to_move, view.hands))
        return self.g(view, rng)


def _half(a, b):
    """One half of a match, on the running engine."""
    e = current_engine()
    return M.Half(OnEngine(a, e), OnEngine(b, e))


def test_each_deck_is_played_twice_with_the_sides_swapped():
    log = []
    half = _half(Recorder(log, "A"), Recorder(log, "B"))
    r = M.play_pair("scoperta", half, half, seed=3, index=0)
    # the first lead of each game: A in seat 0 first, then B in seat 0, same hands dealt
    assert [(t, s) for t, s, _ in log] == [("A", 0), ("B", 0)]
    assert log[0][2] == log[1][2]
    assert len(r.margins) == 2


def test_identical_players_cancel_out_in_a_pair():
    g = GreedyAgent()
    for i in range(5):
        r = M.play_pair("scoperta", _half(g, g), _half(g, g), seed=9, index=i)
        assert r.margins[0] == -r.margins[1]
        assert r.margin == 0


class Probe:
    """Greedy play that notes, at every card, the agent that plays it and the tables its
    analyses would use (the running workspace), and the end of every deal."""

    name = "probe"
    log: list = []

    def __call__(self, view, rng):
        Probe.log.append((id(self), id(driver.current())))
        return GreedyAgent()(view, rng)

    def deal_over(self, points):
        Probe.log.append("end")


def test_no_player_and_no_table_sees_both_games_of_a_deck(monkeypatch):
    """The mirrored game of a pair is played by agents made again, whose analyses run on
    tables of their own (the engine's twin): a player, or an engine's table, that kept what
    it saw in the first game would know the other hand and the talon in the second."""
    monkeypatch.setattr(Probe, "log", [])
    monkeypatch.setitem(agents._FACTORIES, "probe", Probe)  # registered for this test alone
    M.run_match("classic", "probe", "probe", 3, seed=2, jobs=1)
    games, game = [], []
    for entry in Probe.log:  # each deal ends with both agents told: two "end"s
        if entry == "end":
            if game:
                games.append(game)
            game = []
        else:
            game.append(entry)
    assert len(games) == 6
    for first, mirror in zip(games[::2], games[1::2], strict=True):
        players = [{who for who, _ in g} for g in (first, mirror)]
        tables = [{ws for _, ws in g} for g in (first, mirror)]
        assert len(players[0]) == len(players[1]) == 2 and not players[0] & players[1]
        assert not tables[0] & tables[1]


@pytest.mark.parametrize("variant", ["classic", "briscolone", "scoperta"])
def test_the_two_agents_of_a_hidden_card_game_search_on_tables_of_their_own(monkeypatch, variant):
    """Both agents of a game chose on the running engine: in a hidden-card game one's
    searches (every world it samples holds its true hand) stored what the other's read, so
    the other solved the worlds holding that hand faster. An open game, where each seat
    sees every card, keeps one engine for both; no table serves two games of a deck."""
    monkeypatch.setattr(Probe, "log", [])
    monkeypatch.setitem(agents._FACTORIES, "probe", Probe)
    M.run_match(variant, "probe", "probe", 2, seed=4, jobs=1)
    games, game = [], {}
    for entry in Probe.log:
        if entry == "end":
            if game:
                games.append(game)
            game = {}
        else:
            game.setdefault(entry[0], set()).add(entry[1])
    assert len(games) == 4
    for g in games:
        assert len(g) == 2 and all(len(ws) == 1 for ws in g.values())
        tables = [ws for s in g.values() for ws in s]
        assert (tables[0] == tables[1]) == (variant == "scoperta")
    every = [ws for g in games for s in g.values() for ws in s]
    assert len(set(every)) == (2 if variant == "scoperta" else 4)


def test_simulate_gives_each_agent_of_a_hidden_card_game_its_own_tables(monkeypatch):
    """`simulate engine:...,engine:...` played both agents on one engine: the same shared
    tables as a match's game; the twins it takes are let go when the series ends."""
    from solver.players.series import play_series
    from solver.rules import get_variant
    monkeypatch.setattr(Probe, "log", [])
    one, two = Probe(), Probe()
    for _ in play_series(get_variant("classic"), [one, two], 2, 1, False):
        pass
    seen = {}
    for entry in Probe.log:
        if entry != "end":
            seen.setdefault(entry[0], set()).add(entry[1])
    assert set(seen) == {id(one), id(two)} and all(len(ws) == 1 for ws in seen.values())
    assert seen[id(one)] != seen[id(two)]
    twin = current_engine().twin().workspace
    assert not twin.tables and not twin.general_tables


class SeatProbe(Probe):
    """A Probe that notes the seat it plays for instead of itself."""

    def __call__(self, view, rng):
        Probe.log.append((view.to_move, id(driver.current())))
        return GreedyAgent()(view, rng)


@pytest.mark.parametrize("variant", ["classic", "briscolone", "scoperta"])
def test_simulate_gives_each_seat_of_a_hidden_card_game_its_own_tables(monkeypatch, variant):
    """`simulate --agents engine`, one agent at both seats, played both on one engine: the
    second seat's analyses read the tables the first seat's had filled (23-27 % fewer nodes
    at talon 4-6 in classic). In scoperta every seat sees every card and they share one.
    The agent is still told each deal's end once."""
    from solver.players.series import play_series
    from solver.rules import get_variant
    monkeypatch.setattr(Probe, "log", [])
    for _ in play_series(get_variant(variant), SeatProbe(), 2, 1, False):
        pass
    assert Probe.log.count("end") == 2
    seen = {}
    for entry in Probe.log:
        if entry != "end":
            seen.setdefault(entry[0], set()).add(entry[1])
    assert set(seen) == {0, 1} and all(len(ws) == 1 for ws in seen.values())
    assert (seen[0] == seen[1]) == (variant == "scoperta")


def test_an_engines_twin_is_configured_alike_with_tables_of_its_own():
    e = Engine(tt_mb=8, threads=2)
    twin = e.twin()
    assert e.twin() is twin and twin is not e
    assert (twin.workspace.tt_mb, twin.workspace.threads) == (8, 2)
    assert twin.workspace.tt_mb_chosen and twin.workspace.star2 == e.workspace.star2
    assert twin.workspace.tables is not e.workspace.tables
    assert twin.workspace.general_tables is not e.workspace.general_tables


def test_decks_depend_on_seed_and_index_only():
    assert M.deck_for(1, 0) == M.deck_for(1, 0)
    assert M.deck_for(1, 0) != M.deck_for(1, 1)
    assert M.deck_for(1, 0) != M.deck_for(2, 0)
    assert sorted(M.deck_for(5, 7)) == list(range(40))


def test_mean_ci_known_values():
    m, lo, hi = M.mean_ci([1, 2, 3, 4])
    h = 3.182 * math.sqrt(5 / 3) / 2
    assert m == 2.5 and lo == pytest.approx(2.5 - h) and hi == pytest.approx(2.5 + h)
    m, lo, hi = M.mean_ci([float(x % 7) for x in range(100)])
    sd = math.sqrt(sum((x % 7 - m) ** 2 for x in range(100)) / 99)
    assert hi - m == pytest.approx(1.96 * sd / 10)
    assert M.mean_ci([3.0])[1] == -math.inf


def test_wilson_known_values():
    lo, hi = M.wilson(0.5, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = M.wilson(1.0, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)


def test_summary_counts_and_rates():
    res = [M.PairResult(0, (10, -4)), M.PairResult(1, (0, 20)), M.PairResult(2, (-6, -2))]
    s = M.summarise(res)
    assert (s.wins, s.draws, s.losses) == (2, 1, 3)
    assert s.win_rate[0] == pytest.approx(2.5 / 6)
    assert s.margin[0] == pytest.approx((3 + 10 - 4) / 3)
    assert s.win_rate[1] < s.win_rate[0] < s.win_rate[2]


def test_parallel_run_gives_the_same_pairs_as_serial():
    one, _ = M.run_match("scoperta", "greedy", "random", 6, seed=4, jobs=1)
    two, _ = M.run_match("scoperta", "greedy", "random", 6, seed=4, jobs=2)
    key = lambda r: r.index  # noqa: E731 - a one-line helper named for the lines below
    assert sorted(one, key=key) == sorted(two, key=key)


def test_interrupt_keeps_the_finished_pairs():
    def stop_after_two(results):
        if len(results) == 2:
            raise KeyboardInterrupt

    res, interrupted = M.run_match("scoperta", "greedy", "random", 10, seed=1, jobs=1,
                                   on_result=stop_after_two)
    assert interrupted and len(res) == 2


def test_cli_match_text_and_json():
    r = CliRunner().invoke(cli, ["match", "greedy", "random", "--deals", "4", "--seed", "2",
                                 "--jobs", "1", "-q"])
    assert r.exit_code == 0, r.output
    assert "4 duplicate deals (8 games)" in r.output
    assert "A point margin per deal" in r.output and "A win rate" in r.output
    r = CliRunner().invoke(cli, ["match", "greedy", "greedy", "--deals", "3", "--seed", "2",
                                 "--jobs", "1", "--json", "-q"])
    d = json.loads(r.output)
    assert d["games"] == 6 and d["margin"]["mean"] == 0 and d["win_rate"]["mean"] == 0.5


def _strict_json(text: str):
    """JSON as JSON.parse reads it: no Infinity or NaN."""
    def refuse(constant):
        raise ValueError(f"{constant} is not JSON")
    return json.loads(text, parse_constant=refuse)


def test_one_deal_has_no_margin_interval_and_says_so():
    """One deal (or a run interrupted after one) gives no spread: the margin's interval is
    null in the JSON, which stays valid JSON, and said to be undefined in the text."""
    args = ["match", "greedy", "random", "--deals", "1", "--seed", "1", "--jobs", "1", "-q"]
    r = CliRunner().invoke(cli, [*args, "--json"])
    assert r.exit_code == 0, r.output
    d = _strict_json(r.stdout)
    assert d["pairs"] == 1 and d["margin"]["ci95"] is None and len(d["win_rate"]["ci95"]) == 2
    r = CliRunner().invoke(cli, args)
    assert "95% CI undefined (one deal: it needs two)" in r.stdout and "inf" not in r.stdout
    summary = M.summarise([M.PairResult(0, (10, -4)), M.PairResult(1, (0, 20))])
    assert _strict_json(json.dumps(summary.to_json()))["margin"]["ci95"] == list(summary.margin[1:])


@pytest.mark.parametrize("args,msg", [
    (["nobody", "greedy"], "unknown agent"),
    (["greedy", "random", "--deals", "0"], "--deals"),
    (["greedy", "random", "--jobs", "0"], "--jobs"),
    (["greedy", "random", "--variant", "poker"], "unknown variant"),
    (["engine", "random", "--time-per-move", "-1"], "--time-per-move"),
    (["engine:abc", "random"], "engine time"),
    (["greedy", "random", "--deals", "x"], "deals"),
])
def test_cli_match_bad_input_is_one_line_exit_2(args, msg):
    r = CliRunner().invoke(cli, ["match", *args])
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error:") and msg in r.stderr


def test_engine_agent_names():
    assert get_agent("engine").name == "engine"
    a = get_agent("engine:0.25")
    assert a.seconds == 0.25 and a.objective == "points"
    w = get_agent("Engine-Win:2")
    assert w.seconds == 2 and w.objective == "win"
    with pytest.raises(RulesError):
        get_agent("engineer")


def test_engine_agent_plays_the_exact_best_card_near_the_end():
    from solver.analysis import analyse
    from solver.game import to_position
    rng = random.Random(8)
    state = deal("scoperta", 8)
    g = GreedyAgent()
    while len(state.talon) > 4:
        state = play(state, g(state, rng))
    agent = get_agent("engine:0.5")
    for _ in range(4):
        card = agent(state, rng)
        assert card in legal_cards(state)
        if len(legal_cards(state)) > 1:
            a = analyse(to_position(state))
            assert a.exact and card in a.best
        state = play(state, card)


@pytest.mark.parametrize("variant", ["scoperta4", "briscolone", "classic"])
def test_engine_agent_plays_legal_cards_in_every_game(variant):
    from solver.game import legal_cards
    rng = random.Random(1)
    state = deal(variant, 3)
    agent = get_agent("engine:0.05")
    for _ in range(4):
        c = agent(state, rng)
        assert c in legal_cards(state)
        state = play(state, c)


@pytest.mark.parametrize("infer", [False, True])
def test_hidden_game_engine_does_not_peek_at_the_opponent(infer):
    """Two deals that differ only in cards the seat cannot see get the same seat analysis
    (with and without the inference from the opponent's plays)."""
    from dataclasses import replace
    from solver.analysis import Limit
    from solver.analysis import sampling as seat
    from solver.players.infer import hand_weigher
    state = deal("briscolone", 11)
    me, opp = state.to_move, 1 - state.to_move
    hidden = list(state.talon[:5])
    mask = 0
    for c in hidden:
        mask |= 1 << c
    other = replace(state, hands=tuple(mask if i == opp else h for i, h in enumerate(state.hands)),
                    talon=tuple(cards_of(state.hands[opp])) + tuple(state.talon[5:]))
    a = seat.analyse_state(state, me, budget=Limit(samples=12), seed=3,
                           weigh=hand_weigher(state, me) if infer else None)
    b = seat.analyse_state(other, me, budget=Limit(samples=12), seed=3,
                           weigh=hand_weigher(other, me) if infer else None)
    assert [(m.card, m.value) for m in a.moves] == [(m.card, m.value) for m in b.moves]


def test_engine_beats_random_in_a_short_match():
    res, _ = M.run_match("scoperta", "engine:0.02", "random", 3, seed=5, jobs=1)
    s = M.summarise(res)
    assert s.margin[0] > 0


def test_a_logged_match_resumes_where_it_stopped(tmp_path, capsys):
    """bench_match --log: a run stopped after some deals and resumed later plays only the
    missing ones, and its summary equals one uninterrupted run's."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_match.py"
    spec = importlib.util.spec_from_file_location("bench_match", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    log = tmp_path / "m.jsonl"
    common = ["--jobs", "1", "--matches", "random/greedy", "--seed", "3", "--log", str(log)]
    bench.main(["--deals", "4"] + common)
    assert len(log.read_text().splitlines()) == 4
    capsys.readouterr()
    bench.main(["--deals", "9"] + common)
    resumed = capsys.readouterr().out
    assert "(4 deals from" in resumed and "5 played now" in resumed
    assert sorted(json.loads(x)["index"] for x in log.read_text().splitlines()) == list(range(9))
    bench.main(["--deals", "9", "--jobs", "1", "--matches", "random/greedy", "--seed", "3"])
    fresh = capsys.readouterr().out
    assert resumed.splitlines()[-1][:-8] == fresh.splitlines()[-1][:-8]  # all but the minutes
    results, _ = M.run_match("scoperta", "random", "greedy", 9, 3, skip={0, 1, 2})
    assert sorted(r.index for r in results) == list(range(3, 9))


class MemoryLog:
    """A task log in memory: the rows a TaskLog would append, read back on a rerun."""

    def __init__(self):
        self.rows = {}

    def done(self):
        return dict(self.rows)

    def write(self, index, row):
        self.rows.setdefault(index, row)


def test_the_logged_runner_resumes_without_a_cluster():
    log = MemoryLog()

    def stop_after_three(results):
        if len(results) == 3:
            raise KeyboardInterrupt
    first, interrupted = M.run_logged("scoperta", "greedy", "random", 8, 6, 1, log,
                                      stop_after_three)
    assert interrupted and len(first) == 3 and sorted(log.rows) == [0, 1, 2]
    played = []

    def run_here(fn, tasks, total):
        assert total == 8
        for i, args in tasks.items():
            played.append(i)
            yield i, fn(*args)
    res, interrupted = M.run_logged("scoperta", "greedy", "random", 8, 6, 1, log,
                                    run_tasks=run_here)
    assert not interrupted and played == [3, 4, 5, 6, 7]
    whole, _ = M.run_match("scoperta", "greedy", "random", 8, 6, 1)
    assert sorted(res, key=lambda r: r.index) == sorted(whole, key=lambda r: r.index)


def test_engine_names_resolve_after_importing_only_the_agents_module():
    """Importing solver.players registers the engine players: no import inside get_agent."""
    import os
    import subprocess
    import sys
    code = ("from solver.players.agents import agent_names, get_agent\n"
            "print(get_agent('engine@3').name, 'engine-pimc' in agent_names())\n")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                         text=True, timeout=600)
    assert out.stdout.split() == ["engine@3", "True"], out.stderr


def test_decision_gap_judges_only_where_the_cards_differ():
    """bench_hidden gap: an engine with a sample budget against itself picks the same card
    at every decision (its samples are seeded by the position), so nothing is judged; against
    greedy the judge's values set the gap where the cards differ."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_hidden.py"
    spec = importlib.util.spec_from_file_location("bench_hidden", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    _, same = bench.deal_gaps(("classic", "engine@3", "engine@3", 30, 5, 0))
    assert len(same) >= 30 and all(s and g == 0.0 for _, s, g in same)
    assert all(0 < alive <= 40 for alive, _, _ in same)
    _, rows = bench.deal_gaps(("briscolone", "greedy", "engine@20", 200, 5, 1))
    differ = [g for _, s, g in rows if not s]
    assert differ and all(g == 0.0 for _, s, g in rows if s)
    assert sum(differ) > 0  # the engine's cards are worth more than greedy's, as judged


def test_the_stability_check_prints_the_gap_and_its_interval(capsys):
    """bench_hidden stability: a row per limit with the best cards, the top two's gap, the
    best card's ± and the gap's own ± (its sampling part small, its method part measured)."""
    import argparse
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_hidden.py"
    spec = importlib.util.spec_from_file_location("bench_hidden", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.cmd_stability(argparse.Namespace(
        position="variant=classic hand1=FB,5C,FC hand2=2C,AC,FS briscola=2S played=- turn=1",
        limits="0.5", runs=2))
    out = capsys.readouterr().out.splitlines()
    assert "± of gap" in out[1]
    cells = out[2].split()
    assert cells[:2] == ["0.5", "2"]
    value_pm, gap_pm = float(cells[-2]), float(cells[-1])
    from solver.analysis import sampling
    from solver.position import parse_position
    # the depth-limited samples' gap error and the drawn talon's, in quadrature
    stage = parse_position("variant=classic hand1=FB,5C,FC hand2=2C,AC,FS briscola=2S "
                           "played=- turn=1")
    method_gap = sampling.method_error(stage, "points", sampling.HORIZON,
                                       sampling.METHOD_GAP_ERROR, drawn=True)
    assert method_gap > sampling.METHOD_GAP_ERROR[("classic", "points")][(33, 40)]
    assert method_gap - 0.01 <= gap_pm < method_gap + 1.0 and value_pm > 0


@pytest.mark.parametrize("seed,words", [(2**70, "a huge number"), (-3, "got -3"),
                                        ("7", "got a string"), (2**63, "a huge number")])
def test_a_logged_seed_that_seed_would_refuse_is_refused(tmp_path, seed, words):
    """A rerun without --seed went on with a logged seed of 2**70 or -3, which --seed
    refuses (0 to 2**63-1): a match reported under a seed nobody can deal again, its log
    appended to."""
    from solver.i18n import error_text
    log = tmp_path / "m.jsonl"
    args = ["match", "greedy", "random", "--deals", "2", "--jobs", "1", "-q", "--log", str(log)]
    assert CliRunner().invoke(cli, args + ["--seed", "5"]).exit_code == 0
    rows = [json.loads(x) for x in log.read_text().splitlines()]
    rows[1]["seed"] = seed
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    before = log.read_bytes()
    r = CliRunner().invoke(cli, args[:3] + ["--deals", "3"] + args[5:])
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert r.output.startswith(f"error: {log}:2: \"seed\" must be a whole number from 0 to")
    assert words in r.output and len(r.output.strip().splitlines()) == 1
    assert log.read_bytes() == before
    if isinstance(seed, int):   # as --seed says
        bad = CliRunner().invoke(cli, args + ["--seed", str(seed)])
        assert bad.exit_code == 2 and "out of range" in bad.output and log.read_bytes() == before
    from cli.cmd_match import _logged_seed
    with pytest.raises(BriscolaError) as e:
        _logged_seed(seed, "m.jsonl:2")
    assert error_text(e.value, "it").startswith('m.jsonl:2: "seed" dev\'essere un numero intero')


def test_a_match_lets_the_twins_tables_go_when_it_ends():
    """The mirrored games' engine (the running engine's twin) kept its tables and threads
    after run_match returned: a Python session that played a match held a second engine's
    memory for as long as it ran."""
    M.run_match("scoperta", "engine:0.02", "random", 1, seed=5, jobs=1)
    twin = current_engine().twin().workspace
    assert not twin.tables and not twin.general_tables
    M.run_match("classic", "engine@4", "engine@4", 1, seed=5, jobs=1)
    for twin in current_engine().twins(3):
        assert not twin.workspace.tables and not twin.workspace.general_tables



@pytest.mark.parametrize("variant", ["classic", "briscolone", "scoperta4", "scoperta"])
def test_no_card_of_a_clocked_engine_waits_for_its_table_to_be_made(variant, monkeypatch):
    """An analysis makes its first table before its clock starts (driver.ready_table), but
    the card waited for it: each engine of a match made its 64 MB table at its first card,
    and a first card given 0.1 s took 0.24-0.44 s (scoperta given 1 s, at talon 10, its
    128 MB table: 1.45-1.68 s). The tables are made as the match begins
    (EngineAgent.prepare); an endgame's table of a quarter megabyte is made in no time."""
    made, playing = [], []
    real_ready, real_call = driver.ready_table, OnEngine.__call__

    def count(ws):
        return sum(t.nbytes for t in (*ws.tables.values(), *ws.general_tables.values()))

    def ready_table(ws, pos, *args):
        before = count(ws)
        real_ready(ws, pos, *args)
        if playing and count(ws) - before > 2**20:
            made.append((pos.talon_size, pos.to_text()))

    def card(self, view, rng):
        playing.append(1)
        try:
            return real_call(self, view, rng)
        finally:
            playing.pop()

    monkeypatch.setattr(driver, "ready_table", ready_table)
    monkeypatch.setattr(OnEngine, "__call__", card)
    M.run_match(variant, "engine:0.02", "greedy", 1, seed=3, jobs=1)
    assert made == []


def test_the_progress_lines_interval_says_what_it_is():
    """The progress line gave the margin's interval as a bare "[+3.2, +62.5]", where the
    summary says "95% CI": the progress line says it too, in the command's language."""
    for lang, said in (("en", " (95% CI ["), ("it", " (IC 95 % [")):
        r = CliRunner().invoke(cli, ["match", "greedy", "random", "--deals", "4", "--seed", "1",
                                     "--lang", lang])
        assert r.exit_code == 0, r.output
        progress = [x for x in r.stderr.splitlines() if x.startswith(("match:", "partita:"))]
        assert progress and all(said in x for x in progress), r.stderr
