"""The two codes side by side: how 1912 and 1991 word one topic (from the reviewed
concordance, or a search within each code), and the penalty for an offence (rows of the
1912 Summary of Penalties, their laws, and the 1991 law on the same offence)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from rulesbot.answer import SearcherFactory
from rulesbot.citations import find
from rulesbot.concordance import Topic, primary
from rulesbot.errors import NotFound, UsageError
from rulesbot.glossary import fold
from rulesbot.lookup import ID_RE, Corpus
from rulesbot.records import Record

SIDES = ("1912", "1991")
SEARCH_TOP = 2  # records per code when a topic is not in the concordance
MAX_ROWS_PER_TERM = 6  # of the 29 penalty rows; a term naming more is too general to pick
ROWS_SEARCHED = 8  # a row named by the offence's terms is shown if it ranks this high


@dataclass(frozen=True)
class Comparison:
    topic: str  # the concordance topic, or the words asked
    title: str  # English
    source: Literal["concordance", "search"]
    note: str | None  # the concordance's editorial note
    sides: dict[str, tuple[Record, ...]]  # "1912" and "1991"


@dataclass(frozen=True)
class Penalties:
    offence: str
    rows: tuple[Record, ...]  # 1912 Summary of Penalties
    laws: tuple[Record, ...]  # the 1912 laws those rows cite
    rules_1991: tuple[Record, ...]  # the 1991 laws on the same offence


def _text(what: str, name: str) -> str:
    what = " ".join(what.split())
    if not what:
        raise UsageError(f"give {name}")
    return what


def named_records(corpus: Corpus, text: str) -> list[Record]:
    """The records a text names as an id or a citation ("law 84 1912"); [] if none."""
    if ID_RE.match(text):
        return [corpus.get(text)]
    found = []
    for citation in find(text):
        found += [corpus.by_id[rid] for rid in citation.ids(SIDES) if rid in corpus.by_id]
    return found


_WORD = re.compile(r"[a-z0-9]+|[^a-z0-9\s]+")


def _words(text: str) -> str:
    """Folded words between spaces, so that " revoke " is found only as a whole word."""
    return f" {' '.join(_WORD.findall(fold(text)))} "


def _contains(words: str, key: str, form: str) -> bool:
    """English forms as whole words ("deal" is not in "ideally"); Thai and Chinese, which
    have no spaces between words, as text. Short English forms ("cut", "set") are too
    loose to name a topic."""
    if form.isascii():
        return len(form) >= 4 and _words(form) in words
    return len(form) >= 2 and fold(form) in key


def find_topic(topics: list[Topic], what: str) -> Topic | None:
    """An exact name, title or alias; else the longest one the words contain."""
    key = fold(what)
    for topic in topics:
        if key in {fold(f) for f in (topic.topic, topic.title, *topic.aliases)}:
            return topic
    words = _words(what)
    contained = [
        (len(form), -i, topic)
        for i, topic in enumerate(topics)
        for form in (topic.topic, *topic.aliases)
        if _contains(words, key, form)
    ]
    return max(contained, key=lambda c: (c[0], c[1]))[2] if contained else None


def _search(searcher: SearcherFactory, query: str, code: str) -> tuple[Record, ...]:
    result = searcher().search(query, code, None, SEARCH_TOP)
    return tuple(h.record for h in result.hits[:SEARCH_TOP] if h.record.kind != "preface")


def _for_record(corpus: Corpus, searcher: SearcherFactory, record: Record) -> Comparison:
    """The record on its own side; the concordance topic that lists it first, or a search
    with its English title and summary, on the other."""
    sides: dict[str, tuple[Record, ...]] = {
        code: (record,) if code == record.code else () for code in SIDES
    }
    others = [code for code in SIDES if code != record.code]
    topic = primary(corpus.topics, record.id)
    if topic:
        for code in others:
            sides[code] = tuple(corpus.by_id[rid] for rid in topic.records(code))
        return Comparison(topic.topic, topic.title, "concordance", topic.note, sides)
    for code in others:
        sides[code] = _search(searcher, f"{record.title}. {record.summary}", code)
    return Comparison(record.id, record.title, "search", None, sides)


def compare(corpus: Corpus, searcher: SearcherFactory, what: str) -> Comparison:
    what = _text(what, "a topic or a record id to compare")
    named = named_records(corpus, what)
    if len(named) == 1 or (named and ID_RE.match(what)):
        return _for_record(corpus, searcher, named[0])
    if named:  # "law 84": the two codes number their laws differently
        ids = " or ".join(r.id for r in named)
        raise UsageError(f"{what!r} names {len(named)} records; compare one of them: {ids}")
    topic = find_topic(corpus.topics, what)
    if topic:
        sides = {code: tuple(corpus.by_id[rid] for rid in topic.records(code)) for code in SIDES}
        return Comparison(topic.topic, topic.title, "concordance", topic.note, sides)
    sides = {code: _search(searcher, what, code) for code in SIDES}
    if not any(sides.values()):
        raise NotFound(f"no law of 1912 or 1991 matches {what!r}; try `define` or rephrase")
    return Comparison(what, what, "search", None, sides)


def _rows_citing(corpus: Corpus, law_ids: set[str]) -> list[Record]:
    return [
        r for r in corpus.records if r.kind == "penalty" and law_ids.intersection(r.reference_ids)
    ]


def _rows_named(corpus: Corpus, offence: str) -> list[Record]:
    """Rows whose English title names one of the offence's most specific glossary terms
    (a term that names many rows, such as "card", does not pick any out)."""
    from rulesbot.lexical import matched_terms

    rows = [r for r in corpus.records if r.kind == "penalty"]
    forms = [
        [_words(f) for f in (t.en, *t.en_aliases)] for t in matched_terms(corpus.terms, offence)
    ]
    specific = [g for g in forms if not any(o is not g and g[0] in " ".join(o) for o in forms)]
    found: dict[str, Record] = {}
    for group in specific:
        naming = [r for r in rows if any(f in _words(r.title) for f in group)]
        if len(naming) <= MAX_ROWS_PER_TERM:
            found.update((r.id, r) for r in naming)
    return list(found.values())


def _rules_1991(
    corpus: Corpus, searcher: SearcherFactory, laws: list[Record], offence: str
) -> tuple[Record, ...]:
    """For each 1912 law, the first 1991 law of the topic that lists it first; else search."""
    found: dict[str, Record] = {}
    for law in laws:
        topic = primary(corpus.topics, law.id)
        rule = next((r for r in topic.records("1991") if "/law/" in r), None) if topic else None
        if rule:
            found.setdefault(rule, corpus.by_id[rule])
    if not found:
        result = searcher().search(offence, "1991", "law", 1)
        return tuple(h.record for h in result.hits[:1])
    return tuple(found.values())


def penalty(corpus: Corpus, searcher: SearcherFactory, offence: str) -> Penalties:
    offence = _text(offence, "an offence, e.g. revoke or lead out of turn")
    named = named_records(corpus, offence)
    if named:
        rows = [r for r in named if r.kind == "penalty"]
        rows += _rows_citing(corpus, {r.id for r in named if r.code == "1912"})
    else:
        result = searcher().search(offence, "1912", "penalty", ROWS_SEARCHED)
        if result.no_match:
            raise NotFound(f"no row of the 1912 Summary of Penalties matches {offence!r}")
        # The rows among the best that name the offence's terms; else the best row's law.
        near = {h.record.id for h in result.hits}
        rows = [r for r in _rows_named(corpus, offence) if r.id in near]
        rows = rows or _rows_citing(corpus, set(result.hits[0].record.reference_ids))
    if not rows:
        raise NotFound(f"no row of the 1912 Summary of Penalties matches {offence!r}")
    rows = sorted({r.id: r for r in rows}.values(), key=lambda r: int(r.number))
    laws = [corpus.by_id[rid] for rid in dict.fromkeys(t for r in rows for t in r.reference_ids)]
    return Penalties(
        offence, tuple(rows), tuple(laws), _rules_1991(corpus, searcher, laws, offence)
    )
