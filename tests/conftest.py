"""Makes the test helpers (``reference``) importable from every test module, and keeps the
user's BRISCOLA_LANG (every command's default language) out of the tests: they expect
English unless they ask for Italian (and the commands they start inherit this)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.pop("BRISCOLA_LANG", None)

import pytest  # noqa: E402 - after the path: the helpers above need none of it


@pytest.fixture
def ctrl_c_in_exact_search(monkeypatch):
    """``ctrl_c_in_exact_search(pos)``: Ctrl-C arrives in the exact search of ``pos``
    itself (not in the searches of an estimate's samples); ``monkeypatch.undo()`` ends it."""
    def install(pos):
        from solver.analysis import driver
        real = driver.exact_search

        def interrupted(p, *a, **k):
            if p == pos:
                raise KeyboardInterrupt
            return real(p, *a, **k)

        monkeypatch.setattr(driver, "exact_search", interrupted)
    return install


@pytest.fixture
def vanishing(tmp_path, monkeypatch):
    """(gone, here): a folder that vanishes once play's deal begins, and the working
    directory, where a record that cannot be written there is kept."""
    import shutil

    import cli.cmd_play as P
    gone = tmp_path / "gone"
    gone.mkdir()
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    real = P.ScopertaPlay.play_deal

    def play_deal(self, state, hold):
        shutil.rmtree(gone)
        return real(self, state, hold)
    monkeypatch.setattr(P.ScopertaPlay, "play_deal", play_deal)
    return gone, here


@pytest.fixture(scope="module")
def client(request):
    """The board's app under a test client, one per module; a module's ``BOARD_PORT``
    serves it at that port (its Host and Origin then carry it). Needs the web extra: a
    test that takes it is skipped without (a module may skip as a whole first)."""
    pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
    from starlette.testclient import TestClient

    from solver.web.app import create_app

    port = getattr(request.module, "BOARD_PORT", None)
    app = create_app() if port is None else create_app(port=port)
    with TestClient(app, base_url="http://127.0.0.1" + ("" if port is None else f":{port}")) as c:
        yield c
