"""`briscola deal`, `simulate` and `replay` through click's test runner."""
import json

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.position import parse_position
from solver.record import read_records, replay_all
from solver.rules import VARIANTS


def run(*args):
    return CliRunner().invoke(cli, list(args))


def one_line_error(r, *words):
    assert r.exit_code == 2, (r.output, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    assert "Traceback" not in r.output
    for w in words:
        assert w in lines[0]


@pytest.mark.parametrize("cmd", ["deal", "simulate", "replay"])
def test_help_has_an_example(cmd):
    r = run(cmd, "--help")
    assert r.exit_code == 0 and "Example" in r.output and f"briscola {cmd}" in r.output


def test_deal_scoperta_prints_a_position():
    r = run("deal", "--variant", "scoperta", "--seed", "7")
    assert r.exit_code == 0
    pos = parse_position(r.output.strip())
    assert pos.talon_size == 34 and pos.to_move == 0 and bin(pos.hands[0]).count("1") == 3
    assert run("deal", "--seed", "7").output == r.output
    assert run("deal", "--seed", "8").output != r.output
    assert parse_position(run("deal", "--seed", "7", "--dealer", "1").output.strip()).to_move == 1


def test_deal_scoperta4_prints_its_starting_position_as_analyse_reads_it():
    r = run("deal", "--variant", "scoperta4", "--seed", "3")
    assert r.exit_code == 0
    text = r.output.strip()
    assert len(text.splitlines()) == 1
    pos = parse_position(text)
    assert pos.variant_name == "scoperta4" and pos.talon_size == 28 and pos.to_move == 0
    assert all(bin(h).count("1") == 3 for h in pos.hands)
    # the same deal as the one shown before: player 1 holds FB 6C CD, the trump card is 2C
    assert "hand1=FB,6C,CD" in text and "briscola=2C" in text
    assert parse_position(run("deal", "-v", "scoperta4", "-s", "3", "--dealer", "2")
                          .output.strip()).to_move == 2
    # piped into a command that reads positions from stdin
    shown = CliRunner().invoke(cli, ["show", "-"], input=r.output)
    assert shown.exit_code == 0 and "Player 4" in shown.output, shown.output


@pytest.mark.parametrize("name", [n for n in VARIANTS if n not in ("scoperta", "scoperta4")])
def test_deal_other_variants_readably(name):
    r = run("deal", "-v", name, "--seed", "3")
    assert r.exit_code == 0
    players = VARIANTS[name].players
    assert sum(1 for ln in r.output.splitlines() if ln.startswith("player ")) == players
    assert "talon (top first)" in r.output
    assert ("no trump" in r.output) == (not VARIANTS[name].has_trump)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_deal_json_is_a_record_with_no_moves(name, tmp_path):
    r = run("deal", "-v", name, "--seed", "5", "--json")
    assert r.exit_code == 0
    rec = json.loads(r.output)
    assert rec["moves"] == [] and rec["seed"] == 5 and rec["variant"] == name
    p = tmp_path / "d.json"
    p.write_text(r.output)
    assert replay_all(read_records(str(p))[0])[0].moves == ()


def test_simulate_counts_add_up():
    r = run("simulate", "-v", "scoperta", "--games", "60", "--seed", "1")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[0].startswith("Briscola scoperta (2 players): 60 deals, seed 1")
    side1 = lines[1].split(":")[1]
    w, d, l = (int(x.split()[0]) for x in side1.split(",")[:3])
    assert w + d + l == 60 and w > l                       # greedy beats random
    assert run("simulate", "-v", "scoperta", "--games", "60", "--seed", "1").output == r.output


def test_simulate_briscolone_plays_matches_to_the_target(tmp_path):
    out = tmp_path / "b.jsonl"
    r = run("simulate", "-v", "briscolone", "-n", "4", "--seed", "2", "--target", "151",
            "--record-out", str(out))
    assert r.exit_code == 0, r.stderr
    assert "4 matches" in r.output and "target 151" in r.output and "match totals" in r.output
    recs = read_records(str(out))
    assert len(recs) == 4
    for rec in recs:
        states = replay_all(rec)
        assert max(rec["result"]["points"]) >= 151 and rec["match"]["target"] == 151
        assert sum(sum(s.side_points) for s in states) == 120 * len(states)


def test_simulate_four_players_and_agent_lists():
    """A four-player tally names teams, as replay does ("side 2" was named nowhere else)."""
    r = run("simulate", "-v", "scoperta4", "-n", "5", "--agents", "random", "--seed", "3")
    assert r.exit_code == 0 and "team 2+4 (random): " in r.output and "side" not in r.output
    r = run("simulate", "-v", "scoperta4", "-n", "1", "--match", "--seed", "3", "--lang", "it")
    assert r.exit_code == 0 and "squadra 1+3 (greedy): " in r.output
    assert "vinte dalla squadra 1+3 " in r.output and "parte" not in r.output
    r = run("simulate", "-v", "scoperta", "-n", "2", "--seed", "3")
    assert r.exit_code == 0 and "side 2 (random): " in r.output
    r = run("simulate", "-v", "classic", "-n", "3", "--match", "--target", "2", "--seed", "3")
    assert r.exit_code == 0 and "3 matches" in r.output and "segni target 2" in r.output


def test_simulate_never_overwrites_without_force(tmp_path):
    out = tmp_path / "g.jsonl"
    out.write_text("precious\n")
    r = run("simulate", "-n", "2", "--seed", "1", "--record-out", str(out))
    one_line_error(r, "exists", "--force")
    assert out.read_text() == "precious\n"
    r = run("simulate", "-n", "2", "--seed", "1", "--record-out", str(out), "--force")
    assert r.exit_code == 0 and len(read_records(str(out))) == 2


def test_replay_prints_tricks_and_result(tmp_path):
    out = tmp_path / "g.jsonl"
    assert run("simulate", "-n", "1", "--seed", "4", "--record-out", str(out)).exit_code == 0
    r = run("replay", str(out))
    assert r.exit_code == 0, r.stderr
    tricks = [ln for ln in r.output.splitlines() if ln.startswith("trick")]
    assert len(tricks) == 20 and "draws:" in tricks[0] and "draws:" not in tricks[-1]
    assert r.output.splitlines()[-1].startswith("result: ")


@pytest.mark.parametrize("lang,deal_won,match_won", [
    ("en", "team {} wins", "match: deals won {}-{} (points {}-{}), "),
    ("it", "vince la squadra {}", "partita: smazzate vinte {}-{} (punti {}-{}), "),
])
def test_replay_of_four_players_names_the_winning_team_and_a_match_its_deals(
        tmp_path, lang, deal_won, match_won):
    """A four-player deal was won by "side 2" (a side the replay named nowhere: its tricks
    say P1 to P4, explain and the board say "team 2+4"), and a match of rounds by its points
    added up ("match: 80-160"), though rounds are won by deals."""
    out = tmp_path / "m.jsonl"
    r = run("simulate", "--variant", "scoperta4", "-n", "1", "--match", "--target", "3",
            "--seed", "1", "--record-out", str(out))
    assert r.exit_code == 0, r.stderr
    rec = read_records(str(out))[0]
    r = run("replay", "--lang", lang, str(out))
    assert r.exit_code == 0, r.stderr
    lines = r.output.splitlines()
    for deal in rec["deals"]:
        team = {1: "1+3", 2: "2+4"}.get(deal["result"]["winner"])
        if team:
            assert any(ln.endswith(deal_won.format(team)) for ln in lines), (team, lines)
    res = rec["result"]
    team = {1: "1+3", 2: "2+4"}[res["winner"]]
    assert lines[-1] == match_won.format(*res["wins"], *res["points"]) + deal_won.format(team)
    assert "side" not in r.output and "parte" not in r.output


def _start_record(path, start, moves=None):
    from solver.game import from_position, legal_cards, play
    from solver.record import start_record
    pos = parse_position(start)
    st = first = from_position(pos)
    while not st.is_over and (moves is None or len(st.moves) < moves):
        st = play(st, legal_cards(st)[0])
    path.write_text(json.dumps(start_record(st, pos.to_text(), first.talon)))
    return str(path)


@pytest.mark.parametrize("score,moves,last", [
    ("", None, "result: 25-0 won from the start on; the start has no score: the final score "
               "is not known"),
    (" score=40-55", None, "result: 25-0 won from the start on; final score 65-55, side 1 wins"),
    (" score=40-55", 2, "unfinished after 2 moves: 10-0 won from the start on; score 50-55"),
    (" score=40-55", 1, "unfinished after 1 move: 0-0 won from the start on; score 40-55"),
])
def test_replay_of_a_start_says_the_points_won_since_and_no_dealer(tmp_path, score, moves, last):
    path = _start_record(tmp_path / "s.json", "hand1=3C,AS hand2=2C,RS briscola=RD turn=1" + score,
                         moves)
    r = run("replay", path)
    assert r.exit_code == 0, r.stderr
    lines = r.output.splitlines()
    assert "dealer" not in lines[0] and "from a position" in lines[0]
    assert lines[-1] == last


def test_a_start_without_a_score_records_no_winner(tmp_path):
    """Such a record said "winner": null, which reads as a draw: its points are those won
    since the start, and who won the deal is not known."""
    path = _start_record(tmp_path / "s.json", "hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    rec = json.loads(open(path).read())
    assert rec["result"] == {"points": [25, 0], "since_start": True}
    scored = _start_record(tmp_path / "t.json",
                           "hand1=3C,AS hand2=2C,RS briscola=RD turn=1 score=40-55")
    assert json.loads(open(scored).read())["result"] == {"points": [65, 55], "winner": 1}
    older = {**rec, "result": {"points": [25, 0], "winner": None}}
    (tmp_path / "old.json").write_text(json.dumps(older))
    assert run("replay", str(tmp_path / "old.json")).exit_code == 0
    for bad, words in [({"points": [25, 0], "since_start": True, "winner": None}, "without a winner"),
                       ({"points": [20, 5], "since_start": True}, "states 20-5 won from the start on")]:
        (tmp_path / "bad.json").write_text(json.dumps({**rec, "result": bad}))
        one_line_error(run("replay", str(tmp_path / "bad.json")), words)


def test_replay_refuses_a_tampered_record(tmp_path):
    out = tmp_path / "g.json"
    run("simulate", "-n", "1", "--seed", "4", "--record-out", str(out))
    rec = json.loads(out.read_text())
    rec["moves"][0], rec["moves"][1] = rec["moves"][1], rec["moves"][0]
    out.write_text(json.dumps(rec))
    leader = (rec["dealer"] % 2) + 1
    one_line_error(run("replay", str(out)), "move 1:", f"is not in player {leader}'s hand")


@pytest.mark.parametrize("args,words", [
    (["deal", "--variant", "poker"], ["unknown variant 'poker'"]),
    (["deal", "--seed", "x"], ["--seed"]),
    (["deal", "--dealer", "3"], ["--dealer"]),
    (["simulate", "--games", "-3"], ["--games", "out of range (1 to"]),
    (["simulate", "--games", "0"], ["--games"]),
    (["simulate", "--agents", "genius"], ["unknown agent 'genius'"]),
    (["simulate", "--target", "0", "--match"], ["--target"]),
    (["simulate", "-v", "libero", "--foo"], ["--foo"]),
    (["simulate", "-v", "briscolone", "-n", "1", "--target", "1"], ["121 or 151", "got 1"]),
    (["simulate", "-v", "libero", "-n", "1", "--target", "150"], ["121 or 151", "got 150"]),
    (["replay", "/nonexistent/record.json"], ["cannot read"]),
    (["replay"], ["RECORD"]),
])
def test_bad_input_is_one_line_and_exit_2(args, words):
    one_line_error(run(*args), *words)


def test_replay_of_bad_json_and_unknown_variant(tmp_path):
    p = tmp_path / "r.json"
    p.write_text("{not json")
    one_line_error(run("replay", str(p)), "not valid JSON")
    p.write_text(json.dumps({"format": "briscola-record", "version": 1, "variant": "uno",
                             "dealer": 1, "deck": [], "moves": []}))
    one_line_error(run("replay", str(p)), "unknown variant 'uno'")


def test_simulate_keeps_the_games_played_when_ctrl_c_stops_it(tmp_path):
    """A long simulation shows progress on stderr; Ctrl-C prints the tally of the games
    played so far, writes their records, says it was interrupted and exits 130."""
    import select

    from cli_process import cli_process, ctrl_c

    out = tmp_path / "g.jsonl"
    with cli_process("simulate", "--games", "10000000", "--seed", "3", "--record-out",
                     out) as p:
        ready, _, _ = select.select([p.stderr], [], [], 60)  # a progress line within 60 s
        assert ready, "no progress line on stderr"
        line = p.stderr.readline()
        assert line.startswith("simulate: ") and "/10000000 deals" in line, line
        stdout, err = ctrl_c(p)
    assert p.returncode == 130, err
    assert "Traceback" not in err and err.rstrip().endswith("interrupted")
    head = stdout.splitlines()[0]
    n = int(head.split(": ")[1].split(" deals of 10000000 (interrupted)")[0])
    recs = read_records(str(out))
    assert n > 0 and len(recs) == n and "wrote" in stdout
    wins = sum(int(ln.split(": ")[1].split(" wins")[0]) for ln in stdout.splitlines()[1:3])
    assert wins <= n
    assert [replay_all(r)[0].is_over for r in recs[:5]] == [True] * min(5, n)


@pytest.mark.parametrize("variant", ["classic", "scoperta4"])
def test_simulate_has_player_1_lead_the_first_deal_and_passes_the_deal(variant):
    """The rules: by default player 1 leads the first deal, the deal passes one seat on."""
    from solver.players.series import play_series
    from solver.rules import get_variant

    v = get_variant(variant)
    games = [g for _, g in play_series(v, "random", 3, seed=11, as_match=False)]
    assert [g.tricks[0].leader for g in games] == [k % v.players for k in range(3)]
