"""Importing the command line changes nothing in the interpreter: the compile notice's
import watcher is installed when a command runs, not on import."""
from __future__ import annotations

import os
import subprocess
import sys

from click.testing import CliRunner

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_importing_cli_main_leaves_sys_meta_path_unchanged():
    code = ("import sys\nbefore = list(sys.meta_path)\nimport cli.main\n"
            "print(sys.meta_path == before)\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.stdout.strip() == "True", r.stderr


def test_running_a_command_installs_the_notice_once():
    from cli import coldstart
    from cli.main import cli
    for _ in range(2):
        assert CliRunner().invoke(cli, ["show", "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"]
                                  ).exit_code == 0
    assert sum(isinstance(f, coldstart._Notice) for f in sys.meta_path) == 1
