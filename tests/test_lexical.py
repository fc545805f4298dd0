"""Query side of the lexical search: glossary matching (with players' own words), which
forms of a term join a question, and how repeated tokens are weighted."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from rulesbot import glossary
from rulesbot.errors import CorpusError
from rulesbot.lexical import SparseBM25, expansion_languages, matched_terms, query_weights


def _glossary(tmp_path: Path, *entries: dict) -> Path:
    path = tmp_path / "glossary.jsonl"
    base = {"en_aliases": [], "th": [], "zh": [], "definition": None}
    path.write_text(
        "".join(json.dumps({**base, **e}, ensure_ascii=False) + "\n" for e in entries), "utf-8"
    )
    return path


def test_user_forms_are_optional_and_name_the_term(tmp_path: Path):
    path = _glossary(
        tmp_path,
        {"en": "revoke", "th": ["เล่นผิดชุด"], "user_forms": ["รีโวค", "定约人x", "renig"]},
        {"en": "dummy", "th": ["ดัมมี่"]},
    )
    revoke, dummy = glossary.load(path)
    assert revoke.user_forms == ("รีโวค", "定约人x", "renig") and dummy.user_forms == ()
    assert "รีโวค" not in revoke.forms  # no text holds it: it is not searched for
    terms = [revoke, dummy]
    assert matched_terms(terms, "รีโวคถือว่าสมบูรณ์ตอนไหน") == [revoke]
    assert matched_terms(terms, "what if I renig twice") == [revoke]  # Latin: whole words
    assert matched_terms(terms, "reniging") == []
    assert glossary.lookup(terms, "รีโวค") == [revoke]


def test_user_forms_must_be_strings(tmp_path: Path):
    path = _glossary(tmp_path, {"en": "revoke", "user_forms": "รีโวค"})
    with pytest.raises(CorpusError, match="user_forms"):
        glossary.load(path)


def test_the_real_glossary_knows_a_loanword(corpus_root: Path):
    terms = glossary.load(corpus_root / "data" / "glossary.jsonl")
    assert [t.en for t in matched_terms(terms, "รีโวคถือว่าสมบูรณ์ตอนไหน")] == ["revoke"]


def test_user_forms_are_words_no_text_uses(corpus_root: Path, source_lines):
    """A form that a text uses belongs in th or zh, where it is searched for."""
    from rulesbot.lexical import to_simplified

    terms = glossary.load(corpus_root / "data" / "glossary.jsonl")
    text = to_simplified("\n".join(ln.text for lines in source_lines.values() for ln in lines))
    assert any(t.user_forms for t in terms)
    for term in terms:
        for form in term.user_forms:
            assert to_simplified(form) not in text, (term.en, form)


def test_a_user_form_names_one_term_only(corpus_root: Path):
    """A word players type for one term is not also a form of another."""
    from rulesbot.glossary import fold

    terms = glossary.load(corpus_root / "data" / "glossary.jsonl")
    owners: dict[str, set[str]] = {}
    for term in terms:
        for form in (*term.forms, *term.user_forms):
            owners.setdefault(fold(form), set()).add(term.en)
    for term in terms:
        for form in term.user_forms:
            assert owners[fold(form)] == {term.en}, (term.en, form, owners[fold(form)])


def test_english_forms_join_only_thai_and_chinese_questions():
    assert expansion_languages("what is the penalty for a revoke") == ("th", "zh")
    assert expansion_languages("โทษของการเล่นผิดชุด") == ("en", "th", "zh")
    assert expansion_languages("藏牌的罰則") == ("en", "th", "zh")
    assert expansion_languages("ดัมมี่ asks about a revoke") == ("en", "th", "zh")


def test_repeated_query_tokens_count_sublinearly():
    weights = query_weights(["ผิด", "ผิด", "ผิด", "revok"])
    assert weights == {"ผิด": 1 + math.log(3), "revok": 1.0}
    assert query_weights([]) == {}


def test_weighted_scores_scale_each_token():
    import numpy as np

    bm25 = SparseBM25.fit([["藏牌", "罚则"], ["penalty"], ["penalty", "revok"]])
    assert np.allclose(bm25.weighted_scores({"penalty": 2.0}), bm25.scores(["penalty"] * 2))
    assert np.allclose(
        bm25.weighted_scores({"penalty": 0.5, "藏牌": 1.0, "unknown": 3.0}),
        0.5 * bm25.scores(["penalty"]) + bm25.scores(["藏牌"]),
    )
