"""The language and the card notation belong to the running context, not to the process.

A web server for several phones runs each request in a thread (Starlette: sync endpoints in
a threadpool, each call in a copy of the caller's context); every request must speak its own
language. So must two threads of any program. The rule: a new thread starts in English and
the language's notation, whatever another thread chose; ``remikcalc.language`` sets both for
a block and gives back what was before, also after an exception; a copied context
(``contextvars.copy_context().run``, an ``asyncio`` task) starts with the choices of the
context it was copied from and keeps its own changes to itself.
"""

from __future__ import annotations

import asyncio
import contextvars
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import click
import pytest
from click.testing import CliRunner

import remikcalc
from remikcalc.base import i18n
from remikcalc.base.errors import CardError, RulesError
from remikcalc.base.i18n import _, current, ngettext
from remikcalc.cards.notation import parse_cards
from remikcalc.cards.text import cards_text, notation, set_notation
from remikcalc.cli import cli
from remikcalc.commands.language import patch_click

HAND = parse_cards("QH TS JC AD JK")
THREADS = 8
MESSAGES = 2_500  # per thread: 20 000 in all, half in Polish, half in Russian


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")
    set_notation(None)


def _error_text() -> str:
    try:
        parse_cards("QH Q")  # the suit is missing: the message names four cards
    except CardError as exc:
        return str(exc)
    raise AssertionError("Q was read as a card")


#: what a thread says, in turn: a plural message, cards for people, an error naming cards
SAYINGS: tuple[Callable[[], str], ...] = (
    lambda: ngettext("{n} card typed", "{n} cards typed", 5).format(n=5),
    lambda: cards_text(HAND),
    _error_text,
)


def _expected(lang: str, cards: str | None = None) -> list[str]:
    with remikcalc.language(lang, cards=cards):
        return [say() for say in SAYINGS]


def test_the_sayings_differ_from_language_to_language() -> None:
    said = {lang: _expected(lang) for lang in ("en", "pl", "ru")}
    for i in range(len(SAYINGS)):
        assert len({said[lang][i] for lang in said}) == 3, [said[lang][i] for lang in said]


def _crossed_in_threads(per_message: bool) -> int:
    """Messages said in the wrong language by 8 threads at once, half of them in Polish and
    half in Russian (the Russian ones writing cards in Unicode every other thread).
    ``per_message``: each message in a block of its own, as a server does per request;
    else one block around each thread's whole run."""
    kinds = [("pl", None), ("ru", None), ("pl", None), ("ru", "unicode")]
    expected = {kind: _expected(*kind) for kind in kinds}
    start = threading.Barrier(THREADS)
    crossed = [0] * THREADS

    def speak(index: int) -> None:
        lang, cards = kinds[index % len(kinds)]
        want = expected[lang, cards]
        wrong = 0
        if per_message:
            start.wait()
            for i in range(MESSAGES):
                with remikcalc.language(lang, cards=cards):
                    wrong += SAYINGS[i % 3]() != want[i % 3]
        else:
            with remikcalc.language(lang, cards=cards):
                start.wait()  # every thread has chosen its language before any speaks
                for i in range(MESSAGES):
                    wrong += SAYINGS[i % 3]() != want[i % 3]
        crossed[index] = wrong

    switching = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # threads take turns often, as a busy server's do
    try:
        threads = [threading.Thread(target=speak, args=(i,)) for i in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(switching)
    return sum(crossed)


@pytest.mark.parametrize("per_message", [False, True], ids=["per-thread", "per-message"])
def test_threads_speaking_polish_and_russian_at_once_never_cross(per_message: bool) -> None:
    # With the language and the notation in module globals (as they were before), three
    # per-thread runs crossed 13 363, 11 840 and 6 366 of their 20 000 messages (a thread
    # spoke the language chosen last, or English once another thread's block had ended),
    # three per-message runs 355, 1 447 and 396.
    assert _crossed_in_threads(per_message) == 0
    assert (current(), notation()) == ("en", "en")  # the main thread was never touched


def test_a_new_thread_starts_in_english_whatever_the_main_thread_speaks() -> None:
    i18n.set_language("ru")
    set_notation("unicode")
    seen: list[object] = []

    def look() -> None:
        seen.extend([current(), notation(), _("interrupted; nothing was changed")])
        i18n.set_language("pl")  # the thread's own choice: the main thread keeps its own

    thread = threading.Thread(target=look)
    thread.start()
    thread.join()
    assert seen == ["en", "en", "interrupted; nothing was changed"]
    assert (current(), notation()) == ("ru", "unicode")


def test_a_pool_thread_keeps_what_a_task_set_but_not_what_a_block_set() -> None:
    # A worker thread of a pool has one context for every task it runs: set_language in one
    # task is still there in the next; `with remikcalc.language(...)` is not.
    def in_block() -> str:
        with remikcalc.language("pl"):
            return current()

    def setting() -> str:
        i18n.set_language("ru")
        return current()

    with ThreadPoolExecutor(max_workers=1) as pool:
        assert pool.submit(current).result() == "en"
        assert pool.submit(in_block).result() == "pl"
        assert pool.submit(current).result() == "en"
        assert pool.submit(setting).result() == "ru"
        assert pool.submit(current).result() == "ru"
        # a copy of the caller's context per call (what Starlette does) leaks nothing back
        context = contextvars.copy_context()
        assert pool.submit(context.run, setting).result() == "ru"
    assert current() == "en"


def test_language_nests_and_gives_back_the_one_before() -> None:
    with remikcalc.language("pl"):
        assert (current(), notation(), cards_text(HAND[:1])) == ("pl", "pl", "D♥")
        with remikcalc.language("ru", cards="unicode"):
            assert (current(), notation(), cards_text(HAND[:1])) == ("ru", "unicode", "Q♥")
            with remikcalc.language("en"):
                assert (current(), notation()) == ("en", "unicode")  # the cards as chosen
        assert (current(), notation()) == ("pl", "pl")
    assert (current(), notation()) == ("en", "en")


def test_language_gives_back_the_one_before_after_an_exception() -> None:
    with remikcalc.language("pl"):
        with pytest.raises(CardError, match="brak koloru"), remikcalc.language("pl", "ru"):
            assert notation() == "ru"
            parse_cards("QH Q")
        assert (current(), notation()) == ("pl", "pl")
        with pytest.raises(KeyError), remikcalc.language("ru", cards="unicode"):
            i18n.set_language("en")  # changed inside the block: given back all the same
            set_notation("pl")
            raise KeyError("x")
        assert (current(), notation()) == ("pl", "pl")
    assert (current(), notation()) == ("en", "en")


def test_language_refuses_an_unknown_language_or_notation_and_changes_nothing() -> None:
    with remikcalc.language("ru"):
        with pytest.raises(RulesError, match="'fr'"), remikcalc.language("fr"):
            pass  # the refusal is said in the language spoken: Russian
        with pytest.raises(RulesError, match="'xx'"), remikcalc.language("pl", cards="xx"):
            pass
        assert (current(), notation()) == ("ru", "ru")


def test_a_copied_context_keeps_its_language_to_itself() -> None:
    i18n.set_language("pl")
    context = contextvars.copy_context()  # starts with the choices of the one copied
    assert context.run(current) == "pl"
    context.run(i18n.set_language, "ru")
    context.run(set_notation, "unicode")
    assert (current(), notation(), cards_text(HAND[:1])) == ("pl", "pl", "D♥")
    assert context.run(lambda: (current(), notation(), cards_text(HAND[:1]))) == (
        "ru",
        "unicode",
        "Q♥",
    )
    assert contextvars.copy_context().run(current) == "pl"  # a fresh copy: the caller's


def test_asyncio_tasks_speak_the_language_they_were_created_in() -> None:
    async def speak(lang: str) -> tuple[str, str]:
        with remikcalc.language(lang):
            await asyncio.sleep(0)  # the other task runs here, in its own language
            return current(), _("interrupted; nothing was changed")

    async def both() -> list[tuple[str, str]]:
        return list(await asyncio.gather(speak("pl"), speak("ru")))

    said = asyncio.run(both())
    assert [lang for lang, _text in said] == ["pl", "ru"]
    assert said[0][1] != said[1][1] != "interrupted; nothing was changed"
    assert current() == "en"


# --- the command line: one run, one context ---------------------------------------------------


def test_a_cli_runner_run_gives_back_the_language_and_notation_of_the_caller() -> None:
    with remikcalc.language("ru", cards="unicode"):
        result = CliRunner().invoke(cli, ["--lang", "pl", "--cards", "en", "hand", "QH", "Q"])
        assert result.exit_code == 1 and "brak koloru" in result.output, result.output
        assert "QC, QD" in result.output
        assert (current(), notation()) == ("ru", "unicode")
    result = CliRunner().invoke(cli, ["hand", "QH", "Q"])  # REMIKCALC_LANG=en (conftest)
    assert "the suit is missing" in result.output
    assert (current(), notation()) == ("en", "en")


def test_click_messages_and_help_texts_follow_the_context() -> None:
    patch_click()
    from click import core

    click_gettext: Callable[[str], str] = vars(core)["_"]  # what click's messages call
    source = "Show this message and exit."
    said = {
        lang: contextvars.copy_context().run(_in, lang, click_gettext, source)
        for lang in ("pl", "ru")
    }
    assert said["pl"] == "Pokaż tę pomoc i zakończ." and said["ru"] not in (source, said["pl"])
    assert click_gettext(source) == source  # here: English
    helps = {}
    for lang in ("pl", "ru", "en"):
        result = CliRunner().invoke(cli, ["--lang", lang, "hand", "--help"])
        helps[lang] = result.output
    assert said["pl"] in helps["pl"] and said["ru"] in helps["ru"] and source in helps["en"]
    command = cli.get_command(click.Context(cli), "hand")
    assert command is not None and command.help is not None
    assert command.help.startswith("Find the best melds")  # localized last in English


def _in(lang: str, function: Callable[[str], str], text: str) -> str:
    i18n.set_language(lang)
    return function(text)
