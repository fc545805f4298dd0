"""`rulesbot chat`: one line at a time, a question or a command, answered through the same
library calls as the other commands and shown by the renderer. `back` shows the previous
view again. A bad line is one error; the session goes on."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from rulesbot import answer, compare, render
from rulesbot.answer import SearcherFactory
from rulesbot.errors import RulesbotError, UsageError
from rulesbot.inputs import decode_line, question_text
from rulesbot.lookup import ID_RE, NUMBER_RE, Corpus
from rulesbot.records import CODES, Record

WELCOME = "rulesbot chat: ask a question, or type help. quit (or Ctrl-D) leaves."
HELP = [
    "A line is a question (English, Thai or Chinese), or one of these commands:",
    "  law N [CODE]       open a law: law 84 1912, law 64 1991 (also ids: law 1912/ruling/8)",
    "  refs [N [CODE]]    what a law cites and what cites it (no N: the law on screen)",
    "  compare [TOPIC]    1912 beside 1991: compare revoke (no TOPIC: the law on screen)",
    "  define TERM        a term in the glossary: define dummy, define 藏牌",
    "  penalty OFFENCE    the 1912 Summary of Penalties: penalty lead out of turn",
    "  code 1912|1991|wbf|all   search one code only, or all of them again",
    "  back               the previous answer again",
    "  help, quit         this list; leave (Ctrl-D and Ctrl-C leave too)",
]
USAGE = {
    "define": "define TERM, e.g. define revoke",
    "penalty": "penalty OFFENCE, e.g. penalty revoke",
    "code": "code 1912|1991|wbf|all",
}


@dataclass(frozen=True)
class View:
    """Something shown: how to show it again, and the records it is about."""

    show: Callable[[], None]
    records: tuple[Record, ...]


class Session:
    def __init__(self, corpus: Corpus, searcher: SearcherFactory) -> None:
        self.corpus = corpus
        self.searcher = searcher
        self.code: str | None = None
        self.views: list[View] = []

    @property
    def prompt(self) -> str:
        return f"rulesbot[{self.code}]> " if self.code else "rulesbot> "

    def handle(self, line: str) -> bool:
        """Answer one line; False when the session should end. A blank line is skipped, as
        at a shell prompt."""
        if not line.strip():
            return True
        line = question_text(line, "the line")
        word, _, rest = line.partition(" ")
        command = word.casefold()
        if command in ("quit", "exit", "q"):
            return False
        handler = getattr(self, f"do_{command}", None)
        view = handler(rest.strip(), line) if handler else self.ask(line)
        if view is not None:
            self.views.append(view)
            view.show()
        return True

    def ask(self, line: str) -> View | None:
        found = answer.ask(self.corpus, self.searcher, line, self.code)
        if found.no_match:
            render.show_answer(found, define_hint="`define TERM`")
            return None
        return View(lambda: render.show_answer(found), tuple(i.record for i in found.items))

    def _target(self, rest: str, command: str) -> list[Record]:
        """`N [CODE]` or an id; with nothing, the first record of the view on screen."""
        if not rest:
            if not self.views or not self.views[-1].records:
                raise UsageError(f"{command} what? Give a law number, or open a law first")
            return [self.views[-1].records[0]]
        number, _, code = rest.partition(" ")
        code = code.strip() or self.code or ""
        return self.corpus.law(number, None if code == "all" else code or None)

    def do_law(self, rest: str, line: str) -> View | None:
        number = rest.split(" ")[0] if rest else ""
        if not (NUMBER_RE.match(number) or ID_RE.match(number)):
            return self.ask(line)  # "law about revokes" is a question
        records = self._target(rest, "law")
        found = answer.from_records(self.corpus, line, records)
        return View(lambda: render.show_answer(found), tuple(records))

    def do_refs(self, rest: str, line: str) -> View:
        records = self._target(rest, "refs")
        trees = [answer.refs(self.corpus, r) for r in records]
        return View(lambda: render.show_refs(trees), tuple(records))

    def do_compare(self, rest: str, line: str) -> View:
        what = rest or self._target("", "compare")[0].id
        found = compare.compare(self.corpus, self.searcher, what)
        shown = tuple(r for side in found.sides.values() for r in side)
        return View(lambda: render.show_comparison(found), shown)

    def do_define(self, rest: str, line: str) -> View:
        if not rest:
            raise UsageError(f"usage: {USAGE['define']}")
        found = self.corpus.define(rest)
        records = tuple(d.record for d in found if d.record)
        return View(lambda: render.show_definitions(self.corpus, found), records)

    def do_penalty(self, rest: str, line: str) -> View:
        if not rest:
            raise UsageError(f"usage: {USAGE['penalty']}")
        found = compare.penalty(self.corpus, self.searcher, rest)
        return View(lambda: render.show_penalties(found), (*found.laws, *found.rows))

    def do_code(self, rest: str, line: str) -> None:
        if rest not in (*CODES, "all"):
            raise UsageError(f"usage: {USAGE['code']}")
        self.code = None if rest == "all" else rest
        render.show_lines([f"searching {'every code' if self.code is None else self.code}"])

    def do_help(self, rest: str, line: str) -> None:
        render.show_lines(HELP)

    def do_back(self, rest: str, line: str) -> None:
        if len(self.views) < 2:
            raise UsageError("nothing to go back to")
        self.views.pop()
        self.views[-1].show()


def _history():  # type: ignore[no-untyped-def]
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    state = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    try:
        (state / "rulesbot").mkdir(parents=True, exist_ok=True)
        path = state / "rulesbot" / "history"
        path.touch()
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()


def _terminal_lines(session: Session) -> Iterator[str | bytes]:
    from prompt_toolkit import PromptSession

    prompt: PromptSession[str] = PromptSession(history=_history())
    while True:
        try:
            yield prompt.prompt(session.prompt)
        except (EOFError, KeyboardInterrupt):
            return


def _piped_lines() -> Iterator[str | bytes]:
    yield from (raw.rstrip(b"\r\n") for raw in sys.stdin.buffer)


def run(corpus: Corpus, searcher: SearcherFactory) -> None:
    session = Session(corpus, searcher)
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    render.show_lines([WELCOME])
    lines = _terminal_lines(session) if interactive else _piped_lines()
    try:
        for raw in lines:
            try:
                if not session.handle(decode_line(raw) if isinstance(raw, bytes) else raw):
                    break
            except RulesbotError as exc:
                render.error(str(exc))
    except KeyboardInterrupt:
        pass
