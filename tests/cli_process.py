"""The CLI in a real process that Ctrl-C reaches as a terminal's would: the tests of what a
command keeps and says when interrupted share it."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _stop_signals_default() -> None:
    # a suite started in the background (``cmd &``) runs with SIGINT ignored, or under
    # ``nohup`` with SIGHUP ignored, which a child inherits and then keeps (the CLI leaves
    # a signal it was started ignoring ignored, as ``nohup`` asks)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


@contextmanager
def cli_process(*args, **popen):
    """``briscola ARGS`` started unbuffered from the repository, its stdout and stderr as
    text pipes (``popen``: other Popen arguments, a stdin or a stdout of the test's own);
    killed on leaving if it still runs."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)}
    popen = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **popen}
    more = popen.pop("preexec_fn", None)

    def start() -> None:
        _stop_signals_default()
        if more is not None:
            more()

    p = subprocess.Popen([sys.executable, "-m", "cli.main", *map(str, args)], text=True,
                         cwd=ROOT, env=env, preexec_fn=start, **popen)
    try:
        yield p
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()


def ctrl_c(p: subprocess.Popen, timeout: float = 60) -> tuple[str, str]:
    """Ctrl-C to ``p``; its remaining (stdout, stderr) once it has ended."""
    p.send_signal(signal.SIGINT)
    return p.communicate(timeout=timeout)
