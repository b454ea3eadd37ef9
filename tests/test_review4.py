"""`briscola review` of four-player scoperta records: each card judged from its mover's team's
view, the errors, luck and result added up per team."""
import json

import pytest
from click.testing import CliRunner

from cli.main import cli
from protocol_reference import _value0, move_values
from solver import review as R
from solver.game import from_position, play
from solver.i18n import REVIEW_TEXT
from solver.players.agents import play_deal
from solver.position import parse_position
from solver.record import deal_record, start_record, write_record

SEED = 3
TPM = 0.03
NAMES = ["greedy", "random", "greedy", "random"]
LATE = 24  # moves played before the late record starts: talon 4, the last draw to come


def run(*args):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module")
def dealt():
    return play_deal("scoperta4", NAMES, SEED)


def _late_record(dealt):
    """The deal from move LATE + 1 on, as a record started from that position (score= kept):
    every card of it is solved exactly in any time."""
    st = dealt.start
    for c in dealt.moves[:LATE]:
        st = play(st, c)
    text = st.view().to_text()
    late = from_position(parse_position(text), st.talon)
    for c in dealt.moves[LATE:]:
        late = play(late, c)
    assert late.is_over and late.moves == dealt.moves[LATE:]
    return start_record(late, text, st.talon, seed=SEED, players=NAMES)


@pytest.fixture(scope="module")
def late_record(dealt):
    return _late_record(dealt)


@pytest.fixture(scope="module")
def late(late_record):
    return R.review_record(late_record, TPM)


def _states(dealt):
    st = dealt.start
    for c in dealt.moves:
        yield st, c
        st = play(st, c)


def test_every_card_of_the_late_deal_is_exact_and_its_cost_is_the_mover_teams(dealt, late):
    """Each cost is the best card's value less the card played's, for the mover's team,
    checked against an expectiminimax over the State protocol at the last three tricks."""
    assert late.seats == 4 and late.complete and len(late.moves) == 40 - LATE
    steps = list(_states(dealt))[LATE:]
    checked = 0
    for m, (st, c) in zip(late.moves, steps, strict=True):
        assert m.card == c and m.player == st.to_move and m.exact
        assert m.cost is not None and m.cost >= 0
        if m.choices > 1 and not st.talon:
            vals = move_values(st.view())
            best = max(vals.values())
            assert m.cost_exact == best - vals[c]
            assert set(m.best) == {k for k, v in vals.items() if v == best}
            checked += 1
    assert checked >= 6


def test_the_last_draws_luck_is_team_1_3s_exact_value_less_the_average(dealt, late):
    """The luck of the last draw: the value after the draw that came less the average over
    every draw that could have come, team 1+3's (team 2+4's its negative)."""
    (d,) = late.draws
    st, c = list(_states(dealt))[d.move - 1 + LATE]
    view = st.view()
    outs = view.outcomes(c)
    after = play(st, c).view()
    values = {draws: _value0(view.play(c, draws), "points", {}) for draws, _ in outs}
    came = next(v for draws, v in values.items() if view.play(c, draws) == after)
    expected = sum(p * values[draws] for draws, p in outs)
    assert d.every_draw and d.luck_exact == came - expected and d.draws == len(outs)
    assert d.luck_for(0) == d.luck_for(2) == -d.luck_for(1) == -d.luck_for(3)


def test_mistakes_accuracy_and_the_teams_totals_add_up(late):
    costs = [m for m in late.moves if m.mistake]
    top = sorted(costs, key=lambda m: (-m.cost, m.number))[:3]
    assert late.mistakes() == top and top and top[0].cost > 0
    teams = late.sides()
    assert [s.team for s in teams] == [(0, 2), (1, 3)]
    for s in teams:
        members = [late.stats(p) for p in s.team]
        assert s.total_cost == pytest.approx(sum(p.total_cost for p in members))
        assert s.decisions == sum(p.decisions for p in members)
        assert s.optimal == sum(p.optimal for p in members)
        assert s.luck == pytest.approx(members[0].luck) and s.result == members[0].result
    for p in range(4):
        s = late.stats(p)
        dec = [m for m in late.moves if m.player == p and m.choices > 1]
        assert s.decisions == len(dec) and s.optimal == sum(m.cost == 0 for m in dec)
        assert s.accuracy == (s.optimal / len(dec) if dec else None)
    a, b = late.results[0]
    assert teams[0].result == a - b == -teams[1].result
    assert teams[0].luck == pytest.approx(-teams[1].luck)
    # every value exact: the margin is the start's value plus the luck, less team 1+3's
    # errors, plus team 2+4's (the bookkeeping)
    start = late.moves[0]
    v0 = start.best_value if start.player % 2 == 0 else -start.best_value
    assert a - b == pytest.approx(
        _taken(late) + v0 + teams[0].luck - teams[0].total_cost + teams[1].total_cost
    )


def _taken(rv):
    """Team 1+3's margin before the late record's first card (its score=)."""
    first = rv.moves[0]
    return (first.value_range[0] + first.value_range[1]) / 2


def test_json_names_each_player_and_team(late_record, tmp_path):
    path = tmp_path / "late4.json"
    write_record(str(path), late_record)
    r = run("review", str(path), "--json", "--time-per-move", str(TPM))
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert [p["player"] for p in d["players"]] == [1, 2, 3, 4]
    assert [p["name"] for p in d["players"]] == NAMES
    assert [(t["team"], t["members"]) for t in d["teams"]] == [("1+3", [1, 3]), ("2+4", [2, 4])]
    for t in d["teams"]:
        assert {"total_cost", "total_cost_exact", "luck", "luck_exact", "result"} <= set(t)
    assert d["teams"][0]["result"] == -d["teams"][1]["result"]
    assert all(m["cost"] >= 0 and m["exact"] for m in d["moves"])
    assert {m["player"] for m in d["moves"]} == {1, 2, 3, 4}
    assert len(d["mistakes"]) <= 3 and d["luck"][0]["exact"]


def test_the_text_speaks_of_teams_in_english_and_italian(late_record, tmp_path):
    path = tmp_path / "late4.json"
    write_record(str(path), late_record)
    en = run("review", str(path), "--time-per-move", str(TPM))
    it = run("review", str(path), "--time-per-move", str(TPM), "--lang", "it")
    assert en.exit_code == 0 and it.exit_code == 0, (en.output, it.output)
    assert "team 1+3 (greedy, greedy): errors" in en.stdout
    assert "team 2+4 (random, random): errors" in en.stdout
    assert "player 4 (random):" in en.stdout and "T1+3 " in en.stdout
    assert REVIEW_TEXT["en"]["team_note"] in en.stdout
    assert "squadra 1+3 (goloso, goloso): errori" in it.stdout
    assert "giocatore 4 (casuale):" in it.stdout and "S1+3 " in it.stdout
    assert REVIEW_TEXT["it"]["team_note"] in it.stdout
    assert "team" not in it.stdout and "player" not in it.stdout


def test_objective_win_judges_by_the_teams_chance(dealt, late_record):
    rv = R.review_record(late_record, TPM, objective="win")
    steps = list(_states(dealt))[LATE:]
    for m, (st, c) in zip(rv.moves, steps, strict=True):
        assert m.objective == "win" and 0 <= m.cost <= 1
        if m.choices > 1 and not st.talon:
            vals = move_values(st.view(), "win")
            assert m.cost_exact == max(vals.values()) - vals[c]


def test_a_whole_four_player_deal_is_reviewed_where_it_was_refused(tmp_path):
    """The record `simulate` writes: once refused ('review supports two-player records'),
    now every card rated, the early ones estimated within the time."""
    p = tmp_path / "four.json"
    assert run("simulate", "-v", "scoperta4", "-n", "1", "--seed", "2", "--record-out", str(p)).exit_code == 0
    r = run("review", str(p), "--json", "--time-per-move", str(TPM))
    assert r.exit_code == 0, (r.output, r.stderr)
    d = json.loads(r.stdout)
    assert d["complete"] and len(d["moves"]) == 40 and len(d["teams"]) == 2
    assert all(m["cost"] is not None and m["cost"] >= 0 for m in d["moves"])
    assert any(m["method"] == "estimate" for m in d["moves"])
    assert len(d["luck"]) == 7  # a draw after each of the 7 tricks with a talon
    assert all(x["luck"] is not None for x in d["luck"])


def test_ctrl_c_keeps_the_cards_judged_so_far(late_record, tmp_path, monkeypatch):
    path = tmp_path / "late4.json"
    write_record(str(path), late_record)
    real, calls = R.review_move, []

    def flaky(*a, **k):
        calls.append(1)
        if len(calls) > 3:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(R, "review_move", flaky)
    r = run("review", str(path), "--json", "--time-per-move", str(TPM))
    assert r.exit_code == 130
    d = json.loads(r.stdout)
    assert d["interrupted"] and len(d["moves"]) == 3

