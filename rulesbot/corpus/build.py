"""Assemble Records from the parsed drafts and the reviewed data beside the texts.

Run by `rulesbot corpus build`, which writes corpus/records.jsonl; `rulesbot corpus check`
reports what cannot be resolved, with its place in the text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rulesbot.corpus import parse_1912, parse_1991, parse_wbf
from rulesbot.corpus.draft import Draft
from rulesbot.corpus.references import find_citations, target_id
from rulesbot.corpus.sources import load_artefacts, read_jsonl, read_tsv
from rulesbot.errors import CorpusError
from rulesbot.records import LANGS, Footnote, Record, Reference, Table

EDITORIAL_KINDS = ("law", "etiquette", "ruling", "definition", "overview", "preface", "penalty")


@dataclass
class Problem:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


@dataclass
class Built:
    records: list[Record]
    drafts: list[Draft]
    artefacts: set[tuple[str, int]]
    problems: list[Problem] = field(default_factory=list)


def parse_all(root: Path) -> tuple[list[Draft], dict[str, list[Table]], set[tuple[str, int]]]:
    artefacts = load_artefacts(root)
    drafts_1991, tables = parse_1991.parse(root, artefacts)
    drafts = parse_1912.parse(root, artefacts) + drafts_1991 + parse_wbf.parse(root, artefacts)
    seen: set[str] = set()
    for draft in drafts:
        if draft.id in seen:
            first = draft.lines[0][0]
            raise CorpusError(first.file, first.no, f"duplicate record id {draft.id}")
        seen.add(draft.id)
    return drafts, tables, artefacts


def load_editorial(root: Path, ids: set[str]) -> dict[str, tuple[str, str]]:
    editorial: dict[str, tuple[str, str]] = {}
    for path in sorted((root / "data" / "editorial").glob("*.jsonl")):
        for no, obj in read_jsonl(path, ("id", "title", "summary")):
            rid = obj["id"]
            if rid in editorial:
                raise CorpusError(str(path), no, f"duplicate editorial entry for {rid}")
            if rid not in ids:
                raise CorpusError(str(path), no, f"no record {rid}")
            if not obj["title"].strip() or not obj["summary"].strip():
                raise CorpusError(str(path), no, f"empty title or summary for {rid}")
            editorial[rid] = (obj["title"].strip(), obj["summary"].strip())
    return editorial


def load_queries(root: Path, ids: set[str]) -> dict[str, list[str]]:
    """Editorial ways a player might ask for a record (corpus/data/queries/*.jsonl)."""
    queries: dict[str, list[str]] = {}
    for path in sorted((root / "data" / "queries").glob("*.jsonl")):
        for no, obj in read_jsonl(path, ("id", "queries")):
            rid, items = obj["id"], obj["queries"]
            if rid in queries:
                raise CorpusError(str(path), no, f"duplicate queries for {rid}")
            if rid not in ids:
                raise CorpusError(str(path), no, f"no record {rid}")
            if not isinstance(items, list) or not all(
                isinstance(q, str) and q.strip() for q in items
            ):
                raise CorpusError(str(path), no, "queries must be a list of non-empty strings")
            queries[rid] = [q.strip() for q in items]
    return queries


def _footnotes(draft: Draft) -> list[Footnote]:
    notes = []
    for line in draft.role_lines("footnote"):
        marker = line.text.split("]", 1)[0] + "]"
        notes.append(Footnote(marker, line.text, line.file, line.no))
    return notes


Errata = dict[tuple[str, int, str, str], str]


def load_errata(root: Path) -> Errata:
    """(file, line, cited as, printed id) -> intended id, from reference_errata.tsv."""
    path = root / "data" / "reference_errata.tsv"
    errata: Errata = {}
    for no, fields in read_tsv(path):
        if len(fields) != 6 or not fields[1].isdigit() or not fields[5].strip():
            raise CorpusError(
                str(path), no, "expected: file, line, cited as, printed, intended, reason"
            )
        errata[(fields[0], int(fields[1]), fields[2], fields[3])] = fields[4]
    return errata


def _references(
    draft: Draft,
    ids: set[str],
    errata: Errata,
    used: set[tuple[str, int, str, str]],
    problems: list[Problem],
) -> list[Reference]:
    lines = draft.role_lines("text") + draft.role_lines("footnote")
    lines.sort(key=lambda ln: (ln.file, ln.no))
    refs = []
    for cite in find_citations(draft.code, draft.kind, lines):
        printed = target_id(draft.code, draft.id, cite)
        key = (cite.line.file, cite.line.no, cite.cited_as, printed)
        target = errata.get(key, printed)
        if target not in ids:
            problems.append(
                Problem(cite.line.file, cite.line.no, f"{cite.cited_as!r} -> no record {target}")
            )
            continue
        if key in errata:
            used.add(key)
        refs.append(
            Reference(
                target,
                cite.clause,
                cite.cited_as,
                cite.line.file,
                cite.line.no,
                printed if target != printed else None,
            )
        )
    return refs


def build(root: Path) -> Built:
    drafts, tables, artefacts = parse_all(root)
    ids = {d.id for d in drafts}
    editorial = load_editorial(root, ids)
    queries = load_queries(root, ids)
    errata = load_errata(root)
    used: set[tuple[str, int, str, str]] = set()
    problems: list[Problem] = []
    records = []
    for draft in drafts:
        if draft.kind in EDITORIAL_KINDS and draft.id not in editorial:
            first = draft.lines[0][0]
            problems.append(Problem(first.file, first.no, f"no title/summary for {draft.id}"))
        title, summary = editorial.get(draft.id, ("", ""))
        records.append(
            Record(
                id=draft.id,
                code=draft.code,
                kind=draft.kind,
                number=draft.number,
                heading=draft.heading,
                lang=LANGS[draft.code],
                title=title,
                summary=summary,
                text=draft.text,
                source=draft.spans,
                footnotes=_footnotes(draft),
                tables=tables.get(draft.id, []),
                references=_references(draft, ids, errata, used, problems),
                queries=queries.get(draft.id, []),
            )
        )
    for key in errata.keys() - used:
        problems.append(Problem(key[0], key[1], f"erratum for {key[2]!r} matches no citation"))
    _fill_cited_by(records)
    return Built(records, drafts, artefacts, problems)


def _fill_cited_by(records: list[Record]) -> None:
    by_id = {r.id: r for r in records}
    for record in records:
        for target in record.reference_ids:
            if record.id not in by_id[target].cited_by:
                by_id[target].cited_by.append(record.id)
