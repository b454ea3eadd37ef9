"""The one family of errors that are the user's: a position, card, record, file, option or
request they got wrong. The CLI says such an error in one line (exit 2) and the board
answers 400; every other exception is a bug and is reported as one (cli/main.py: "internal
error, please report", exit 70; the board: 500 with the trace in its log).

``BriscolaError`` is a ValueError, so code that catches a ValueError keeps working; each
part raises its own subclass (``PositionError``, ``CardError``, ``RecordError``, ...)."""
from __future__ import annotations


class BriscolaError(ValueError):
    """What the user got wrong; the message is one line fit to show them."""


def internal_error(e: BaseException) -> str:
    """The one line that reports a bug, on the command line and the board alike."""
    return f"internal error, please report: {type(e).__name__}: {e}"
