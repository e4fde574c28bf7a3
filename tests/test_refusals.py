"""Typed refusals: every refusal names its reason as a code (docs/INTERFACE.md, "Typed
refusals"), the library's sentences name no command-line option, and each front end says a
refusal in its own words, kept in the front end (``commands/refusal.py``, ``web/refusal.py``,
through ``render/refusal.py``'s mechanism): the command line as it always has,
the pad with its buttons.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import remikcalc
from remikcalc.base.errors import RemikcalcError, SheetError
from remikcalc.base.i18n import in_language
from remikcalc.commands.refusal import for_command_line
from remikcalc.scoring.deal import build_deal
from remikcalc.web.refusal import for_pad
from tests.clirun import GIN_ANNA, GIN_BORIS, fails

PACKAGE = Path(remikcalc.__file__).parent
INTERFACE = PACKAGE.parent / "docs" / "INTERFACE.md"

#: modules being rewritten by the lead engineer, whose refusals name their codes there; take
#: each out of this list when it does (the test below fails while one stays in it needlessly)
NOT_YET_TYPED: frozenset[str] = frozenset()
#: codes in the contract that only the modules of NOT_YET_TYPED will raise
CODES_OF_NOT_YET_TYPED: frozenset[str] = frozenset()

needs_docs = pytest.mark.skipif(not INTERFACE.exists(), reason="docs/ is not installed")


# --- every raise names its code -----------------------------------------------------------------


def _modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _refusal_classes() -> tuple[set[str], set[str]]:
    """The names of RemikcalcError and its subclasses in the package, and those of them whose
    own ``__init__`` names the code (so that a raise of one need not)."""
    classes = {"RemikcalcError"}
    bases: dict[str, tuple[list[str], ast.ClassDef]] = {}
    for _path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = ([_name(b) for b in node.bases], node)
    grown = True
    while grown:
        grown = False
        for name, (parents, _node) in bases.items():
            if name not in classes and classes.intersection(parents):
                classes.add(name)
                grown = True
    coded = set()
    for name in classes - {"RemikcalcError"}:
        for item in bases[name][1].body:
            if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                calls = [c for c in ast.walk(item) if isinstance(c, ast.Call)]
                if any(k.arg == "code" for c in calls for k in c.keywords):
                    coded.add(name)
    return classes, coded


def _untyped() -> dict[str, list[str]]:
    """Module -> the refusals it makes without a code, and its ``type(exc)(...)`` retellings."""
    classes, coded = _refusal_classes()
    found: dict[str, list[str]] = {}
    for path, tree in _modules():
        if path == "base/errors.py":  # the classes themselves
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            retelling = (
                isinstance(func, ast.Call) and _name(func.func) == "type" and len(func.args) == 1
            )
            made = _name(func) in classes and _name(func) not in coded
            if retelling or (made and not any(k.arg == "code" for k in node.keywords)):
                found.setdefault(path, []).append(f"{path}:{node.lineno}")
    return found


def test_every_refusal_names_its_code() -> None:
    # a refusal is made with code=...; one that retells another is exc.retold(...), which
    # keeps its code (never type(exc)(...), which would lose it)
    untyped = {path: where for path, where in _untyped().items() if path not in NOT_YET_TYPED}
    assert untyped == {}


def test_the_modules_left_to_type_still_have_refusals_to_type() -> None:
    assert sorted(NOT_YET_TYPED - set(_untyped())) == []


def _codes_raised() -> set[str]:
    """Every code the package names: ``code="..."`` in a call, or a parameter ``code``'s
    default (a helper that makes refusals), and an input's own codes (``codes={...}``)."""
    named: list[tuple[str, ast.expr | None]] = []
    for _path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                named += [(k.arg or "", k.value) for k in node.keywords]
            if isinstance(node, ast.arguments):
                given = node.posonlyargs + node.args
                with_default = given[len(given) - len(node.defaults) :]
                named += [(a.arg, d) for a, d in zip(with_default, node.defaults, strict=True)]
                named += [
                    (a.arg, d) for a, d in zip(node.kwonlyargs, node.kw_defaults, strict=True)
                ]
    found = set()
    for name, value in named:
        if name == "code" and isinstance(value, ast.Constant) and isinstance(value.value, str):
            found.add(value.value)
        elif name == "codes" and isinstance(value, ast.Dict):
            found |= {
                v.value
                for v in value.values
                if isinstance(v, ast.Constant) and isinstance(v.value, str)
            }
    return found


def _codes_documented() -> set[str]:
    text = INTERFACE.read_text(encoding="utf-8")
    section = text.split("## Typed refusals", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    return {code for row in rows for code in re.findall(r"`([a-z_0-9]+)`", row)}


@needs_docs
def test_the_codes_raised_are_the_codes_documented() -> None:
    assert _codes_raised() | CODES_OF_NOT_YET_TYPED == _codes_documented()


def test_no_refusal_names_a_code_its_class_gives_when_none_is_named() -> None:
    # so that a refusal with its class's code is one whose raise site named none
    defaults = {cls.default_code for cls in _all_subclasses(RemikcalcError)}
    defaults.add(RemikcalcError.default_code)
    assert _codes_raised() & defaults == set()


def _all_subclasses(cls: type[RemikcalcError]) -> set[type[RemikcalcError]]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= _all_subclasses(sub)
    return found


#: sentences of the library that name an option and are no refusal: the help of the
#: outcome's input (``--how``'s help)
NOT_REFUSALS = (
    "How the deal ended, when the hands do not show it, in English or in the words of --lang "
    "({outcomes}).",
)


def test_the_library_names_no_command_line_option_or_command() -> None:
    option = re.compile(r"--(closer|draw|upcard|melded|force|reenter|rule|cards|lang|again)\b")
    command = re.compile(r"remikcalc (new|rules|add|edit|delete)\b")
    found = []
    for path, tree in _modules():
        front_end = path.startswith(("commands/", "web/")) or path == "cli.py"
        if front_end or path in NOT_YET_TYPED:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in ("_", "N_", "ngettext"):
                for arg in node.args:
                    text = arg.value if isinstance(arg, ast.Constant) else None
                    if not isinstance(text, str) or text in NOT_REFUSALS:
                        continue
                    if option.search(text) or command.search(text):
                        found.append(f"{path}:{node.lineno}: {text}")
    assert found == []


# --- the refusals, through the public API -------------------------------------------------------

GIN_HANDS = {"Anna": GIN_ANNA.split("=")[1], "Boris": GIN_BORIS.split("=")[1]}
#: Anna knocks with 19 in deadwood: 9C 9D 9H and 5S 6S 7S meld, KD 2C 4C 3D are 10 + 2 + 4 + 3
KNOCK_19 = {"Anna": "9C 9D 9H 5S 6S 7S KD 2C 4C 3D", "Boris": GIN_BORIS.split("=")[1]}


def _sheet(tmp_path: Path, variant: str = "gin", **kw: Any) -> remikcalc.SheetFile:
    tmp_path.mkdir(parents=True, exist_ok=True)
    players = kw.pop("players", ["Anna", "Boris"])
    return remikcalc.new_sheet(tmp_path / "game.yaml", variant=variant, players=players, **kw)


def _added(variant: str, entry: dict[str, Any], **kw: Any) -> Callable[[Path], object]:
    return lambda tmp_path: _sheet(tmp_path, variant, **kw).add(entry)


def _file(text: str) -> Callable[[Path], object]:
    def load(tmp_path: Path) -> object:
        path = tmp_path / "game.yaml"
        path.write_text(text, encoding="utf-8")
        return remikcalc.open_sheet(path).replay()

    return load


def _out_in_bridge(tmp_path: Path) -> object:
    # bridge out at 1 point: Carl's 5 in the first deal puts him out; his hand in the next
    sheet = _sheet(
        tmp_path, "bridge", players=["Anna", "Boris", "Carl"], rules=["elimination_at=1"]
    )
    sheet.add({"scores": {"Anna": -10, "Carl": 5}, "closer": "Anna"})
    return sheet.add({"scores": {"Carl": 5, "Anna": -10}, "closer": "Anna"})


GIN = "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n"

#: code -> something a program may do that is refused for that reason
CASES: dict[str, Callable[[Path], object]] = {
    "no_closer": _added("gin", {"hands": GIN_HANDS}),
    "unknown_player": _added("gin", {"closer": "Zed", "hands": GIN_HANDS}),
    "no_hand": _added("gin", {"closer": "Anna", "hands": {"Anna": GIN_HANDS["Anna"]}}),
    "hand_size": _added("gin", {"closer": "Anna", "hands": {**GIN_HANDS, "Boris": "2H 3H"}}),
    "given_twice": _added("gin", {"closer": "Anna", "hands": {**GIN_HANDS, "anna": "2H"}}),
    "winner_has_cards": _added("rummy", {"closer": "Anna", "hands": {"Anna": "2C", "Boris": "3C"}}),
    "over_knock_limit": _added("gin", {"closer": "Anna", "hands": KNOCK_19}),
    "claim_not_shown": _added("gin", {"closer": "Anna", "how": "gin", "hands": KNOCK_19}),
    "no_knocking": _added("gin", {"closer": "Anna", "hands": KNOCK_19}, rules=["knock_limit=none"]),
    "no_big_gin": _added("gin", {"closer": "Anna", "how": "big_gin", "hands": GIN_HANDS}),
    "unknown_outcome": _added("gin", {"closer": "Anna", "how": "banana", "hands": GIN_HANDS}),
    "not_an_outcome": _added("gin", {"closer": "Anna", "how": "one_go", "hands": GIN_HANDS}),
    "no_draws": _added("boat", {"draw": True, "hands": {"Anna": "2C", "Boris": "3C"}}),
    "draw_with_closer": _added("gin", {"draw": True, "closer": "Anna", "hands": GIN_HANDS}),
    "draw_scores": _added("gin", {"draw": True, "scores": {"Anna": 5}}),
    "no_upcard": _added("oklahoma", {"closer": "Anna", "hands": GIN_HANDS}),
    "joker_upcard": _added("oklahoma", {"closer": "Anna", "upcard": "JK", "hands": GIN_HANDS}),
    "input_not_taken": _added("gin", {"closer": "Anna", "melded": {"Anna": "2C 3C 4C"}}),
    "out_of_range": lambda _tmp: build_deal(
        remikcalc.get_rules("boat"), ["Anna", "Boris"], plus=-5
    ),
    "points_with_cards": _added("gin", {"scores": {"Anna": 5}, "hands": GIN_HANDS}),
    "points_unbalanced": _added("boat", {"scores": {"Anna": 5}}),
    "player_out": _out_in_bridge,
    "no_reentry": _added("gin", {"reenter": "Anna"}),
    "not_out": _added("bridge", {"reenter": "Anna"}, players=["Anna", "Boris", "Carl"]),
    "card_twice": lambda _tmp: remikcalc.analyze_hand("9C 9C 9D 5S 6S 7S KD KH KS 2C"),
    "no_jokers": lambda _tmp: remikcalc.analyze_hand("JK 9C 9D 5S 6S 7S KD KH KS 2C"),
    "empty_hand": lambda _tmp: remikcalc.analyze_hand(""),
    "not_a_card": lambda _tmp: remikcalc.analyze_hand([99]),  # type: ignore[list-item]
    "not_a_meld": lambda _tmp: remikcalc.analyze_hand("AS 2D 3H | 9C 9D 5S 6S 7S KD KH"),
    "grouped_discard": lambda _tmp: remikcalc.analyze_hand(
        "9C 9D 9H | 5S 6S 7S | KD KH KS | 2C 3D", discard=True
    ),
    "unknown_rank": lambda _tmp: remikcalc.parse_cards("XC"),
    "no_suit": lambda _tmp: remikcalc.parse_cards("Q"),
    "unknown_suit": lambda _tmp: remikcalc.parse_cards("QX"),
    "mixed_scripts": lambda _tmp: remikcalc.parse_cards("Дh"),
    "unknown_variant": lambda _tmp: remikcalc.find_variant("chess"),
    "unknown_preset": lambda _tmp: remikcalc.get_rules("gin", "chess"),
    "unknown_rule": lambda _tmp: remikcalc.get_rules("gin", overrides=["colour=1"]),
    "bad_override": lambda _tmp: remikcalc.get_rules("gin", overrides=["knock_limit"]),
    "bad_rule_value": lambda _tmp: remikcalc.get_rules("gin", overrides=["knock_limit=x"]),
    "fixed_rule": lambda _tmp: remikcalc.get_rules("gin", overrides=["family=bridge"]),
    "rule_not_played": lambda _tmp: remikcalc.get_rules("gin", overrides=["elimination_at=50"]),
    "rules_clash": lambda _tmp: remikcalc.get_rules("gin", overrides=["set_min=5"]),
    "player_count": lambda _tmp: remikcalc.get_rules("gin", players=5),
    "unknown_language": lambda _tmp: remikcalc.language("fr").__enter__(),
    "unknown_notation": lambda _tmp: remikcalc.language("en", cards="fr").__enter__(),
    "negative_amount": lambda tmp_path: _sheet(tmp_path, stake="-1"),
    "not_a_number": lambda tmp_path: _sheet(tmp_path, stake="ten"),
    "no_sheet": lambda tmp_path: remikcalc.open_sheet(tmp_path / "none.yaml").replay(),
    "not_a_file": lambda tmp_path: remikcalc.open_sheet(tmp_path).replay(),
    "empty_sheet": _file(""),
    "not_yaml": _file("remikcalc: [1\n"),
    "newer_format": _file("remikcalc: 99\nvariant: gin\nplayers: [Anna, Boris]\n"),
    "deals_not_scored": _file(GIN + "deals:\n  - hands: {Anna: 9C, Boris: 2C}\n"),
    "sheet_problems": _file(GIN + "rules: {colour: 1}\n"),
}


def _codes(error: RemikcalcError) -> set[str]:
    """The codes of a refusal and of the refusals it repeats."""
    found = {error.code}
    for quoted in error.quoted:
        found |= _codes(quoted)
    return found


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_code_is_the_reason_of_some_refusal(code: str, tmp_path: Path) -> None:
    with pytest.raises(RemikcalcError) as caught:
        CASES[code](tmp_path)
    assert code in _codes(caught.value)


@needs_docs
def test_the_cases_are_documented_codes() -> None:
    assert set(CASES) <= _codes_documented()


def test_a_deal_the_same_as_the_last_is_refused_as_same_as_last(tmp_path: Path) -> None:
    sheet = _sheet(tmp_path)
    sheet.add({"closer": "Anna", "hands": GIN_HANDS})
    with pytest.raises(RemikcalcError) as caught:
        sheet.add({"closer": "Anna", "hands": GIN_HANDS})
    assert caught.value.code == "same_as_last"


def test_a_refusal_names_what_it_is_about(tmp_path: Path) -> None:
    with pytest.raises(RemikcalcError) as caught:
        remikcalc.analyze_hand("9C 9C 9D 5S 6S 7S KD KH KS 2C")
    assert caught.value.cards == ("9C",)
    with pytest.raises(RemikcalcError) as caught:
        CASES["over_knock_limit"](tmp_path / "a")
    knock = caught.value
    assert (knock.field, knock.player) == ("closer", "Anna")
    assert knock.details == {"deadwood": 19, "limit": 10, "unchanged": knock.details["unchanged"]}
    with pytest.raises(RemikcalcError) as caught:
        _sheet(tmp_path / "b").add({"closer": "Anna", "hands": {**GIN_HANDS, "Boris": "2C X"}})
    typo = caught.value
    assert (typo.code, typo.field, typo.player) == ("unknown_rank", "hands", "Boris")


def test_a_stale_version_is_refused(tmp_path: Path) -> None:
    sheet = _sheet(tmp_path)
    with pytest.raises(remikcalc.StaleSheet):
        sheet.add({"closer": "Anna", "hands": GIN_HANDS}, version="not-the-version")


def test_a_refusal_survives_pickling() -> None:
    import pickle

    with pytest.raises(RemikcalcError) as caught:
        remikcalc.analyze_hand("9C 9C 9D 5S 6S 7S KD KH KS 2C")
    again = pickle.loads(pickle.dumps(caught.value))
    assert (again.code, again.cards, str(again)) == ("card_twice", ("9C",), str(caught.value))


# --- the command line's words -------------------------------------------------------------------


def _stderr(*args: str, lang: str = "en", code: int = 1) -> str:
    return fails(*args, lang=lang, code=code).stderr


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Error: who knocked? give the closer (--closer NAME), or --draw for a drawn deal\n"),
        (
            "pl",
            "Błąd: kto zapukał? podaj zamykającego (--closer IMIĘ) albo --draw, gdy stos się "
            "wyczerpał\n",
        ),
    ],
)
def test_a_knock_without_its_closer_names_the_options(lang: str, said: str) -> None:
    assert _stderr("round", "gin", GIN_ANNA, GIN_BORIS, lang=lang) == said


@pytest.mark.parametrize(
    ("variant", "said"),
    [
        ("bridge", "who closed? give the closer (--closer NAME), or --draw for a drawn deal"),
        (
            "rummy",
            "who went out? name the winner with --closer NAME, or give --draw if the stock ran out",
        ),
        ("boat", "who went out? name the winner with --closer NAME"),
    ],
)
def test_the_closers_question_in_each_family_names_the_options(variant: str, said: str) -> None:
    players = ["--players", "Anna,Boris,Carl"] if variant == "bridge" else []
    hands = ["Anna=2C 3C", "Boris=4D 5D"] + (["Carl=6H 7H"] if variant == "bridge" else [])
    err = _stderr("round", variant, *players, *hands)
    assert err.startswith(f"Error: {said}"), err


def test_a_points_deal_without_its_closer_names_the_options(tmp_path: Path) -> None:
    sheet = tmp_path / "game.yaml"
    _sheet(tmp_path, "bridge", players=["Anna", "Boris", "Carl"])
    err = _stderr("add", str(sheet), "--score", "Anna=5", lang="pl")
    assert err.startswith(
        "Błąd: rozdanie w remiku brydżowym wpisane jako punkty wymaga zamykającego "
        "(--closer IMIĘ), bo od zamknięcia zależą stawki; albo --draw, jeśli stos się wyczerpał\n"
    ), err


def test_the_winners_cards_name_the_closer_option() -> None:
    err = _stderr("round", "rummy", "--closer", "Anna", "Anna=2C", "Boris=3C")
    assert err == (
        "Error: Anna went out but 1 card is typed for Anna; leave the winner's hand out "
        "(or name the right --closer)\n"
    )


def test_a_player_who_is_out_is_re_entered_with_the_option(tmp_path: Path) -> None:
    with pytest.raises(RemikcalcError) as caught:
        _out_in_bridge(tmp_path)
    said = for_command_line(caught.value, unchanged=caught.value.details["unchanged"])
    assert said == (
        "Carl is out (total 5, out at 1) and does not play; re-enter Carl first "
        "(add --reenter Carl)\n" + f"{tmp_path / 'game.yaml'} is unchanged."
    )
    assert "--reenter" not in str(caught.value) and "--reenter" not in for_pad(caught.value)


def test_the_up_card_is_given_with_its_option() -> None:
    err = _stderr("round", "oklahoma", "--closer", "Anna", GIN_ANNA, GIN_BORIS, lang="ru")
    assert err == (
        "Ошибка: оклахома: предел стука задаёт открытая карта; укажите её через --upcard КАРТА "
        "(upcard: в записи)\n"
    )


def test_melds_on_the_table_name_their_option() -> None:
    err = _stderr(
        "round", "gin", "--closer", "Anna", "--melded", "Anna=2C 3C 4C", GIN_ANNA, GIN_BORIS
    )
    assert err == "Error: melds on the table (--melded) are only scored in rummy500, not in gin\n"


def test_an_unknown_rule_key_points_to_the_rules_command() -> None:
    err = _stderr("hand", "--rule", "zzz=1", "9C", code=2)
    assert err.endswith("Error: unknown rule key 'zzz'; see `remikcalc rules VARIANT`\n"), err


def test_a_rule_the_variant_does_not_play_points_to_its_rules() -> None:
    err = _stderr("hand", "--rule", "elimination_at=50", "9C", code=2)
    assert err.endswith(
        "Error: rule elimination_at: gin does not play it (no gin score reads it), so it cannot "
        "be set; see `remikcalc rules gin`\n"
    ), err


def test_a_missing_sheet_is_started_with_new(tmp_path: Path) -> None:
    missing = tmp_path / "none.yaml"
    assert _stderr("show", str(missing), lang="pl") == (
        f"Błąd: {missing}: nie ma takiego zapisu; załóż go poleceniem `remikcalc new {missing}`\n"
    )


def test_an_empty_file_is_started_with_new(tmp_path: Path) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    assert _stderr("show", str(empty)) == (
        f"Error: {empty}:1: the file is empty; start a sheet with `remikcalc new`\n"
    )


def test_a_sheet_that_is_full_points_to_new(tmp_path: Path) -> None:
    from remikcalc.sheet.yamltree import MAX_BYTES

    sheet = _sheet(tmp_path)
    path = tmp_path / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "#" * (MAX_BYTES - len(text) - 10) + "\n", encoding="utf-8")
    with pytest.raises(RemikcalcError) as caught:
        sheet.add({"closer": "Anna", "hands": GIN_HANDS})
    assert caught.value.code == "sheet_full"
    assert for_command_line(caught.value) == (
        f"{path}: the sheet would grow past 1024 KiB, the most a sheet may hold; it is "
        "unchanged. Start a new sheet for the next deals (remikcalc new)"
    )
    assert str(caught.value).endswith("Start a new sheet for the next deals.")


def test_a_change_that_would_not_load_points_to_new() -> None:
    error = SheetError(
        "game.yaml: after this change ...",
        code="would_not_load",
        details={"name": "game.yaml", "first": "game.yaml:9: too deep"},
    )
    with in_language("ru"):
        assert for_command_line(error) == (
            "game.yaml: после этого изменения запись не загрузилась бы (game.yaml:9: too deep); "
            "она не изменена. Следующие сдачи ведите в новой записи (remikcalc new)"
        )


def test_the_library_names_no_option_for_a_language_or_a_notation() -> None:
    for args, library, command_line in (
        (
            ("fr",),
            "unknown language 'fr'; remikcalc speaks en, pl, ru",
            "--lang: unknown language 'fr'; remikcalc speaks en, pl, ru",
        ),
        (
            ("en", "fr"),
            "unknown card notation 'fr'; choose en, pl, ru, unicode",
            "--cards: unknown notation 'fr'; choose en, pl, ru, unicode",
        ),
    ):
        with pytest.raises(RemikcalcError) as caught:
            remikcalc.language(*args).__enter__()
        assert (str(caught.value), for_command_line(caught.value)) == (library, command_line)


def test_a_sheets_problems_are_said_each_in_the_command_lines_words(tmp_path: Path) -> None:
    # two deals without a closer, and one of them with a card typed twice: each said in place
    path = tmp_path / "game.yaml"
    path.write_text(
        GIN
        + "deals:\n"
        + f"  - hands: {{Anna: {GIN_HANDS['Anna']}, Boris: {GIN_HANDS['Boris']}}}\n"
        + "  - hands: {Anna: 2C 2C, Boris: 3C}\n"
        + f"  - hands: {{Anna: {GIN_HANDS['Anna']}, Boris: {GIN_HANDS['Boris']}}}\n",
        encoding="utf-8",
    )
    with pytest.raises(RemikcalcError) as caught:
        remikcalc.open_sheet(path).replay()
    assert caught.value.code == "deals_not_scored"
    question = "who knocked? give the closer (--closer NAME), or --draw for a drawn deal"
    lines = for_command_line(caught.value).splitlines()
    assert lines[0] == f"{path}: 3 deals cannot be scored:"
    assert lines[1] == f"{path}:5: deal 1: {question}"
    assert lines[3] == f"{path}:7: deal 3: {question}"
    assert "--" not in str(caught.value)


# --- the pad's words ----------------------------------------------------------------------------

PAD_WORDS = {
    ("en", "knocked"): "Who knocked? Choose the player, or tick that the stock ran out.",
    ("pl", "knocked"): "Kto zapukał? Wybierz gracza albo zaznacz, że skończył się stos.",
    ("en", "closed"): "Who closed? Choose the player, or tick that the stock ran out.",
    ("ru", "closed"): "Кто закрыл? Выберите игрока или отметьте, что колода кончилась.",
    ("en", "went_out"): "Who went out? Choose the player, or tick that the stock ran out.",
    ("ru", "went_out"): "Кто вышел? Выберите игрока или отметьте, что колода кончилась.",
    ("en", "went_out_no_draw"): "Who went out? Choose the player.",
    ("pl", "went_out_no_draw"): "Kto zamknął? Wybierz gracza.",
    ("en", "points"): "Who closed the deal? Choose the player, or tick that the stock ran out.",
    ("pl", "points"): ("Kto zamknął rozdanie? Wybierz gracza albo zaznacz, że skończył się stos."),
}

#: each question's deal: a variant, its players and a deal without its closer
QUESTIONS: dict[str, tuple[str, list[str], dict[str, Any]]] = {
    "knocked": ("gin", ["Anna", "Boris"], {"hands": GIN_HANDS}),
    "closed": ("bridge", ["Anna", "Boris", "Carl"], {"hands": {"Anna": "2C", "Boris": "3C"}}),
    "went_out": ("rummy", ["Anna", "Boris"], {"hands": {"Anna": "2C", "Boris": "3C"}}),
    "went_out_no_draw": ("boat", ["Anna", "Boris"], {"hands": {"Anna": "2C", "Boris": "3C"}}),
    "points": ("bridge", ["Anna", "Boris", "Carl"], {"scores": {"Anna": 5}}),
}


@pytest.mark.parametrize(("lang", "question"), sorted(PAD_WORDS))
def test_the_pad_asks_for_the_closer_in_its_own_words(
    lang: str, question: str, tmp_path: Path
) -> None:
    variant, players, entry = QUESTIONS[question]
    sheet = _sheet(tmp_path, variant, players=players)
    with in_language(lang), pytest.raises(RemikcalcError) as caught:
        sheet.add(entry)
    with in_language(lang):
        said = for_pad(caught.value)
    assert said.startswith(PAD_WORDS[lang, question]), said
    assert "--" not in str(caught.value) and "--" not in said


def test_any_other_refusal_is_said_on_the_pad_as_the_library_says_it() -> None:
    with pytest.raises(RemikcalcError) as caught:
        remikcalc.analyze_hand("9C 9C 9D 5S 6S 7S KD KH KS 2C")
    assert for_pad(caught.value) == for_command_line(caught.value) == str(caught.value)
