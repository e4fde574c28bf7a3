"""Keeping the catalogues in step with the code: extraction, merging, checking.

``python -m remikcalc.base.i18n_tools extract`` reads every module of the package with :mod:`ast`
and collects the messages meant for people:

- the literal arguments of ``_()``, ``N_()`` and ``ngettext()`` (a formatted f-string inside
  ``_()`` is reported as a problem: it cannot be looked up; format after translating);
- the ``help=``, ``short_help=`` and ``epilog=`` texts of click options and commands, and the
  docstrings of functions decorated as click commands or groups (click shows them as the
  command's help; the CLI translates them where they are shown);
- click's own messages ("Usage:", "Error:", "No such option: {name}"), read the same way from
  the installed click package (``--click``; kept when extracting without it).

It writes ``locale/remikcalc.pot`` (each message with the files it is in, ``#: path``) and
merges it into each language's ``.po``: translations
are kept, new messages are added untranslated, and messages no longer in the code become
obsolete (``#~``). ``python -m remikcalc.base.i18n_tools check`` lists what is missing; the test
suite runs the same check (``tests/test_i18n.py``).
"""

from __future__ import annotations

import ast
import inspect
import re
import string
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from remikcalc.base.pofile import PoEntry, parse_po, write_po

__all__ = ["Message", "check", "extract", "main", "merge", "placeholders"]

PACKAGE = Path(__file__).resolve().parent.parent
LOCALE = PACKAGE / "locale"
POT = LOCALE / "remikcalc.pot"
CLICK_MARK = "#. click"

_PLURAL_FORMS = {
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<12 || n%100>14) ? 1 : 2);",
}
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


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        return _name(node.func)
    return ""


def _is_click_command(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(_name(d) in ("command", "group") for d in fn.decorator_list)


def extract_source(
    source: str, where: str, problems: list[str], gettext_names: Iterable[str] = ("_", "N_")
) -> list[Message]:
    """The messages of one module's source text (see the module doc)."""
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
                elif isinstance(node.args[0], ast.JoinedStr):
                    problems.append(f"{line}: an f-string in {func}() cannot be translated")
            elif func == "ngettext" and len(node.args) >= 2:
                one, many = _literal(node.args[0]), _literal(node.args[1])
                if one is not None and many is not None:
                    found.append(Message(one, many, where=[line]))
                elif any(isinstance(a, ast.JoinedStr) for a in node.args[:2]):
                    problems.append(f"{line}: an f-string in ngettext() cannot be translated")
            for kw in node.keywords:
                if kw.arg in _HELP_KEYWORDS and (text := _literal(kw.value)) is not None:
                    found.append(Message(inspect.cleandoc(text), where=[line]))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_click_command(node):
            doc = ast.get_docstring(node, clean=True)
            if doc:
                found.append(Message(doc.partition("\f")[0], where=[line]))
    return [m for m in found if m.msgid.strip()]


# a string literal in a template: "..." or '...' with backslash escapes
_LITERAL = r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')"""
_TEMPLATE_CALL = re.compile(rf"\b_\(\s*{_LITERAL}\s*\)")
_TEMPLATE_PLURAL = re.compile(rf"\bngettext\(\s*{_LITERAL}\s*,\s*{_LITERAL}\s*,")


def extract_template(text: str, where: str) -> list[Message]:
    """The messages of a Jinja template of the score pad: ``_("...")`` and
    ``ngettext("...", "...", n)`` with plain string literals (a template is not Python, so
    its calls are found by pattern; keep them on one line)."""
    found: list[Message] = []
    for m in _TEMPLATE_CALL.finditer(text):
        line = f"{where}:{text.count(chr(10), 0, m.start()) + 1}"
        found.append(Message(ast.literal_eval(m.group(1)), where=[line]))
    for m in _TEMPLATE_PLURAL.finditer(text):
        line = f"{where}:{text.count(chr(10), 0, m.start()) + 1}"
        one, many = ast.literal_eval(m.group(1)), ast.literal_eval(m.group(2))
        found.append(Message(one, many, where=[line]))
    return [m for m in found if m.msgid.strip()]


def _collect(files: Iterable[tuple[Path, Path]], problems: list[str], click: bool) -> list[Message]:
    merged: dict[tuple[str, str | None], Message] = {}
    for path, root in files:
        where = path.relative_to(root).as_posix()
        names = ("_",) if click else ("_", "N_")
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".html":
            messages = extract_template(text, where)
        else:
            messages = extract_source(text, where, problems, names)
        for m in messages:
            m.click = click
            key = (m.msgid, m.plural)
            if key in merged:
                merged[key].where.extend(m.where)
            else:
                merged[key] = m
    return list(merged.values())


def extract(problems: list[str] | None = None) -> list[Message]:
    """Every message of the remikcalc package, in file order."""
    problems = [] if problems is None else problems
    sources = sorted(PACKAGE.rglob("*.py")) + sorted(PACKAGE.glob("web/templates/*.html"))
    files = [(p, PACKAGE.parent) for p in sources]
    return _collect(files, problems, click=False)


def extract_click() -> list[Message]:
    """click's own messages, from the installed click package."""
    from importlib.util import find_spec

    spec = find_spec("click")  # located, not imported: click belongs to the CLI layer
    if spec is None or spec.origin is None:
        return []
    root = Path(spec.origin).resolve().parent
    files = [(p, root.parent) for p in sorted(root.glob("*.py")) if not p.name.startswith("_")]
    return [m for m in _collect(files, [], click=True) if m.msgid not in _CLICK_UNSEEN]


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


def _pot_entries(messages: Iterable[Message]) -> list[PoEntry]:
    header = PoEntry(
        "",
        [
            "Project-Id-Version: remikcalc\nContent-Type: text/plain; charset=UTF-8\n"
            "Content-Transfer-Encoding: 8bit\n"
        ],
        comments=[
            "# Messages of remikcalc; made by `python -m remikcalc.base.i18n_tools extract`."
        ],
    )
    out = [header]
    for m in messages:
        comments = [CLICK_MARK] if m.click else []
        # files only, no line numbers: a catalogue changes when a message does, not when the
        # code around it moves (fewer merge conflicts in the .po files)
        files = dict.fromkeys(w.rsplit(":", 1)[0] for w in m.where)
        comments += [f"#: {f}" for f in list(files)[:6]]
        if "{" in m.msgid:
            comments.append("#, python-brace-format")
        out.append(PoEntry(m.msgid, [], plural=m.plural, comments=comments))
    return out


def merge(pot: list[PoEntry], po: list[PoEntry], lang: str) -> list[PoEntry]:
    """The ``.po`` entries of ``lang`` after merging the template: translations kept."""
    old = {(e.msgid, e.plural): e for e in po if e.msgid}
    header = next((e for e in po if not e.msgid and not e.obsolete), None)
    if header is None:
        header = PoEntry(
            "",
            [
                f"Language: {lang}\nContent-Type: text/plain; charset=UTF-8\n"
                f"Content-Transfer-Encoding: 8bit\nPlural-Forms: {_PLURAL_FORMS[lang]}\n"
            ],
        )
    out = [header]
    used = set()
    for e in pot[1:]:
        key = (e.msgid, e.plural)
        was = old.get(key)
        nplurals = 3 if lang in _PLURAL_FORMS else 2
        strings = was.strings if was is not None else ([""] * nplurals if e.plural else [""])
        flags = [
            c for c in (was.comments if was else []) if c.startswith("#,") or c.startswith("# ")
        ]
        translator = [c for c in flags if c.startswith("# ")]
        fuzzy = ["#, fuzzy"] if was is not None and was.fuzzy else []
        comments = translator + [c for c in e.comments if not c.startswith("#,")]
        comments += fuzzy or [c for c in e.comments if c.startswith("#,")]
        out.append(
            PoEntry(
                e.msgid,
                list(strings),
                e.plural,
                comments=comments,
                fuzzy=was.fuzzy if was else False,
            )
        )
        used.add(key)
    for key, e in old.items():
        if key not in used and any(s for s in e.strings):
            out.append(PoEntry(e.msgid, e.strings, e.plural, obsolete=True))
    return out


def check(messages: Iterable[Message] | None = None) -> list[str]:
    """What the catalogues lack: a message with no pl or ru translation, or a translation
    whose format fields differ from the message's. Empty when all is well."""
    problems: list[str] = []
    if messages is None:
        messages = extract(problems)
        messages = [*messages, *pot_click_messages()]
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
    for e in parse_po(POT.read_text(encoding="utf-8"), str(POT)):
        if e.msgid and CLICK_MARK in e.comments:
            where = [c[3:] for c in e.comments if c.startswith("#: ")]
            out.append(Message(e.msgid, e.plural, where, click=True))
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
    problems = []
    messages = extract(problems)
    clicks = extract_click() if "--click" in args else pot_click_messages()
    seen = {(m.msgid, m.plural) for m in messages}
    messages += [m for m in clicks if (m.msgid, m.plural) not in seen]
    pot = _pot_entries(messages)
    LOCALE.mkdir(exist_ok=True)
    POT.write_text(write_po(pot), encoding="utf-8")
    for lang in ("pl", "ru"):
        path = LOCALE / lang / "LC_MESSAGES" / "remikcalc.po"
        old = parse_po(path.read_text(encoding="utf-8"), str(path)) if path.is_file() else []
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(write_po(merge(pot, old, lang)), encoding="utf-8")
    for p in problems:
        print(p, file=sys.stderr)
    print(f"{len(messages)} messages in {POT}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
