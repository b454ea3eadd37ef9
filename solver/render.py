"""The text board of a position (every variant): ``solver.position.board``, where ``str()``
of a position finds it, under the name the CLI and the API use."""
from __future__ import annotations

from solver.position.board import SUIT_COLOURS, render

__all__ = ["SUIT_COLOURS", "render"]
