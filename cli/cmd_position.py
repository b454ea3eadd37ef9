"""`briscola show`: a position drawn for a player."""
from __future__ import annotations

import os
import sys

import click

from solver.position import PositionError, parse_position, scoperta_only
from solver.render import render


def read_position_arg(text: str):
    """The POSITION argument: the notation itself, or "-" for one position on stdin."""
    if text.strip() == "-":
        lines = [ln for ln in sys.stdin.read().splitlines() if ln.strip()]
        if not lines:
            raise PositionError("no position on standard input")
        if len(lines) > 1:
            raise PositionError(f"show reads one position, got {len(lines)} lines on standard input")
        text = lines[0]
    return parse_position(text)


def use_colour(choice: bool | None) -> bool:
    """Style the text unless told not to or NO_COLOR is set; click.echo then strips the
    styles itself when stdout is not a terminal (unless --color forces them)."""
    if choice is not None:
        return choice
    return not os.environ.get("NO_COLOR")


@click.command()
@click.argument("position")
@click.option("--lang", type=click.Choice(["en", "it"]), default="en", show_default=True,
              help="language of the labels")
@click.option("--color/--no-color", "colour", default=None,
              help="force colours on or off (default: on a terminal unless NO_COLOR is set)")
def show(position, lang, colour):
    """Draw POSITION: both hands, table, talon, trump card, unseen cards, points.

    POSITION is one line of the position notation (quote it); "-" reads it from stdin.

    \b
    Example:
      briscola show "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1"
      echo "hand1=3C hand2=2C briscola=RD turn=1" | briscola show - --lang it
    """
    pos = scoperta_only(read_position_arg(position), "show")
    click.echo(render(pos, lang, use_colour(colour)), color=colour)


COMMANDS = [show]
