"""The Polish and Russian of the messages added for issue 18's input items (corrections, the
current sheet, money during play, interactive add, --how words, the card traps), until the
catalogues hold them.

For the test session (:func:`install`, from ``tests/conftest.py``) every catalogue loaded gets
only what it lacks of these, so the tests of exact pl/ru output pass now, and once the
catalogues are merged they check the catalogues' own text against the same expected lines
(then this file can go).
``python tests/pending_translations.py FILE`` writes them as ``{msgid: {"pl": ..., "ru":
...}}`` (a plural: the list of its forms), the form the catalogues are merged from.
"""

from __future__ import annotations

import gettext
import json
import sys
from pathlib import Path

import pytest

Forms = str | list[str]

#: msgid -> {"pl": text or plural forms, "ru": ...}
PENDING: dict[str, dict[str, Forms]] = {
    # --- the card traps
    "Jk is the joker; the jack of kier is Wk": {
        "pl": "Jk to joker; walet kier to Wk",
        "ru": "Jk — это джокер; червовый валет пишется Wk (Вч)",
    },
    "warning: {message}": {"pl": "uwaga: {message}", "ru": "предупреждение: {message}"},
    "; unmatched cards go together in the last group, after the melds": {
        "pl": "; karty niewyłożone wpisz razem w ostatniej grupie, po układach",
        "ru": "; карты вне комбинаций пишите вместе последней группой, после комбинаций",
    },
    "; as the last group they would be unmatched cards, but {meld} among them is a meld: put "
    "it in a group of its own": {
        "pl": "; jako ostatnia grupa byłyby to karty niewyłożone, ale {meld} wśród nich to "
        "układ: wpisz go w osobnej grupie",
        "ru": "; последней группой это были бы карты вне комбинаций, но среди них {meld} — "
        "комбинация: выделите её в отдельную группу",
    },
    # --- --how
    "How the deal ended, when the hands do not show it, in English or in the words of "
    "--lang ({outcomes}).": {
        "pl": "Jak zakończyło się rozdanie, gdy nie widać tego z kart, po angielsku albo "
        "słowami języka --lang ({outcomes}).",
        "ru": "Чем закончилась сдача, если этого не видно по картам, по-английски или словами "
        "языка --lang ({outcomes}).",
    },
    "{variant} has no outcome {how}; its outcomes: {outcomes}": {
        "pl": "{variant} nie zna zamknięcia {how}; możliwe zamknięcia: {outcomes}",
        "ru": "в {variant} нет исхода {how}; исходы: {outcomes}",
    },
    # --- the current sheet
    "no sheet: give FILE, or name the evening's sheet once with {var}=game.yaml": {
        "pl": "brak zapisu: podaj FILE albo wskaż raz zapis wieczoru: {var}=game.yaml",
        "ru": "нет записи: укажите FILE или один раз задайте запись вечера: {var}=game.yaml",
    },
    "FILE may be left out once {var} names the sheet (export {var}=game.yaml); it is not set "
    "now.": {
        "pl": "FILE można pominąć, gdy {var} wskazuje zapis (export {var}=game.yaml); teraz "
        "nie jest ustawiona.",
        "ru": "FILE можно не указывать, если {var} задаёт запись (export {var}=game.yaml); "
        "сейчас она не задана.",
    },
    "FILE left out: the sheet {file} ({var}).": {
        "pl": "Bez FILE: zapis {file} ({var}).",
        "ru": "Без FILE: запись {file} ({var}).",
    },
    # --- edit and delete
    "Replace the whole deal with what is given.": {
        "pl": "Zastąp całe rozdanie tym, co podano.",
        "ru": "Заменить всю сдачу тем, что указано.",
    },
    "give the entry to correct: a deal's number (3) or e1": {
        "pl": "podaj, co poprawić: numer rozdania (3) albo e1",
        "ru": "укажите, что исправить: номер сдачи (3) или e1",
    },
    "give the entry to remove: a deal's number (3) or e1": {
        "pl": "podaj, co usunąć: numer rozdania (3) albo e1",
        "ru": "укажите, что удалить: номер сдачи (3) или e1",
    },
    "{text!r} is not an entry: give a deal's number as show numbers them (3), or an event's "
    "mark (e1)": {
        "pl": "{text!r} to nie pozycja zapisu: podaj numer rozdania, jak w show (3), albo "
        "oznaczenie zdarzenia (e1)",
        "ru": "{text!r} — не строка записи: укажите номер сдачи, как в show (3), или метку "
        "события (e1)",
    },
    "the removal of event {n}": {"pl": "usunięcie zdarzenia {n}", "ru": "удаление события {n}"},
    "Removed event {n} of {file} ({what}).": {
        "pl": "Usunięto zdarzenie {n} z {file} ({what}).",
        "ru": "Из {file} удалено событие {n} ({what}).",
    },
    "Event e{n}": {"pl": "Zdarzenie e{n}", "ru": "Событие e{n}"},
    "{file} has no events (re-entries); there is no event e{n}": {
        "pl": "{file} nie ma zdarzeń (dokupień); nie ma zdarzenia e{n}",
        "ru": "в {file} нет событий (повторных входов); события e{n} нет",
    },
    "{file} has events e1 to e{last}; there is no event e{n}": {
        "pl": "{file} ma zdarzenia od e1 do e{last}; nie ma zdarzenia e{n}",
        "ru": "в {file} события с e1 по e{last}; события e{n} нет",
    },
    "with this as event e{n}, deal {later} no longer fits: {problem}": {
        "pl": "gdy to będzie zdarzenie e{n}, rozdanie {later} przestaje pasować: {problem}",
        "ru": "если это событие e{n}, то сдача {later} уже не сходится: {problem}",
    },
    "with this as event e{n}, {player}'s re-entry after it no longer fits: {problem}": {
        "pl": "gdy to będzie zdarzenie e{n}, późniejsze dokupienie gracza {player} przestaje "
        "pasować: {problem}",
        "ru": "если это событие e{n}, то следующий за ним повторный вход игрока {player} уже "
        "не сходится: {problem}",
    },
    "without event e{n}, deal {later} no longer fits: {problem}": {
        "pl": "bez zdarzenia e{n} rozdanie {later} przestaje pasować: {problem}",
        "ru": "без события e{n} сдача {later} уже не сходится: {problem}",
    },
    "without event e{n}, {player}'s re-entry after it no longer fits: {problem}": {
        "pl": "bez zdarzenia e{n} późniejsze dokupienie gracza {player} przestaje pasować: "
        "{problem}",
        "ru": "без события e{n} следующий за ним повторный вход игрока {player} уже не "
        "сходится: {problem}",
    },
    # --- money during play
    "Money so far: {players}": {
        "pl": "Na razie w pieniądzach: {players}",
        "ru": "Пока в деньгах: {players}",
    },
    "pool {amount}": {"pl": "pula {amount}", "ru": "пуля {amount}"},
    "{payer} owes {payee} {amount}": {
        "pl": "{payer} → {payee}: {amount}",
        "ru": "{payer} → {payee}: {amount}",
    },
    "Game {n}: {transfers}": {"pl": "Gra {n}: {transfers}", "ru": "Партия {n}: {transfers}"},
    "Game {n}: nobody owes anything": {
        "pl": "Gra {n}: nikt nikomu nic nie płaci",
        "ru": "Партия {n}: никто никому ничего не должен",
    },
    "{player} takes the pool: {amount}": {
        "pl": "{player} bierze pulę: {amount}",
        "ru": "{player} забирает пулю: {amount}",
    },
    "{players} share the pool: {amount} each": {
        "pl": "{players} dzielą pulę: po {amount}",
        "ru": "{players} делят пулю: по {amount}",
    },
    "{stakes} ({money})": {"pl": "{stakes} ({money})", "ru": "{stakes} ({money})"},
    # --- asking at the terminal
    "y|yes": {"pl": "t|tak", "ru": "д|да"},
    "n|no": {"pl": "n|nie", "ru": "н|нет"},
    "answer {yes} or {no}": {
        "pl": "odpowiedz {yes} albo {no}",
        "ru": "ответьте {yes} или {no}",
    },
    "interrupted; {file} is unchanged": {
        "pl": "przerwano; {file} bez zmian",
        "ru": "прервано; {file} не изменён",
    },
    "no answer (end of input); {file} is unchanged": {
        "pl": "brak odpowiedzi (koniec wejścia); {file} bez zmian",
        "ru": "нет ответа (ввод закончился); {file} не изменён",
    },
    "Nothing added; {file} is unchanged.": {
        "pl": "Nic nie dodano; {file} bez zmian.",
        "ru": "Ничего не добавлено; {file} не изменён.",
    },
    "This is the same as the last entry, an event. Add it again?": {
        "pl": "To samo co ostatnia pozycja zapisu, zdarzenie. Dodać je jeszcze raz?",
        "ru": "Это то же, что последняя строка записи, событие. Добавить его ещё раз?",
    },
    "Which of them was wrong?": {"pl": "Które z nich jest złe?", "ru": "Где из них ошибка?"},
    "{typed!r} is none of these; did you mean {guess}?": {
        "pl": "{typed!r} nie jest żadną z tych odpowiedzi; czy chodziło o {guess}?",
        "ru": "{typed!r} — ни один из вариантов; может быть, {guess}?",
    },
    "{typed!r} is none of these: {options}": {
        "pl": "{typed!r} nie jest żadną z tych odpowiedzi: {options}",
        "ru": "{typed!r} — ни один из вариантов: {options}",
    },
    "{player}'s points": {"pl": "Punkty gracza {player}", "ru": "Очки игрока {player}"},
    "{card} is typed for {players}, but the pack has only {n} of it": {
        "pl": [
            "{card} wpisano graczom {players}, a w taliach jest tylko {n} taka karta",
            "{card} wpisano graczom {players}, a w taliach są tylko {n} takie karty",
            "{card} wpisano graczom {players}, a w taliach jest tylko {n} takich kart",
        ],
        "ru": [
            "{card} указана у игроков {players}, а в колоде такая карта только {n}",
            "{card} указана у игроков {players}, а в колодах таких карт только {n}",
            "{card} указана у игроков {players}, а в колодах таких карт только {n}",
        ],
    },
}

#: the help texts of ``add``, ``edit`` and ``delete`` (their English is the command's docstring;
#: kept in ``pending_help.json``, as their lines are long)
HELP: dict[str, dict[str, Forms]] = json.loads(
    (Path(__file__).parent / "pending_help.json").read_text(encoding="utf-8")
)


def install(patch: pytest.MonkeyPatch) -> None:
    """From now on (the test session: ``tests/conftest.py``), every catalogue loaded holds
    :data:`PENDING`'s and :data:`HELP`'s translations where it lacks them."""
    from remikcalc.base import i18n

    load = i18n._load

    def loaded(lang: str) -> gettext.NullTranslations:
        found = load(lang)
        held = getattr(found, "_catalog", None)
        if held is None:
            return found
        for msgid, texts in {**PENDING, **HELP}.items():
            text = texts.get(lang)
            if isinstance(text, list):
                if (msgid, 0) not in held:
                    held.update({(msgid, i): form for i, form in enumerate(text)})
            elif text is not None and msgid not in held:
                held[msgid] = text
        return found

    patch.setattr(i18n, "_load", loaded)
    i18n._cache.clear()


def main(path: str) -> None:
    with open(path, "w", encoding="utf-8") as out:
        json.dump({**PENDING, **HELP}, out, ensure_ascii=False, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
