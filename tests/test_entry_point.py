"""The command's entry point.

- ``import remikcalc`` is a library's import: it changes no signal handler, whatever
  ``sys.argv`` looks like. The command (``python -m remikcalc``, the ``remikcalc`` script,
  both through remikcalc/__main__.py) holds a Ctrl-C that comes while it loads and ends
  with one line, no traceback (tests/test_sheet_sigint.py tries it at random moments).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

_SIGNAL_AFTER_IMPORT = """
import signal, sys
sys.argv[:] = {argv!r}
{imports}
print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)
"""


@pytest.mark.parametrize(
    "argv",
    [["-m", "hand"], ["/usr/local/bin/remikcalc", "hand"], [r"C:\bin\remikcalc.exe"], ["-c"]],
)
@pytest.mark.parametrize(
    "imports",
    [
        "import remikcalc",
        "import remikcalc.__main__",  # the entry point's module, not run
        "import remikcalc\nfor name in remikcalc.__all__: getattr(remikcalc, name)",
    ],
)
def test_importing_remikcalc_leaves_the_sigint_handler_alone(argv: list[str], imports: str) -> None:
    code = _SIGNAL_AFTER_IMPORT.format(argv=argv, imports=imports)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "True\n", "")


# A Ctrl-C sent by the process to itself as the command line's modules start loading: the
# moment a person's Ctrl-C right after pressing Enter lands in.
_CTRL_C_WHILE_LOADING = """
import os, signal, sys

class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "remikcalc.cli.main":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, CtrlC())
sys.argv[:] = ["remikcalc", "hand", "AS"]
{start}
"""


@pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals")
@pytest.mark.parametrize(
    "start",
    [
        "from remikcalc.__main__ import run; run()",  # the script
        "import runpy; runpy.run_module('remikcalc', run_name='__main__', alter_sys=True)",  # -m
    ],
    ids=["script", "python -m"],
)
def test_ctrl_c_while_the_command_loads_is_one_line(start: str) -> None:
    code = _CTRL_C_WHILE_LOADING.format(start=start)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (130, "")
    assert done.stderr == "interrupted; nothing was changed\n"
