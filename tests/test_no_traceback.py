"""Any input gets an answer or a clear error, never a traceback (hypothesis-driven), also in a
working folder that was removed."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.clirun import ok, run

TOKENS = st.sampled_from(
    [
        "9C",
        "7h",
        "10♥",
        "Дч",
        "Wk",
        "JK",
        "*",
        "QX",
        "QС",
        "|",
        "AS",
        "2S",
        "3S",
        "KD",
        "1C",
        "",
        "🃏",
        "Тп",
        "TT",
        "=",
        ",",
        "--",
        "KA",
        "10ka",
        "ДЖ",
        "\x00",
        "é",
        "99",
        "AAA",
    ]
)
TEXT = st.lists(st.one_of(TOKENS, st.text(max_size=4)), max_size=14).map(" ".join)
VARIANTS = st.sampled_from(
    [
        "gin",
        "oklahoma",
        "bridge",
        "rummy",
        "boat",
        "rummy500",
        "polish",
        "continental",
        "remibrydz",
        "nosuch",
    ]
)


def answered(result: Result) -> None:
    """An answer (0) or a clear error (1: bad data, 2: usage); ``run`` itself fails the test on
    a traceback or an exception other than click's exit."""
    assert result.exit_code in (0, 1, 2), result.output


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(VARIANTS, TEXT)
def test_hand_never_crashes(variant: str, text: str) -> None:
    answered(run("hand", "-v", variant, "--", text))


@settings(max_examples=40, deadline=None)
@given(VARIANTS, st.lists(TEXT, min_size=1, max_size=5))
def test_hand_batch_never_crashes(variant: str, lines: list[str]) -> None:
    answered(run("hand", "-v", variant, "--json", "-", input="\n".join(lines)))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    VARIANTS,
    st.lists(st.tuples(st.sampled_from(["Anna", "Boris", "Carl", "anna", ""]), TEXT), max_size=4),
    st.sampled_from(
        [
            [],
            ["--closer", "Anna"],
            ["--closer", "Zed"],
            ["--draw"],
            ["--how", "one_go", "--closer", "Boris"],
            ["--upcard", "5S"],
            ["--plus", "10"],
            ["--melded", "Anna=AS 2S 3S | 4S"],
            ["--how", "colour", "--closer", "Anna"],
        ]
    ),
)
def test_round_never_crashes(
    variant: str, hands: list[tuple[str, str]], options: list[str]
) -> None:
    answered(run("round", variant, *options, "--", *[f"{name}={cards}" for name, cards in hands]))


@pytest.mark.slow
@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=300), st.sampled_from(["show", "settle", "undo", "pool", "check"]))
def test_any_sheet_text_loads_or_is_refused(tmp_path: Path, text: str, command: str) -> None:
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text("remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n" + text, "utf-8")
    answered(run(command, str(sheet)))
    sheet.write_text(text, "utf-8")
    answered(run(command, str(sheet)))


HOWS = [
    None,
    "knock",
    "gin",
    "big_gin",
    "undercut",
    "out",
    "one_go",
    "remik",
    "colour",
    "figures",
    "full_colour",
    "draw",
]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(VARIANTS.filter(lambda v: v != "nosuch"), st.data())
def test_round_with_legal_looking_hands_never_crashes(variant: str, data: st.DataObject) -> None:
    from remikcalc.cards.notation import CARDS, format_cards
    from remikcalc.rules.variants import get_rules

    rules = get_rules(variant)
    players = data.draw(st.integers(rules.players_min, min(rules.players_max, 4)))
    pack = [c for c in CARDS[:52] for _ in range(rules.decks)] + [CARDS[52]] * rules.jokers
    cards = data.draw(st.permutations(pack))
    names = ["Anna", "Boris", "Carl", "Dora"][:players]
    args = ["round", variant]
    closer = data.draw(st.sampled_from(names))
    args += ["--closer", closer]
    how = data.draw(st.one_of(st.none(), st.sampled_from(HOWS)))
    if how is not None:
        args += ["--how", how]
    if rules.upcard_knock:
        args += ["--upcard", data.draw(st.sampled_from(["5S", "AH", "KD", "3C"]))]
    if rules.family == "boat":
        args += ["--plus", str(data.draw(st.integers(0, 100)))]
    position = 0
    for name in names:
        sizes = [rules.hand_size, rules.hand_size + 1, 3]
        if name == closer and rules.melds_in_hand_count and rules.family != "continental":
            sizes = [0, 0, 0, *sizes]  # going out: the winner's hand is usually empty
        size = data.draw(st.sampled_from(sizes))
        hand = cards[position : position + size]
        position += size
        if size or name != closer:
            args.append(f"{name}={format_cards(hand)}")
    answered(run(*args))


# --- a working folder that was removed ------------------------------------------------------------


# from the hostile round of issue 20: one line, never a traceback
def test_a_working_folder_that_was_removed_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    result = run("new", "rel.yaml", "-v", "gin", "--players", "Anna,Boris")
    assert result.exit_code == 1
    assert "the current folder no longer exists" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    other = tmp_path / "a.yaml"
    ok("new", str(other), "-v", "gin", "--players", "Anna,Boris")  # a full path still works
    result = run("settle", "a.yaml", "b.yaml")
    assert result.exit_code == 1 and "no longer exists" in result.output
