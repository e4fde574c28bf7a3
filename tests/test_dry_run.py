"""The dry run of every write: ``SheetFile.preview_add`` / ``preview_edit`` /
``preview_delete`` / ``preview_undo``, ``--dry-run`` on the command line and ``"dry_run":
true`` in the pad's JSON API (docs/INTERFACE.md, "Asking before writing").

A dry run says exactly what the write would do (the same replay, the same refusal) and writes
nothing; it works on a fork of the sheet's kept replay, never a fresh one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remikcalc
from remikcalc.base.errors import RemikcalcError
from remikcalc.commands.refusal import for_command_line
from remikcalc.session import book as book_module
from remikcalc.session.book import Preview, SheetFile, Written
from remikcalc.session.changes import Change, Total
from remikcalc.session.replay import Replay, replay
from remikcalc.settle import settle
from remikcalc.sheet.model import DealEntry
from tests.clirun import fails, ok
from tests.padkit import join, make_pad

# --- the library ---------------------------------------------------------------------------------

#: variants and their players, each dealt as points (as tests/test_evening.py deals them)
SEATS = {"gin": 2, "bridge": 3, "polish": 3, "rummy500": 2, "boat": 3}


def _points(data: st.DataObject, state: Replay, label: str) -> dict[str, Any]:
    """A deal entered as points that the variant takes after ``state``."""
    active = list(state.tally.active())
    winner = data.draw(st.sampled_from(active), label=f"{label} winner")
    lost = {p: data.draw(st.integers(0, 60), label=f"{label} {p}") for p in active if p != winner}
    variant = state.sheet.variant
    if variant == "bridge":  # penalties; the closer's remik
        return {"closer": winner, "how": "remik", "scores": {winner: -10, **lost}}
    if variant == "rummy500":
        return {
            "scores": {p: data.draw(st.integers(-40, 200), label=f"{label} {p}") for p in active}
        }
    if variant == "gin":
        return {"scores": {winner: data.draw(st.integers(0, 60), label=f"{label} won")}}
    return {
        "closer": winner,
        "scores": {winner: sum(lost.values()), **{p: -v for p, v in lost.items()}},
    }


def _same_sheet(a: Replay, b: Replay) -> None:
    assert [(s.n, s.entry, s.totals, s.out, s.game) for s in a.steps] == [
        (s.n, s.entry, s.totals, s.out, s.game) for s in b.steps
    ]
    assert a.sheet == b.sheet
    x, y = settle(a), settle(b)
    assert (x.net, x.money, x.transfers) == (y.net, y.money, y.transfers)


@pytest.mark.slow
@given(data=st.data())
@settings(max_examples=60, deadline=None)
def test_a_dry_run_does_what_the_write_does_and_writes_nothing(
    data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    variant = data.draw(st.sampled_from(sorted(SEATS)), label="variant")
    players = ["Anna", "Boris", "Carl"][: SEATS[variant]]
    path = tmp_path_factory.mktemp("dry") / "s.yaml"
    book = remikcalc.new_sheet(path, variant=variant, players=players, stake="0.10")
    for i in range(data.draw(st.integers(0, 6), label="deals")):
        try:
            book.add(_points(data, book.replay(), f"deal {i}"))
        except RemikcalcError:
            break  # a game that has ended takes no more deals
    state = book.replay()
    n = len(state.steps)
    kinds = ["add"] + (["edit", "delete", "undo"] if n else [])
    kind = data.draw(st.sampled_from(kinds), label="write")
    dry: Callable[[], Preview]
    wet: Callable[[], Written]
    k = data.draw(st.integers(1, max(n, 1)), label="deal")
    if kind == "add":
        entry = _points(data, state, "new")
        dry, wet = (lambda: book.preview_add(entry)), (lambda: book.add(entry))
    elif kind == "edit":
        entry = _points(data, book.before(k).replay, "edited")
        dry, wet = (lambda: book.preview_edit(k, entry)), (lambda: book.edit(k, entry))
    elif kind == "delete":
        dry, wet = (lambda: book.preview_delete(k)), (lambda: book.delete(k))
    else:
        dry, wet = book.preview_undo, book.undo
    text = path.read_bytes()
    version = book.version
    try:
        preview = dry()
    except RemikcalcError as refusal:
        assert path.read_bytes() == text
        with pytest.raises(type(refusal)) as same:
            wet()
        assert (same.value.code, str(same.value)) == (refusal.code, str(refusal))
        assert path.read_bytes() == text
        return
    assert path.read_bytes() == text  # nothing written
    assert preview.version == version
    written = wet()
    _same_sheet(preview.after, written.replay)
    assert preview.step == written.step and preview.removed == written.removed
    # what changes ends where the write ends
    ends = {p.name: p.total.after for p in preview.changes.totals}
    assert ends == {
        p: Total(t, p in written.replay.tally.eliminated())
        for p, t in written.replay.tally.totals.items()
    }


@pytest.fixture
def gin(tmp_path: Path) -> SheetFile:
    book = remikcalc.new_sheet(
        tmp_path / "gin.yaml", variant="gin", players=["Anna", "Boris"], stake="0.10"
    )
    book.add({"scores": {"Anna": 25}})
    book.add({"scores": {"Boris": 10}})
    return book


def test_a_dry_run_forks_the_kept_replay_instead_of_replaying_the_sheet(
    gin: SheetFile, monkeypatch: pytest.MonkeyPatch
) -> None:
    gin.load()  # read once, as a page does

    def no_replay(*_args: Any) -> Any:
        raise AssertionError("the sheet was replayed again")

    monkeypatch.setattr(book_module, "replay", no_replay)
    preview = gin.preview_add({"scores": {"Anna": 5}})
    assert preview.after.tally.totals == {"Anna": 30, "Boris": 10}
    assert preview.before is not None and preview.before.tally.totals == {"Anna": 25, "Boris": 10}


def test_what_an_add_changes_is_its_row_the_totals_and_the_money(gin: SheetFile) -> None:
    changes = gin.preview_add({"scores": {"Anna": 5}}).changes
    assert [(r.kind, r.deal) for r in changes.rows] == [("added", 3)]
    row = changes.rows[0]
    assert [(p.name, p.score) for p in row.players] == [
        ("Anna", Change(None, 5)),
        ("Boris", Change(None, 0)),
    ]
    totals = {p.name: (p.total, p.money) for p in changes.totals}
    # 25 + 5 - 10 = 20 points ahead: gin nets the difference, 2.00 at 0.10 a point
    assert totals["Anna"] == (
        Change(Total(25), Total(30)),
        Change(Decimal("1.50"), Decimal("2.00")),
    )
    assert changes.money_kind == "money" and changes.changed


def test_a_removal_moves_the_later_deals_up_and_says_so(gin: SheetFile) -> None:
    changes = gin.preview_delete(1).changes
    assert [(r.kind, r.deal) for r in changes.rows] == [("removed", 1), ("changed", 2)]
    assert changes.renumbered
    assert not gin.preview_undo().changes.renumbered  # the last entry: nothing moves


def test_an_edit_that_changes_nothing_says_nothing_changes(gin: SheetFile) -> None:
    changes = gin.preview_edit(1, {"scores": {"Anna": 25}}).changes
    assert not changes.changed
    assert [(r.kind, r.first, r.last, r.count) for r in changes.rows] == [("same", 1, 2, 2)]


def test_a_refused_dry_run_is_the_writes_refusal(gin: SheetFile) -> None:
    with pytest.raises(RemikcalcError) as dry:
        gin.preview_add({"scores": {"Boris": 10}})
    assert dry.value.code == "same_as_last" and dry.value.details["unchanged"] == gin.name
    assert gin.preview_add({"scores": {"Boris": 10}}, again=True).step is not None


def test_replay_apply_keeps_its_sheet_current(gin: SheetFile) -> None:
    state = gin.replay().fork()
    canonical, _step = state.apply(DealEntry(scores={"anna": 7}))
    assert state.sheet.entries[-1] == canonical
    assert isinstance(canonical, DealEntry) and canonical.scores == {"Anna": 7}
    assert len(gin.replay().sheet.entries) == 2  # the kept replay is left as it was


def test_an_edit_given_the_deals_before_it_scores_only_from_there(
    gin: SheetFile, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = gin.before(2)
    assert before.replay.tally.totals == {"Anna": 25, "Boris": 0}
    calls: list[int] = []
    real = replay

    def counted(sheet: Any) -> Replay:
        calls.append(len(sheet.entries))
        return real(sheet)

    monkeypatch.setattr("remikcalc.session.edits.replay", counted)
    written = gin.edit(2, {"scores": {"Boris": 12}}, before=before)
    assert written.replay.tally.totals == {"Anna": 25, "Boris": 12}
    assert calls == []  # the deals before deal 2 were not replayed again
    stale = gin.before(1)
    gin.add({"scores": {"Anna": 1}})
    # the file changed since: the replay given is not used, the edit is still right
    assert gin.edit(1, {"scores": {"Anna": 20}}, before=stale).replay.tally.totals == {
        "Anna": 21,
        "Boris": 12,
    }


# --- the command line ----------------------------------------------------------------------------


@pytest.fixture
def sheet(gin: SheetFile) -> Path:
    return Path(gin.path)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("add", "{file}", "--score", "Anna=5"), "Deal 3: "),
        (("edit", "{file}", "2", "--score", "Boris=12"), "Deal 2: "),
        (("delete", "{file}", "1"), "Would remove deal 1 of {file}"),
        (("undo", "{file}"), "Would remove the last entry of {file}"),
    ],
)
def test_dry_run_prints_the_deal_and_what_changes_and_writes_nothing(
    sheet: Path, args: tuple[str, ...], says: str
) -> None:
    before = sheet.read_bytes()
    out = ok(*(a.format(file=sheet) for a in args), "--dry-run").output
    assert says.format(file=sheet) in out
    assert "What changes:" in out and "Totals: Anna " in out
    assert out.rstrip().endswith(f"Dry run: nothing was written to {sheet}.")
    assert sheet.read_bytes() == before


def test_dry_run_of_an_add_names_the_totals_and_the_money_before_and_after(sheet: Path) -> None:
    out = ok("add", str(sheet), "--score", "Anna=5", "--dry-run").output
    assert "  Deal 3 (added): " in out
    assert "Totals: Anna 25 → 30 (money so far +1.50 → +2.00); Boris 10" in out


def test_dry_run_speaks_the_language_asked_for(sheet: Path) -> None:
    out = ok("add", str(sheet), "--score", "Anna=5", "--dry-run", lang="pl").output
    assert "Co się zmieni:" in out and "Próba: nic nie zapisano w pliku" in out


def test_a_refused_dry_run_exits_1_with_the_writes_refusal(sheet: Path) -> None:
    before = sheet.read_bytes()
    dry = fails("add", str(sheet), "--score", "Boris=10", "--dry-run")
    wet = fails("add", str(sheet), "--score", "Boris=10")
    assert dry.output == wet.output and "give --again to add it once more" in dry.output
    assert dry.output.endswith(f"{sheet} is unchanged.\n")
    assert sheet.read_bytes() == before


def test_dry_run_as_json_has_the_deal_the_changes_and_no_write(sheet: Path) -> None:
    before = sheet.read_bytes()
    data = json.loads(ok("add", str(sheet), "--score", "Anna=5", "--dry-run", "--json").output)
    assert data["dry_run"] is True and data["added"]["scores"] == {"Anna": 5, "Boris": 0}
    changes = data["changes"]
    assert changes["totals"]["Anna"] == {
        "before": {"points": 25, "out": False},
        "after": {"points": 30, "out": False},
    }
    assert changes["money"]["Anna"] == {"before": "1.50", "after": "2.00"}
    assert [e["kind"] for e in changes["entries"]] == ["added"]
    assert sheet.read_bytes() == before
    removed = json.loads(ok("undo", str(sheet), "--dry-run", "--json").output)
    assert removed["dry_run"] is True and removed["removed"] == "points"
    assert sheet.read_bytes() == before


# --- the pad's JSON API --------------------------------------------------------------------------


def test_the_api_dry_run_answers_200_with_the_version_unchanged(gin: SheetFile) -> None:
    phone = join(*make_pad(Path(gin.path).parent))
    sheet_id = phone.sheet_id("gin.yaml")
    before = Path(gin.path).read_bytes()
    version = phone.get(f"/api/sheets/{sheet_id}").json()["version"]
    body = {"version": version, "entry": {"scores": {"Anna": 5}}, "dry_run": True}
    answer = phone.api("POST", f"/api/sheets/{sheet_id}/entries", body)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["version"] == version and data["deal"]["scores"] == {"Anna": 5, "Boris": 0}
    assert data["changes"]["totals"]["Anna"]["after"] == {"points": 30, "out": False}
    deleted = phone.api(
        "DELETE", f"/api/sheets/{sheet_id}/entries/1", {"version": version, "dry_run": True}
    )
    assert deleted.status_code == 200 and deleted.json()["changes"]["renumbered"] is True
    edited = phone.api(
        "PUT",
        f"/api/sheets/{sheet_id}/entries/2",
        {"version": version, "entry": {"scores": {"Boris": 10}}, "dry_run": True},
    )
    assert edited.status_code == 200 and edited.json()["changes"]["changed"] is False
    assert Path(gin.path).read_bytes() == before
    # the answers the write would get: a stale version, a refused deal
    stale = {"version": "0" * 16, "entry": {"scores": {"Anna": 5}}, "dry_run": True}
    assert phone.api("POST", f"/api/sheets/{sheet_id}/entries", stale).status_code == 409
    same = {"version": version, "entry": {"scores": {"Boris": 10}}, "dry_run": True}
    refused = phone.api("POST", f"/api/sheets/{sheet_id}/entries", same)
    assert refused.status_code == 422
    assert Path(gin.path).read_bytes() == before


def test_the_command_lines_words_for_a_repeat_and_for_the_pad() -> None:
    from remikcalc.base.errors import DealError
    from remikcalc.web.refusal import for_pad

    error = DealError("x", code="same_as_last", details={"deal": 3, "unchanged": "g.yaml"})
    assert for_command_line(error, unchanged="g.yaml") == (
        "this is the same as deal 3, the last entry; give --again to add it once more\n"
        "g.yaml is unchanged."
    )
    assert for_pad(error) == "This is the same as deal 3. Add it again anyway?"
