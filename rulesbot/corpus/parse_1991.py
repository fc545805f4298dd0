"""The 1991 Chinese competition rules: preface, definitions, Laws 1-93.

The text prints article headers only for Laws 1-4; corpus/data/zh_law_starts.tsv (reviewed)
says on which line and with which opening words every law begins. Chapter, part and
section lines become the heading path of the articles under them. The flattened scoring
tables are rebuilt from corpus/data/zh_tables.json.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from rulesbot.corpus.draft import Draft
from rulesbot.corpus.sources import RULES_1991, Line, read_lines, read_tsv
from rulesbot.errors import CorpusError
from rulesbot.records import Table

NUM = "[一二三四五六七八九十]+"
STRUCTURE = re.compile(rf"^第{NUM}(章|部分|节)\s")
LEVEL = {"章": 0, "部分": 1, "节": 2}
LAW_HEADER = re.compile(r"^第(\d+)条：")
HEADWORD = re.compile(r"^([A-Z][A-Za-z ]*[A-Za-z](?:（[A-Z]+）)?) ?([\u4e00-\u9fff].*)$")
TITLE_LINES = 3  # 中国桥牌竞赛规则 / 1991 / 中国桥牌协会 审定
PREFACE_TITLE = "本规则要领"
DEFINITIONS_TITLE = "桥牌术语定义"


def slug(headword: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", headword.lower()).strip("-")


def load_starts(root: Path, lines: list[Line]) -> dict[int, int]:
    """source line -> law number, each opening checked, numbers 1..93 in order."""
    path = root / "data" / "zh_law_starts.tsv"
    texts = {ln.no: ln.text for ln in lines}
    starts: dict[int, int] = {}
    expected, last_line = 1, 0
    for no, fields in read_tsv(path):
        if len(fields) != 3 or not fields[0].isdigit() or not fields[1].isdigit():
            raise CorpusError(str(path), no, "expected: law, line, opening words")
        law, line, opening = int(fields[0]), int(fields[1]), fields[2]
        if law != expected or line <= last_line:
            raise CorpusError(str(path), no, f"law {law} out of order (expected {expected})")
        if not opening or not texts.get(line, "").startswith(opening):
            raise CorpusError(str(path), no, f"line {line} does not open with {opening!r}")
        starts[line] = law
        expected, last_line = expected + 1, line
    if expected != 94:
        raise CorpusError(str(path), None, f"lists laws 1-{expected - 1}, not 1-93")
    return starts


@dataclass(frozen=True)
class TableSpec:
    law: int
    caption: list[int]
    columns: list[list[int] | str]
    rows: list[list[list[int] | None]]

    def cell_lines(self) -> list[int]:
        cells: list[int] = list(self.caption)
        for col in self.columns:
            cells += col if isinstance(col, list) else []
        for row in self.rows:
            for cell in row:
                cells += cell or []
        return cells


def _cell(value: object, path: Path) -> list[int] | None:
    if value is None:
        return None
    if isinstance(value, int):
        return [value]
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        return list(value)
    raise CorpusError(str(path), None, f"bad table cell {value!r}")


def load_tables(root: Path) -> list[TableSpec]:
    path = root / "data" / "zh_tables.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CorpusError(str(path), None, f"cannot load tables: {exc}") from exc
    specs = []
    for entry in raw:
        columns: list[list[int] | str] = []
        for col in entry["columns"]:
            columns.append(col if isinstance(col, str) else _cell(col, path) or [])
        rows = [[_cell(c, path) for c in row] for row in entry["rows"]]
        caption = _cell(entry.get("caption_line"), path) or []
        specs.append(TableSpec(int(entry["law"]), caption, columns, rows))
    return specs


def build_table(spec: TableSpec, texts: dict[int, str], prose: list[int]) -> Table:
    def cell(lines: list[int] | None) -> str:
        return " ".join(texts[n] for n in lines or [])

    columns = [c.lstrip("~") if isinstance(c, str) else cell(c) for c in spec.columns]
    caption = cell(spec.caption) if spec.caption else None
    rows = [[cell(c) for c in row] for row in spec.rows]
    first = min(spec.cell_lines())
    return Table(caption, columns, rows, after=sum(1 for n in prose if n < first))


class _Parser:
    def __init__(self, starts: dict[int, int], table_lines: dict[int, int]) -> None:
        self.starts = starts
        self.table_lines = table_lines
        self.drafts: list[Draft] = []
        self.path: list[str] = []
        self.levels: list[int] = []
        self.pending: list[Line] = []
        self.in_definitions = False

    def start(self, kind: str, number: str) -> Draft:
        draft = Draft(f"1991/{kind}/{number}", "1991", kind, number, list(self.path))
        for line in self.pending:
            draft.add(line, "heading")
        self.pending = []
        self.drafts.append(draft)
        return draft

    def heading(self, line: Line, level: int) -> None:
        while self.levels and self.levels[-1] >= level:
            self.levels.pop()
            self.path.pop()
        self.levels.append(level)
        self.path.append(line.text)
        self.pending.append(line)

    def feed(self, line: Line) -> None:
        structure = STRUCTURE.match(line.text)
        headword = HEADWORD.match(line.text) if self.in_definitions else None
        if line.no in self.starts:
            self.start_law(line)
        elif structure:
            self.heading(line, LEVEL[structure.group(1)])
        elif line.no <= TITLE_LINES:
            self.pending.append(line)  # the book's title: owned by the preface, no path
        elif line.text in (PREFACE_TITLE, DEFINITIONS_TITLE):
            self.in_definitions = line.text == DEFINITIONS_TITLE
            self.heading(line, 3)
            if not self.in_definitions:
                self.start("preface", "1")
        elif headword:
            self.start("definition", slug(headword.group(1))).add(line, "text")
        else:
            self.body(line)

    def start_law(self, line: Line) -> None:
        self.in_definitions = False
        law = self.starts[line.no]
        header = LAW_HEADER.match(line.text)
        if header and int(header.group(1)) != law:
            raise CorpusError(line.file, line.no, f"header says law {header.group(1)}")
        self.start("law", str(law)).add(line, "header" if header else "text")

    def body(self, line: Line) -> None:
        if not self.drafts or self.pending:
            raise CorpusError(line.file, line.no, "text line outside any record")
        draft = self.drafts[-1]
        if line.no not in self.table_lines:
            draft.add(line, "text")
        elif draft.kind == "law" and self.table_lines[line.no] == int(draft.number):
            draft.add(line, "table")
        else:
            raise CorpusError(line.file, line.no, "table cell outside its law")


def parse(
    root: Path, artefacts: set[tuple[str, int]]
) -> tuple[list[Draft], dict[str, list[Table]]]:
    lines = [ln for ln in read_lines(RULES_1991, root) if (ln.file, ln.no) not in artefacts]
    specs = load_tables(root)
    table_lines: dict[int, int] = {}
    for spec in specs:
        for n in spec.cell_lines():
            if n in table_lines:
                raise CorpusError("zh_tables.json", None, f"line {n} used twice")
            table_lines[n] = spec.law
    parser = _Parser(load_starts(root, lines), table_lines)
    for line in lines:
        parser.feed(line)
    texts = {ln.no: ln.text for ln in lines}
    drafts = {d.id: d for d in parser.drafts}
    tables: dict[str, list[Table]] = {}
    for spec in specs:
        rid = f"1991/law/{spec.law}"
        prose = [ln.no for ln in drafts[rid].role_lines("text")]
        tables.setdefault(rid, []).append(build_table(spec, texts, prose))
    return parser.drafts, tables
