"""`briscola play --opponent AGENT`: a human against any agent `briscola match` takes (a bot
too), every part of play kept (games, matches, records naming the opponent, the review, the
hints, --lang it); the bot hears only its seat's view and the deal's end, as in a match; a
bad name, a bot that fails, and --level beside --opponent are one line (exit 2)."""
from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from test_external import _gone  # a bot's process gone (reaped)
from solver.cards import card_str
from solver.position import parse_position
from solver.record import read_record, replay_all, replay_match

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "tests" / "bots" / "misbehave.py"
EXAMPLE = ROOT / "examples" / "lowest_bot.py"
TPM = "0.03"
# every card of the deck, over and over: each turn plays the first held card in deck order
SCRIPT = "".join(card_str(c) + "\n" for _ in range(25) for c in range(40))


def run(*args, input=SCRIPT, env=None):
    return CliRunner().invoke(cli, ["play", *args], input=input,
                              env={"NO_COLOR": "1", **(env or {})})


def _bot(mode: str, *more: object, seconds: str = "") -> str:
    words = " ".join(shlex.quote(str(m)) for m in more)
    return f"exec:{seconds}{shlex.quote(sys.executable)} {shlex.quote(str(BOT))} {mode} {words}"



def one_line_error(r, *words, lang="en"):
    assert r.exit_code == 2, (r.output, r.stderr)
    err = [ln for ln in r.stderr.splitlines() if not ln.startswith("[exec:")]  # info lines
    assert len(err) == 1 and err[0].startswith("error: " if lang == "en" else "errore: "), err
    assert "Traceback" not in r.output
    for w in words:
        assert w in err[0], err[0]


def test_a_bot_plays_a_classic_match_from_its_seat_and_the_record_names_it(tmp_path):
    log, out = tmp_path / "lines.txt", tmp_path / "m.json"
    name = _bot("info", "--log", log)
    r = run("--variant", "classic", "--match", "2", "--seed", "5", "--opponent", name,
            "--time-per-move", TPM, "--record-out", str(out))
    assert r.exit_code == 0, r.output
    timed = f"exec:{TPM}:{name[5:]}"  # --time-per-move given: the bot's time, as in match
    assert r.output.startswith(f"Briscola against {timed}, seed 5.")
    assert "The opponent's cards are said with what they do in the trick" in r.output
    plays = re.findall(r"^The opponent plays (\w\w): (.*)$", r.stdout, re.M)
    assert "the engine" not in r.stdout.split("Review of your play:")[0]
    rec = read_record(str(out))
    assert rec["players"] == ["human", timed]
    m = replay_match(rec)
    assert m.is_over and rec["variant"] == "classic" and len(m.deals) >= 2
    assert r.output.count("Review of your play:") == len(m.deals)
    assert len(plays) == 20 * len(m.deals) and all(why for _, why in plays)
    # the bot heard every deal: its seat's view at each card, the points when it ended
    lines = log.read_text().splitlines()
    assert lines[0] == "briscola 1 info" and lines[-1] == "quit"
    moves = [ln.split(" ", 3) for ln in lines if ln.startswith("move ")]
    assert len(moves) == 20 * len(m.deals) and [x for x in moves if x[2] != TPM] == []
    for _, legal, _, text in moves:
        pos = parse_position(text)
        assert pos.hidden_hand and pos.seat == 1 and "hand1=?" in text
        assert legal.split(",") == [card_str(c) for c in pos.legal_cards()]
    ends = [ln for ln in lines if ln.startswith("end ")]
    assert ends == [f"end {d.side_points[0]}-{d.side_points[1]}" for d in m.deals]
    assert [c for c, _ in plays] == [card_str(c) for d in m.deals for t in d.tricks
                                     for i, c in enumerate(t.cards) if (t.leader + i) % 2 == 1]
    # its info lines on stderr, never taken as a card
    assert r.stderr.count("thinking about") == len(moves)


@pytest.mark.parametrize("variant", ["scoperta", "scoperta4", "briscolone"])
def test_the_simple_agents_and_the_engine_play_in_every_game(variant, tmp_path):
    out = tmp_path / "g.json"
    for opponent in ("greedy", "engine:0.02"):
        r = run("--variant", variant, "--seed", "3", "--opponent", opponent,
                "--time-per-move", TPM, "--record-out", str(out), "--force")
        assert r.exit_code == 0, r.output
        head = r.output.splitlines()[0]
        assert f"against {opponent}, seed 3." in head
        rec = read_record(str(out))
        assert rec["players"] == ["human", opponent] and replay_all(rec)[0].is_over
        if variant != "scoperta4":
            assert "Review of your play:" in r.output
    if variant == "scoperta":
        assert "Opponent: " in r.output and "Engine:" not in r.output


def test_hints_stay_the_engines_and_italian_names_the_opponent():
    r = run("--seed", "8", "--opponent", "random", "--lang", "it", "--time-per-move", TPM,
            input="hint\nq\n")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("Briscola scoperta contro random, mescolata n. 8.")
    assert "Avversario: " in r.output and "Consiglio: " in r.output
    assert r.output.rstrip().endswith("Partita interrotta.")


@pytest.mark.parametrize("args,lang,said", [
    (["--opponent", "genius"], "en", "unknown agent 'genius'"),
    (["--opponent", "genius", "--lang", "it"], "it", "giocatore automatico sconosciuto"),
    (["--opponent", "greedy", "--level", "easy"], "en", "give one of them"),
    (["--level", "hard", "--opponent", "greedy", "--lang", "it"], "it", "indicane uno solo"),
    (["--opponent", "exec:no-such-program-anywhere"], "en", "no program"),
    (["--opponent", "exec:"], "en", "exec: takes a command"),
])
def test_a_bad_opponent_is_one_line_before_the_game(args, lang, said):
    r = run(*args, "--seed", "1", input="q\n")
    one_line_error(r, said, lang=lang)
    assert r.stdout == ""


@pytest.mark.parametrize("mode,said", [
    ("crash", "exited with code 1 during the game"),
    ("illegal", "which is not a legal card here"),
    ("garbage", "which is not a card"),
    ("hang", "gave no answer within 0.25 s: stopped it"),
])
def test_a_bot_that_fails_ends_the_game_in_one_line_and_keeps_the_record(mode, said, tmp_path):
    out, pid = tmp_path / "g.json", tmp_path / "pid"
    r = run("--variant", "classic", "--seed", "2", "--opponent",
            _bot(mode, "--pid", pid, seconds="0.05:"), "--record-out", str(out),
            "--time-per-move", TPM, env={"BRISCOLA_BOT_GRACE_MS": "200"})
    one_line_error(r, said)
    assert _gone(int(pid.read_text())), "the bot's process is left behind"
    rec = read_record(str(out))
    assert 2 <= len(rec["moves"]) < 40 and not replay_all(rec)[0].is_over
    r = run("--variant", "classic", "--seed", "2", "--opponent", _bot(mode, seconds="0.05:"),
            "--time-per-move", TPM, "--lang", "it", env={"BRISCOLA_BOT_GRACE_MS": "200"})
    one_line_error(r, lang="it")


def test_a_bot_that_fails_in_a_later_deal_keeps_the_deals_played_in_the_record(tmp_path):
    """As match and simulate report the deals before a bot's failure, play keeps them: the
    record holds the match's first deal whole and the second as far as it went."""
    out = tmp_path / "m.json"
    r = run("--variant", "classic", "--match", "2", "--seed", "5", "--opponent",
            _bot("crash", "--at", "25", seconds="0.05:"), "--record-out", str(out),
            "--time-per-move", TPM)
    one_line_error(r, "exited with code 1 during the game")
    assert "--- Deal 2 ---" in r.stdout and f"Record written to {out}" in r.stdout, r.stdout
    first, second = replay_all(read_record(str(out)))
    assert len(first.moves) == 40 and first.is_over and 2 <= len(second.moves) < 40


def test_a_bot_that_fails_is_said_on_stdout_to_have_stopped_the_game_as_ctrl_c_is(tmp_path):
    """The error line went to stderr, and stdout, the game's own text, ended mid-game with
    no word of why (Ctrl-C says "Interrupted: game stopped."): it now says the opponent
    stopped it, before the record's line, in both languages."""
    out = tmp_path / "g.json"
    for lang, said, wrote in (("en", "Opponent failed: game stopped.", "Record written to"),
                              ("it", "Errore dell'avversario: la partita si ferma qui.",
                               "Partita salvata in")):
        r = run("--variant", "classic", "--seed", "2", "--opponent",
                _bot("crash", "--at", "3", seconds="0.05:"), "--record-out", str(out),
                "--force", "--time-per-move", TPM, "--lang", lang)
        one_line_error(r, lang=lang)
        tail = r.stdout.rstrip().splitlines()[-2:]
        assert tail == [said, f"{wrote} {out}"], r.stdout


@pytest.mark.parametrize("mode,english,italian", [
    ("crash", "exited with code 1 during the game", "è uscito con codice 1 durante la partita"),
    ("close", "closed its output (stdout) during the game",
     "ha chiuso la sua uscita (stdout) durante la partita"),
    ("deaf", "closed its input (stdin) during the game",
     "ha chiuso il suo ingresso (stdin) durante la partita"),
])
def test_a_bot_gone_is_said_gone_during_the_game_not_a_match(mode, english, italian):
    """`play` is a person's game: a bot that exits or closes a pipe there is said to do so
    during the game, in both languages, not "during the match" as in `briscola match`."""
    for lang, said in (("en", english), ("it", italian)):
        r = run("--variant", "classic", "--seed", "2", "--opponent", _bot(mode, seconds="0.05:"),
                "--time-per-move", TPM, "--lang", lang, env={"BRISCOLA_BOT_GRACE_MS": "200"})
        one_line_error(r, said, lang=lang)
        assert "match" not in r.stderr.split("bot.py")[-1] and "incontro" not in r.stderr


def test_the_example_bot_plays_a_whole_deal_as_the_docs_say():
    r = run("--variant", "classic", "--seed", "4", "--opponent",
            f"exec:{shlex.quote(sys.executable)} {EXAMPLE}", "--time-per-move", TPM)
    assert r.exit_code == 0, r.output
    assert "Result: " in r.output and "Review of your play:" in r.output


def test_in_four_player_scoperta_the_opponent_plays_the_other_team_not_your_partner(tmp_path):
    log, out = tmp_path / "lines.txt", tmp_path / "g.json"
    r = run("--variant", "scoperta4", "--seed", "3", "--opponent", _bot("info", "--log", log),
            "--time-per-move", TPM, "--record-out", str(out))
    assert r.exit_code == 0, r.output
    end = replay_all(read_record(str(out)))[0]
    theirs = [c for t in end.tricks for i, c in enumerate(t.cards) if (t.leader + i) % 2 == 1]
    moves = [ln for ln in log.read_text().splitlines() if ln.startswith("move ")]
    assert len(theirs) == 20 and len(moves) == len(theirs)
    assert "Partner plays" in r.output
