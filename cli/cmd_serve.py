"""`briscola serve`: the analysis board in the browser, served from this machine."""
from __future__ import annotations

import threading
import webbrowser

import click

from cli.options import count


@click.command()
@click.option("--port", type=count(0, 65535, "a TCP port; 0 picks a free one"), default=8015, show_default=True,
              help="the port to listen on (0 picks a free one)")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="the address to listen on (127.0.0.1: only this machine)")
@click.option("--open", "open_browser", is_flag=True, help="open the board in the web browser")
def serve(port, host, open_browser):
    """Serve the analysis board: the position drawn with its cards, the analysis beside it,
    play against the engine, puzzles, and a JSON API (see the README). Needs the web extra:
    pip install -e '.[web]'. Stop it with Ctrl-C.

    \b
    Example:
      briscola serve --open
      briscola serve --port 9000 --host 0.0.0.0
    """
    try:
        import starlette  # noqa: F401
        import uvicorn
    except ModuleNotFoundError as e:
        raise ValueError(f"the board needs the web extra ({e.name} is missing): "
                         f"pip install -e '.[web]'") from None
    from solver.web.app import create_app
    import socket
    try:
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, port))
            port = s.getsockname()[1]
    except OSError as e:
        raise ValueError(f"cannot listen on {host}:{port}: {e.strerror}") from None
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    click.echo(f"the analysis board is at {url} (Ctrl-C stops it)", err=True)
    if open_browser:
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    uvicorn.run(create_app(), host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)


COMMANDS = [serve]
