"""Any input gets an answer or a clear error, never a traceback (hypothesis-driven)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remikcalc.cli.main import cli

TOKENS = st.sampled_from(
    ["9C", "7h", "10♥", "Дч", "Wk", "JK", "*", "QX", "QС", "|", "AS", "2S", "3S", "KD", "1C",
     "", "🃏", "Тп", "TT", "=", ",", "--", "KA", "10ka", "ДЖ", "\x00", "é", "99", "AAA"]
)  # fmt: skip
TEXT = st.lists(st.one_of(TOKENS, st.text(max_size=4)), max_size=14).map(" ".join)
VARIANTS = st.sampled_from(
    ["gin", "oklahoma", "bridge", "rummy", "boat", "rummy500", "polish", "continental",
     "remibrydz", "nosuch"]
)  # fmt: skip


def invoke(args: list[str], input: str | None = None) -> Result:
    result = CliRunner().invoke(cli, args, input=input)
    assert result.exit_code in (0, 1, 2), (args, result.output)
    assert "Traceback" not in result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@settings(max_examples=150, deadline=None)
@given(VARIANTS, TEXT)
def test_hand_never_crashes(variant: str, text: str) -> None:
    invoke(["hand", "-v", variant, "--", text])


@settings(max_examples=40, deadline=None)
@given(VARIANTS, st.lists(TEXT, min_size=1, max_size=5))
def test_hand_batch_never_crashes(variant: str, lines: list[str]) -> None:
    invoke(["hand", "-v", variant, "--json", "-"], input="\n".join(lines))


@settings(max_examples=150, deadline=None)
@given(
    VARIANTS,
    st.lists(st.tuples(st.sampled_from(["Anna", "Boris", "Carl", "anna", ""]), TEXT), max_size=4),
    st.sampled_from([[], ["--closer", "Anna"], ["--closer", "Zed"], ["--draw"],
                     ["--how", "one_go", "--closer", "Boris"], ["--upcard", "5S"],
                     ["--plus", "10"], ["--melded", "Anna=AS 2S 3S | 4S"],
                     ["--how", "colour", "--closer", "Anna"]]),
)  # fmt: skip
def test_round_never_crashes(
    variant: str, hands: list[tuple[str, str]], options: list[str]
) -> None:
    invoke(["round", variant, *options, "--", *[f"{name}={cards}" for name, cards in hands]])


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=300), st.sampled_from(["show", "settle", "undo", "pool", "check"]))
def test_any_sheet_text_loads_or_is_refused(tmp_path: Path, text: str, command: str) -> None:
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text("remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n" + text, "utf-8")
    invoke([command, str(sheet)])
    sheet.write_text(text, "utf-8")
    invoke([command, str(sheet)])
