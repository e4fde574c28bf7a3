"""Keeping the catalogues in step with the code: extract, update, check.

    python -m remikcalc.base.i18n_tools extract [--click]
    python -m remikcalc.base.i18n_tools check

``extract`` finds every message meant for people (nothing here runs when remikcalc does;
the ``dev`` and ``test`` extras bring what it needs):

- in the package's modules, read with :mod:`ast`: the literal arguments of ``_()``, ``N_()``
  and ``ngettext()`` (also inside an f-string's fields), the ``help=``, ``short_help=`` and
  ``epilog=`` texts of click options and commands, and the docstrings of functions decorated
  as click commands or groups (click shows them as the command's help; the CLI translates them
  where they are shown);
- in the score pad's templates, with Jinja's own extractor (``jinja2.ext.babel_extract``):
  ``_()`` and ``ngettext()``;
- with ``--click``, click's own messages ("Usage:", "No such option: {name}"), from the
  installed click package; without it, those listed in the template are kept.

polib writes the template ``locale/remikcalc.pot`` (each message with the files it is in,
``#: path``) and merges it into each language's ``.po`` by msgmerge's rules: translations,
translators' comments and fuzzy marks are kept, new messages are added untranslated, and
messages no longer in the code become obsolete (``#~``). The build compiles the ``.mo`` files
with polib too (``setup.py``). docs/DECISIONS.md says why these and not Babel.

``check`` (also run by ``tests/test_i18n.py``) lists a message with no Polish or Russian
translation and a translation whose ``{fields}`` differ from the message's. An f-string given
to ``_()`` cannot be looked up: ruff refuses it (its ``INT`` rules, pyproject.toml).
"""

from __future__ import annotations

import ast
import inspect
import re
import string
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path

import polib
from jinja2.ext import babel_extract

__all__ = [
    "Message",
    "check",
    "extract",
    "extract_click",
    "extract_source",
    "extract_template",
    "main",
    "placeholders",
    "pot_click_messages",
    "template",
    "update",
]

PACKAGE = Path(__file__).resolve().parent.parent
LOCALE = PACKAGE / "locale"
POT = LOCALE / "remikcalc.pot"
CLICK_MARK = "click"  # the extracted comment (``#. click``) of click's own messages

_PLURAL_FORMS = {
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<12 || n%100>14) ? 1 : 2);",
}
_NAMES = {"pl": "Polish", "ru": "Russian"}
_HELP_KEYWORDS = ("help", "short_help", "epilog")
# click messages a user of remikcalc never sees (mistakes in declaring a command, features
# remikcalc does not use): left out of the catalogue.
_CLICK_UNSEEN = {
    "Could not determine name for option with declarations {decls!r}",
    "No options defined but a name was passed ({name}). Did you mean to declare an argument "
    "instead? Did you mean to pass '--{name}'?",
    "Arguments take exactly one parameter declaration, got {length}: {decls}.",
    "Name '{name}' defined twice",
    "Boolean option {decl!r} cannot use the same flag for true/false.",
    "Unknown color {colour!r}",
    "Unknown standard stream '{name}'",
    "Value must be an iterable.",
    "Invalid start character for option ({option})",
    "DeprecationWarning: The command {name!r} is deprecated.{extra_message}",
    "DeprecationWarning: The {param_type} {name!r} is deprecated.{extra_message}",
    "Choice({choices})",
    "deprecated",
}


@dataclass
class Message:
    """One message found in the code."""

    msgid: str
    plural: str | None = None
    where: list[str] = field(default_factory=list)
    click: bool = False


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        return _name(node.func)
    return ""


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _is_click_command(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(_name(d) in ("command", "group") for d in fn.decorator_list)


def extract_source(
    source: str, where: str, gettext_names: Iterable[str] = ("_", "N_")
) -> list[Message]:
    """The messages of one module's source text (see the module doc): ``gettext_names`` and
    ``ngettext`` called with literal strings, wherever the call is (an f-string's fields too),
    and click's help texts."""
    found: list[Message] = []
    names = set(gettext_names)
    for node in ast.walk(ast.parse(source)):
        line = f"{where}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Call):
            func = _name(node.func)
            if func in names and node.args:
                text = _literal(node.args[0])
                if text is not None:
                    found.append(Message(text, where=[line]))
            elif func == "ngettext" and len(node.args) >= 2:
                one, many = _literal(node.args[0]), _literal(node.args[1])
                if one is not None and many is not None:
                    found.append(Message(one, many, where=[line]))
            for kw in node.keywords:
                if kw.arg in _HELP_KEYWORDS and (text := _literal(kw.value)) is not None:
                    found.append(Message(inspect.cleandoc(text), where=[line]))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_click_command(node):
            doc = ast.get_docstring(node, clean=True)
            if doc:
                found.append(Message(doc.partition("\f")[0], where=[line]))
    return [m for m in found if m.msgid.strip()]


def extract_template(path: Path, where: str) -> list[Message]:
    """The messages of a Jinja template of the score pad, found by Jinja's own extractor:
    ``_("...")`` and ``ngettext("...", "...", n)`` with literal strings. A template that
    cannot be parsed is an error."""
    found = []
    with path.open("rb") as file:
        for line, _func, text, _comments in babel_extract(
            file, ("_", "ngettext"), (), {"silent": "false"}
        ):
            if text is None:  # a call with no literal string
                continue
            one, many = (text, None) if isinstance(text, str) else (text[0], text[1])
            if one and one.strip():
                found.append(Message(one, many, where=[f"{where}:{line}"]))
    return found


def _collect(files: Iterable[tuple[Path, Path]], click: bool) -> list[Message]:
    merged: dict[tuple[str, str | None], Message] = {}
    for path, root in files:
        where = path.relative_to(root).as_posix()
        if path.suffix == ".html":
            messages = extract_template(path, where)
        else:
            names = ("_",) if click else ("_", "N_")
            messages = extract_source(path.read_text(encoding="utf-8"), where, names)
        for m in messages:
            m.click = click
            key = (m.msgid, m.plural)
            if key in merged:
                merged[key].where.extend(m.where)
            else:
                merged[key] = m
    return list(merged.values())


def extract() -> list[Message]:
    """Every message of the remikcalc package, in file order (the installed package's, when
    it is installed)."""
    sources = sorted(PACKAGE.rglob("*.py")) + sorted(PACKAGE.glob("web/templates/*.html"))
    return _collect([(p, PACKAGE.parent) for p in sources], click=False)


def extract_click() -> list[Message]:
    """click's own messages, from the installed click package."""
    spec = find_spec("click")  # located, not imported: click belongs to the CLI layer
    if spec is None or spec.origin is None:
        return []
    root = Path(spec.origin).resolve().parent
    files = [(p, root.parent) for p in sorted(root.glob("*.py")) if not p.name.startswith("_")]
    return [m for m in _collect(files, click=True) if m.msgid not in _CLICK_UNSEEN]


def placeholders(text: str) -> list[str]:
    """The format fields of a message, each once, sorted (``{name}``, ``{n}``), and any ``%``
    fields. A translation may name an attribute of a field (``{variant.loc}``, a variant's
    name in a case: ``rules.variants.VariantKey``): it counts as the field itself.

    >>> placeholders("{name!r} has {n} cards, {{literal}} 50%"), placeholders("%(a)s %s")
    (['n', 'name!r'], ['%(a)s', '%s'])
    >>> placeholders("w {variant.loc}") == placeholders("in {variant}")
    True
    """
    fields: list[str] = []
    try:
        for _, name, _, conversion in string.Formatter().parse(text):
            if name is not None:
                name = re.split(r"[.\[]", name, maxsplit=1)[0] if name else name
                fields.append(name + (f"!{conversion}" if conversion else ""))
    except ValueError:
        fields.append("<bad braces>")
    fields += re.findall(r"%(?:\(\w+\))?[sdr]", text)
    return sorted(set(fields))  # a field used twice may be used once in a translation


def _unwrapped(catalogue: polib.POFile) -> polib.POFile:
    catalogue.wrapwidth = 0  # a message on one line, split only after its own line breaks
    return catalogue


def template(messages: Iterable[Message]) -> polib.POFile:
    """The template (``.pot``) of ``messages``: each with the files it is in, at most six,
    with no line numbers (a catalogue changes when a message does, not when the code around
    it moves: fewer merge conflicts in the ``.po`` files)."""
    pot = _unwrapped(polib.POFile())
    pot.header = "Messages of remikcalc; made by `python -m remikcalc.base.i18n_tools extract`."
    pot.metadata = {
        "Project-Id-Version": "remikcalc",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    for m in messages:
        files = list(dict.fromkeys(w.rsplit(":", 1)[0] for w in m.where))[:6]
        entry = polib.POEntry(
            msgid=m.msgid,
            comment=CLICK_MARK if m.click else "",
            occurrences=[(f, "") for f in files],
            flags=["python-brace-format"] if "{" in m.msgid else [],
        )
        if m.plural is not None:
            entry.msgid_plural = m.plural
            entry.msgstr_plural = {0: "", 1: ""}
        pot.append(entry)
    return pot


def update(pot: polib.POFile, po: polib.POFile, lang: str) -> polib.POFile:
    """The ``.po`` catalogue of ``lang`` after merging the template into it (polib, by
    msgmerge's rules), its entries in the template's order (a new message goes beside the
    messages of its file, not at the end where every branch would add its own), a plural
    message with as many forms as the language has, and the obsolete entries only where
    they hold a translation."""
    if not po.header:
        po.header = f"{_NAMES[lang]} messages of remikcalc (docs/DEVELOPING.md, Translations)."
    if not po.metadata:
        po.metadata = {
            "Language": lang,
            "Content-Type": "text/plain; charset=UTF-8",
            "Content-Transfer-Encoding": "8bit",
            "Plural-Forms": _PLURAL_FORMS[lang],
        }
    po.merge(pot)
    forms = re.search(r"nplurals=(\d+)", po.metadata.get("Plural-Forms", ""))
    nplurals = int(forms.group(1)) if forms else 2
    for entry in po:
        if entry.msgid_plural and not entry.obsolete:
            for index in range(nplurals):
                entry.msgstr_plural.setdefault(index, "")
    order = {e.msgid_with_context: i for i, e in enumerate(pot)}
    kept = [e for e in po if not e.obsolete or e.msgstr or any(e.msgstr_plural.values())]
    kept.sort(key=lambda e: (e.obsolete, order.get(e.msgid_with_context, len(order))))
    po[:] = kept
    return _unwrapped(po)


def check(messages: Iterable[Message] | None = None) -> list[str]:
    """What the catalogues lack: a message with no pl or ru translation, or a translation
    whose format fields differ from the message's. Empty when all is well."""
    problems: list[str] = []
    if messages is None:
        messages = [*extract(), *pot_click_messages()]
    from remikcalc.base.i18n import LANGUAGES, catalogue

    for lang in LANGUAGES[1:]:
        cat = catalogue(lang)
        table = getattr(cat, "_catalog", {})
        for m in messages:
            where = m.where[0] if m.where else "?"
            if m.plural is None:
                got = table.get(m.msgid)
                forms = [got] if isinstance(got, str) else []
            else:
                forms = [table[(m.msgid, i)] for i in range(3) if (m.msgid, i) in table]
            if not forms:
                problems.append(f"{lang}: no translation of {m.msgid!r} ({where})")
                continue
            want = placeholders(m.msgid)
            wants = [want, placeholders(m.plural)] if m.plural else [want]
            for form in forms:
                if placeholders(form) not in wants and not (m.plural and _fewer(form, wants)):
                    problems.append(
                        f"{lang}: the translation {form!r} of {m.msgid!r} has fields "
                        f"{placeholders(form)}, the message has {want} ({where})"
                    )
    return problems


def _fewer(form: str, wants: list[list[str]]) -> bool:
    """A plural form may leave out the number (Polish "jedno rozdanie" for n == 1)."""
    got = set(placeholders(form))
    return any(got <= set(w) for w in wants)


def pot_click_messages() -> list[Message]:
    """The click messages listed in the template (made with ``extract --click``)."""
    if not POT.is_file():
        return []
    out = []
    for e in polib.pofile(str(POT)):
        if e.comment == CLICK_MARK:
            where = [f for f, _line in e.occurrences]
            out.append(Message(e.msgid, e.msgid_plural or None, where, click=True))
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in ("extract", "check"):
        print(
            "usage: python -m remikcalc.base.i18n_tools extract [--click] | check", file=sys.stderr
        )
        return 2
    if args[0] == "check":
        problems = check()
        for p in problems:
            print(p)
        return 1 if problems else 0
    messages = extract()
    clicks = extract_click() if "--click" in args else pot_click_messages()
    seen = {(m.msgid, m.plural) for m in messages}
    messages += [m for m in clicks if (m.msgid, m.plural) not in seen]
    pot = template(messages)
    LOCALE.mkdir(exist_ok=True)
    pot.save(str(POT))
    for lang in ("pl", "ru"):
        path = LOCALE / lang / "LC_MESSAGES" / "remikcalc.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        po = polib.pofile(str(path)) if path.is_file() else polib.POFile()
        update(pot, po, lang).save(str(path))
    print(f"{len(messages)} messages in {POT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
