"""Definitional questions: which term a question asks about, and which law defines it."""

from __future__ import annotations

import pytest

from rulesbot.definitions import asked_term, defining_laws, titled_laws, where_defined
from rulesbot.lookup import Corpus


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return Corpus.load()


def test_laws_that_say_what_a_term_is_are_found_from_their_own_text(corpus: Corpus):
    found = defining_laws(corpus.records, corpus.terms)
    assert found["revoke"] == ["1991/law/61"]
    assert found["penalty card"] == ["1991/law/50"]
    assert found["claim"] == ["1991/law/68"]
    assert found["concession"] == ["1991/law/68"]
    # 1912: a law that opens by saying what a word is, or names it "hereafter called"
    assert found["slam"] == ["1912/law/7"]
    assert found["little slam"] == ["1912/law/8"]
    assert found["honor"] == ["1912/law/5"]
    assert found["declarer"] == ["1912/law/47"]
    # every law named says so in its own verbatim text
    markers = ("的定义", "จะเกิดขึ้นเมื่อ", "คือ", "ต่อไปนี้จะเรียกว่า")
    for ids in found.values():
        for rid in ids:
            assert any(m in corpus.by_id[rid].text for m in markers)
    # a law that only uses a term is not taken for its definition
    assert "1912/law/84" not in found.get("revoke", [])


def test_where_a_term_is_defined_puts_the_most_direct_place_first(corpus: Corpus):
    titled = titled_laws(corpus.records, corpus.terms)
    assert titled["fouled board"] == ["1991/law/87"]
    assert titled["insufficient bid"] == ["1991/law/27"]
    for ids in titled.values():
        for rid in ids:
            assert corpus.by_id[rid].kind == "law"
    where = where_defined(corpus.records, corpus.terms)
    # a defining law, then the definition; the definition, then a law titled by the term
    assert where["penalty card"] == ["1991/law/50", "1991/definition/penalty-card"]
    assert where["director"] == ["1991/definition/director", "1991/law/81"]
    assert where["slam"] == ["1912/law/7", "1991/definition/slam"]
    # a term the code never says anything about as such has no entry
    assert "north" not in where


@pytest.mark.parametrize(
    ("question", "term"),
    [
        ("What is a penalty card?", "penalty card"),
        ("what's a revoke", "revoke"),
        ("Define concession", "concession"),
        ("How does a claim work?", "claim"),
        ("what does renege mean?", "revoke"),
        ("藏牌的定义", "revoke"),
        ("什麼是罰張", "penalty card"),  # Traditional characters
        ("声称是什么意思？", "claim"),
        ("การอ้างสิทธิ์คืออะไร", "claim"),
        ("ความหมายของ รีโวค", "revoke"),
    ],
)
def test_a_question_asking_what_a_term_is_names_it(corpus: Corpus, question: str, term: str):
    found = asked_term(corpus.terms, question)
    assert found is not None and found.en == term


@pytest.mark.parametrize(
    "question",
    [
        "What is the penalty for a revoke?",  # asks about a penalty, not what a revoke is
        "How does a claim affect the score?",
        "藏牌的罚则是什么",
        "What is the capital of France?",
        "law 61",
    ],
)
def test_other_questions_name_no_asked_term(corpus: Corpus, question: str):
    assert asked_term(corpus.terms, question) is None
