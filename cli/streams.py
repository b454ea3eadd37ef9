"""The standard streams failing under a command. A reader gone (``briscola ... | head -1``)
ends the command quietly with exit code 141 (128 + SIGPIPE: what a shell reports for the
tools a closed pipe ends); a standard output that cannot be written (``> /dev/full``) ends
it in one error line, exit code 2; a standard error that cannot be written loses its lines,
not the work. Either way no traceback, and no "Exception ignored" when Python flushes the
streams at exit. The stream is what is watched, not the exception: an OSError of a file or
a bot is the command's own to say. A standard stream the command was started without
(``<&-``, ``>&-``) is one too: standard input then reads as empty (play and the quiz end
as at the end of their input), and standard output fails at its first line."""

from __future__ import annotations

import errno
import os
import sys
from typing import Any

#: the exit code of a command whose standard output's reader went away
PIPE_CLOSED = 141


class OutputClosed(Exception):
    """Standard output's reader went away. Not an OSError: click's own handling of a broken
    pipe (exit 1) and the commands' handling of their files' errors must not take it."""


class OutputFailed(Exception):
    """Standard output could not be written (a full disk, an I/O error)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


#: the first failure of standard output in this process, kept: a command that caught it
#: and went on still ends as it says
failure: OutputClosed | OutputFailed | None = None


class _Guarded:
    """A standard stream whose write or flush failing calls ``failed`` instead of raising
    the OSError; everything else is the stream's."""

    def __init__(self, stream: Any, failed) -> None:
        self._stream = stream
        self._failed = failed

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as e:
            return self._failed(self._stream, e)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as e:
            self._failed(self._stream, e)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _to_devnull(stream: Any) -> None:
    """What is still written to ``stream``, and its buffer, goes nowhere from now on (as
    Python's documentation of SIGPIPE advises): nothing fails again at exit."""
    try:
        fd = stream.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError):
        return
    os.dup2(null, fd)
    os.close(null)


def _stdout_failed(stream: Any, e: OSError) -> int:
    global failure
    _to_devnull(stream)
    if failure is None:
        failure = OutputClosed() if e.errno == errno.EPIPE else OutputFailed(e)
    raise failure


def _stderr_failed(stream: Any, e: OSError) -> int:
    _to_devnull(stream)
    return 0


class _Closed:
    """The standard output of a process started without one: its file descriptor closed,
    so Python made sys.stdout None, and every line would be dropped without a word."""

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError("a text stream")  # click's probe for a binary stream
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))

    encoding = "utf-8"
    errors = "strict"


def guard() -> None:
    """Watch the process's standard output and error (the console entry point's first
    step; a test's CliRunner streams are never touched), and stand in for a closed one."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")
    if sys.stdout is None:
        sys.stdout = _Closed()
    if not isinstance(sys.stdout, _Guarded):
        sys.stdout = _Guarded(sys.stdout, _stdout_failed)
    if not isinstance(sys.stderr, _Guarded) and sys.stderr is not None:
        sys.stderr = _Guarded(sys.stderr, _stderr_failed)


def flush() -> None:
    """Standard output flushed, so that what is buffered fails here, where it is said,
    rather than at exit."""
    if sys.stdout is not None:
        sys.stdout.flush()
