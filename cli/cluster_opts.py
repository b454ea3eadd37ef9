"""The options shared by the commands that can run their tasks on a cluster (``--cluster``,
``--workers``, ``--log``) and the client they ask for."""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import nullcontext

import click

from cli.options import check_output, count, said
from solver.errors import BriscolaError, Note


def _log_path(ctx, param, value):
    """A log is appended to and read back on a rerun: it may exist, its folder must be writable."""
    check_output(value, False, "--log", append=True)
    return value


def _address(ctx, param, value):
    """An address given empty (``--cluster ""``, a variable unset in a script) would start a
    local cluster, as --cluster alone does: refused, saying both ways."""
    if value is not None and not value.strip():
        raise BriscolaError.of("cluster.empty_address")
    return value


def cluster_options(f=None, *, log: bool = True):
    """--cluster [ADDRESS] and --workers N, and --log FILE unless ``log`` is False."""
    if f is None:
        return lambda g: cluster_options(g, log=log)
    if log:
        f = click.option(
            "--log",
            "log_path",
            type=click.Path(dir_okay=False),
            default=None,
            callback=_log_path,
            help="append each finished task here (JSON lines) and, on a rerun, "
            "do only the tasks not yet in it",
        )(f)
    f = click.option(
        "--workers",
        type=count(1, 256, "range.workers"),
        default=2,
        show_default=True,
        help="worker processes of the local cluster (--cluster without ADDRESS)",
    )(f)
    f = click.option(
        "--cluster",
        is_flag=False,
        flag_value="local",
        default=None,
        metavar="[ADDRESS]",
        callback=_address,
        help="run the tasks on the Dask scheduler at ADDRESS (host:port), or "
        "without ADDRESS on a local cluster of --workers processes; needs "
        "pip install -e '.[cluster]'",
    )(f)
    return f


def client_for(cluster: str | None, workers: int):
    """A Dask client for --cluster (None: the tasks run here)."""
    if cluster is None:
        return nullcontext(None)
    from solver.cluster import connect

    return connect(None if cluster == "local" else cluster, workers)


def say(line: str) -> None:
    """A progress or resume line, on stderr (a keyed note in the command's language)."""
    click.echo(said(line), err=True)


def log_failed(log) -> None:
    """Exit 1, once the result is out, when the run's log (a TaskLog) could not be written:
    the result stands, the log holds only the rows written before."""
    if log is not None and log.failed:
        say(Note.of("log.failed", error=log.failed))
        sys.exit(1)


def progress_line(quiet: bool = False) -> Callable[[str], None] | None:
    return None if quiet else say
