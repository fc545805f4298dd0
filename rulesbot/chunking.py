"""Records -> Chunks: the units that are embedded and searched, rolling up to records.

A short record is one chunk. A long one is cut at line boundaries, preferring lines that
open a clause, into pieces of about MAX_CHARS; every piece carries the record's English
title and editorial summary, so an English question can reach a Thai or Chinese clause.
Rebuilt tables become one more chunk of their cells. One more chunk holds only the
English title and summary, which an English question matches far better than it matches
Thai or Chinese text, and another the record's editorial "ways a player might ask", if
any. The text pieces of a record rejoin, with newlines, to exactly its text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulesbot.records import Record

MAX_CHARS = 600
CLAUSE_START = re.compile(r"^(（[A-Z]）|\([ก-ฮ]\)|[ก-ช]\.\s|ประการที่|\d+\.|（\d+）|\([a-z]\))")


@dataclass(frozen=True)
class Chunk:
    id: str  # "<record id>#<ordinal>"
    record_id: str
    code: str
    kind: str
    ordinal: int
    text: str  # verbatim: a run of the record's text lines, or its table cells, or ""
    is_table: bool
    context: str  # English title, editorial summary and heading path
    role: str = "text"  # "text", "table", "editorial" (title and summary) or "queries"

    @property
    def passage(self) -> str:
        """What is embedded and indexed lexically."""
        return f"{self.context}\n{self.text}" if self.context else self.text


def _groups(lines: list[str]) -> list[list[str]]:
    groups: list[list[str]] = [[]]
    size = 0
    for line in lines:
        breakable = CLAUSE_START.match(line) is not None or size > MAX_CHARS
        if groups[-1] and size + len(line) > MAX_CHARS and breakable:
            groups.append([])
            size = 0
        groups[-1].append(line)
        size += len(line) + 1
    return [g for g in groups if g]


def context_of(record: Record) -> str:
    parts = [record.title, record.summary, " ".join(record.heading)]
    return "\n".join(p for p in parts if p)


def _context(record: Record, role: str, context: str) -> str:
    if role == "editorial":
        return f"{record.title}\n{record.summary}"
    if role == "queries":
        return "\n".join(record.queries)
    return context


def chunk_record(record: Record) -> list[Chunk]:
    context = context_of(record)
    pieces = ["\n".join(g) for g in _groups(record.text.split("\n"))] if record.text else []
    tables = [
        "\n".join(" ".join(cells) for cells in [t.columns, *t.rows] if any(cells))
        for t in record.tables
    ]
    chunks = []
    parts = [(p, "text") for p in pieces] + [(t, "table") for t in tables]
    if record.title:
        parts.append(("", "editorial"))
    if record.queries:
        parts.append(("", "queries"))
    for ordinal, (text, role) in enumerate(parts):
        chunks.append(
            Chunk(
                id=f"{record.id}#{ordinal}",
                record_id=record.id,
                code=record.code,
                kind=record.kind,
                ordinal=ordinal,
                text=text,
                is_table=role == "table",
                context=_context(record, role, context),
                role=role,
            )
        )
    return chunks


def chunk_all(records: list[Record]) -> list[Chunk]:
    return [chunk for record in records for chunk in chunk_record(record)]
