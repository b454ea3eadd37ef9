"""A value held per context (a thread, a task) with a process-wide default made on first use:
what an engine's workspace and progress sink are, so that concurrent engines share neither."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Generic, TypeVar
from collections.abc import Callable

T = TypeVar("T")


class Scoped(Generic[T]):
    def __init__(self, name: str, make_default: Callable[[], T]):
        self._var: ContextVar[T | None] = ContextVar(name, default=None)
        self._make = make_default
        self._default: T | None = None

    def default(self) -> T:
        """The process's value, for the contexts that set none."""
        if self._default is None:
            self._default = self._make()
        return self._default

    def current(self) -> T:
        """The context's value, else the process's (asked ~10 times an analysis: inline)."""
        v = self._var.get()
        if v is not None:
            return v
        return self._default if self._default is not None else self.default()

    @contextmanager
    def using(self, value: T):
        """This context uses ``value`` inside the block."""
        token = self._var.set(value)
        try:
            yield value
        finally:
            self._var.reset(token)
