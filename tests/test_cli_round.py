"""`remikcalc round`: one deal typed on the command line, end to end (docs/INTERFACE.md).

The deals are the ones worked out by hand in test_scoring_knock.py and
test_scoring_bridge.py; here the point is the command: arguments, players, output formats (a
table without the columns nobody fills), exit codes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import fails, ok, process, run
from tests.hands import (
    BIG_GIN,
    BIG_GIN_DEFENCE,
    BRIDGE_FULL_COLOUR,
    BRIDGE_KNOCK_4,
    BRIDGE_NO_MELD_62,
    BRIDGE_NO_MELD_82,
    GIN_ALL_MELDED,
    GIN_ANNA,
    GIN_BORIS,
    GIN_BORIS_RUN,
    GIN_DEFENCE_57,
    OVER_THE_KNOCK_LIMIT,
    SEED_DEFENDER,
    SEED_DEFENDER_SHORT,
    SEED_KNOCKER,
    SEED_KNOCKER_JOKER,
    UNDERCUT_KNOCKER,
    UNDERCUT_TIE,
)

# These tests read a deal's rows whole: a terminal wide enough not to wrap them (fitting a
# table to the terminal is tested in test_formats.py).
pytestmark = pytest.mark.columns(200)


def round_json(*args: str) -> dict[str, Any]:
    """The deal ``round ARGS --json`` scores."""
    data: dict[str, Any] = json.loads(ok("round", *args, "--json").stdout)
    return data


def test_gin_knock_json_has_the_per_deal_fields() -> None:
    deal = round_json("gin", "--closer", "Anna", f"Anna={SEED_KNOCKER}", f"Boris={SEED_DEFENDER}")
    assert deal["variant"] == "gin"
    assert deal["closer"] == "Anna" and deal["outcome"] == "knock" and deal["winner"] == "Anna"
    assert deal["points"] == {"Anna": 1, "Boris": 44}
    assert deal["scores"] == {"Anna": 43, "Boris": 0}  # 44 - 1
    assert deal["payments"] == []
    boris = deal["details"]["players"]["Boris"]
    assert sorted(x["card"] for x in boris["layoffs"]) == ["9S", "QS", "TS"]
    assert boris["count"] == 44 and boris["count_before_layoffs"] == 73  # 44 + 10 + 9 + 10


def test_gin_knock_table_explains_the_score() -> None:
    result = ok("round", "gin", "-c", "Anna", f"Anna={SEED_KNOCKER}", f"Boris={SEED_DEFENDER}")
    out = result.stdout
    assert result.stderr == ""
    assert out.startswith("gin: Anna knocked; Anna wins the deal\n")
    assert "QS on QC QD QH; 9S TS on 6S 7S 8S" in out
    assert "Boris laid off 9S TS on 6S 7S 8S" in out
    assert "Anna scores 44 - 1 = 43" in out
    anna = next(line for line in out.splitlines() if line.startswith("Anna "))
    assert anna.split()[-2:] == ["1", "43"]


def test_undercut_headline_says_who_knocked_and_who_undercut() -> None:
    # docs/RULES.md §1 undercut: Anna knocks with 5D unmatched (K = 5); Boris holds three sets and
    # 5H (D = 5, nothing to lay off on 2-3-4C / 5-6-7S / kings): a tie is an undercut, Boris
    # scores 5 - 5 + 25 = 25. The headline used to read "undercut by Anna", naming the knocker
    # as if she had undercut; then "undercut: Anna knocked, Boris undercut". Now the one who
    # undercut heads it, as players say it.
    out = ok(
        "round",
        "gin",
        "-c",
        "Anna",
        "Anna=5S 6S 7S | KH KD KC | 2C 3C 4C | 5D",
        "Boris=9S 9H 9D | JC JD JS | QH QD QS | 5H",
    ).stdout
    assert out.startswith("gin: Boris undercuts Anna; Boris wins the deal\n")
    assert "Boris scores 5 - 5 + 25 bonus = 25" in out


def test_draw_headline_of_a_going_out_game_does_not_say_nobody_scores() -> None:
    # docs/RULES.md §4 / §9: a stock-out in rummy scores every player minus their own hand, so
    # "nobody scores" is wrong there: Anna KC QD 2H = 22 -> -22, Boris 5S 5D 9C = 19 -> -19.
    out = ok("round", "rummy", "--draw", "Anna=KC QD 2H", "Boris=5S 5D 9C").stdout
    assert out.startswith("rummy: draw: the stock ran out, no winner")
    assert "nobody scores" not in out.splitlines()[0]
    # a gin draw still scores nothing and says so
    out = ok("round", "gin", "--draw", "--players", "Anna,Boris").stdout
    assert out.startswith("gin: draw: nobody scores")


def test_plain_format_is_tab_separated() -> None:
    out = ok(
        "round",
        "gin",
        "--closer",
        "Anna",
        "--format",
        "plain",
        f"Anna={SEED_KNOCKER}",
        f"Boris={SEED_DEFENDER}",
    ).stdout
    lines = out.splitlines()
    assert lines[:3] == ["outcome\tknock", "closer\tAnna", "winner\tAnna"]
    assert lines[3].split("\t") == ["player", "melds", "unmatched", "laid off", "count", "score"]
    assert lines[4].split("\t")[-2:] == ["1", "43"]


def test_hands_typed_without_quotes_continue_the_previous_player() -> None:
    args = [
        "gin",
        "--closer",
        "Anna",
        "Anna=" + SEED_KNOCKER.split()[0],
        *SEED_KNOCKER.split()[1:],
        "Boris=" + SEED_DEFENDER.split()[0],
        *SEED_DEFENDER.split()[1:],
    ]
    assert round_json(*args)["scores"] == {"Anna": 43, "Boris": 0}


def test_players_option_sets_the_order() -> None:
    deal = round_json(
        "gin",
        "--players",
        "Boris,Anna",
        "--closer",
        "Anna",
        f"Anna={SEED_KNOCKER}",
        f"Boris={SEED_DEFENDER}",
    )
    assert list(deal["points"]) == ["Boris", "Anna"]


def test_russian_notation_and_alias() -> None:
    # the seed knocker in Russian: Д = queen, ч/б/т/п = hearts/diamonds/clubs/spades, Т = ace
    anna = "Дч Дб Дт 6п 7п 8п 2б 3б 4б Тт"
    deal = round_json("джин", "--closer", "Anna", f"Anna={anna}", f"Boris={SEED_DEFENDER}")
    assert deal["scores"] == {"Anna": 43, "Boris": 0}


def test_gin_and_presets() -> None:
    deal = round_json(
        "gin", "--closer", "Anna", f"Anna={GIN_ALL_MELDED}", f"Boris={GIN_DEFENCE_57}"
    )
    assert deal["outcome"] == "gin" and deal["scores"]["Anna"] == 82  # 57 + 25
    deal = round_json(
        "gin",
        "--preset",
        "pagat",
        "--closer",
        "Anna",
        f"Anna={GIN_ALL_MELDED}",
        f"Boris={GIN_DEFENCE_57}",
    )
    assert deal["scores"]["Anna"] == 77  # 57 + 20


def test_big_gin_modern() -> None:
    # 2-5H, three nines, four kings; Boris 8C 9H QS QD 7C 6D 3S AS 2D 4C = 60; 60 + 31 = 91
    deal = round_json(
        "gin",
        "-p",
        "modern",
        "--closer",
        "Anna",
        f"Anna={BIG_GIN}",
        f"Boris={BIG_GIN_DEFENCE}",
    )
    assert deal["outcome"] == "big_gin" and deal["scores"] == {"Anna": 91, "Boris": 0}


def test_undercut_tie_rule_override() -> None:
    # K = 8, D = 8 (8C): undercut for 25 by default, nothing with undercut_on_tie=false
    hands = [f"Anna={UNDERCUT_KNOCKER}", f"Boris={UNDERCUT_TIE}"]
    assert round_json("gin", "--closer", "Anna", *hands)["scores"] == {"Anna": 0, "Boris": 25}
    deal = round_json("gin", "--rule", "undercut_on_tie=false", "--closer", "Anna", *hands)
    assert deal["scores"] == {"Anna": 0, "Boris": 0} and deal["winner"] is None


def test_draw() -> None:
    deal = round_json("gin", "--draw", f"Anna={SEED_KNOCKER}", f"Boris={SEED_DEFENDER}")
    assert deal["outcome"] == "draw" and deal["scores"] == {"Anna": 0, "Boris": 0}


def test_oklahoma_end_to_end() -> None:
    # up-card 3S: limit 3 (K = 1 fits) and a spade: 43 x 2 = 86
    deal = round_json(
        "oklahoma",
        "--upcard",
        "3S",
        "--closer",
        "Anna",
        f"Anna={SEED_KNOCKER}",
        f"Boris={SEED_DEFENDER}",
    )
    assert deal["scores"] == {"Anna": 86, "Boris": 0}
    assert deal["details"]["knock_limit"] == 3 and deal["details"]["doubled"] is True


def test_bridge_end_to_end_with_payments() -> None:
    deal = round_json(
        "bridge",
        "--closer",
        "Anna",
        f"Anna={BRIDGE_KNOCK_4}",
        f"Boris={BRIDGE_NO_MELD_62}",
        f"Carl={BRIDGE_NO_MELD_82}",
    )
    assert deal["outcome"] == "knock"
    assert deal["scores"] == {"Anna": 4, "Boris": 62, "Carl": 82}
    assert deal["payments"] == [
        {"from": "Boris", "to": "Anna", "amount": "0.5"},
        {"from": "Boris", "to": "pool", "amount": "0.5"},
        {"from": "Carl", "to": "Anna", "amount": "0.5"},
        {"from": "Carl", "to": "pool", "amount": "0.5"},
    ]


def test_bridge_table_shows_jokers_and_payments() -> None:
    out = ok(
        "round",
        "bridge",
        "--closer",
        "Anna",
        f"Anna={BRIDGE_FULL_COLOUR}",
        f"Boris={BRIDGE_NO_MELD_62}",
        f"Carl={BRIDGE_NO_MELD_82}",
    ).stdout
    assert out.startswith("bridge: Anna closed with a full colour; Anna wins the deal\n")
    assert "JK=" in out
    assert "each other player pays Anna 4 stakes for a full colour" in out
    assert "Boris   Anna  4" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            [
                "gin",
                "--closer",
                "Anna",
                f"Anna={OVER_THE_KNOCK_LIMIT}",
                f"Boris={GIN_DEFENCE_57}",
            ],
            "Anna knocked with 34 in deadwood, but the knock limit is 10",
        ),
        (
            [
                "oklahoma",
                "--upcard",
                "AD",
                "--closer",
                "Anna",
                f"Anna={SEED_KNOCKER}",
                f"Boris={SEED_DEFENDER}",
            ],
            "knock on an ace up-card: only gin may close (Anna has 1 in deadwood)",
        ),
        (
            ["oklahoma", "--closer", "Anna", f"Anna={SEED_KNOCKER}", f"Boris={SEED_DEFENDER}"],
            "--upcard",
        ),
        (
            ["gin", "--closer", "Anna", f"Anna={SEED_KNOCKER}", f"Boris={SEED_DEFENDER_SHORT}"],
            "Boris has 9 cards; gin hands hold 10 (11 for the closer before discarding)",
        ),
        (
            [
                "gin",
                "--closer",
                "Anna",
                f"Anna={SEED_KNOCKER}",
                "Boris=QH 9S TS 5H 5C 9H JC KD 2C 3C",
            ],
            "QH typed 2 times",
        ),
        (
            [
                "gin",
                "--closer",
                "Carl",
                "--players",
                "Anna,Boris",
                f"Anna={SEED_KNOCKER}",
                f"Boris={SEED_DEFENDER}",
            ],
            "closer 'Carl' is not a player of this deal",
        ),
        (
            ["gin", "--closer", "Anna", f"Anna={SEED_KNOCKER}"],
            "gin is played by 2 players, not 1 (Anna)",
        ),
        (
            ["gin", "--players", "Anna,Boris", "--closer", "Anna", f"Anna={SEED_KNOCKER}"],
            "hand missing for Boris",
        ),
        (
            [
                "gin",
                "--closer",
                "Anna",
                f"Anna={SEED_KNOCKER_JOKER}",
                f"Boris={SEED_DEFENDER}",
            ],
            "without jokers",
        ),
        (
            [
                "gin",
                "--closer",
                "Anna",
                "--how",
                "gin",
                f"Anna={SEED_KNOCKER}",
                f"Boris={SEED_DEFENDER}",
            ],
            "Anna claims gin, but 1 is unmatched (AC)",
        ),
        (["gin", f"Anna={SEED_KNOCKER}", f"Boris={SEED_DEFENDER}"], "who knocked?"),
        (
            [
                "bridge",
                "--closer",
                "Anna",
                "--how",
                "colour",
                f"Anna={BRIDGE_KNOCK_4}",
                f"Boris={BRIDGE_NO_MELD_62}",
            ],
            "Anna claims a colour, but the hand holds clubs, diamonds, hearts and spades",
        ),
        (
            [
                "bridge",
                "--closer",
                "Anna",
                f"Boris={BRIDGE_NO_MELD_62}",
                f"Carl={BRIDGE_NO_MELD_82}",
            ],
            "hand missing for Anna",
        ),
        (["gin", "9C", "Anna=9D"], "hands look like NAME=CARDS"),
    ],
)
def test_bad_deals_exit_1_with_one_clear_message(args: list[str], message: str) -> None:
    result = fails("round", *args, code=1)
    out, err = result.stdout, result.stderr
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) <= 3


@pytest.mark.parametrize(
    "args",
    [
        ["ginn", "--closer", "Anna", f"Anna={SEED_KNOCKER}", f"Boris={SEED_DEFENDER}"],
        [
            "gin",
            "--rule",
            "knok_limit=5",
            "--closer",
            "Anna",
            f"Anna={SEED_KNOCKER}",
            f"Boris={SEED_DEFENDER}",
        ],
        [
            "gin",
            "--preset",
            "nope",
            "--closer",
            "Anna",
            f"Anna={SEED_KNOCKER}",
            f"Boris={SEED_DEFENDER}",
        ],
    ],
)
def test_bad_usage_exits_2(args: list[str]) -> None:
    err = fails("round", *args, code=2).stderr
    assert "Traceback" not in err


@pytest.mark.slow
def test_installed_command_end_to_end() -> None:
    proc = process(
        "round",
        "gin",
        "--closer",
        "Anna",
        f"Anna={SEED_KNOCKER}",
        f"Boris={SEED_DEFENDER}",
        "--json",
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["scores"] == {"Anna": 43, "Boris": 0}
    bad = process("round", "gin", "--closer", "Anna", f"Anna={SEED_KNOCKER}", "Boris=QS")
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert "Boris has 1 card;" in bad.stderr


def test_render_deal_works_for_any_family_and_bare_results() -> None:
    from decimal import Decimal

    from remikcalc.cards.notation import parse_cards
    from remikcalc.render.deal import render_deal
    from remikcalc.scoring.deal import Hand
    from remikcalc.scoring.details import DealDetails, PlayerDetail
    from remikcalc.scoring.result import DealResult, Payment

    shown = PlayerDetail(Hand(parse_cards("9C 7H")), laid_off=parse_cards("5S"))
    bare = DealResult(
        outcome="out",
        closer="Anna",
        winner="Anna",
        points={"Anna": 0, "Boris": 26},
        scores={"Anna": 26, "Boris": -26},
        payments=(Payment("Boris", "Anna", Decimal("26")),),
        reasons=("Anna went out",),
        details=DealDetails({"Boris": shown}),
    )
    table = render_deal(bare, "table")
    assert table.startswith("Anna went out; Anna wins the deal\n")
    assert "Boris   Anna  26" in table and "- Anna went out" in table
    boris = next(line for line in table.splitlines() if line.startswith("Boris "))
    assert boris.split()[-3:] == ["5S", "26", "-26"]
    plain = render_deal(bare, "plain").splitlines()
    assert "payment\tBoris\tAnna\t26" in plain
    data = json.loads(render_deal(bare, "json", variant="rummy"))
    assert data["variant"] == "rummy" and data["scores"] == {"Anna": 26, "Boris": -26}
    assert data["payments"] == [{"from": "Boris", "to": "Anna", "amount": "26"}]


# --- players matched ignoring case ----------------------------------------------------------------


# from the hostile round of issue 20: round takes A and a as one player
def test_round_takes_a_and_capital_a_as_one_player_as_new_does() -> None:
    result = run(
        "round",
        "gin",
        "--closer",
        "A",
        GIN_ANNA.replace("Anna", "A"),
        GIN_BORIS.replace("Boris", "a"),
    )
    assert result.exit_code == 1
    assert "a is named twice (as A: names are matched ignoring case)" in result.output
    result = run("new", str(Path("no-such-folder") / "x.yaml"), "-v", "gin", "--players", "A,a")
    assert result.exit_code == 2 and "a player is named twice" in result.output


# --- a deal's table without empty columns ---------------------------------------------------------


# from issue 18, item 11 (output)
def test_going_out_games_drop_the_empty_meld_and_layoff_columns() -> None:
    text = ok(
        "round", "rummy", "--closer", "Anna", "Anna=", "Boris=9C 7H 9D QD", "Carl=AH AS", columns=80
    ).stdout
    assert "player    unmatched    count    score\n" in text
    assert "laid off" not in text and "melds" not in text
    # gin keeps them: a defender's lay-offs go there
    assert (
        "laid off"
        in ok("round", "gin", "--closer", "Anna", GIN_ANNA, GIN_BORIS_RUN, columns=80).stdout
    )


# from issue 18, item 11 (output)
@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "gin: draw: nobody scores\n"),
        ("pl", "gin: koniec stosu, nikt nie dostaje punktów\n"),
        ("ru", "джин: ничья — очков никто не получает\n"),
    ],
)
def test_a_gin_draw_is_one_line(lang: str, line: str) -> None:
    assert (
        ok("round", "gin", "--draw", "--players", "Anna,Boris", lang=lang, columns=80).stdout
        == line
    )
