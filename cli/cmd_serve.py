"""`briscola serve`: the analysis board in the browser, served from this machine."""

from __future__ import annotations

import threading
import webbrowser

import click

from cli.options import count, lang_now, lang_option
from solver import jsonfile
from solver.errors import BriscolaError
from solver.i18n import command_text


@click.command()
@click.option(
    "--port",
    type=count(0, 65535, "range.port"),
    default=8015,
    show_default=True,
    help="the port to listen on (0 picks a free one)",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="the address to listen on: 127.0.0.1 or ::1, only this machine; 0.0.0.0 or ::, "
    "every interface (the API has no authentication)",
)
@click.option("--open", "open_browser", is_flag=True, help="open the board in the web browser")
@lang_option
def serve(port, host, open_browser):
    """Serve the analysis board: the position drawn with its cards, the analysis beside it,
    play against the engine, puzzles, and a JSON API (docs/board.md). Under --lang it the
    address it gives (and --open opens) shows the board in Italian. Needs the web extra:
    pip install -e '.[web]'. Stop it with Ctrl-C.

    \b
    Example:
      briscola serve --open
      briscola serve --port 9000 --host 0.0.0.0
    """
    try:
        import starlette  # noqa: F401 - imported to learn whether the web extra is installed
        import uvicorn
    except ModuleNotFoundError as e:
        raise BriscolaError.of("serve.no_web", module=e.name) from None
    from solver.web.app import create_app
    from solver.web.guard import is_loopback
    from solver.web.server import config

    sock = _bind(host, port)
    addr = sock.getsockname()
    ip, port = addr[0], addr[1]
    app = create_app(host=host, port=port)  # before the banner: a bad setting ends here
    shown = f"[{ip}]" if ":" in ip else ip
    wildcard = ip in ("0.0.0.0", "::")
    lang = lang_now()
    url = f"http://{'127.0.0.1' if ip == '0.0.0.0' else '[::1]' if ip == '::' else shown}:{port}/"
    if lang != "en":  # the page reads its language from its address (board.js)
        url += f"?lang={lang}"
    if not is_loopback(ip):
        where = (
            command_text(lang, "serve.everywhere")
            if wildcard
            else command_text(lang, "serve.network", ip=shown)
        )
        click.echo(command_text(lang, "serve.open", host=host, where=where, port=port), err=True)
    line = command_text(lang, "serve.listening", ip=shown, port=port, url=url)
    click.echo(line, err=True)
    if open_browser:
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    settings = config(app, log_level="warning", timeout_graceful_shutdown=2)
    uvicorn.Server(settings).run(sockets=[sock])


def _bind(host: str, port: int):
    """A socket bound to host:port (IPv4 or IPv6, as the address says), handed to the
    server, so the address checked is the address served."""
    import socket

    try:
        infos = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (socket.gaierror, UnicodeError) as e:
        why = getattr(e, "strerror", None) or str(e)
        raise BriscolaError.of("serve.cannot_listen", host=host, port=port, why=why) from None
    family, _, _, _, sockaddr = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(sockaddr)
    except OSError as e:
        sock.close()
        raise BriscolaError.of(
            "serve.cannot_listen", host=host, port=port, why=jsonfile.os_reason(e)
        ) from None
    return sock


COMMANDS = [serve]
