"""Fixes from a tester's report: deal input, sheet commands and their words."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.clirun import GIN_ANNA, GIN_BORIS, fails, ok, run


def refused(*args: str) -> str:
    """The error line of a command that must fail with exit 1."""
    return fails(*args, code=1).stderr.splitlines()[0]


def sheet(tmp_path: Path, variant: str, players: str = "Anna,Boris,Carl") -> Path:
    path = tmp_path / f"{variant}.yaml"
    ok("new", str(path), "-v", variant, "--players", players)
    return path


# 1. a drawn deal entered as points scores only what a draw can


@pytest.mark.parametrize(
    ("variant", "players", "score", "error"),
    [
        ("gin", "Anna,Boris", "Anna=5", "a drawn deal scores nothing in gin, not +5 for Anna"),
        (
            "oklahoma",
            "Anna,Boris",
            "Boris=-3",
            "a drawn deal scores nothing in oklahoma, not -3 for Boris",
        ),
        (
            "bridge",
            "Anna,Boris,Carl",
            "Anna=5",
            "a drawn deal scores nothing in bridge, not +5 for Anna",
        ),
        (
            "rummy",
            "Anna,Boris,Carl",
            "Anna=5",
            "in a drawn rummy deal every player scores minus their own hand, not +5 for Anna",
        ),
        (
            "polish",
            "Anna,Boris,Carl",
            "Carl=1",
            "in a drawn polish deal every player scores minus their own hand, not +1 for Carl",
        ),
        (
            "remibrydz",
            "Anna,Boris,Carl",
            "Anna=5",
            "in a drawn remibrydz deal every player scores minus their own hand, not +5 for Anna",
        ),
        (
            "boat",
            "Anna,Boris,Carl",
            "Anna=-5",
            "boat has no drawn deals: when the stock runs "
            "out the discard pile is turned over and play goes on until a player goes out",
        ),
        (
            "continental",
            "Anna,Boris,Carl",
            "Anna=0",
            "continental has no drawn deals: when "
            "the stock runs out the discard pile is turned over and play goes on until a player "
            "goes out",
        ),
    ],
)
def test_a_drawn_deal_with_scores_it_cannot_have_is_refused(
    tmp_path: Path, variant: str, players: str, score: str, error: str
) -> None:
    path = sheet(tmp_path, variant, players)
    before = path.read_bytes()
    assert refused("add", str(path), "--draw", "--score", score) == f"Error: {error}"
    assert refused("add", str(path), "--how", "draw", "--score", score) == f"Error: {error}"
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("variant", "players", "scores"),
    [
        ("gin", "Anna,Boris", "Anna=0"),
        ("bridge", "Anna,Boris,Carl", "Anna=0 Boris=0"),
        ("rummy", "Anna,Boris,Carl", "Anna=-5 Boris=0 Carl=-12"),
        ("remibrydz", "Anna,Boris,Carl", "Anna=-5"),
        ("rummy500", "Anna,Boris,Carl", "Anna=35 Boris=-20"),
    ],
)
def test_a_drawn_deal_with_the_scores_a_draw_gives_is_taken(
    tmp_path: Path, variant: str, players: str, scores: str
) -> None:
    path = sheet(tmp_path, variant, players)
    args = [a for score in scores.split() for a in ("--score", score)]
    ok("add", str(path), "--draw", *args)


def test_a_sheet_holding_a_drawn_deal_with_points_is_refused_when_read(tmp_path: Path) -> None:
    path = tmp_path / "gin.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n"
        "deals:\n  - draw: true\n    scores: {Anna: 5}\n",
        encoding="utf-8",
    )
    result = run("show", str(path))
    assert result.exit_code == 1
    assert "a drawn deal scores nothing in gin, not +5 for Anna" in result.stderr


# 2. `hand`'s Caught line counts the hand as it will be held, after the chosen discard


def test_caught_counts_the_hand_after_the_chosen_discard() -> None:
    held = ok("hand", "-v", "rummy", "-n", "3", "AS", "2S", "3S", "7H", "7D", "7C", "QC")
    drawn = ok("hand", "-v", "rummy", "-n", "3", "AS", "2S", "3S", "7H", "7D", "7C", "KD", "QC")
    caught = (
        "Caught:   37 if another player goes out now (every card counts, melds too; "
        "74 if another player goes out in one go)\n"
    )
    assert held.output.endswith(caught)
    assert drawn.output == (
        "Hand:     AS 2S 3S 7H 7D 7C KD QC\n"
        "Melds:    7C 7D 7H | AS 2S 3S\n"
        "Deadwood: QC\n"
        "Points:   10\n"
        "Discard:  KD\n" + caught
    )


def test_caught_after_a_discard_in_continental_pays_for_the_cards_kept() -> None:
    out = ok(
        "hand",
        "-v",
        "continental",
        "-n",
        "3",
        "AS",
        "2S",
        "3S",
        "4S",
        "5S",
        "6S",
        "7S",
        "8S",
        "9S",
        "TS",
        "JS",
        "QS",
        "KS",
        "JK",
        "5H",
        "9D",
    ).output
    assert "Discard:  9D\n" in out
    assert out.endswith(
        "Caught:   16 if another player goes out now (14 cards × 1 + 1 joker × 2)\n"
    )


# 3. undo's put-back line has --again when add would need it


def test_undo_of_a_repeated_deal_puts_it_back_with_again(tmp_path: Path) -> None:
    path = sheet(tmp_path, "rummy", "Anna,Boris")
    ok("add", str(path), "--score", "Anna=10")
    ok("add", str(path), "--score", "anna=10", "--again")
    out = ok("undo", str(path)).output.splitlines()
    assert out[:2] == [
        f"Removed the last entry of {path} (points only).",
        f"To put it back: remikcalc add {path} --again --score Anna=10",
    ]
    ok(*shlex.split(out[1])[5:])  # the line works as printed
    assert '"add_again": "remikcalc add ' + str(path) + ' --again --score Anna=10"' in (
        ok("undo", str(path), "--format", "json").output
    )
    # the first deal is not a repeat: no --again
    assert ok("undo", str(path)).output.splitlines()[1] == (
        f"To put it back: remikcalc add {path} --score Anna=10"
    )


def test_undo_of_a_repeated_hand_deal_puts_it_back_with_again(tmp_path: Path) -> None:
    path = sheet(tmp_path, "rummy", "Anna,Boris")
    hands = ("--closer", "Anna", "Boris=9C 9D KS")
    ok("add", str(path), *hands)
    ok("add", str(path), "--closer", "anna", "Boris=9c 9d ks", "--again")
    line = ok("undo", str(path)).output.splitlines()[1]
    assert line == f"To put it back: remikcalc add {path} --again --closer Anna Boris='9C 9D KS'"
    ok("add", str(path), "--score", "Anna=3")
    line = ok("undo", str(path)).output.splitlines()[1]
    assert line == f"To put it back: remikcalc add {path} --score Anna=3"


# 4. a negative operand in how a game is netted is written in brackets


@pytest.mark.columns(120)  # the sentence under the table wraps to the terminal
def test_rummy500_collection_from_a_negative_total_is_bracketed(tmp_path: Path) -> None:
    path = sheet(tmp_path, "rummy500")
    ok("add", str(path), "--closer", "Anna", "--score", "Anna=522", "--score", "Carl=-49")
    line = (
        "Game won by Anna: Anna collects 522 − 0 = 522 from Boris; "
        "Anna collects 522 − (−49) = 571 from Carl"
    )
    assert line in ok("settle", str(path)).output.splitlines()
    polish = ok("--lang", "pl", "settle", str(path)).output
    assert "Anna bierze od gracza Carl 522 − (−49) = 571" in polish
    # the English reasons of JSON say the same as the table (docs/DECISIONS.md)
    assert '"Anna collects 522 − (−49) = 571 from Carl"' in (
        ok("settle", str(path), "--format", "json").output
    )


# 5. the thousands hint only where a separator could be one; a huge stake is too large


@pytest.mark.parametrize(
    ("stake", "currency", "error"),
    [
        (
            "0.001",
            "PLN",
            "stake '0.001' has more decimals than the currency's minor unit (2 decimals)",
        ),
        (
            "0.5",
            "JPY",
            "stake '0.5' has more decimals than the currency's minor unit (whole units)",
        ),
        (
            "0,500",
            "PLN",
            "stake '0,500' has more decimals than the currency's minor unit (2 decimals)",
        ),
        (
            "1,500",
            "PLN",
            "stake '1,500' has more decimals than the currency's minor unit "
            "(2 decimals); for thousands write 1500 or 1 500",
        ),
        (
            "12.500",
            "JPY",
            "stake '12.500' has more decimals than the currency's minor unit "
            "(whole units); for thousands write 12500 or 12 500",
        ),
        (
            "99999999999999999999999999999999999999.123456789",
            "PLN",
            "stake '99999999999999999999999999999999999999.123456789' is more than 1000000; "
            "a stake is at most that",
        ),
        ("1000000.5", "JPY", "stake '1000000.5' is more than 1000000; a stake is at most that"),
        ("ten", "PLN", "stake 'ten' is not a decimal number; write it like 0.10 or 1,5"),
    ],
)
def test_stake_refusals_say_what_is_wrong(
    tmp_path: Path, stake: str, currency: str, error: str
) -> None:
    path = tmp_path / "x.yaml"
    args = ("new", str(path), "-v", "gin", "--players", "A,B", "--stake", stake)
    assert refused(*args, "--currency", currency) == f"Error: {error}"
    assert not path.exists()


def test_the_thousands_hint_in_polish() -> None:
    from remikcalc.base.errors import SettleError
    from remikcalc.base.i18n import in_language
    from remikcalc.base.money import parse_amount

    with in_language("pl"), pytest.raises(SettleError) as caught:
        parse_amount("2,500")
    assert str(caught.value).endswith("; tysiące zapisz jako 2500 lub 2 500")


# 6. a currency code is kept in capitals, a sign as typed; zł and PLN are one currency


def gin_sheet(path: Path, currency: str) -> Path:
    ok(
        "new",
        str(path),
        "-v",
        "gin",
        "--players",
        "Anna,Boris",
        "--stake",
        "0,1",
        "--currency",
        currency,
    )
    ok("add", str(path), "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    return path


def test_a_currency_code_is_kept_in_capitals_and_a_sign_as_typed(tmp_path: Path) -> None:
    code = gin_sheet(tmp_path / "code.yaml", "pln")
    sign = gin_sheet(tmp_path / "sign.yaml", "zł")
    assert "currency: PLN\n" in code.read_text(encoding="utf-8")
    assert "currency: zł\n" in sign.read_text(encoding="utf-8")
    assert "Boris → Anna: 5,90\u00a0zł" in ok("--lang", "pl", "settle", str(sign)).output
    assert "Boris pays Anna 5.90 zł" in ok("settle", str(sign)).output
    assert "Boris pays Anna 5.90 PLN" in ok("settle", str(code)).output
    evening = ok("--lang", "pl", "settle", str(sign), str(code)).output
    assert "Boris → Anna: 11,80\u00a0zł" in evening


def test_a_sheet_read_with_a_lower_case_code_is_in_that_currency(tmp_path: Path) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\nstake: 0.1\ncurrency: eur\n"
        "deals:\n  - closer: Anna\n    hands: {Anna: 9C 9D 9H 5S 6S 7S KD KH KS 2C, "
        "Boris: AS 2S 3H 4D 5D 8C 8D JC QC TD}\n",
        encoding="utf-8",
    )
    assert '"currency": "EUR"' in ok("settle", str(path), "--format", "json").output
    other = gin_sheet(tmp_path / "usd.yaml", "$")
    assert refused("settle", str(path), str(other)) == (
        f"Error: {other} is in $ but {path} is in EUR: settle sheets of one currency together"
    )


# 7. English messages name no sex


def test_reentry_refusal_names_no_sex(tmp_path: Path) -> None:
    path = sheet(tmp_path, "bridge")
    assert refused("add", str(path), "--reenter", "Carl") == (
        "Error: Carl cannot re-enter while still in the game (total 0)"
    )


def test_stock_out_and_balance_reasons_name_no_sex(tmp_path: Path) -> None:
    out = ok("round", "rummy", "--draw", "Anna=9C 9D", "Boris=KS", "--format", "json").output
    assert "every player scores minus their own hand" in out
    path = sheet(tmp_path, "boat")
    assert refused("add", str(path), "--closer", "Anna", "--score", "Anna=5") == (
        "Error: boat points must balance: the winner +sum, each loser −what they pay"
    )
    chips = ok("hand", "-v", "continental", "--preset", "bicycle", "AS", "2S", "3S").output
    assert chips.endswith(
        "Caught:   the winner's chips if another player goes out now (counted from the "
        "winner's melds, not from these cards)\n"
    )


@pytest.mark.slow
def test_no_english_message_says_he_his_or_him() -> None:
    from remikcalc.base.i18n_tools import extract  # the messages of the installed source

    said = [text for m in extract() for text in (m.msgid, m.plural) if text]
    assert not [text for text in said if re.search(r"\b(he|his|him|himself)\b", text, re.I)]
