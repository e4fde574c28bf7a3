"""A number with a huge exponent in a note or in ``expect`` is data like any other: it is
kept, compared and written back as the short literal it is, never written out in full
(``1e999999999`` once made ``edit``, ``rename`` and ``check --json`` use gigabytes)."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from remikcalc.base.money import decimal_literal
from remikcalc.sheet.yamltree import plain_value

SHEET = """remikcalc: 1
variant: gin
players: [Anna, Boris]
source: a hostile example
expect:
  totals: {Anna: 1e999999999}
deals:
  - scores: {Anna: 25}
    _n: 1e999999999
  - scores: {Boris: 10}
"""


@given(st.decimals(allow_nan=False, allow_infinity=False))
def test_a_decimal_literal_reads_back_as_the_same_value(value: Decimal) -> None:
    text = decimal_literal(value)
    assert len(text) < 60
    assert plain_value(text) == value or Decimal(text) == value


def _limited(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command with its memory capped at 1 GiB (it needs a few tens of MB)."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [sys.executable, "-m", "remikcalc", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=cap,
    )


@pytest.mark.slow
def test_huge_exponents_cost_nothing(tmp_path: Path) -> None:
    sheet = tmp_path / "s.yaml"
    sheet.write_text(SHEET, encoding="utf-8")
    checked = _limited("check", "s.yaml", "--json", cwd=tmp_path)
    assert checked.returncode == 1, checked.stderr  # 25 is not 1e999999999
    mismatch = json.loads(checked.stdout)["files"][0]["mismatches"][0]
    assert mismatch == {"path": "totals.Anna", "expected": "1E+999999999", "got": 25}
    renamed = _limited("rename", "s.yaml", "Anna", "Ann", cwd=tmp_path)
    assert renamed.returncode == 0, renamed.stderr
    edited = _limited("edit", "s.yaml", "1", "--score", "Ann=20", cwd=tmp_path)
    assert edited.returncode == 0, edited.stderr
    text = sheet.read_text(encoding="utf-8")
    assert "1E+999999999" in text and len(text) < 1000
    assert _limited("show", "s.yaml", cwd=tmp_path).returncode == 0
