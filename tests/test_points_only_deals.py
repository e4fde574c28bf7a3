"""Deals entered as points only, as ``stats`` and ``settle`` read them, a drawn deal entered
as points, which scores only what a draw can, and the signs a variant never gives a deal's
final scores, pointed out before and after saving.

DECISIONS.md: a points-only deal achieves no outcome (no cards show its ``how``, and bridge
takes a points-only closing from the stakes), and its winner is the deal result's winner,
which both the tally (``settle``'s deals won) and ``stats`` count.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.session import player_stats, replay
from remikcalc.settle import settle
from remikcalc.sheet import DealEntry, Sheet
from tests.clirun import ok, refusal_line, run
from tests.sheets import SheetMaker


def _stats(path: str) -> dict[str, dict[str, object]]:
    players: dict[str, dict[str, object]] = json.loads(ok("stats", path, "--json").output)[
        "players"
    ]
    return players


def test_a_points_only_gin_achieves_no_outcome(sheet_file: SheetMaker) -> None:
    path = str(
        sheet_file(
            "p.yaml",
            text="remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n"
            "  - {closer: Anna, how: gin, scores: {Anna: 30}}\n",
        )
    )
    anna = _stats(path)["Anna"]
    assert anna["won"] == 1  # the deal is hers: she scored
    assert anna["outcomes"] == {}  # but no card shows a gin


def test_a_points_only_bridge_closing_achieves_no_outcome(sheet_file: SheetMaker) -> None:
    # without how, bridge reads the closing from the closer's score (-10: a remik)
    path = str(
        sheet_file(
            "p.yaml",
            text="remikcalc: 1\nvariant: bridge\nplayers: [Anna, Boris]\ndeals:\n"
            "  - {closer: Anna, scores: {Anna: -10, Boris: 40}}\n",
        )
    )
    assert _stats(path)["Anna"]["outcomes"] == {}
    assert _stats(path)["Anna"]["won"] == 1


def test_stats_and_settle_agree_on_who_won_a_points_only_deal(sheet_file: SheetMaker) -> None:
    # two positive scores, no closer: the single highest wins, in settle as in stats
    path = str(
        sheet_file(
            "p.yaml",
            text="remikcalc: 1\nvariant: rummy500\nplayers: [Anna, Boris, Carl]\n"
            "deals:\n  - scores: {Anna: 450, Boris: 10, Carl: -5}\n",
        )
    )
    settled = json.loads(ok("settle", path, "--json").output)
    assert settled["games"][0]["hands_won"] == {"Anna": 1, "Boris": 0, "Carl": 0}
    assert {p: v["won"] for p, v in _stats(path).items()} == {"Anna": 1, "Boris": 0, "Carl": 0}


VARIANTS = {"gin": 2, "rummy": 3, "rummy500": 3, "polish": 3, "remibrydz": 3, "bridge": 3}


@st.composite
def _points_sheet(draw: st.DrawFn) -> Sheet:
    variant = draw(st.sampled_from(sorted(VARIANTS)))
    players = ("Anna", "Boris", "Carl")[: VARIANTS[variant]]
    entries = []
    for _ in range(draw(st.integers(1, 6))):
        if variant == "gin":
            who = draw(st.sampled_from(players))
            entries.append(
                DealEntry(
                    scores={who: draw(st.integers(0, 40))},
                    closer=draw(st.sampled_from([None, *players])),
                )
            )
        elif variant == "bridge":
            closer = draw(st.sampled_from(players))
            rest = {p: draw(st.integers(0, 30)) for p in players if p != closer}
            entries.append(DealEntry(scores={closer: -10, **rest}, closer=closer, how="remik"))
        else:
            scores = {p: draw(st.integers(-30, 60)) for p in players}
            entries.append(DealEntry(scores=scores, closer=draw(st.sampled_from([None, *players]))))
    # a house target far away: every going-out family then lists its game and deals won
    rules = {} if variant in ("gin", "bridge", "rummy500") else {"game_target": "100000"}
    return Sheet(variant=variant, players=players, rules=rules, entries=tuple(entries))


@given(_points_sheet())
@settings(max_examples=60, deadline=None)
def test_stats_wins_are_the_deals_won_settle_counts(sheet: Sheet) -> None:
    from remikcalc.base.errors import RemikcalcError

    try:
        state = replay(sheet)
    except RemikcalcError:
        return  # a deal the family refuses (rummy: a points-only draw score)
    stats = player_stats([state])
    assert settle(state).tally is state.tally
    games = state.tally.extra().get("games", [])  # what settle --json lists
    counted = dict.fromkeys(sheet.players, 0)
    for game in games:
        for p, n in game.hands_won.items():
            counted[p] += n
    if games:  # the families that count deals won (bridge counts none)
        assert {p: s.won for p, s in stats.items()} == counted
    assert all(not s.outcomes for s in stats.values())  # points achieve no outcome


# --- a drawn deal entered as points scores only what a draw can -----------------------------------


# from a tester's report: a drawn deal entered as points
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
    sheet_file: SheetMaker, variant: str, players: str, score: str, error: str
) -> None:
    path = sheet_file(f"{variant}.yaml", variant, players)
    before = path.read_bytes()
    assert refusal_line("add", str(path), "--draw", "--score", score) == f"Error: {error}"
    assert refusal_line("add", str(path), "--how", "draw", "--score", score) == f"Error: {error}"
    assert path.read_bytes() == before


# from a tester's report: a drawn deal entered as points
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
    sheet_file: SheetMaker, variant: str, players: str, scores: str
) -> None:
    path = sheet_file(f"{variant}.yaml", variant, players)
    args = [a for score in scores.split() for a in ("--score", score)]
    ok("add", str(path), "--draw", *args)


# from a tester's report: a drawn deal entered as points
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


# --- signs the game never gives -------------------------------------------------------------
# from ../shared/EVENING.md B1: a Polish table typed the losers' counts as gains (Vera 23,
# Gleb 41) and the money went the wrong way round, silently


@pytest.mark.parametrize(
    ("variant", "closer", "scores", "doubted"),
    [
        ("polish", "Anna", {"Anna": 64, "Vera": 23, "Gleb": 41}, ("Vera", "Gleb")),
        ("polish", "Anna", {"Anna": 64, "Vera": -23, "Gleb": -41}, ()),
        ("polish", "Anna", {"Anna": -64, "Vera": 23, "Gleb": 41}, ("Anna", "Vera", "Gleb")),
        ("polish", None, {"Anna": 64, "Vera": 23, "Gleb": -41}, ("Anna", "Vera")),  # 2 gain
        ("polish", None, {"Anna": 64, "Vera": -23, "Gleb": -41}, ()),  # the winner unnamed
        ("continental", "Vera", {"Anna": -10, "Vera": 30, "Gleb": -20}, ()),
        ("bridge", "Anna", {"Anna": -10, "Vera": 23, "Gleb": 41}, ()),  # a closing's bonus
        ("bridge", "Anna", {"Anna": 10, "Vera": -23, "Gleb": 41}, ("Vera",)),
        ("gin", "Anna", {"Anna": 25, "Vera": 0}, ()),
        ("gin", "Anna", {"Anna": 25, "Vera": -25}, ("Vera",)),
        ("rummy500", None, {"Anna": -40, "Vera": 85}, ()),  # either sign is a score there
    ],
)
def test_final_scores_with_a_sign_the_game_never_gives_are_doubted(
    variant: str, closer: str | None, scores: dict[str, int], doubted: tuple[str, ...]
) -> None:
    from remikcalc.rules.dealinput import DealInput, sign_doubts
    from remikcalc.rules.variants import get_rules

    assert sign_doubts(get_rules(variant), DealInput(closer=closer, scores=scores)) == doubted


def test_add_and_edit_say_which_signs_to_check_and_save_as_given(tmp_path: Path) -> None:
    path = str(tmp_path / "p.yaml")
    ok("new", path, "-v", "polish", "--players", "Anna,Vera,Gleb")
    backwards = ("--closer", "Anna", "--score", "Anna=64", "--score", "Vera=23")
    added = run("add", path, *backwards, "--score", "Gleb=41")
    assert added.exit_code == 0
    assert "Check the signs: Vera +23, Gleb +41" in added.stderr
    assert "each loser's points are negative" in added.stderr
    assert "Vera: 23" in Path(path).read_text(encoding="utf-8")  # taken as given
    mended = run("edit", path, "1", *backwards[:4], "--score", "Vera=-23", "--score", "Gleb=-41")
    assert mended.exit_code == 0 and "Check the signs" not in mended.stderr
