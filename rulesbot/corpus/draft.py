"""Draft: a record as the parsers see it, every source line it owns tagged with a role.

Roles: "text" (the record's verbatim text), "header" (its own label line, such as
"第1条：牌" or "กรณีที่ 8"), "heading" (a section line above it, owned by the first record
under it), "footnote" and "table" (cells of a flattened table, rebuilt separately).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesbot.corpus.sources import Line
from rulesbot.records import Span

ROLES = ("text", "header", "heading", "footnote", "table")


@dataclass
class Draft:
    id: str
    code: str
    kind: str
    number: str
    heading: list[str]
    lines: list[tuple[Line, str]] = field(default_factory=list)

    def add(self, line: Line, role: str) -> None:
        assert role in ROLES, role
        self.lines.append((line, role))

    def role_lines(self, role: str) -> list[Line]:
        return [ln for ln, r in self.lines if r == role]

    @property
    def text(self) -> str:
        return "\n".join(ln.text for ln in self.role_lines("text"))

    @property
    def spans(self) -> list[Span]:
        """Line ranges per file, from the first owned line to the last."""
        spans: list[Span] = []
        for ln, _ in self.lines:
            if spans and spans[-1].file == ln.file:
                last = spans[-1]
                spans[-1] = Span(ln.file, min(last.start, ln.no), max(last.end, ln.no))
            else:
                spans.append(Span(ln.file, ln.no, ln.no))
        return spans
