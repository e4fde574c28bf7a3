"""Who deals (docs/RULES.md, "Who deals"; docs/INTERFACE.md, "Who deals"): the sheet's first
dealer, the next dealer replayed by each variant's rule, and what ``new``, ``show``, ``add``,
``settle`` and ``rename`` say and write of it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remikcalc
from remikcalc.base.errors import ArgumentError, RemikcalcError, SheetError
from remikcalc.rules.variants import VARIANTS, find_variant
from remikcalc.scoring.result import DealResult
from remikcalc.session import Sheet, start
from remikcalc.sheet import load_sheet
from remikcalc.sheet.read import entry_from_data, sheet_from_text
from remikcalc.sheet.write import dump_sheet
from tests.clirun import GIN_ANNA, GIN_BORIS, fails, ok

# --- the rule, against a model written from the rule texts ---------------------------------------

#: the variants whose deal goes to the winner of the one before (seed 002: "право сдавать карты
#: принадлежит выигравшему"); every other passes it to the left (seed 004: "по очереди")
WINNER_DEALS = {"gin", "oklahoma"}


@dataclass
class Model:
    """Who deals, worked out the way a table does it, from the rule texts alone."""

    variant: str
    seats: tuple[str, ...]
    first: str | None  # who deals the first deal (None: drawn by lot, not written down)
    last: str | None = None  # who dealt the last deal
    winner: str | None = None  # who won it
    dealt: bool = False
    out: tuple[str, ...] = ()  # the players out now (remik bridge)

    def next(self) -> str | None:
        """Who deals the next deal (None: not known)."""
        if not self.dealt:
            return self.first
        if self.variant in WINNER_DEALS:
            # gin and oklahoma: the winner deals; after a deal nobody won, the same dealer
            return self.winner if self.winner is not None else self.last
        if self.last is None:
            return None
        # to the left, past the players out (a bridge game over: the next has everyone in)
        playing = [p for p in self.seats if p not in self.out]
        if len(playing) <= 1:
            playing = list(self.seats)
        at = self.seats.index(self.last)
        return next(seat for seat in self.seats[at + 1 :] + self.seats[: at + 1] if seat in playing)

    def deal(self, data: dict[str, Any], out: tuple[str, ...]) -> None:
        """The deal ``data`` was dealt and played; ``out``: the players out after it."""
        self.last, self.dealt, self.out = self.next(), True, out
        # in a knock game a deal entered as points is won by the one player who scored
        won = [p for p, s in data.get("scores", {}).items() if s > 0]
        self.winner = won[0] if won and not data.get("draw") else None

    def event(self, out: tuple[str, ...]) -> None:
        """A re-entry deals no cards; it changes who is out before the next deal."""
        self.out = out


SEATS = ("Anna", "Boris", "Carl", "Dora", "Emil")


@st.composite
def entries(draw: st.DrawFn, variant: str, seats: tuple[str, ...]) -> dict[str, Any]:
    """One entry a table might make in ``variant`` (points only, or a re-entry); the replay
    refuses the few that could not happen (a player out named, a re-entry of one still in)."""
    spec = find_variant(variant).rules.spec
    closer = draw(st.sampled_from(seats))
    kind = draw(st.sampled_from(["win", "win", "win", "draw", "nobody", "reenter"]))
    if kind == "reenter":
        return {"reenter": closer}
    if variant in WINNER_DEALS:
        if kind == "draw":
            return {"draw": True}
        return {"scores": {closer: 0 if kind == "nobody" else draw(st.integers(1, 40))}}
    if spec.low_wins:  # remik bridge: penalties added to the others, the closer's own count
        others = {p: draw(st.integers(0, 99)) for p in seats if p != closer}
        if kind == "draw":
            return {"draw": True}
        return {"closer": closer, "scores": {closer: draw(st.integers(0, 5)), **others}}
    losers = {p: -draw(st.integers(1, 30)) for p in seats if p != closer}
    if kind == "draw" and spec.draw_allowed:
        return {"draw": True, "scores": {closer: -draw(st.integers(1, 30)), **losers}}
    return {"closer": closer, "scores": {closer: -sum(losers.values()), **losers}}


# remik bridge twice more often: its players go out, buy back in and end games
@given(st.sampled_from([*(v.name for v in VARIANTS), "bridge", "bridge"]), st.data())
@settings(max_examples=300, deadline=None)
@pytest.mark.slow
def test_the_dealer_of_every_deal_follows_the_variants_rule(variant: str, data: Any) -> None:
    rules = find_variant(variant).rules
    count = data.draw(st.integers(rules.players_min, min(rules.players_max, len(SEATS))))
    seats = SEATS[:count]
    first = data.draw(st.sampled_from([None, *seats]))
    house = {"game_target": "100"} if variant in ("rummy", "boat") else {}
    state = start(Sheet(variant=variant, players=seats, dealer=first, rules=house))
    model = Model(variant, seats, first)
    for item in data.draw(st.lists(entries(variant, seats), min_size=3, max_size=30)):
        before = state.next_dealer()
        try:
            _entry, step = state.apply(entry_from_data(item))
        except RemikcalcError:
            continue  # an entry the table could not have made: the sheet refuses it
        if isinstance(step.result, DealResult):
            assert step.dealer == model.next() == before, (item, step)
            model.deal(item, step.out)
        else:
            assert step.dealer is None  # a re-entry deals no cards
            model.event(step.out)
    assert state.next_dealer() == model.next()


def test_in_bridge_the_deal_skips_a_player_out_and_comes_back_after_the_re_entry() -> None:
    # Anna deals deal 1, whose 120 puts Carl out: the deal goes Anna, Boris, then past Carl to
    # Dora; once Carl has bought back in, Anna, Boris and Carl again.
    state = start(Sheet(variant="bridge", players=("Anna", "Boris", "Carl", "Dora"), dealer="Anna"))
    everyone = {"closer": "Anna", "scores": {"Anna": 2, "Boris": 10, "Carl": 0, "Dora": 5}}
    without_carl = {"closer": "Anna", "scores": {"Anna": 2, "Boris": 10, "Dora": 5}}
    dealt = []
    for item in (
        {"closer": "Anna", "scores": {"Anna": 2, "Boris": 10, "Carl": 120, "Dora": 5}},
        without_carl,
        without_carl,
        {"reenter": "Carl"},
        everyone,
        everyone,
    ):
        dealt.append(state.apply(entry_from_data(item))[1].dealer)
    assert dealt == ["Anna", "Boris", "Dora", None, "Anna", "Boris"]
    assert state.next_dealer() == "Carl"


def test_a_new_bridge_game_deals_on_to_the_left_with_everyone_in() -> None:
    # Deal 1 (Boris deals) puts Anna and Carl out: Boris, last in, takes the pool. The next
    # game starts with everyone in: the deal passes from Boris to Carl, who was out a deal ago.
    state = start(Sheet(variant="bridge", players=("Anna", "Boris", "Carl"), dealer="Boris"))
    state.apply(
        entry_from_data({"closer": "Boris", "scores": {"Anna": 100, "Boris": 0, "Carl": 100}})
    )
    assert state.tally.finished
    assert state.next_dealer() == "Carl"


def test_in_gin_a_draw_is_dealt_again_and_the_winner_deals_without_a_first_dealer() -> None:
    state = start(Sheet(variant="gin", players=("Anna", "Boris")))
    assert state.next_dealer() is None  # drawn by lot at the table: not written down
    state.apply(entry_from_data({"draw": True}))
    assert state.next_dealer() is None  # the same dealer again, still not known
    state.apply(entry_from_data({"scores": {"Boris": 20}}))
    assert state.next_dealer() == "Boris"
    state.apply(entry_from_data({"draw": True}))
    assert [s.dealer for s in state.steps] == [None, None, "Boris"]
    assert state.next_dealer() == "Boris"


def test_a_closed_hollywood_sheet_has_no_next_dealer() -> None:
    # Anna's first win (100) takes column 1, her second (100) columns 2 and 3: every column is
    # won, no deal is to come
    state = start(Sheet(variant="gin", players=("Anna", "Boris"), rules={"scoring": "hollywood"}))
    for _ in range(2):
        state.apply(entry_from_data({"scores": {"Anna": 100}}))
    assert state.tally.closed() is not None
    assert state.next_dealer() is None


# --- the sheet file: dealer: ---------------------------------------------------------------------


def test_the_reader_matches_the_dealer_ignoring_case_and_writes_it_as_the_players_list_does() -> (
    None
):
    text = "remikcalc: 1\nvariant: rummy\nplayers: [Anna, Boris]\ndealer: boris\ndeals: []\n"
    sheet = sheet_from_text(text)
    assert sheet.dealer == "Boris"
    written = dump_sheet(sheet)
    assert "players: [Anna, Boris]\ndealer: Boris\n" in written  # right after the players
    assert sheet_from_text(written) == sheet


def test_a_dealer_who_is_not_a_player_does_not_load() -> None:
    text = "remikcalc: 1\nvariant: rummy\nplayers: [Anna, Boris]\ndealer: Anan\n"
    with pytest.raises(SheetError) as caught:
        sheet_from_text(text, "s.yaml")
    assert str(caught.value) == (
        "s.yaml:4: dealer: 'Anan' is not a player of this sheet; did you mean Anna?"
    )


def test_a_name_yaml_would_misread_is_quoted(tmp_path: Path) -> None:
    remikcalc.new_sheet(tmp_path / "s.yaml", variant="rummy", players=["No", "Yes"], dealer="no")
    text = (tmp_path / "s.yaml").read_text()
    assert 'dealer: "No"\n' in text
    assert load_sheet(str(tmp_path / "s.yaml")).dealer == "No"


def test_new_sheet_refuses_a_dealer_who_does_not_play(tmp_path: Path) -> None:
    with pytest.raises(ArgumentError) as caught:
        remikcalc.new_sheet(tmp_path / "s.yaml", variant="gin", players="Anna,Boris", dealer="Zed")
    assert (caught.value.code, caught.value.field) == ("unknown_player", "dealer")
    assert not (tmp_path / "s.yaml").exists()


# --- the command line ----------------------------------------------------------------------------


@pytest.fixture
def rummy(tmp_path: Path) -> Path:
    path = tmp_path / "rummy.yaml"
    ok("new", str(path), "-v", "rummy", "--players", "Anna,Boris,Carl", "--dealer", "carl")
    return path


def test_new_writes_and_says_the_first_dealer(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    out = ok("new", str(path), "-v", "rummy", "--players", "Anna,Boris,Carl", "--dealer", "carl")
    assert out.stdout.splitlines()[:2] == [
        f"Started {path}: rummy for Anna, Boris, Carl.",
        "Next to deal: Carl",
    ]
    assert "dealer: Carl\n" in path.read_text()
    pl = ok(
        "new",
        str(path),
        "-v",
        "bridge",
        "--players",
        "Anna,Boris",
        "--dealer",
        "Anna",
        "--force",
        lang="pl",
    )
    assert pl.stdout.splitlines()[1] == "Teraz rozdaje: Anna (dostaje 11 kart)"
    data = json.loads(
        ok("new", str(path), "-v", "gin", "--players", "Anna,Boris", "--force", "--json").stdout
    )
    assert data["dealer"] is None


def test_new_refuses_a_dealer_who_does_not_play(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    out = fails(
        "new", str(path), "-v", "rummy", "--players", "Anna,Boris", "--dealer", "Ana", code=2
    ).stderr
    assert out.endswith(
        "Error: Invalid value for --dealer: the first dealer 'Ana' is not a player of this "
        "sheet; did you mean Anna?\n"
    )
    pl = fails(
        "new",
        str(path),
        "-v",
        "rummy",
        "--players",
        "Anna,Boris",
        "--dealer",
        "Zed",
        code=2,
        lang="pl",
    ).stderr
    assert "pierwszy rozdający 'Zed' nie gra w tym zapisie; gracze: Anna, Boris" in pl
    assert not path.exists()


def test_show_and_add_say_who_deals_next(rummy: Path) -> None:
    # Carl deals deal 1; the deal passes to the left, to Anna, then Boris
    assert ok("show", str(rummy)).stdout.splitlines()[-1] == "Next to deal: Carl"
    added = ok(
        "add",
        str(rummy),
        "--closer",
        "Boris",
        "--score",
        "Boris=12",
        "--score",
        "Anna=-5",
        "--score",
        "Carl=-7",
    ).stdout
    assert added.splitlines()[-1] == "Next to deal: Anna"
    pl = ok("show", str(rummy), "--no-spark", lang="pl").stdout
    assert pl.splitlines()[-1] == "Teraz rozdaje: Anna"
    ru = ok("show", str(rummy), "--no-spark", lang="ru").stdout
    assert ru.splitlines()[-1] == "Следующим сдаёт: Anna"
    ok("add", str(rummy), "--closer", "Anna", "--score", "Anna=3", "--score", "Boris=-3")
    assert ok("show", str(rummy), "--no-spark").stdout.splitlines()[-1] == "Next to deal: Boris"
    ok("undo", str(rummy))
    assert ok("show", str(rummy), "--no-spark").stdout.splitlines()[-1] == "Next to deal: Anna"


def test_a_knock_is_dealt_on_by_its_winner_and_an_undercut_by_the_defender(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.yaml"
    ok("new", str(path), "-v", "gin", "--players", "Anna,Boris", "--dealer", "Boris")
    assert ok("show", str(path)).stdout.splitlines()[-1] == "Next to deal: Boris"
    # Anna knocks with 2 against Boris's 61: Anna wins and deals the next deal
    ok("add", str(path), "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    assert json.loads(ok("settle", str(path), "--json").stdout)["dealer"] == "Anna"
    # Anna knocks with 10 (TS); Boris lays off down to 2 and undercuts: Boris deals next
    ok(
        "add",
        str(path),
        "--closer",
        "Anna",
        "Anna=AD 2D 3D 5S 5C 5H 9H TH JH TS",
        "Boris=KC KS KH KD 6C 7C 8C QH 4D 2S",
    )
    assert json.loads(ok("settle", str(path), "--json").stdout)["dealer"] == "Boris"
    assert json.loads(ok("show", str(path), "--json").stdout)["dealer"] == "Boris"


def test_settle_json_gives_null_while_nobody_knows(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    ok("new", str(path), "-v", "rummy", "--players", "Anna,Boris")
    ok("add", str(path), "--closer", "Anna", "--score", "Anna=3", "--score", "Boris=-3")
    data = json.loads(ok("settle", str(path), "--json").stdout)
    assert data["dealer"] is None
    assert "Next to deal" not in ok("show", str(path)).stdout


def test_rename_renames_the_dealer_and_keeps_the_comments(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(
        "# Friday\nremikcalc: 1\nvariant: rummy\nplayers: [Anna, Boris]\n"
        "dealer: 'boris'   # drew the lowest card\n"
        "deals:\n  # the first\n  - closer: Anna\n    scores: {Anna: 3, Boris: -3}\n"
    )
    ok("rename", str(path), "Boris", "Borys")
    assert path.read_text() == (
        "# Friday\nremikcalc: 1\nvariant: rummy\nplayers: [Anna, Borys]\n"
        "dealer: Borys   # drew the lowest card\n"
        "deals:\n  # the first\n  - closer: Anna\n    scores: {Anna: 3, Borys: -3}\n"
    )
    assert ok("show", str(path), "--no-spark").stdout.splitlines()[-1] == "Next to deal: Anna"
