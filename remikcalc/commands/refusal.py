"""A refusal in the command line's words: the options to give (``--closer NAME``,
``--upcard CARD``), the commands to run (``remikcalc new``) and, after a refused write, which
file is unchanged. The library's sentence names none of them; the shared mechanism is
:func:`remikcalc.render.refusal.in_words`.

>>> from remikcalc.base.errors import DealError
>>> knock = DealError(
...     "who knocked? name the closer, or say that the stock ran out (a drawn deal)",
...     code="no_closer",
...     field="closer",
...     details={"closing": "knocked", "draw": True},
... )
>>> for_command_line(knock)
'who knocked? give the closer (--closer NAME), or --draw for a drawn deal'
>>> sheet = DealError(f"game.yaml:9: deal 3: {knock}", code="sheet_problems", quoted=[knock])
>>> for_command_line(sheet)
'game.yaml:9: deal 3: who knocked? give the closer (--closer NAME), or --draw for a drawn deal'
"""

from __future__ import annotations

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _, ngettext
from remikcalc.render.refusal import Words, in_words

__all__ = ["for_command_line"]


def _no_closer_command_line(error: RemikcalcError) -> str | None:
    details = error.details
    if details.get("points"):
        return _(
            "a {variant} deal entered as points needs its closer (--closer NAME), "
            "whose closing sets the stakes; or --draw if the stock ran out"
        ).format(variant=details["variant"])
    closing = details.get("closing")
    if closing == "knocked":
        return _("who knocked? give the closer (--closer NAME), or --draw for a drawn deal")
    if closing == "closed":
        return _("who closed? give the closer (--closer NAME), or --draw for a drawn deal")
    if details.get("draw"):
        return _(
            "who went out? name the winner with --closer NAME, or give --draw if the stock ran out"
        )
    return _("who went out? name the winner with --closer NAME")


def _winner_has_cards_command_line(error: RemikcalcError) -> str | None:
    n = error.details["n"]
    return ngettext(
        "{winner} went out but {n} card is typed for {winner}; "
        "leave the winner's hand out (or name the right --closer)",
        "{winner} went out but {n} cards are typed for {winner}; "
        "leave the winner's hand out (or name the right --closer)",
        n,
    ).format(winner=error.player, n=n)


def _player_out_command_line(error: RemikcalcError) -> str | None:
    details = error.details
    return _(
        "{name} is out (total {total}, out at {limit}) and does not play; "
        "re-enter {name} first (add --reenter {name})"
    ).format(name=error.player, total=details["total"], limit=details["limit"])


def _no_upcard_command_line(error: RemikcalcError) -> str | None:
    return _(
        "{variant}: the up-card sets the knock limit; give it with --upcard CARD "
        "(upcard: in a sheet)"
    ).format(variant=error.details["variant"])


def _input_not_taken_command_line(error: RemikcalcError) -> str | None:
    details = error.details
    if error.field != "melded" or "takers" not in details:
        return None
    return _("melds on the table (--melded) are only scored in {takers}, not in {variant}").format(
        takers=details["takers"], variant=details["variant"]
    )


def _unknown_rule_command_line(error: RemikcalcError) -> str | None:
    if error.details.get("close"):  # the library's guess says it
        return None
    return _("unknown rule key {key}; see `remikcalc rules VARIANT`").format(
        key=repr(error.details["key"])
    )


def _rule_not_played_command_line(error: RemikcalcError) -> str | None:
    return _(
        "rule {key}: {variant} does not play it (no {variant} score reads "
        "it), so it cannot be set; see `remikcalc rules {variant}`"
    ).format(key=error.details["key"], variant=error.details["variant"])


def _no_sheet_command_line(error: RemikcalcError) -> str | None:
    return _("{name}: no such sheet; start one with `remikcalc new {name}`").format(
        name=error.details["name"]
    )


def _empty_sheet_command_line(error: RemikcalcError) -> str | None:
    return _("the file is empty; start a sheet with `remikcalc new`")


def _would_not_load_command_line(error: RemikcalcError) -> str | None:
    details = error.details
    return _(
        "{name}: after this change the sheet would not load again ({first}); it is "
        "unchanged. Start a new sheet for the next deals (remikcalc new)"
    ).format(name=details["name"], first=details["first"])


def _sheet_full_command_line(error: RemikcalcError) -> str | None:
    details = error.details
    return _(
        "{name}: the sheet would grow past {size} KiB, the most a sheet may hold; it is "
        "unchanged. Start a new sheet for the next deals (remikcalc new)"
    ).format(name=details["name"], size=details["size"])


def _unknown_notation_command_line(error: RemikcalcError) -> str | None:
    return _("--cards: unknown notation {text!r}; choose {choices}").format(
        text=error.details["text"], choices=error.details["choices"]
    )


def _unknown_language_command_line(error: RemikcalcError) -> str | None:
    if error.details.get("source") is not None:  # the library names where it came from
        return None
    return _("{source}: unknown language {text!r}; remikcalc speaks {choices}").format(
        source="--lang", text=error.details["text"], choices=error.details["choices"]
    )


def _same_as_last_command_line(error: RemikcalcError) -> str | None:
    deal = error.details.get("deal")
    if deal is None:
        return _("this is the same as the event, the last entry; give --again to add it once more")
    return _(
        "this is the same as deal {n}, the last entry; give --again to add it once more"
    ).format(n=deal)


def _still_broken_command_line(error: RemikcalcError) -> str | None:
    return _(
        "without its last entry the sheet would still not load; mend the deal named below "
        "first (remikcalc edit or delete):\n{problem}"
    ).format(problem=error.details["problem"])


def _sheet_exists_command_line(error: RemikcalcError) -> str | None:
    return _("{file} already exists; use --force to start it again").format(
        file=error.details["file"]
    )


def _stake_mismatch_command_line(error: RemikcalcError) -> str | None:
    details = error.details
    if "left_out" in details:  # several sheets left out: each said in its place
        return None
    return _(
        "{lacks} has no stake but {has} has one: an evening is settled in money only if "
        "every sheet has a stake, else in points; give {lacks} one with "
        "`remikcalc stake {lacks} AMOUNT`"
    ).format(lacks=details["lacks"], has=details["has"])


def _unit_mismatch_command_line(error: RemikcalcError) -> str | None:
    if "left_out" in error.details:
        return None
    return _("{problem} (`remikcalc stake FILE AMOUNT`)").format(problem=error.message)


#: code -> the refusal as the command line says it
_COMMAND_LINE: dict[str, Words] = {
    "no_closer": _no_closer_command_line,
    "winner_has_cards": _winner_has_cards_command_line,
    "player_out": _player_out_command_line,
    "no_upcard": _no_upcard_command_line,
    "input_not_taken": _input_not_taken_command_line,
    "unknown_rule": _unknown_rule_command_line,
    "rule_not_played": _rule_not_played_command_line,
    "no_sheet": _no_sheet_command_line,
    "empty_sheet": _empty_sheet_command_line,
    "sheet_full": _sheet_full_command_line,
    "would_not_load": _would_not_load_command_line,
    "unknown_notation": _unknown_notation_command_line,
    "unknown_language": _unknown_language_command_line,
    "same_as_last": _same_as_last_command_line,
    "still_broken": _still_broken_command_line,
    "sheet_exists": _sheet_exists_command_line,
    "stake_mismatch": _stake_mismatch_command_line,
    "unit_mismatch": _unit_mismatch_command_line,
}


def for_command_line(error: RemikcalcError, *, unchanged: str | None = None) -> str:
    """``error`` as the command line prints it; ``unchanged``: the sheet a refused write left
    as it was, named on a line of its own."""
    text = in_words(error, _COMMAND_LINE)
    if unchanged is None:
        return text
    return _("{problem}\n{file} is unchanged.").format(problem=text, file=unchanged)
