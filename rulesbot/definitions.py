"""Questions that ask what a term is, and the laws that define a term in a clause of their own.

Some laws open a clause with a heading that names what it defines: 1991 Law 61 starts
with "（A）藏牌的定义" (definition of a revoke), Law 50 with "（A）罚张的定义", Law 68 with
"（A）声称的定义" and "（B）承认的定义". A player asking "what is a revoke?", "什么是罚张" or
"การอ้างสิทธิ์คืออะไร" is answered by that law first: it is where the code itself says
what the word means, and its definition record (a list entry) comes after it.

The 1912 laws have no clause headings; a few open by saying what a word is: Law 7
"สแลมจะเกิดขึ้นเมื่อ..." (a slam is made when), Law 5 "ไพ่เกียรติยศคือ..." (the honours
are), and Law 47 names the declarer in passing ("ซึ่งต่อไปนี้จะเรียกว่า “ผู้ประกาศ”",
hereafter called the declarer). Those openings and that phrase define their term too.
After these and the term's definition comes a law titled by the term ("Fouled Board",
"Insufficient Bid"): where the code has no definition, that law is what it says.

A question asks what a term is when, once a fixed asking phrase in English, Thai or
Chinese is taken off ("what is a", "define", "how does ... work", "的定义", "是什么",
"คืออะไร", "ความหมายของ"), nothing but one of the term's forms is left.
"""

from __future__ import annotations

import re

from rulesbot.glossary import Term, fold, keys
from rulesbot.lexical import to_simplified
from rulesbot.records import Record

HEADING = re.compile(r"^（[A-Z]）(\S+?)的定义$", re.MULTILINE)
THAI_OPENING = re.compile(r"^\d+\.\s*(\S+?)\s*(?:คือ|จะเกิดขึ้นเมื่อ)")
THAI_CALLED = re.compile(r"ต่อไปนี้จะเรียกว่า\s*[“\"](\S+?)[”\"]")

_ARTICLE = r"(?:(?:a|an|the)\s+)?"
ASKING = [
    re.compile(p)
    for p in (
        rf"^(?:what\s+is|what's|whats|what\s+are)\s+{_ARTICLE}(?P<t>.+?)(?:\s+in\s+bridge)?$",
        rf"^(?:define|definition\s+of|meaning\s+of|explain)\s+{_ARTICLE}(?P<t>.+?)$",
        rf"^what\s+(?:does|do)\s+{_ARTICLE}(?P<t>.+?)\s+mean$",
        rf"^what\s+counts\s+as\s+{_ARTICLE}(?P<t>.+?)$",
        rf"^how\s+(?:does|do)\s+{_ARTICLE}(?P<t>.+?)\s+work$",
        r"^(?:什么是|什么叫|何谓|何为)(?P<t>.+?)$",
        r"^(?P<t>.+?)(?:的定义|的定义是什么|是什么|是什么意思|指什么|是指什么|的意思)$",
        r"^(?P<t>.+?)\s*(?:คืออะไร|หมายถึงอะไร|แปลว่าอะไร|หมายความว่าอะไร)$",
        r"^(?:ความหมายของ|นิยามของ|คำจำกัดความของ|อะไรคือ)\s*(?P<t>.+?)$",
    )
]
_TRIM = " ?？!！.。,，、\"'“”‘’"


def defining_laws(records: list[Record], terms: list[Term]) -> dict[str, list[str]]:
    """Term (its English headword) -> the ids of the laws that say what it is (a clause
    headed as its definition, or a Thai opening or naming phrase), in corpus order."""
    by_form = {fold(f): t.en for t in terms for f in (*t.zh, *t.th)}
    found: dict[str, list[str]] = {}
    for record in records:
        if record.kind != "law":
            continue
        names = [
            *HEADING.findall(record.text),
            *THAI_OPENING.findall(record.text),
            *THAI_CALLED.findall(record.text),
        ]
        for name in names:
            term = by_form.get(fold(name))
            if term is not None and record.id not in found.setdefault(term, []):
                found[term].append(record.id)
    return found


def titled_laws(records: list[Record], terms: list[Term]) -> dict[str, list[str]]:
    """Term -> the ids of the laws whose English title is one of its English forms
    ("Fouled Board", "Insufficient Bid", "Spectators"), in corpus order."""
    by_form = {fold(f): t.en for t in terms for f in t.english}
    found: dict[str, list[str]] = {}
    for record in records:
        term = by_form.get(fold(record.title)) if record.kind == "law" else None
        if term is not None:
            found.setdefault(term, []).append(record.id)
    return found


def where_defined(records: list[Record], terms: list[Term]) -> dict[str, list[str]]:
    """Term -> where the code says what it is, most direct first: the laws that define
    it, its entry in the 1991 definitions, the laws titled by it."""
    ids = {r.id for r in records}
    laws, titled = defining_laws(records, terms), titled_laws(records, terms)
    out = {}
    for term in terms:
        order = [*laws.get(term.en, []), term.definition, *titled.get(term.en, [])]
        found = [rid for rid in dict.fromkeys(order) if rid is not None and rid in ids]
        if found:
            out[term.en] = found
    return out


def asked_term(terms: list[Term], question: str) -> Term | None:
    """The term a question asks to have defined, or None when it asks something else."""
    text = fold(to_simplified(question)).strip(_TRIM)
    for pattern in ASKING:
        match = pattern.match(text)
        if match is None:
            continue
        subject = match.group("t").strip(_TRIM)
        for term in terms:
            if subject in keys(term):
                return term
    return None
