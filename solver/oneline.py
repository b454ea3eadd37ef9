"""An error message fit for one line that quotes little of what the user gave: the command
line and the board's API both cut quoted input to 80 characters (an input may be huge)."""

from __future__ import annotations

import re

CLIP = 80

#: a quote opens after no letter and closes before none: the apostrophe of "player 2's"
#: or "dell'input" is part of a word, not the start of quoted input
_QUOTED = re.compile(rf"(?<!\w)'([^'\n]{{{CLIP + 1},}})'(?!\w)")
_LONG_WORD = re.compile(rf"\S{{{CLIP + 3},}}")  # a quoted part, cut, is 82 with its quotes


def clip(text: str, width: int = CLIP) -> str:
    """``text`` cut to ``width`` characters with "…" when longer."""
    return text if len(text) <= width else text[: width - 1] + "…"


def one_line(msg, words: bool = False) -> str:
    """``msg`` with quoted parts cut to 80 characters, line breaks removed, the whole cut to
    a few hundred characters; ``words`` cuts any longer word too (a JSON body quoted
    without quote marks)."""
    msg = _QUOTED.sub(lambda m: "'" + clip(m.group(1)) + "'", str(msg))
    msg = " ".join(msg.split())
    if words:
        msg = _LONG_WORD.sub(lambda m: clip(m.group(0)), msg)
    return clip(msg, 4 * CLIP)
