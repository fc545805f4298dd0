"""Finding citations in record text and resolving them to record ids.

Thai (1912): "กฎข้อ 84", "กฎข้อที่ 24", "ดู กฎข้อ 37 ข.", "(กฎข้อ 80, 86 และ 92)",
"ข้อบังคับที่ 14", "มารยาทข้อ 9", "มารยาทส่วนที่ 10", a bare "ข้อ 52" (same kind as the
record's previous citation), and the law column of the penalty table ("84 ก", "37 d").
Chinese (1991): "参阅77条", "详见42条B2", "（参阅第12条）", "按31条处理", "19和77条",
"70、71条", "规则90条", "16条规则", "81条（C）6", and "本条A款" (this same article).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from rulesbot.corpus.sources import Line

TH_LAW = re.compile(r"กฎข้อ(?:ที่)?\s*(\d+)(?:\s*([ก-ฮ])\.)?((?:\s*,\s*\d+)*(?:\s*และ\s*\d+)?)")
TH_REGULATION = re.compile(r"ข้อบังคับที่\s*(\d+)")
TH_ETIQUETTE = re.compile(r"มารยาท(?:ข้อ|ส่วนที่)\s*(\d+)")
TH_BARE = re.compile(r"(?<!กฎ)(?<!มารยาท)ข้อ\s+(\d+)")
TH_TABLE_LAW = re.compile(r"(?:^|\s)(\d{1,2})(?:\s([ก-ฮ]|[a-z]))?$")
ZH_LAW = re.compile(
    r"(?<![\d.])((?:\d{1,2}\s*(?:、|和|及)\s*)*\d{1,2})\s*条"
    r"(?:\s*([A-H]\d*(?:（[a-z]）)?|（[A-H]）\d*))?"
)
ZH_SELF = re.compile(r"本条\s*([A-H]\d*(?:（[a-z]）)?|（[A-H]）(?:\d(?:、\d)*)?)")


@dataclass(frozen=True)
class Citation:
    """A citation as written, before resolution: kind and number, or this article."""

    kind: str  # "law" | "etiquette" | "self" | "same" (bare ข้อ N: kind of the last one)
    number: str
    clause: str | None
    cited_as: str
    line: Line


def _numbers(first: str, rest: str) -> list[str]:
    return [first, *re.findall(r"\d+", rest)]


def _thai(line: Line, penalty_row: bool) -> Iterator[tuple[int, Citation]]:
    for m in TH_LAW.finditer(line.text):
        for n in _numbers(m.group(1), m.group(3) or ""):
            yield m.start(), Citation("law", n, m.group(2), m.group(0).strip(), line)
    for m in TH_REGULATION.finditer(line.text):
        yield m.start(), Citation("law", m.group(1), None, m.group(0), line)
    for m in TH_ETIQUETTE.finditer(line.text):
        yield m.start(), Citation("etiquette", m.group(1), None, m.group(0), line)
    for m in TH_BARE.finditer(line.text):
        yield m.start(), Citation("same", m.group(1), None, m.group(0), line)
    if penalty_row:
        col = TH_TABLE_LAW.search(line.text)
        if col:
            yield (
                col.start(),
                Citation("law", col.group(1), col.group(2), col.group(0).strip(), line),
            )


def _chinese(line: Line) -> Iterator[tuple[int, Citation]]:
    for m in ZH_LAW.finditer(line.text):
        for n in re.findall(r"\d+", m.group(1)):
            yield m.start(), Citation("law", n, m.group(2), m.group(0), line)
    for m in ZH_SELF.finditer(line.text):
        yield m.start(), Citation("self", "", m.group(1), m.group(0), line)


def find_citations(code: str, kind: str, lines: list[Line]) -> list[Citation]:
    """Citations in reading order; a bare "ข้อ N" takes the kind of the one before it."""
    found: list[Citation] = []
    for line in lines:
        hits = _chinese(line) if code == "1991" else _thai(line, kind == "penalty")
        for _, cite in sorted(hits, key=lambda hit: hit[0]):
            if cite.kind == "same":
                previous = next((c.kind for c in reversed(found) if c.kind != "self"), "law")
                cite = Citation(previous, cite.number, None, cite.cited_as, line)
            found.append(cite)
    return found


def target_id(code: str, own_id: str, cite: Citation) -> str:
    if cite.kind == "self":
        return own_id
    return f"{code}/{cite.kind}/{int(cite.number)}"
