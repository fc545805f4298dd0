"""The 1912 book (files 000 + 003): laws, etiquette, rulings, prefaces, penalty table.

Parts, sections, prefaces and penalty rows start where corpus/data/layout_1912.tsv says;
laws, etiquette items and cases are found by their own numbering, which must run 1, 2, 3.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from rulesbot.corpus.draft import Draft
from rulesbot.corpus.sources import BOOK_1912, Line, read_lines, read_tsv
from rulesbot.errors import CorpusError

NUMBERED = re.compile(r"^(\d+)\.\s")
CASE = re.compile(r"^กรณีที่ (\d+)$")
FOOTNOTE = re.compile(r"^\[(\d+)\]\s")
PART_KIND = {"laws": "law", "etiquette": "etiquette", "rulings": "ruling"}


@dataclass(frozen=True)
class Mark:
    role: str  # heading1 | heading2 | preface | penalty
    key: str


def load_layout(root: Path) -> dict[tuple[str, int], Mark]:
    path = root / "data" / "layout_1912.tsv"
    texts = {name: {ln.no: ln.text for ln in read_lines(name, root)} for name in BOOK_1912}
    marks: dict[tuple[str, int], Mark] = {}
    for no, fields in read_tsv(path):
        if len(fields) != 5 or not fields[1].isdigit():
            raise CorpusError(str(path), no, "expected: file, line, role, key, text")
        name, line, role, key, text = fields[0], int(fields[1]), *fields[2:]
        if role not in ("heading1", "heading2", "preface", "penalty"):
            raise CorpusError(str(path), no, f"unknown role {role!r}")
        if texts.get(name, {}).get(line) != text:
            raise CorpusError(str(path), no, f"{name}:{line} does not read {text!r}")
        marks[(name, line)] = Mark(role, key)
    return marks


class _Parser:
    def __init__(self, marks: dict[tuple[str, int], Mark]) -> None:
        self.marks = marks
        self.drafts: list[Draft] = []
        self.part = "intro"
        self.part_heading: list[str] = []
        self.section: list[str] = []
        self.pending: list[Line] = []  # heading lines waiting for their first record
        self.expected = 1

    def start(self, kind: str, number: str, heading: list[str]) -> Draft:
        draft = Draft(f"1912/{kind}/{number}", "1912", kind, number, heading)
        for line in self.pending:
            draft.add(line, "heading")
        self.pending = []
        self.drafts.append(draft)
        return draft

    def feed(self, line: Line) -> None:
        mark = self.marks.get((line.file, line.no))
        if mark is not None:
            self.feed_mark(line, mark)
        elif self.part in PART_KIND and self.numbered(line) is not None:
            kind = PART_KIND[self.part]
            number = self.numbered(line)
            draft = self.start(kind, str(number), self.part_heading + self.section)
            draft.add(line, "header" if kind == "ruling" else "text")
            self.expected += 1
        elif FOOTNOTE.match(line.text) and self.part == "laws":
            self.current(line).add(line, "footnote")
        else:
            self.current(line).add(line, "text")

    def numbered(self, line: Line) -> int | None:
        match = (CASE if self.part == "rulings" else NUMBERED).match(line.text)
        if match and int(match.group(1)) == self.expected:
            return self.expected
        return None

    def feed_mark(self, line: Line, mark: Mark) -> None:
        if mark.role == "heading1":
            self.part, self.part_heading, self.section = mark.key, [line.text], []
            self.expected = 1
            self.pending.append(line)
        elif mark.role == "heading2":
            self.section = [line.text]
            self.pending.append(line)
        elif mark.role == "preface":
            self.start("preface", mark.key, list(self.part_heading)).add(line, "text")
        else:
            self.start("penalty", mark.key, list(self.part_heading)).add(line, "text")

    def current(self, line: Line) -> Draft:
        if not self.drafts or self.pending:
            raise CorpusError(line.file, line.no, "text line outside any record")
        return self.drafts[-1]


def parse(root: Path, artefacts: set[tuple[str, int]]) -> list[Draft]:
    parser = _Parser(load_layout(root))
    for name in BOOK_1912:
        for line in read_lines(name, root):
            if (line.file, line.no) not in artefacts:
                parser.feed(line)
    return parser.drafts
