"""A refusal in the score pad's words: the buttons to tap ("Choose the player"), where the
library's sentence (which names no command-line option) is not already what a phone should
say. The shared mechanism is :func:`remikcalc.render.refusal.in_words`.

>>> from remikcalc.base.errors import DealError
>>> knock = DealError(
...     "who knocked? name the closer, or say that the stock ran out (a drawn deal)",
...     code="no_closer",
...     field="closer",
...     details={"closing": "knocked", "draw": True},
... )
>>> for_pad(knock)
'Who knocked? Choose the player, or tick that the stock ran out.'
"""

from __future__ import annotations

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _
from remikcalc.render.refusal import Words, in_words

__all__ = ["for_pad"]


def _no_closer_pad(error: RemikcalcError) -> str | None:
    details = error.details
    if details.get("points"):  # the points form asks who closed, whatever the closing
        return _("Who closed the deal? Choose the player, or tick that the stock ran out.")
    closing = details.get("closing")
    if closing == "knocked":
        return _("Who knocked? Choose the player, or tick that the stock ran out.")
    if closing == "closed":
        return _("Who closed? Choose the player, or tick that the stock ran out.")
    if details.get("draw"):
        return _("Who went out? Choose the player, or tick that the stock ran out.")
    return _("Who went out? Choose the player.")


def _same_as_last_pad(error: RemikcalcError) -> str | None:
    deal = error.details.get("deal")
    if deal is None:
        return _("This is the same as the last entry. Add it again anyway?")
    return _("This is the same as deal {n}. Add it again anyway?").format(n=deal)


def _still_broken_pad(error: RemikcalcError) -> str | None:
    return _(
        "Without its last entry the sheet would still not load: correct or delete the deal "
        "named below first.\n{problem}"
    ).format(problem=error.details["problem"])


def _number_pad(error: RemikcalcError) -> str | None:
    """A number read from an entry the pad sent (``2x5`` for Anna's points): the problem
    itself, without the entry's key before it; the page shows it beside its field."""
    problem = error.details.get("problem")
    return problem if isinstance(problem, str) and problem else None


#: code -> the refusal as the score pad says it
_PAD: dict[str, Words] = {
    "no_closer": _no_closer_pad,
    "same_as_last": _same_as_last_pad,
    "still_broken": _still_broken_pad,
    **dict.fromkeys(
        (
            "not_a_number",
            "out_of_range",
            "count_negative",
            "count_too_high",
            "count_not_whole",
            "melded_value_negative",
            "melded_value_too_high",
            "melded_value_not_whole",
        ),
        _number_pad,
    ),
}


def for_pad(error: RemikcalcError) -> str:
    """``error`` as the score pad shows it."""
    return in_words(error, _PAD)
