"""`briscola warm-up`: compile every search kernel now, one process per kernel, so a new
machine pays the compile once, up front and on every core, instead of inside the first
command of each game. A kernel already in numba's cache is only read from it."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tempfile
import time
from typing import IO

import click

from cli.coldstart import KERNELS
from cli.options import count, lang_now, lang_option, said
from solver.errors import ENGLISH, Note
from solver.i18n import command_text, num

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: seconds between the "still compiling" lines
PROGRESS_EVERY = 15.0


class WarmUpError(Exception):
    """A kernel's process failed (its last line says why)."""


def load_one(module: str) -> None:
    """In a child process: load one kernel module's kernels (``ready()``) and print whether
    any of them had to be compiled ("compiled") or all came from the cache ("cached")."""
    mod = importlib.import_module(module)
    mod.ready()
    missed = sum(
        sum(f.stats.cache_misses.values())
        for f in vars(mod).values()
        if hasattr(f, "stats") and hasattr(f, "py_func")
    )
    print("compiled" if missed else "cached", flush=True)


def _start(module: str):
    """(the child loading ``module``, its output file): a file, not a pipe, so a child
    that writes much cannot block on a full pipe."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([ROOT] + [p for p in [env.get("PYTHONPATH")] if p])
    out = tempfile.TemporaryFile("w+")
    p = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from cli.cmd_warmup import load_one; load_one(sys.argv[1])",
            module,
        ],
        env=env,
        cwd=ROOT,
        stdout=out,
        stderr=subprocess.STDOUT,
        text=True,
    )
    return p, out


def _last_line(text: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return lines[-1].strip() if lines else "no message"


def _reaped(running: dict):
    """(pid, exit code, CPU s) of a child of ``running`` that has ended, or None."""
    for pid in running:
        got, status, usage = os.wait4(pid, os.WNOHANG)
        if got == pid:
            return pid, os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime
    return None


def _kernel(module: str, lang: str) -> str:
    """A kernel module's name in words, in ``lang`` where it has a key (kernel.<module>)."""
    key = "kernel." + module
    if lang == "en" or key not in ENGLISH:
        return KERNELS[module][0]
    return said(Note.of(key), lang)


def run(jobs: int, lang: str = "en") -> dict:
    """Load every kernel module in its own process, at most ``jobs`` at once, the longest
    compiles first; stderr says what runs and what is done. {module: (state, wall s, CPU
    s)}, state "compiled" or "cached"; a failed child stops the others and raises
    WarmUpError."""
    todo = sorted(KERNELS, key=lambda m: -KERNELS[m][1])
    running: dict[int, tuple[str, subprocess.Popen, IO[str], float]] = {}
    try:
        return _run(todo, running, jobs, lang)
    except BaseException:  # Ctrl-C, or a SIGTERM taken as one: no child compiles on alone
        _stop(running)
        raise


def _stop(running: dict) -> None:
    """Every child still running killed and reaped (a SIGTERM reaches the command, not its
    children: they went on compiling after it had ended)."""
    for _, q, out, _ in running.values():
        q.kill()
        q.wait()
        out.close()
    running.clear()


def _run(todo: list, running: dict, jobs: int, lang: str) -> dict:
    done: dict[str, tuple[str, float, float]] = {}
    t0 = time.perf_counter()
    last_note = t0
    while todo or running:
        while todo and len(running) < jobs:
            m = todo.pop(0)
            p, out = _start(m)
            running[p.pid] = (m, p, out, time.perf_counter())
            click.echo(command_text(lang, "warmup.loading", kernel=_kernel(m, lang)), err=True)
        ended = _reaped(running)
        if ended is None:
            time.sleep(0.1)
            now = time.perf_counter()
            if now - last_note >= PROGRESS_EVERY:
                last_note = now
                names = ", ".join(m.rsplit(".", 1)[-1] for m, _, _, _ in running.values())
                seconds = num(now - t0, ".0f", lang)
                click.echo(
                    command_text(lang, "warmup.still", names=names, seconds=seconds), err=True
                )
            continue
        pid, code, cpu = ended
        m, p, out, started = running.pop(pid)
        p.returncode = code
        out.seek(0)
        text = out.read()
        out.close()
        if code != 0:
            _stop(running)
            raise WarmUpError(
                command_text(lang, "warmup.failed", kernel=_kernel(m, lang), why=_last_line(text))
            )
        state = "compiled" if text.split()[-1:] == ["compiled"] else "cached"
        wall = time.perf_counter() - started
        done[m] = (state, wall, cpu)
        how = command_text(lang, "warmup.compiled" if state == "compiled" else "warmup.cached")
        line = command_text(
            lang,
            "warmup.done",
            kernel=_kernel(m, lang),
            how=how,
            wall=num(wall, ".1f", lang),
            cpu=num(cpu, ".1f", lang),
        )
        click.echo(line, err=True)
    return done


@click.command("warm-up")
@click.option(
    "--jobs",
    type=count(1, 64),
    default=None,
    help="processes at once (default: one per kernel, at most the number of cores)",
)
@lang_option
@click.pass_context
def warm_up(ctx, jobs):
    """Compile every search kernel now, in parallel processes, so that no later command
    waits for one.

    A new machine (or a changed solver/search) compiles each kernel once, on its first
    use: tens of seconds each. This pays that cost at once, a process per kernel, and later
    commands read the kernels from numba's cache. Kernels already compiled are only read.

    \b
    Example:
      briscola warm-up
      briscola warm-up --jobs 2
    """
    jobs = jobs or max(1, min(len(KERNELS), os.cpu_count() or 1))
    lang = lang_now()
    t0 = time.perf_counter()
    try:
        done = run(jobs, lang)
    except WarmUpError as e:
        click.echo(str(e), err=True)
        ctx.exit(1)
    wall = time.perf_counter() - t0
    compiled = [m for m, (state, _, _) in done.items() if state == "compiled"]
    cpu = sum(c for _, _, c in done.values())
    line = command_text(
        lang,
        "warmup.ready",
        n=len(done),
        kernels=command_text(lang, "warmup.kernel" if len(done) == 1 else "warmup.kernels"),
        wall=num(wall, ".1f", lang),
        cpu=num(cpu, ".1f", lang),
        jobs=min(jobs, len(done)),
        compiled=len(compiled),
        cached=len(done) - len(compiled),
    )
    click.echo(line)


COMMANDS = [warm_up]
