"""Answers: the records a question leads to, each with what it cites, what cites it, and
the rulings and penalty-table rows on it, grouped by code. Only corpus content; the
renderer adds fixed templates. A question that names a citation skips the search."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from rulesbot.citations import Citation, find
from rulesbot.errors import NotFound, UsageError
from rulesbot.lookup import Corpus, check_filters
from rulesbot.records import CODES, Record

if TYPE_CHECKING:  # the search stack (numpy, faiss) loads only when a search needs it
    from rulesbot.search import Result, Searcher

SearcherFactory = Callable[[], "Searcher"]
Route = Literal["citation", "search"]
LABELS = {
    "law": "law text",
    "etiquette": "etiquette",
    "ruling": "ruling",
    "penalty": "penalty-table row",
    "definition": "definition",
    "overview": "overview",
    "preface": "preface",
}


@dataclass(frozen=True)
class Item:
    record: Record
    label: str
    score: float | None  # None when the question named the record
    clause: str | None  # the clause a citation named ("B" of "64B")
    see: tuple[Record, ...]
    cited_by: tuple[Record, ...]
    penalties: tuple[Record, ...]  # penalty-table rows that cite the record
    rulings: tuple[Record, ...]  # the card committee's cases that cite it


@dataclass(frozen=True)
class Group:
    code: str
    items: tuple[Item, ...]  # rulings and rows shown under a law in the group are left out


@dataclass(frozen=True)
class Answer:
    query: str
    route: Route
    no_match: bool
    items: tuple[Item, ...]  # best first
    groups: tuple[Group, ...]


def item(
    corpus: Corpus, record: Record, score: float | None = None, clause: str | None = None
) -> Item:
    citing = tuple(corpus.by_id[rid] for rid in record.cited_by)
    return Item(
        record=record,
        label=LABELS[record.kind],
        score=score,
        clause=clause,
        see=tuple(corpus.by_id[rid] for rid in record.reference_ids),
        cited_by=citing,
        penalties=tuple(r for r in citing if r.kind == "penalty"),
        rulings=tuple(r for r in citing if r.kind == "ruling"),
    )


def _groups(items: tuple[Item, ...]) -> tuple[Group, ...]:
    """Items by code, codes in order of their best item; nested records are not repeated."""
    groups: dict[str, list[Item]] = {}
    for it in items:
        groups.setdefault(it.record.code, []).append(it)
    out = []
    for code, members in groups.items():
        nested = {r.id for it in members for r in (*it.penalties, *it.rulings)}
        out.append(Group(code, tuple(it for it in members if it.record.id not in nested)))
    return tuple(out)


def make(query: str, route: Route, items: list[Item]) -> Answer:
    return Answer(query, route, not items, tuple(items), _groups(tuple(items)))


def from_result(corpus: Corpus, result: Result) -> Answer:
    items = [item(corpus, hit.record, hit.score) for hit in result.hits]
    return make(result.query, "search", items)


def from_records(corpus: Corpus, query: str, records: list[Record]) -> Answer:
    return make(query, "citation", [item(corpus, r) for r in records])


def _codes_for(query: str) -> tuple[str, ...]:
    """A law number without a year: the code in the question's own language first."""
    if any("\u4e00" <= c <= "\u9fff" for c in query):
        return ("1991", "1912", "wbf")
    return CODES


def cited(corpus: Corpus, query: str, citations: list[Citation], code: str | None = None) -> Answer:
    """The records the citations name; a citation that names nothing is NotFound."""
    items: dict[str, Item] = {}  # first mention wins
    order = _codes_for(query)
    for citation in citations:
        codes = (code,) if code and not citation.code else order
        if code and citation.code and citation.code != code:
            raise NotFound(f"the question cites code {citation.code}, not {code}")
        found = [corpus.by_id[rid] for rid in citation.ids(codes) if rid in corpus.by_id]
        if not found:
            where = f"code {citation.code or code}" if (citation.code or code) else "any code"
            raise NotFound(f"no {citation.kind} {citation.number} in {where}")
        for record in found:
            items.setdefault(record.id, item(corpus, record, clause=citation.clause))
    return make(query, "citation", list(items.values()))


def ask(
    corpus: Corpus,
    searcher: SearcherFactory,
    question: str,
    code: str | None = None,
    kind: str | None = None,
    top: int = 5,
) -> Answer:
    """A named citation goes straight to its records; anything else is searched."""
    check_filters(code, kind)
    citations = find(question)
    if citations:
        return cited(corpus, question, citations, code)
    return from_result(corpus, searcher().search(question, code, kind, top))


# What a record cites and what cites it, followed to a depth.


@dataclass(frozen=True)
class RefNode:
    record: Record
    children: tuple[RefNode, ...]
    repeated: bool = False  # already on this branch: shown, not followed again


@dataclass(frozen=True)
class RefTree:
    record: Record
    cites: tuple[RefNode, ...]
    cited_by: tuple[RefNode, ...]
    depth: int


MAX_DEPTH = 5


def _links(record: Record, direction: str) -> list[str]:
    return record.reference_ids if direction == "cites" else record.cited_by


def _branch(
    corpus: Corpus, record: Record, direction: str, depth: int, path: frozenset[str]
) -> tuple[RefNode, ...]:
    nodes = []
    for rid in _links(record, direction):
        target = corpus.by_id[rid]
        if rid in path:
            nodes.append(RefNode(target, (), repeated=True))
            continue
        below = _branch(corpus, target, direction, depth - 1, path | {rid}) if depth > 1 else ()
        nodes.append(RefNode(target, below))
    return tuple(nodes)


def refs(corpus: Corpus, record: Record, depth: int = 1) -> RefTree:
    if not 1 <= depth <= MAX_DEPTH:
        raise UsageError(f"depth must be between 1 and {MAX_DEPTH}")
    path = frozenset({record.id})
    return RefTree(
        record,
        _branch(corpus, record, "cites", depth, path),
        _branch(corpus, record, "cited_by", depth, path),
        depth,
    )
