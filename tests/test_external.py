"""Bots in any language (solver/players/external.py, docs/bots.md): ``exec:COMMAND`` plays
through `briscola match` and `simulate` over the line protocol; a bot that crashes, exits,
closes its output, writes garbage, an illegal card or what it was not asked, floods its
output or hangs ends the match with one line naming it (exit 2), its process killed and
reaped, on Ctrl-C too, and on Linux when the CLI itself is killed; its info lines are shown
on stderr, a bounded number a move; it hears only its seat's view; the board runs no
command."""
from __future__ import annotations

import json
import os
import random
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_process import cli_process, ctrl_c
from click.testing import CliRunner

from cli.main import cli
from solver.cards import card_str, cards_of
from solver.game import deal, deal_from_deck, default_dealer, play
from solver.i18n import error_text
from solver.players.agents import get_agent, play_deal, run_deal
from solver.players.external import BotError, ExternalAgent, parse_exec_name, with_time
from solver.players.match import deck_for, run_match
from solver.position import parse_position
from solver.rules import get_variant

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "tests" / "bots" / "misbehave.py"
EXAMPLE = ROOT / "examples" / "lowest_bot.py"
MEMORY = ROOT / "tests" / "bots" / "memory.py"
PY = shlex.quote(sys.executable)


def _bot(mode: str, *more: object, seconds: str = "") -> str:
    words = " ".join(shlex.quote(str(m)) for m in more)
    return f"exec:{seconds}{PY} {shlex.quote(str(BOT))} {mode} {words}".rstrip()


def _gone(pid: int, within: float = 5.0, reaped: bool = True) -> bool:
    """Whether process ``pid`` no longer exists: killed and reaped (a zombie still does,
    unless ``reaped`` is False: one whose parent is gone is for init to reap)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        if not reaped and _zombie(pid):
            return True
        time.sleep(0.05)
    return False


def _zombie(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


@pytest.mark.parametrize("variant", ["scoperta", "classic", "briscolone"])
def test_a_bot_plays_a_match_over_the_protocol(variant, tmp_path):
    log = tmp_path / "lines.txt"
    r = CliRunner().invoke(cli, ["match", _bot("ok", "--log", log), "greedy", "--deals", "2",
                                 "--seed", "4", "--variant", variant, "--jobs", "2", "-q"])
    assert r.exit_code == 0, r.output
    assert "2 duplicate deals (4 games)" in r.stdout
    lines = log.read_text().splitlines()
    # two processes for the whole match, whatever --jobs says, one for the first game of
    # every pair, one for the mirrored game: a greeting and a quit each; the greeting
    # offers info lines (words after the version: a version 1 bot ignores them)
    assert lines[0] == "briscola 1 info" and lines[-1] == "quit"
    assert sum(ln.startswith("briscola ") for ln in lines) == lines.count("quit") == 2
    kinds = [ln.split()[0] for ln in lines]
    assert set(kinds) == {"briscola", "new", "move", "end", "quit"}
    assert kinds.count("new") == kinds.count("end") == 4
    assert all(ln == f"new {variant}" for ln in lines if ln.startswith("new "))
    for ln in lines:
        word, *rest = ln.split(" ", 3)
        if word == "end":
            a, b = map(int, rest[0].split("-"))
            assert a + b == 120
        if word == "move":
            legal, seconds, text = rest
            pos = parse_position(text)
            assert legal.split(",") == [card_str(c) for c in pos.legal_cards()]
            assert float(seconds) == 1.0
            assert pos.hidden_hand == (variant != "scoperta")


@pytest.mark.parametrize("given, sent", [("0.00001", "0.00001"), ("0.5", "0.5"), ("20000", "20000")])
def test_a_moves_seconds_are_plain_decimals(given, sent, tmp_path):
    """`move`'s SECONDS is written as docs/bots.md shows it (`1`, `0.5`): 0.00001 went out as
    `1e-05`, which a bot splitting on digits and a point does not read."""
    log = tmp_path / "lines.txt"
    r = CliRunner().invoke(cli, ["match", _bot("ok", "--log", log, seconds=f"{given}:"), "greedy",
                                 "--deals", "1", "--seed", "4", "--variant", "scoperta", "-q"])
    assert r.exit_code == 0, r.output
    said = {ln.split(" ", 3)[2] for ln in log.read_text().splitlines() if ln.startswith("move ")}
    assert said == {sent}


def test_in_four_player_scoperta_a_bot_plays_both_seats_of_its_side(tmp_path):
    """docs/bots.md: one process is asked for the cards of both partners, `turn=` saying
    whose; the deal's blocks in its log (the match plays them one after another) each hold
    one side's seats, both of them."""
    log = tmp_path / "lines.txt"
    r = CliRunner().invoke(cli, ["match", _bot("ok", "--log", log), "greedy", "--deals", "1",
                                 "--seed", "4", "--variant", "scoperta4", "-q"])
    assert r.exit_code == 0, r.output
    blocks, turns = [], set()
    for ln in log.read_text().splitlines():
        if ln.startswith("move "):
            turns.add(parse_position(ln.split(" ", 3)[3]).turn)
        elif ln.startswith("end "):
            blocks.append(turns)
            turns = set()
    assert sorted(map(sorted, blocks)) == [[1, 3], [2, 4]]


def test_an_engine_against_a_bot_gives_each_hidden_card_in_its_whole_time(monkeypatch):
    """An engine agent's forced card came at once in a match: a bot timing its opponent
    learnt that the card it followed with in Briscolone was its only one of the suit led.
    Against a bot each engine card but the last of its hand now waits out the agent's time
    (engine_agent.pause, asked for what the card left of it), forced or not."""
    from solver.players import engine_agent
    cards, waits = [], []
    real_choose = engine_agent.EngineAgent.choose

    def choose(self, view, rng):
        cards.append((view.own.bit_count(), len(view.legal_cards())))
        return real_choose(self, view, rng)

    monkeypatch.setattr(engine_agent.EngineAgent, "choose", choose)
    monkeypatch.setattr(engine_agent, "pause", lambda seconds: waits.append(seconds))
    run_match("briscolone", _bot("ok"), "engine:0.02", 1, seed=2, jobs=1)
    held = [c for c in cards if c[0] > 1]
    assert any(legal == 1 for _, legal in held)  # a forced card with more in hand
    assert len(waits) == len(held) and all(w <= 0.02 for w in waits)
    cards.clear()
    waits.clear()
    run_match("briscolone", "greedy", "engine:0.02", 1, seed=2, jobs=1)
    assert cards and not waits  # no bot to time it: no wait


def test_the_seat_hears_nothing_it_cannot_see(tmp_path):
    """Every move line of a classic (and Briscolone) bot, in a deal played as a match plays
    it, holds none of the opponent's cards in hand and none of the talon's hidden cards, and
    no talon order."""
    log = tmp_path / "lines.txt"
    for variant in ("classic", "briscolone"):
        log.write_text("")
        start = deal(variant, random.Random(11))
        with get_agent(_bot("ok", "--log", log)) as bot:
            end = run_deal(start, [bot, "greedy"], random.Random(2))
        hidden, state = [], start
        for card in end.moves:  # the deal again, with what seat 1 could not see at each card
            if state.to_move == 0:
                talon = state.talon[:-1] if state.variant.has_trump else state.talon
                hidden.append({card_str(c) for c in (*cards_of(state.hands[1]), *talon)})
            state = play(state, card)
        moves = [ln for ln in log.read_text().splitlines() if ln.startswith("move ")]
        assert len(moves) == len(hidden) == 20 and sum(map(bool, hidden)) >= 15
        for line, unseen in zip(moves, hidden, strict=True):
            said = set(re.findall(r"\b(?:[A3RCF765432]|10)[BCDS]\b", line))
            assert not said & unseen, (line, said & unseen)
            assert "hand2=?" in line and "talon=" not in line and "top=" not in line


def _dealt(variant: str, seed: int, deals: int) -> dict:
    """(the hand dealt, the trump card) -> (the deck's index, the seat dealt it), for every
    deck of a match."""
    v = get_variant(variant)
    out = {}
    for i in range(deals):
        s = deal_from_deck(v, deck_for(seed, i), default_dealer(v))
        for seat in (0, 1):
            hand = tuple(sorted(card_str(c) for c in cards_of(s.hands[seat])))
            out[hand, card_str(s.briscola) if s.briscola >= 0 else None] = (i, seat + 1)
    return out


@pytest.mark.parametrize("variant", ["scoperta", "classic", "briscolone"])
@pytest.mark.parametrize("both", [False, True], ids=["bot-greedy", "bot-bot"])
def test_no_bot_process_sees_both_games_of_a_deck(variant, both, tmp_path):
    """A duplicate match deals each deck twice, the sides swapped: a bot that remembered the
    first game would know its opponent's hand (and the talon's order) in the second. Each
    bot name is two processes, one playing the first game of every pair, the other every
    mirrored game: the remembering bot never meets a deck again (in scoperta it would know
    it for sure, and exit), and each process met every deck of its half, one seat each."""
    log, deals, seed = tmp_path / "deals.jsonl", 4, 7
    bot = f"exec:{PY} {shlex.quote(str(MEMORY))} {shlex.quote(str(log))}"
    r = CliRunner().invoke(cli, ["match", bot, bot if both else "greedy", "--deals",
                                 str(deals), "--seed", str(seed), "--variant", variant, "-q"])
    assert r.exit_code == 0, r.output
    dealt = _dealt(variant, seed, deals)
    by_pid: dict[int, list] = {}
    for row in map(json.loads, log.read_text().splitlines()):
        deck, seat = dealt[tuple(row["hand"]), row["briscola"]]
        assert seat == row["seat"]
        by_pid.setdefault(row["pid"], []).append(deck)
    assert len(by_pid) == (4 if both else 2)
    for decks in by_pid.values():
        assert sorted(decks) == list(range(deals)), by_pid  # each deck once, every deck


def test_simulate_names_bots_as_it_names_agents(tmp_path):
    r = CliRunner().invoke(cli, ["simulate", "--agents", f"exec:{PY} {EXAMPLE},greedy",
                                 "--games", "2", "--variant", "classic", "--seed", "1"])
    assert r.exit_code == 0, r.output
    assert f"side 1 (exec:{PY} {EXAMPLE})" in r.stdout


def test_the_example_bot_plays_its_lowest_card():
    pos = "hand1=AS,2C,FD hand2=? briscola=4B played=- turn=1 score=0-0 variant=classic"
    talk = f"briscola 1\nnew classic\nmove AS,2C,FD 1 {pos}\nend 60-60\nquit\n"
    out = subprocess.run([sys.executable, str(EXAMPLE)], input=talk, capture_output=True,
                         text=True, timeout=30)
    assert out.returncode == 0 and out.stdout == "2C\n", out


def test_the_example_is_the_one_in_the_docs():
    assert EXAMPLE.read_text() in (ROOT / "docs" / "bots.md").read_text()


FAILURES = [
    ("crash", "exited with code 1 during the match"),
    ("exit0", "exited with code 0 during the match"),
    # its stdout held open by a child: no end of output, but the bot is gone (it was said
    # as a bot that gave no answer in time)
    ("orphan", "exited with code 3 during the match"),
    ("garbage", "answered 'thinking...', which is not a card"),
    ("escape", "answered '?[31mred', which is not a card"),
    ("illegal", "which is not a legal card here (legal: "),
    ("close", "closed its output (stdout) during the match"),
    ("deaf", "closed its input (stdin) during the match"),
    ("flood", "wrote a line of over 1024 bytes"),
    ("infoflood", "wrote over 100 info lines for one move"),
    # said as written unasked, or as the next answer when it arrives after the next move
    ("unasked", "'debug: I played"),
    # a card with no newline: the bot is told what it forgot, not only that it was late
    ("unended", "gave no answer within 0.25 s: stopped it (it wrote '"),
    ("hang", "gave no answer within 0.25 s: stopped it"),
]


@pytest.mark.parametrize("mode,said", FAILURES, ids=[f[0] for f in FAILURES])
def test_a_bot_that_misbehaves_ends_the_match_in_one_line(mode, said, tmp_path, monkeypatch):
    monkeypatch.setenv("BRISCOLA_BOT_GRACE_MS", "200")
    pid = tmp_path / "pid"
    name = _bot(mode, "--pid", pid, seconds="0.05:")
    t0 = time.monotonic()
    r = CliRunner().invoke(cli, ["match", name, "greedy", "--deals", "1", "--seed", "1",
                                 "--variant", "classic", "-q"])
    assert time.monotonic() - t0 < 30
    assert r.exit_code == 2, r.output
    *info, error = r.stderr.splitlines()  # a flood's info lines were shown, up to the most
    assert len(info) == (100 if mode == "infoflood" else 0), r.stderr
    assert all(ln.startswith("[exec:") and ln.endswith("] x") for ln in info)
    assert "Traceback" not in r.stderr and "\x1b" not in r.stderr
    assert error.startswith(f"error: bot '{name[:60]}") and said in error, r.stderr
    assert _gone(int(pid.read_text())), "the bot's process is left behind"


def test_a_bot_that_never_flushes_is_told_to(tmp_path, monkeypatch):
    """A bot's answers held in its output's buffer never arrive: its first move's error says
    so, where it only said the bot gave no answer in time."""
    monkeypatch.setenv("BRISCOLA_BOT_GRACE_MS", "200")
    monkeypatch.setattr("solver.players.external.START_SECONDS", 0.0)
    pid = tmp_path / "pid"
    r = CliRunner().invoke(cli, ["match", _bot("buffered", "--pid", pid, seconds="0.05:"),
                                 "greedy", "--deals", "1", "--seed", "1", "-q"])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.output
    assert "gave no answer to its first move within 0.25 s" in r.stderr
    assert "flush=True" in r.stderr
    assert _gone(int(pid.read_text()))
    with pytest.raises(BotError) as info:
        play_deal("classic", [get_agent(_bot("buffered", seconds="0.05:")), "greedy"], seed=1)
    assert "svuotalo a ogni risposta" in error_text(info.value, "it")
    it = error_text(BotError.of("bot.timeout_unended", bot="b", seconds="1", text="AS"), "it")
    assert "'AS' ma non ha mai finito la riga" in it


def test_a_bot_gone_is_said_gone_during_the_match_in_italian_too():
    with pytest.raises(BotError) as info:
        run_match("classic", _bot("crash"), "greedy", 1, seed=1)
    assert str(info.value).endswith("exited with code 1 during the match (its stderr may say why)")
    assert "è uscito con codice 1 durante l'incontro" in error_text(info.value, "it")


# a classic deal is 20 cards a seat: on its 45th move a bot fails in its third deal
LATE = ("--at", "45")


def _run(command: str, bot: str, *more: str):
    args = (["match", bot, "greedy", "--deals", "5", "-q"] if command == "match"
            else ["simulate", "--agents", f"{bot},greedy", "--games", "5"])
    return CliRunner().invoke(cli, [*args, "--variant", "classic", "--seed", "1", *more])


@pytest.mark.parametrize("mode,said", [("crash", "exited with code 1 during the match"),
                                       ("illegal", "which is not a legal card here")])
@pytest.mark.parametrize("command", ["match", "simulate"])
def test_a_bot_that_fails_mid_run_keeps_the_deals_played(command, mode, said):
    """A bot that failed in the third deal ended match and simulate with its one line and
    nothing else: the two deals finished were lost (Ctrl-C at that moment reported them).
    They are now reported as Ctrl-C reports them, marked stopped by the bot, then the
    error, exit 2."""
    bot = _bot(mode, *LATE)
    head = {"match": {"en": "2 duplicate deals (4 games): stopped by a bot's failure after 2 "
                            "of 5",
                      "it": "smazzate duplicate: 2 (4 partite): fermata dall'errore di un bot "
                            "dopo 2 di 5"},
            "simulate": {"en": "Briscola (2 players): 2 deals of 5 (stopped: a bot failed)",
                         "it": "Briscola: smazzate 2 di 5 (fermata: un bot ha sbagliato)"}}
    for lang in ("en", "it"):
        r = _run(command, bot, "--lang", lang)
        assert r.exit_code == 2, r.output
        assert head[command][lang] in r.stdout, r.stdout
        assert ("A win rate:" if lang == "en" else "quota di vittorie di A:") in r.stdout \
            if command == "match" else "(greedy)" in r.stdout
        error, = r.stderr.splitlines()
        assert error.startswith("error: bot '" if lang == "en" else "errore: il bot '")
        assert bot[:40] in error and (said in error or lang == "it"), error
        assert "Traceback" not in r.output


@pytest.mark.parametrize("command", ["match", "simulate"])
def test_a_bot_that_fails_in_the_first_deal_prints_no_empty_summary(command):
    r = _run(command, _bot("crash"))
    assert r.exit_code == 2 and r.stdout == "", r.output
    assert r.stderr.startswith("error: bot '") and r.stderr.count("\n") == 1, r.stderr


def test_a_match_stopped_by_a_bot_says_so_in_its_json():
    bot = _bot("crash", *LATE)
    out = json.loads(_run("match", bot, "--json").stdout)
    assert out["pairs"] == 2 and out["deals"] == 5, out
    assert out["interrupted"] is False and out["time_limit_reached"] is False
    assert out["bot_failure"].startswith(f"bot '{bot}' exited with code 1")
    fine = json.loads(_run("match", _bot("ok"), "--deals", "1", "--json").stdout)
    assert fine["bot_failure"] is None and fine["pairs"] == 1


def test_a_bot_failure_leaves_its_deal_to_the_logs_rerun(tmp_path):
    """The deals before the failure are logged, the failure's is not: a rerun goes on from
    it (the bot, started again, fails two deals further on)."""
    log, bot = tmp_path / "m.jsonl", _bot("crash", *LATE)
    r = _run("match", bot, "--log", str(log))
    assert r.exit_code == 2 and "stopped by a bot's failure after 2 of 5" in r.stdout, r.output
    assert [json.loads(x)["index"] for x in log.read_text().splitlines()] == [0, 1]
    r = _run("match", bot, "--log", str(log))
    assert "already holds 2 of the 5 deals: running the other 3" in r.stderr, r.stderr
    assert r.exit_code == 2 and "stopped by a bot's failure after 4 of 5" in r.stdout, r.output
    assert [json.loads(x)["index"] for x in log.read_text().splitlines()] == [0, 1, 2, 3]


def test_simulate_stopped_by_a_bot_writes_the_games_played(tmp_path):
    out = tmp_path / "g.jsonl"
    r = _run("simulate", _bot("garbage", *LATE), "--record-out", str(out))
    assert r.exit_code == 2 and f"wrote 2 records to {out}" in r.stdout, r.output
    assert len(out.read_text().splitlines()) == 2


def test_run_match_raises_with_the_deals_played():
    """The Python API still raises the bot's error (a BotError, said as before), which now
    holds the deals finished before it."""
    with pytest.raises(BotError) as info:
        run_match("classic", _bot("illegal", *LATE), "greedy", 5, seed=1)
    assert "which is not a legal card here" in error_text(info.value, "en")
    assert [r.index for r in info.value.run.results] == [0, 1] and info.value.run.interrupted


def test_info_lines_go_to_stderr_and_are_not_answers(tmp_path):
    """A bot that writes an info line before every answer, after each deal's end and at
    quit plays the whole match; each line is on stderr, named by the bot, printable."""
    name = _bot("info")
    r = CliRunner().invoke(cli, ["match", name, "greedy", "--deals", "1", "--seed", "2",
                                 "--variant", "classic", "-q"])
    assert r.exit_code == 0, r.output
    said = [ln.split("] ", 1) for ln in r.stderr.splitlines()]
    assert all(who == f"[{name[:39]}…" for who, _ in said), said
    texts = [text for _, text in said]
    assert sum(re.fullmatch(r"move \d+: thinking about \[.*\]", t) is not None
               for t in texts) == 40  # both games of the duplicate deal
    ends = [t.removeprefix("end ?[31m") for t in texts if t.startswith("end ")]
    assert len(ends) == 2 and all(sum(map(int, e.split("-"))) == 120 for e in ends), ends
    # read when each of its two processes (one a half of the match) quit, before it was killed
    assert texts[-1] == "quit ?[31m" and texts.count("quit ?[31m") == 2
    assert "\x1b" not in r.stderr and len(texts) == 44


def test_info_lines_reach_the_python_api_and_any_other_line_is_still_unasked(tmp_path):
    heard = []
    argv = [sys.executable, str(BOT), "info"]
    with ExternalAgent(argv, on_info=lambda bot, text: heard.append((bot, text))) as bot:
        end = run_deal(deal("briscolone", random.Random(3)), [bot, "random"], random.Random(1))
    assert end.is_over
    assert len([t for _, t in heard if t.startswith("move ")]) == 20
    assert heard[-1][1].startswith("end ?[31m") or heard[-1][1] == "quit ?[31m"
    assert all(b == bot.name for b, _ in heard)
    bot = get_agent(_bot("unasked"))
    with pytest.raises(BotError, match="debug: I played"):
        play_deal("classic", [bot, "greedy"], seed=1)


def test_an_info_line_begun_before_a_move_is_not_taken_as_unasked():
    """An answer and the start of an info line in one write: the line's start waits for its
    end (written after the next move was sent), as it may still be an info line."""
    heard = []
    with ExternalAgent([sys.executable, str(BOT), "split"],
                       on_info=lambda bot, text: heard.append(text)) as bot:
        end = run_deal(deal("classic", random.Random(4)), [bot, "greedy"], random.Random(1))
    assert end.is_over and heard == [f"split {n}" for n in range(2, 21)]


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="a bot dies with its parent on Linux (prctl PR_SET_PDEATHSIG)")
def test_a_hung_bot_dies_with_a_killed_cli(tmp_path):
    """SIGKILL leaves the CLI no time to kill its bot: the kernel does."""
    pid = tmp_path / "pid"
    hang = tmp_path / "pid.hang"
    p = subprocess.Popen([sys.executable, "-m", "cli.main", "match",
                          _bot("hang", "--pid", pid, seconds="100:"), "greedy", "--deals", "1",
                          "-q"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        end = time.monotonic() + 60
        while not hang.exists() and time.monotonic() < end and p.poll() is None:
            time.sleep(0.05)
        assert hang.exists(), p.poll()
        p.kill()
        p.wait(30)
        bot = int(pid.read_text())
        alive = not _gone(bot, within=5, reaped=False)
        if alive:
            os.kill(bot, signal.SIGKILL)  # not left sleeping behind the suite
        assert not alive, "the hung bot outlived the CLI's SIGKILL"
    finally:
        if p.poll() is None:
            p.kill()


def test_a_bot_that_fails_is_gone_at_once_and_said_in_italian_too(tmp_path):
    """Through the Python API too: the process is killed and reaped when the error is
    raised, not when the agent is closed or collected."""
    pid = tmp_path / "pid"
    bot = get_agent(_bot("garbage", "--pid", pid))
    with pytest.raises(BotError) as info:
        play_deal("classic", [bot, "greedy"], seed=1)
    assert _gone(int(pid.read_text()), within=0.01)
    assert info.value.key == "bot.garbage"
    assert "non è una carta" in error_text(info.value, "it")
    with pytest.raises(BotError, match="which is not a card"):  # a failed bot stays failed
        play_deal("classic", [bot, "greedy"], seed=1)


@pytest.mark.parametrize("name,said", [
    ("exec:", "exec: takes a command"),
    ("exec:   ", "exec: takes a command"),
    ("exec:python3 'mybot.py", "a quote or a backslash is not closed"),
    ("exec:0:python3 mybot.py", "bad time in"),
    # a time that is not one was taken for a program's name ("no program '-1:python3'")
    ("exec:-1:python3 mybot.py", "bad time in 'exec:-1:python3 mybot.py'"),
    ("exec:1e3:python3 mybot.py", "takes seconds in digits and a point"),
    ("exec:1,5:python3 mybot.py", "bad time in"),
    ("exec:inf:python3 mybot.py", "bad time in"),
    ("exec::python3 mybot.py", "bad time in"),
    ("exec:no-such-program-anywhere --x", "no program 'no-such-program-anywhere' found"),
])
def test_a_bad_bot_name_is_refused_before_the_match(name, said):
    r = CliRunner().invoke(cli, ["match", name, "greedy", "--deals", "1", "-q"])
    assert r.exit_code == 2 and said in r.stderr and r.stderr.count("\n") == 1, r.output


def test_a_folder_is_no_bot(tmp_path):
    """It was told to be made executable, or run as exec:python3 FOLDER."""
    r = CliRunner().invoke(cli, ["match", f"exec:{tmp_path}", "greedy", "--deals", "1", "-q"])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.output
    assert f"'{tmp_path}' is a folder, not a program" in r.stderr


def test_a_bot_file_that_cannot_run_says_how_to_run_it(tmp_path):
    script = tmp_path / "bot.py"
    script.write_text("print('AS')\n")
    r = CliRunner().invoke(cli, ["match", f"exec:{script}", "greedy", "--deals", "1", "-q"])
    assert r.exit_code == 2 and "cannot be run" in r.stderr and "exec:python3" in r.stderr


def test_the_names_case_and_time():
    assert parse_exec_name("exec:2.5:python3 My Bot.py") == (2.5, ["python3", "My", "Bot.py"])
    assert parse_exec_name("exec:python3 'My Bot.py'") == (None, ["python3", "My Bot.py"])
    assert with_time("exec:python3 b.py", 0.5) == "exec:0.5:python3 b.py"
    assert with_time("exec:2:python3 b.py", 0.5) == "exec:2:python3 b.py"
    assert with_time("greedy", 0.5) == "greedy"
    agent = get_agent(f"EXEC:{PY} {BOT} ok")
    assert isinstance(agent, ExternalAgent) and agent.argv[-1] == "ok"


def test_a_match_on_a_cluster_runs_no_bot():
    r = CliRunner().invoke(cli, ["match", _bot("ok"), "greedy", "--deals", "1", "--cluster",
                                 "tcp://127.0.0.1:1", "-q"])
    assert r.exit_code == 2 and "cannot play on a cluster" in r.stderr, r.output


def test_ctrl_c_kills_a_hung_bot(tmp_path):
    pid = tmp_path / "pid"
    hang = tmp_path / "pid.hang"
    with cli_process("match", _bot("hang", "--pid", pid, seconds="100:"), "greedy",
                     "--deals", "1", "-q") as p:
        end = time.monotonic() + 60
        while not hang.exists() and time.monotonic() < end and p.poll() is None:
            time.sleep(0.05)
        assert hang.exists(), p.communicate(timeout=10)
        _, err = ctrl_c(p, 30)
    assert p.returncode == 130 and "Traceback" not in err, err
    assert _gone(int(pid.read_text())), "the bot outlived Ctrl-C"


@pytest.mark.parametrize("command", ["match", "simulate"])
def test_ctrl_c_while_the_bots_are_told_quit_keeps_what_was_played(command, tmp_path,
                                                                     monkeypatch):
    """Every deal played, the bots told quit, each given its grace to exit: Ctrl-C then lost
    a match's whole summary ('interrupted', nothing on stdout), and in simulate, whose bots
    were closed at the program's end, printed a trace. Now every bot is killed at once and
    what was played is reported."""
    monkeypatch.setenv("BRISCOLA_BOT_GRACE_MS", "60000")
    pid = tmp_path / "pid"
    bot = _bot("linger", "--pid", pid)
    args = (["match", bot, "greedy", "--deals", "1", "-q"] if command == "match"
            else ["simulate", "--agents", f"{bot},{bot}", "--games", "1"])
    quit_seen = Path(f"{pid}.quit")
    with cli_process(*args, "--variant", "classic", "--seed", "1") as p:
        end = time.monotonic() + 60
        while not quit_seen.exists() and time.monotonic() < end and p.poll() is None:
            time.sleep(0.05)
        assert quit_seen.exists(), p.communicate(timeout=10)
        t0 = time.monotonic()
        out, err = ctrl_c(p, 30)
    assert time.monotonic() - t0 < 20  # no bot's grace waited out
    assert "Traceback" not in err and "Exception ignored" not in err, err
    said = "1 duplicate deal (2 games)" if command == "match" else "side 2 ("
    assert said in out and p.returncode == 0, (out, err)
    pids = [int(x) for x in Path(f"{pid}.all").read_text().split()]
    assert len(pids) == 2 and all(_gone(x) for x in pids), "a bot outlived Ctrl-C"


@pytest.mark.parametrize("command", ["match", "simulate"])
def test_a_run_limit_stops_the_wait_for_a_bot(command, tmp_path):
    """--time-limit ended the run at the next deal: a bot given 100 s a move that thought
    on held a `match --time-limit 1` for its whole time and then ended it as hung (exit 2).
    The wait for its card now ends at the limit, as an analysis does, and the bot is
    killed."""
    pid = tmp_path / "pid"
    bot = _bot("hang", "--pid", pid, seconds="100:")
    args = (["match", bot, "greedy", "--deals", "3"] if command == "match"
            else ["simulate", "--agents", f"{bot},greedy", "--games", "3"])
    r = subprocess.run([sys.executable, "-m", "cli.main", *args, "--variant", "classic",
                        "--seed", "1", "--time-limit", "1"], capture_output=True, text=True,
                       cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert "time limit reached before any" in r.stderr + r.stdout
    assert _gone(int(pid.read_text())), "the bot outlived the run"


def test_the_board_runs_no_command(tmp_path):
    """A level is one of the board's own (a fixed list): an exec: name from a request is
    refused, and its command never runs."""
    pytest.importorskip("starlette", reason="the web extra is not installed")
    from starlette.testclient import TestClient

    from solver.web.app import LEVELS, create_app

    assert not any(level.startswith("exec") for level in LEVELS)
    mark = tmp_path / "ran"
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        for variant in ("scoperta", "classic"):
            v = client.post("/api/deal", json={"variant": variant, "seed": 3}).json()
            if v["turn"] == 1:
                v = client.post("/api/play", json={"game": v["game"], "card": v["legal"][0],
                                                   "seat": 1}).json()
            for level in (f"exec:touch {mark}", f"EXEC:touch {mark}", f" exec:touch {mark}"):
                r = client.post("/api/engine", json={"game": v["game"], "level": level,
                                                     "seat": 1})
                assert r.status_code == 400 and "level" in r.json()["error"], r.text
    assert not mark.exists()


@pytest.mark.parametrize("value", ["abc", "-1", "1.5", "3600001"])
def test_a_bad_grace_is_refused_before_the_match(value, monkeypatch, tmp_path):
    monkeypatch.setenv("BRISCOLA_BOT_GRACE_MS", value)
    pid = tmp_path / "pid"
    r = CliRunner().invoke(cli, ["match", _bot("ok", "--pid", pid), "greedy", "--deals", "1"])
    assert r.exit_code == 2 and r.stderr.startswith("error: BRISCOLA_BOT_GRACE_MS must be")
    assert not pid.exists()  # no bot was started
