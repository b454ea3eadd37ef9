"""What the board remembers of the deals it sealed, since a seal cannot tell a record sent
again from one sent the first time.

- ``Deals``: how far each deal was played. A record behind that (cards taken back by undo,
  or an earlier record sent again) is dealt again in what its seat could not see
  (games.redealt): playing on from it with the same cards used what the line ahead had
  shown, the draws and the engine's cards. A deal no longer remembered is refused, as a
  seal from an earlier run of the server is, so that no flood of deals can make one
  forgotten and played again.
- ``Answers``: the engine's card at each moment it was asked. Asked at once twice (before
  the first answer moved its deal on), a search on a clock may choose another card, and
  each would be a card of the engine's hand.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class _Kept(Generic[K, V]):
    """Up to ``most`` values by key, the least recently used forgotten first."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._values: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()  # the jobs' threads and the server's loop share it

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.most:
                self._values.popitem(last=False)


class Deals(_Kept[str, int]):
    """The most cards each sealed deal was seen played, by its name (games.Game.deal)."""

    def __init__(self, most: int = 100_000) -> None:
        super().__init__(most)

    def saw(self, deal: str, plies: int) -> None:
        """A record of ``deal`` with ``plies`` cards was sent to the page."""
        with self._lock:
            seen = self._values.get(deal, 0)
        self.put(deal, max(seen, plies))

    def knows(self, deal: str) -> bool:
        return self.get(deal) is not None

    def behind(self, deal: str, plies: int) -> bool:
        """Whether ``deal`` was seen played further than ``plies`` cards."""
        return (self.get(deal) or 0) > plies


class Answers(_Kept[int, int]):
    """The engine's card at each moment of a sealed deal it was asked about, by the
    moment's seed (Sealer.seed: the deal's cards and moves)."""

    def __init__(self, most: int = 10_000) -> None:
        super().__init__(most)
