"""The curated data beside the texts: glossary, concordance, editorial titles."""

from __future__ import annotations

import re

import pytest

from rulesbot import concordance, glossary
from rulesbot.corpus.sources import ALL_SOURCES, BOOK_1912, RULES_1991, WBF
from rulesbot.glossary import lookup


def test_glossary_size_and_sources(corpus_root, source_lines):
    terms = glossary.load(corpus_root / "data" / "glossary.jsonl")
    assert len(terms) >= 120
    thai = "\n".join(ln.text for n in (*BOOK_1912, WBF) for ln in source_lines[n])
    chinese = "\n".join(ln.text for ln in source_lines[RULES_1991])
    for term in terms:
        for form in term.th:
            assert form in thai, (term.en, form)
        for form in term.zh:
            assert form in chinese, (term.en, form)


def test_glossary_catches_every_thai_word_for_a_term(corpus_root):
    terms = glossary.load(corpus_root / "data" / "glossary.jsonl")
    wanted = {
        "revoke": {"เล่นผิดชุด", "เล่นผิดดอก", "เล่นผิดกติกา"},
        "declarer": {"ผู้ประกาศ", "ผู้ออกประกาศ", "ผู้ประกาศไพ่"},
        "trick": {"ทริค", "ตา", "ตาส"},
    }
    for en, forms in wanted.items():
        (term,) = [t for t in terms if t.en == en]
        assert forms <= set(term.th), (en, forms - set(term.th))
    assert "藏牌" in lookup(terms, "revoke")[0].zh


def test_every_1991_definition_is_in_the_glossary(corpus_root, records):
    terms = glossary.load(corpus_root / "data" / "glossary.jsonl")
    linked = {t.definition for t in terms if t.definition}
    definitions = {rid for rid, r in records.items() if r.kind == "definition"}
    assert definitions <= linked
    assert linked <= set(records)


def test_concordance_topics_resolve(corpus_root, records):
    topics = concordance.load(corpus_root / "data" / "concordance.jsonl", ids=set(records))
    assert len(topics) >= 25
    for topic in topics:
        assert topic.records_1912 and topic.records_1991, topic.topic
    by_topic = {t.topic: t for t in topics}
    revoke = next(t for t in topics if "revoke" in t.topic)
    assert (
        "1912/law/84" in revoke.records_1912 + by_topic.get("revoke penalty", revoke).records_1912
    )
    assert any("1991/law/64" in t.records_1991 for t in topics if "revoke" in t.topic)


def test_every_record_that_needs_editorial_has_it(records):
    for record in records.values():
        assert record.title.strip() and record.summary.strip(), record.id
        assert not re.search(r"[\u0e00-\u0e7f\u4e00-\u9fff]", record.title), record.id


def test_sources_are_byte_copies_of_the_seeds(corpus_root):
    seeds = corpus_root.parent.parent / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("../shared/seeds is not beside this checkout")
    for name in ALL_SOURCES:
        assert (seeds / name).read_bytes() == (corpus_root / "sources" / name).read_bytes()


def test_editorial_queries_do_not_copy_the_law(records, source_lines):
    texts = "\n".join(ln.text for lines in source_lines.values() for ln in lines)
    with_queries = [r for r in records.values() if r.queries]
    assert len(with_queries) >= 250
    for record in with_queries:
        assert 3 <= len(record.queries) <= 8, record.id
        for query in record.queries:
            assert not (len(query) >= 15 and query in texts), (record.id, query)
            assert query not in (record.title, record.summary), (record.id, query)
