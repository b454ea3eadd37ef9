"""The command line meets a user halfway (issue 41, item 9): `briscola analyze` (US spelling)
and a position typed without quotes get the right command in one line; `analyse --record
--seat` reads a moment of a scoperta record from a seat (it refused every open game)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.game import deal, play
from solver.position import parse_position
from solver.record import deal_record, seat_position_from_record

POS = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def one_line_error(r) -> str:
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and r.output.count("\n") == 1, r.output
    return r.output


def test_the_us_spelling_and_near_misses_get_the_command_meant():
    out = one_line_error(run("analyze", POS))
    assert "Did you mean 'briscola analyse'?" in out
    assert "Did you mean 'briscola explain'?" in one_line_error(run("explian", POS))
    assert "Did you mean" not in one_line_error(run("frobnicate"))


@pytest.mark.parametrize("args, again", [
    (["analyse", *POS.split()], f'briscola analyse "{POS}"'),
    (["best", *POS.split()], f'briscola best "{POS}"'),
    (["explain", *POS.split()], f'briscola explain "{POS}"'),
    (["show", *POS.split()], f'briscola show "{POS}"'),
    (["play", "--from", *POS.split()], f'briscola play --from "{POS}"'),
    (POS.split(), f'briscola analyse "{POS}"'),
])
def test_a_position_typed_without_quotes_is_given_back_quoted(args, again):
    out = one_line_error(run(*args))
    assert again in out, out


def _record(tmp_path, variant: str, moves: int):
    st = deal(variant, 3)
    for _ in range(moves):
        st = play(st, st.legal_cards()[0])
    path = tmp_path / f"{variant}.json"
    path.write_text(json.dumps(deal_record(st, seed=3)))
    return path, st


@pytest.mark.parametrize("variant", ["scoperta", "scoperta4"])
def test_a_scoperta_record_is_analysed_from_the_seat_to_move(tmp_path, variant):
    path, st = _record(tmp_path, variant, 5)
    view = seat_position_from_record(json.loads(path.read_text()), 6, st.turn)
    assert view == st.view(st.turn) and view.talon_order is None    # the talon's order hidden
    r = run("analyse", "--record", str(path), "--move", "6", "--seat", str(st.turn), "--json",
            "--samples", "4")
    assert r.exit_code == 0, r.output
    j = json.loads(r.output[r.output.index("{"):])
    assert parse_position(j["position"]) == view
    wrong = st.turn % st.players + 1
    out = one_line_error(run("analyse", "--record", str(path), "--move", "6", "--seat",
                             str(wrong)))
    assert f"--seat {st.turn}" in out
