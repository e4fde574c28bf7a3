"""House rules as typed: a ``KEY=VALUE`` text (``--rule``, a sheet's ``rules:``) or a value
that already has a Python type (from YAML), turned into the rule key and its typed value, or
refused with a :class:`~remikcalc.base.errors.RulesError` that names the key (an unknown key,
a key the variant fixes, a value of the wrong type or out of bounds).

>>> parse_override("knock_limit=7")
('knock_limit', 7)
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal, InvalidOperation
from typing import Any

from remikcalc.base.errors import RulesError
from remikcalc.base.i18n import _
from remikcalc.rules.ruleset import CHOICES, FIXED, Rules, decimal_rule_problem

__all__ = ["parse_override", "parse_value"]

_TRUE = {"true", "yes", "on", "1", "y", "t"}
_FALSE = {"false", "no", "off", "0", "n", "f"}
_NONE = {"none", "off", "no", "null", "-"}


def _field_types() -> dict[str, str]:
    return {f.name: str(f.type) for f in dataclasses.fields(Rules)}


def parse_value(key: str, text: str) -> Any:
    """Convert one override value to the key's type, or raise :class:`RulesError`."""
    types = _field_types()
    kind = types[key]
    value = text.strip()
    low = value.lower()
    if kind == "bool":
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise RulesError(
            _("rule {key}: {text} is not true or false").format(key=key, text=repr(text)),
            code="bad_rule_value",
            field="rules",
            details={"key": key, "text": text},
        )
    if kind == "int | None" and low in _NONE:
        return None
    if kind.startswith("int"):
        try:
            return int(value, 10)
        except ValueError:
            raise RulesError(
                _("rule {key}: {text} is not a whole number").format(key=key, text=repr(text)),
                code="bad_rule_value",
                field="rules",
                details={"key": key, "text": text},
            ) from None
    if kind == "Decimal":
        try:
            number = Decimal(value.replace(",", "."))
        except InvalidOperation:
            raise RulesError(
                _("rule {key}: {text} is not a decimal number").format(key=key, text=repr(text)),
                code="bad_rule_value",
                field="rules",
                details={"key": key, "text": text},
            ) from None
        if not number.is_finite():
            raise RulesError(
                _("rule {key}: {text} is not a decimal number").format(key=key, text=repr(text)),
                code="bad_rule_value",
                field="rules",
                details={"key": key, "text": text},
            )
        problem = decimal_rule_problem(number)
        if problem is not None:
            raise RulesError(
                _("rule {key}={value}: {why}").format(key=key, value=text.strip(), why=problem),
                code="bad_rule_value",
                field="rules",
                details={"key": key, "text": text},
            )
        return number
    choices = CHOICES.get(key)
    if choices is not None and low not in choices:
        import difflib  # only for a refusal, not at every start

        close = difflib.get_close_matches(low, choices, n=1)
        message = (
            _("rule {key}: {text} is not one of {choices}; did you mean {close}?")
            if close
            else _("rule {key}: {text} is not one of {choices}")
        )
        raise RulesError(
            message.format(
                key=key,
                text=repr(text),
                choices=", ".join(choices),
                close=close[0] if close else "",
            ),
            code="bad_rule_value",
            field="rules",
            details={"key": key, "text": text},
        )
    return low


def parse_override(item: str) -> tuple[str, Any]:
    """Parse ``KEY=VALUE`` (also ``KEY:VALUE``) into a typed pair."""
    sep = "=" if "=" in item else ":" if ":" in item else None
    if sep is None:
        raise RulesError(
            _("rule override {item} must look like KEY=VALUE").format(item=repr(item)),
            code="bad_override",
            field="rules",
            details={"text": item},
        )
    key, _sep, text = item.partition(sep)
    key = key.strip().lower().replace("-", "_")
    return key, typed_value(key, text)


def typed_value(key: str, text: Any) -> Any:
    types = _field_types()
    if key not in types:
        import difflib

        close = difflib.get_close_matches(key, list(types), n=3)
        message = (
            _("unknown rule key {key}; did you mean {close}?")
            if close
            else _("unknown rule key {key}")
        )
        raise RulesError(
            message.format(key=repr(key), close=_(" or ").join(close)),
            code="unknown_rule",
            field="rules",
            details={"key": key, "close": close},
        )
    if key in FIXED:
        raise RulesError(
            _(
                "rule {key} is fixed by the variant and cannot be overridden; "
                "choose another variant instead"
            ).format(key=key),
            code="fixed_rule",
            field="rules",
            details={"key": key},
        )
    if isinstance(text, str):
        return parse_value(key, text)
    return _coerce(key, text)


def _coerce(key: str, value: Any) -> Any:
    """Check a value that already has a Python type (from a YAML sheet)."""
    kind = _field_types()[key]
    if value is None and kind == "int | None":
        return None
    if kind == "bool" and isinstance(value, bool):
        return value
    if kind.startswith("int") and isinstance(value, int) and not isinstance(value, bool):
        return value
    if kind == "Decimal" and isinstance(value, int | Decimal) and not isinstance(value, bool):
        return Decimal(value)
    return parse_value(key, str(value))
