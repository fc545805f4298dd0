"""Typed records at the corpus boundary: what every later stage reads."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

CODES = ("1912", "1991", "wbf")
KINDS = ("preface", "law", "etiquette", "ruling", "penalty", "definition", "overview")
LANGS = {"1912": "th", "1991": "zh", "wbf": "th"}
CODE_NAMES = {
    "1912": "Laws of Auction Bridge, Whist Club of New York (1912)",
    "1991": "China Bridge Association Competition Rules (1991)",
    "wbf": "WBF rules of contract bridge: overview",
}


@dataclass(frozen=True)
class Span:
    """A run of lines in one source file (1-based, inclusive)."""

    file: str
    start: int
    end: int


@dataclass(frozen=True)
class Reference:
    """A citation found in a record's text, resolved to a target record id."""

    target: str
    clause: str | None
    cited_as: str
    file: str
    line: int
    printed: str | None = None  # the id the text names, when reviewed errata corrected it


@dataclass(frozen=True)
class Footnote:
    marker: str
    text: str
    file: str
    line: int


@dataclass(frozen=True)
class Table:
    """A table rebuilt from flattened cells; every cell is verbatim source text."""

    caption: str | None
    columns: list[str]
    rows: list[list[str]]
    after: int = 0  # how many lines of the record's text come before the table


@dataclass
class Record:
    id: str
    code: str
    kind: str
    number: str
    heading: list[str]
    lang: str
    title: str
    summary: str
    text: str
    source: list[Span]
    footnotes: list[Footnote] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    cited_by: list[str] = field(default_factory=list)
    queries: list[str] = field(default_factory=list)  # editorial: ways a player might ask

    @property
    def reference_ids(self) -> list[str]:
        """Distinct targets in order of first mention, without the record itself."""
        seen: list[str] = []
        for ref in self.references:
            if ref.target != self.id and ref.target not in seen:
                seen.append(ref.target)
        return seen

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def export_dict(self) -> dict[str, Any]:
        """The public one-line-per-record shape of `rulesbot export`."""
        return {
            "id": self.id,
            "code": self.code,
            "kind": self.kind,
            "number": self.number,
            "heading": self.heading,
            "lang": self.lang,
            "title": self.title,
            "summary": self.summary,
            "text": self.text,
            "source": [asdict(s) for s in self.source],
            "references": self.reference_ids,
            "cited_by": self.cited_by,
        }


def record_from_dict(data: dict[str, Any]) -> Record:
    """Inverse of Record.to_dict; raises KeyError/TypeError on a malformed entry."""
    return Record(
        id=data["id"],
        code=data["code"],
        kind=data["kind"],
        number=data["number"],
        heading=list(data["heading"]),
        lang=data["lang"],
        title=data["title"],
        summary=data["summary"],
        text=data["text"],
        source=[Span(**s) for s in data["source"]],
        footnotes=[Footnote(**f) for f in data["footnotes"]],
        tables=[Table(**t) for t in data["tables"]],
        references=[Reference(**r) for r in data["references"]],
        cited_by=list(data["cited_by"]),
        queries=list(data["queries"]),
    )
