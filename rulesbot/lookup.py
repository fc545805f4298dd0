"""The loaded corpus and direct lookups: by id, by law number and code, by term."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from rulesbot import concordance, glossary
from rulesbot.corpus import store
from rulesbot.errors import NotFound, UsageError
from rulesbot.records import CODES, KINDS, Record

ID_RE = re.compile(r"^(1912|1991|wbf)/([a-z]+)/([A-Za-z0-9-]+)$")
NUMBER_RE = re.compile(r"^(\d{1,3})\s*([A-Za-zก-ฮ]\d*)?$")


def check_filters(code: str | None, kind: str | None) -> None:
    """An unknown code or kind is bad input (exit 2), named with the valid choices."""
    if code is not None and code not in CODES:
        raise UsageError(f"unknown code {code!r} (choose from {', '.join(CODES)})")
    if kind is not None and kind not in KINDS:
        raise UsageError(f"unknown kind {kind!r} (choose from {', '.join(KINDS)})")


@dataclass(frozen=True)
class Definition:
    term: glossary.Term | None
    record: Record | None


class Corpus:
    def __init__(self, records: list[Record]) -> None:
        self.records = records
        self.by_id = {r.id: r for r in records}

    @classmethod
    def load(cls) -> Corpus:
        return cls(store.load())

    @cached_property
    def terms(self) -> list[glossary.Term]:
        return glossary.load()

    @cached_property
    def topics(self) -> list[concordance.Topic]:
        return concordance.load(ids=set(self.by_id))

    def get(self, rid: str) -> Record:
        if rid in self.by_id:
            return self.by_id[rid]
        if not ID_RE.match(rid):
            raise UsageError(f"not a record id: {rid!r} (expected CODE/KIND/NUMBER)")
        raise NotFound(f"no record {rid}")

    def law(self, number: str, code: str | None, kind: str = "law") -> list[Record]:
        """Records for `law NUMBER [--code C]`; NUMBER may also be a full id."""
        number = number.strip()
        if ID_RE.match(number):
            return [self.get(number)]
        check_filters(code, kind)
        match = NUMBER_RE.match(number)
        if not match:
            raise UsageError(f"not a law number: {number!r}")
        codes = [code] if code else list(CODES)
        found = [
            self.by_id[f"{c}/{kind}/{int(match.group(1))}"]
            for c in codes
            if f"{c}/{kind}/{int(match.group(1))}" in self.by_id
        ]
        if not found:
            where = f"code {code}" if code else "any code"
            raise NotFound(f"no {kind} {match.group(1)} in {where}")
        return found

    def define(self, query: str) -> list[Definition]:
        if not query.strip():
            raise UsageError("give a term to define")
        results = []
        for term in glossary.lookup(self.terms, query):
            record = self.by_id.get(term.definition) if term.definition else None
            results.append(Definition(term, record))
        if not results:
            raise NotFound(f"no glossary term matches {query!r}")
        return results
