"""The Thai overview of the WBF rules: one record per section of the text."""

from __future__ import annotations

from pathlib import Path

from rulesbot.corpus.draft import Draft
from rulesbot.corpus.sources import WBF, read_lines, read_tsv
from rulesbot.errors import CorpusError


def load_layout(root: Path) -> dict[int, tuple[str, str]]:
    """line -> (role, overview number), each checked against the source text."""
    path = root / "data" / "layout_wbf.tsv"
    texts = {ln.no: ln.text for ln in read_lines(WBF, root)}
    marks: dict[int, tuple[str, str]] = {}
    for no, fields in read_tsv(path):
        if len(fields) != 5 or fields[0] != WBF or not fields[1].isdigit():
            raise CorpusError(str(path), no, "expected: file, line, role, number, text")
        line, role, number, text = int(fields[1]), fields[2], fields[3], fields[4]
        if role not in ("title", "section") or texts.get(line) != text:
            raise CorpusError(str(path), no, f"line {line} is not the {role} {text!r}")
        marks[line] = (role, number)
    return marks


def parse(root: Path, artefacts: set[tuple[str, int]]) -> list[Draft]:
    marks = load_layout(root)
    drafts: list[Draft] = []
    title: list[str] = []
    for line in read_lines(WBF, root):
        if (line.file, line.no) in artefacts:
            continue
        role, number = marks.get(line.no, ("", ""))
        if role == "title":
            title = [line.text]
        if role:
            heading = title + ([line.text] if role == "section" else [])
            drafts.append(Draft(f"wbf/overview/{number}", "wbf", "overview", number, heading))
            drafts[-1].add(line, "heading")
        elif not drafts:
            raise CorpusError(line.file, line.no, "text before the title line")
        else:
            drafts[-1].add(line, "text")
    return drafts
