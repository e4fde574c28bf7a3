"""Starting a new sheet from a phone (``/new``), in two steps: the variant, then its preset,
players, stake and house rules.

The sheet is written by the library (:func:`~remikcalc.session.book.new_sheet`) in the pad's
folder for new sheets, under a free name; a refusal shows the library's message beside the
field it belongs to (the refusal's ``field``, never guessed from the message) with the form
again (422). The form's idempotency key is claimed before the sheet is written
(:meth:`~remikcalc.web.call.Call.once`): a form sent twice, even at the same moment, starts
one sheet, and both answers lead to it. A free name is reserved while its sheet is written
(:meth:`~remikcalc.web.shelf.Shelf.new_path`), so phones starting the same game at once each
get their own.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from remikcalc.base.errors import ArgumentError, RemikcalcError, RulesError
from remikcalc.base.i18n import _
from remikcalc.web.call import Call, route
from remikcalc.web.deal_form import new_key
from remikcalc.web.filters import sheet_url
from remikcalc.web.refusal import for_pad

__all__ = ["ROUTES"]


@dataclass(frozen=True, slots=True)
class VariantChoice:
    """A variant as the first step lists it."""

    name: str
    word: str
    title: str
    players: str


@dataclass(frozen=True, slots=True)
class PresetChoice:
    """A preset as the form offers it: its key, its name for people and what it changes."""

    name: str
    word: str
    note: str


@dataclass(frozen=True, slots=True)
class RuleKey:
    """A house rule key the chosen variant reads: its default value and meaning."""

    key: str
    value: str
    meaning: str


def _variants() -> list[VariantChoice]:
    from remikcalc.rules.variant_words import variant_word
    from remikcalc.rules.variants import VARIANTS

    out = []
    for v in VARIANTS:
        lo, hi = v.rules.players_min, v.rules.players_max
        out.append(
            VariantChoice(
                v.name, variant_word(v.name), _(v.title), f"{lo}–{hi}" if lo != hi else str(lo)
            )
        )
    return out


def _value_text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _rule_keys(name: str) -> list[RuleKey]:
    """The keys the variant's rules read (as ``remikcalc rules`` lists them)."""
    from remikcalc.rules.overrides import parse_override
    from remikcalc.rules.ruleset import RULE_DOCS, used_keys
    from remikcalc.rules.variants import find_variant

    rules = find_variant(name).rules_for()
    shown = used_keys(rules)
    out = []
    for key, value in rules.as_dict().items():
        if key not in shown:
            continue
        try:  # the keys a house rule cannot set (the variant, its family) are left out
            parse_override(f"{key}={_value_text(value)}")
        except RulesError:
            continue
        out.append(RuleKey(key, _value_text(value), _(RULE_DOCS[key]) if key in RULE_DOCS else ""))
    return out


def _preset(variant: str, name: str) -> PresetChoice:
    from remikcalc.rules.variant_words import preset_words

    word, note = preset_words(variant, name)
    return PresetChoice(name, word, note)


#: the rule keys a house changes most, for the house rules' example (after the key that ends
#: the game, where the game has an end)
_EXAMPLE_KEYS = ("first_meld_min", "joker_value", "knock_limit", "ace_value")


def _example(rule_keys: list[RuleKey], ends_at: str | None) -> str:
    """An example house rule for the variant: the key that ends its game, with its value,
    where the game has an end (``game_target=100``), else a key it reads that houses change
    (``first_meld_min=30``)."""
    values = {r.key: r.value for r in rule_keys if r.value != "none"}
    for key in (*([ends_at] if ends_at else []), *_EXAMPLE_KEYS):
        if key in values:
            return f"{key}={values[key]}"
    return ""


#: the most player fields the form shows (several names in one field also work)
PLAYER_FIELDS = 6


def _new_page(
    call: Call,
    variant: str | None,
    *,
    status: int = 200,
    errors: Mapping[str, str] | None = None,
    typed: Mapping[str, Any] | None = None,
) -> Response:
    from remikcalc.render.running import stake_meaning
    from remikcalc.rules.variant_words import variant_word
    from remikcalc.rules.variants import find_variant

    errors = dict(errors or {})
    chosen = None
    if variant:
        try:
            chosen = find_variant(variant)
        except RulesError as exc:
            errors["variant"] = for_pad(exc)
    if chosen is None:
        return call.render(
            "new.html",
            status=status if errors else 200,
            step=1,
            variants=_variants(),
            errors=errors,
        )
    r = chosen.rules
    presets = [_preset(chosen.name, p) for p in chosen.presets if p != chosen.default_preset]
    default = None if chosen.default_preset is None else _preset(chosen.name, chosen.default_preset)
    rule_keys = _rule_keys(chosen.name)
    fields = max(r.players_min, min(r.players_max, PLAYER_FIELDS))
    typed = dict(typed or {})
    names = list(typed.get("players", ()))
    names += [""] * (fields - len(names))
    return call.render(
        "new.html",
        status=status,
        step=2,
        variant=chosen.name,
        word=variant_word(chosen.name),
        title_words=_(chosen.title),
        default_preset=default,
        presets=presets,
        players_min=r.players_min,
        players_max=r.players_max,
        names=names,
        rule_keys=rule_keys,
        example=_example(rule_keys, r.spec.ends_at),
        stake_per=stake_meaning(r.spec.unit),
        errors=errors,
        typed=typed,
        key=typed.get("key") or new_key(),
    )


def _players(values: Sequence[str]) -> list[str]:
    """Every name typed: one per field, or several in one field separated by commas."""
    return [n.strip() for text in values for n in text.split(",") if n.strip()]


def _dealer(values: Sequence[str], chosen: str) -> str | None:
    """The first dealer: the name in the player field marked "deals first" (``chosen``, its
    number from 1), or None when none is marked; ArgumentError ``dealer`` for a field marked
    that holds no name, or several."""
    if not chosen.strip():
        return None
    at = int(chosen) if re.fullmatch(r"[0-9]{1,3}", chosen.strip()) else 0
    names = _players([values[at - 1]]) if 1 <= at <= len(values) else []
    if len(names) == 1:
        return names[0]
    if names:
        message = _("The player who deals first needs a field of their own.")
    else:
        message = _("The field marked to deal first has no name in it.")
    raise ArgumentError(message, code="unclear_dealer", field="dealer")


#: the fields of the new sheet's form a refusal can be put beside (any other refusal is said
#: at the top, beside the variant)
_FIELDS = frozenset(
    {"variant", "players", "dealer", "preset", "stake", "currency", "title", "rules"}
)


def _field_of(error: RemikcalcError) -> str:
    """The field a refusal of the new sheet's settings belongs to: the refusal's own
    ``field``, never guessed from its message."""
    return error.field if error.field in _FIELDS else "variant"


def new(call: Call) -> Response:
    """Start a sheet: the variant first, then its preset, players, stake and house rules."""
    if call.request.method != "POST":
        return _new_page(call, call.request.query_params.get("variant"))
    # claimed before the write: a double tap waits, then follows the first
    return call.once(call.form.get("key"), lambda: _start(call))


def _start(call: Call) -> Response:
    """The new sheet written (a redirect to it), or the form again with the refusal."""
    form = call.form
    variant = form.get("variant")
    players = _players(form.all("players"))
    rules = [line.strip() for line in form.get("rules").splitlines() if line.strip()]
    preset = form.get("preset").strip() or None
    typed = {
        "players": form.all("players"),
        "preset": preset or "",
        "rules": form.get("rules"),
        "stake": form.get("stake"),
        "currency": form.get("currency"),
        "title": form.get("title"),
        "dealer": form.get("dealer"),
        "key": form.get("key"),
    }
    settings: dict[str, Any] = {
        "variant": variant,
        "players": players,
        "preset": preset,
        "rules": rules,
        "stake": form.get("stake").strip() or None,
        "currency": form.get("currency").strip() or None,
        "title": form.get("title").strip() or None,
    }
    from remikcalc.base.errors import SheetError
    from remikcalc.rules.variants import find_variant
    from remikcalc.session.book import make_sheet, new_sheet

    try:
        settings["dealer"] = _dealer(form.all("players"), form.get("dealer"))
        make_sheet(**settings)
        name = find_variant(variant).name
    except RemikcalcError as exc:
        errors = {_field_of(exc): for_pad(exc)}
        return _new_page(call, variant, status=422, errors=errors, typed=typed)
    shelf = call.pad.shelf
    for _attempt in range(3):
        path = shelf.new_path(name)
        try:
            new_sheet(path, **settings)
        except SheetError:
            if os.path.lexists(path):  # taken meanwhile, outside the pad: the next name
                continue
            raise
        finally:
            shelf.release_path(path)
        served = shelf.add_path(path)
        return call.redirect(sheet_url(served.id))
    return _new_page(
        call,
        variant,
        status=422,
        typed=typed,
        errors={"variant": _("No free file name for the new sheet; try again.")},
    )


ROUTES: list[BaseRoute] = [route("/new", new, ("GET", "POST"))]
