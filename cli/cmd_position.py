"""`briscola show`: a position drawn for a player."""

from __future__ import annotations

import os
import sys

import click

from cli.options import SECONDS, check_output, count, lang_option, said, save_text, stdin_text
from solver.cards import card_str
from solver.errors import BriscolaError, Note
from solver.position import PositionError, parse_position
from solver.position.board import render


def read_position_arg(text: str):
    """The POSITION argument: the notation itself, or "-" for one position on stdin."""
    if text.strip() == "-":
        lines = [ln for ln in stdin_text().splitlines() if ln.strip()]
        if not lines:
            raise PositionError.of("show.no_stdin")
        if len(lines) > 1:
            raise PositionError.of("show.lines", count=len(lines))
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
@lang_option(expose=True, help="language of the labels")
@click.option(
    "--color/--no-color",
    "colour",
    default=None,
    help="force colours on or off (default: on a terminal unless NO_COLOR is set)",
)
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="write a picture of the position to this SVG file instead (any variant)",
)
@click.option(
    "--with-analysis",
    is_flag=True,
    help="with --svg: analyse first and draw each card's value, best cards highlighted",
)
@click.option(
    "--time-limit", type=SECONDS, default=5.0, show_default=True, help="seconds for --with-analysis"
)
@click.option(
    "--bottom",
    type=count(1, 4, "range.player"),
    default=None,
    metavar="N",
    help="with --svg: draw player N's hand at the bottom, the others around the table "
    "from that seat (default 1)",
)
@click.option("--force", is_flag=True, help="overwrite the --svg file if it exists")
def show(position, lang, colour, svg_path, with_analysis, time_limit, bottom, force):
    """Draw POSITION of any game: the hands (a hidden one as ?), table, talon, trump card,
    unseen cards, points.

    POSITION is one line of the position notation (quote it); "-" reads it from stdin.

    \b
    Example:
      briscola show "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1"
      echo "hand1=3C hand2=2C briscola=RD turn=1" | briscola show - --lang it
      briscola show "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"
      briscola show "hand1=3C,AS hand2=2C,RS briscola=RD turn=2" --svg pos.svg --bottom 2
    """
    if svg_path is not None:
        pos = read_position_arg(position)
        write_picture(pos, svg_path, lang, with_analysis, time_limit, force, bottom or 1)
        return
    if with_analysis:
        raise BriscolaError.of("show.with_analysis")
    if bottom is not None:
        raise BriscolaError.of("show.bottom")
    click.echo(render(read_position_arg(position), lang, use_colour(colour)), color=colour)


def write_picture(
    pos,
    path: str,
    lang: str,
    with_analysis: bool,
    time_limit: float,
    force: bool,
    bottom: int = 1,
) -> None:
    """The SVG picture of ``pos`` (the web board's drawing) with player ``bottom`` at the
    bottom, never over a file without force. Ctrl-C in the analysis draws the values found
    so far (an estimate, said interrupted)."""
    from solver.picture import analysis_picture, position_svg, seats_around

    seats_around(pos.players, bottom)  # a seat the position lacks, refused before any search
    check_output(path, force, "--svg")
    if with_analysis:
        from solver.analysis import analyse

        a = analyse(pos, "points", time_limit, estimate_on_interrupt=True)
        svg = analysis_picture(a, lang, say_interval=True, bottom=bottom)
        kind = "exact" if a.exact else "interrupted" if a.interrupted else "estimate"
        cards = " ".join(card_str(c) for c in a.best)
        click.echo(said(Note.of(f"show.best.{kind}", cards=cards)), err=True)
    else:
        svg = position_svg(pos, lang=lang, bottom=bottom)
    where = save_text(path, svg + "\n", force)
    if where != path:
        sys.exit(1)
    click.echo(said(Note.of("show.wrote", path=path)), err=True)


COMMANDS = [show]
