"""`briscola explain`: a position in plain words (two players, or a four-player endgame)."""

from __future__ import annotations

import json

import click

from cli.options import SECONDS, lang_option, objective_option, progress_on, stdin_text
from solver.explain import explain_position, explanation_text
from solver.position import parse_position


@click.command()
@click.argument("position")
@lang_option(expose=True, help="Language of the text.")
@click.option("--json", "as_json", is_flag=True, help="The same content as JSON data.")
@objective_option("Maximise points, or the chance to win the deal (needs score=).")
@click.option(
    "--time-limit",
    type=SECONDS,
    default=None,
    help="Seconds for the analysis before the endgame (then values are estimates).",
)
def explain(position, lang, as_json, objective, time_limit):
    """Explain a position in plain words: the outcome, the best line trick by trick,
    what every other card costs and how it is punished, and the idea at work.

    From the last draw on (talon empty, or only the top card and the trump card left) the
    explanation is complete; earlier it says what is known. Briscolone and Libero
    (variant=briscolone|libero) are explained in the endgame: the talon empty, the last
    five tricks. A seat's view (hand2=?) is explained once the talon is empty, when the
    other hand is known by elimination; earlier it is refused. POSITION "-" reads positions
    from standard input, one per line.

    \b
    Examples:
      briscola explain "hand1=2S,AD,3C hand2=4D,7B,RC briscola=5D turn=1"
      briscola explain "hand1=AC,7D,RS hand2=3C,2D table=4C top=3D briscola=4S turn=1" --lang it
      briscola explain "hand1=3C,AS hand2=2C,RS briscola=RD turn=1" --json
      briscola explain "hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D turn=1 variant=briscolone"
    """
    progress_on()
    texts = (
        [ln for ln in stdin_text().splitlines() if ln.strip()] if position == "-" else [position]
    )
    for i, text in enumerate(texts):
        pos = parse_position(text)
        ex = explain_position(pos, objective, time_limit, lang)
        if as_json:
            click.echo(json.dumps(ex.to_json(), ensure_ascii=False))
        else:
            click.echo(("\n" if i else "") + explanation_text(ex, lang))


COMMANDS = [explain]
