"""Lexical side of search: tokenizers for Thai, Chinese and English, and glossary expansion.

The corpus is tokenized at index time with pythainlp (newmm) for Thai and jieba for
Chinese. A question is segmented at query time by longest match against the index's own
vocabulary, which those tokenizers produced: a word the index does not contain cannot
change a BM25 score, and the dictionaries of pythainlp and jieba need not be loaded for
every question (about a second each). Traditional Chinese is converted to Simplified
(OpenCC) first. The glossary adds each matched term's Thai and Chinese forms to the query,
and its English forms to a Thai or Chinese question (see `expansion_languages`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path

from rulesbot.glossary import Term, fold, normalize

RUNS = re.compile(r"[\u0e00-\u0e7f]+|[\u3400-\u9fff]+|[a-z0-9]+")
THAI = re.compile(r"[\u0e00-\u0e7f]")
CJK = re.compile(r"[\u3400-\u9fff]")
EN_STOP = frozenset(
    "a an the of to in on for by is are was be been it its this that what which who whom "
    "how when where why do does did can may must should shall will would i my me we our "
    "you your he his him she her they them their there if or and not no as at with from "
    "any all some about into than then so such".split()
)
ZH_STOP = frozenset("的 了 是 在 和 与 及 或 吗 呢 么 什么 怎么 怎样 如何 时 一 有".split())
TH_STOP = frozenset("ที่ และ ของ ใน การ ได้ ให้ เป็น คือ ว่า จะ มี ไม่ อะไร ไหม หรือ อย่างไร".split())


@lru_cache(maxsize=1)
def _t2s():  # type: ignore[no-untyped-def]
    import opencc

    return opencc.OpenCC("t2s")


def to_simplified(text: str) -> str:
    return _t2s().convert(text) if CJK.search(text) else text


def stem(word: str) -> str:
    """A light English stemmer, the same for documents and questions."""
    for suffix in ("ings", "ing", "ies", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + ("y" if suffix == "ies" else "")
            break
    return word[:-1] if word.endswith("e") and len(word) > 4 else word


def _english(run: str) -> list[str]:
    return [stem(run)] if run not in EN_STOP else []


def tokenize_document(text: str) -> list[str]:
    """Index-time tokens: newmm for Thai, jieba for Chinese, stemmed English words."""
    import jieba
    from pythainlp.tokenize import word_tokenize

    jieba.setLogLevel(60)
    tokens: list[str] = []
    for run in RUNS.findall(normalize(to_simplified(text))):
        if THAI.match(run):
            words = word_tokenize(run, engine="newmm", keep_whitespace=False)
            tokens += [w for w in words if w.strip() and w not in TH_STOP]
        elif CJK.match(run):
            tokens += [w for w in jieba.lcut_for_search(run) if w not in ZH_STOP]
        else:
            tokens += _english(run)
    return tokens


class QuerySegmenter:
    """Longest-match segmentation of Thai and Chinese against a known vocabulary."""

    def __init__(self, vocabulary: Iterable[str]) -> None:
        self.vocab = {w for w in vocabulary if THAI.match(w) or CJK.match(w)}
        self.longest = max((len(w) for w in self.vocab), default=1)

    def _segment(self, run: str) -> list[str]:
        out, i = [], 0
        while i < len(run):
            for size in range(min(self.longest, len(run) - i), 0, -1):
                piece = run[i : i + size]
                if piece in self.vocab:
                    out.append(piece)
                    i += size
                    break
            else:
                i += 1
        return out

    def tokens(self, text: str) -> list[str]:
        tokens: list[str] = []
        for run in RUNS.findall(normalize(to_simplified(text))):
            if THAI.match(run) or CJK.match(run):
                stop = TH_STOP if THAI.match(run) else ZH_STOP
                tokens += [w for w in self._segment(run) if w not in stop]
            else:
                tokens += _english(run)
        return tokens


def _latin(form: str) -> bool:
    return re.search(r"[\u0e00-\u0e7f\u3400-\u9fff]", form) is None


def _words(text: str) -> str:
    return f" {' '.join(re.findall(r'[a-z0-9]+', text))} "


@cache
def _match_keys(term: Term) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A term's English forms as padded word runs, and its Thai and Chinese forms, folded
    (once per term, not once per question)."""
    english = [fold(f) for f in (*term.english, *filter(_latin, term.user_forms))]
    ambiguous = set(term.ambiguous)
    native = [f for f in (*term.th, *term.zh) if f not in ambiguous and len(f) >= 2]
    native += [f for f in term.user_forms if not _latin(f) and len(f) >= 2]
    runs = (_words(f) for f in english)
    return tuple(r for r in runs if r.strip()), tuple(fold(f) for f in native)


def matched_terms(terms: list[Term], question: str) -> list[Term]:
    """Glossary terms named in a question: English as whole words, Thai/Chinese as text,
    by the forms of the texts or the forms players type (`user_forms`)."""
    text = fold(to_simplified(question))
    words = _words(text)
    found = []
    for term in terms:
        english, native = _match_keys(term)
        if any(f in words for f in english) or any(f in text for f in native):
            found.append(term)
    return found


def expansion_languages(question: str) -> tuple[str, ...]:
    """Whose forms of a matched term join the question's tokens: the Thai and Chinese ones
    always, which reach the texts; the English ones only for a Thai or Chinese question,
    which they carry to the English titles and summaries. An English question already
    holds its English words, and its terms' English aliases ("make a bid", "player of the
    contract") would add only words that every English title and summary shares."""
    native = THAI.search(question) or CJK.search(question)
    return ("en", "th", "zh") if native else ("th", "zh")


def query_weights(tokens: list[str]) -> dict[str, float]:
    """A query token's weight: 1 + ln(times it occurs). A term reached through several of
    its forms (เล่นผิดชุด, เล่นผิดดอก and ลงไพ่ผิดดอก all hold ผิด) counts for more than
    once, but not for as many times as it has forms."""
    counts: dict[str, int] = {}
    for token in tokens:
        counts[token] = counts.get(token, 0) + 1
    return {token: 1.0 + math.log(n) for token, n in counts.items()}


class SparseBM25:
    """BM25 scores from the score matrix bm25s built at index time (CSC: one column per
    token), summed with numpy at query time. Gives exactly bm25s's get_scores without
    importing it for every question."""

    def __init__(self, vocab: dict[str, int], data, indices, indptr, n_docs: int) -> None:  # type: ignore[no-untyped-def]
        self.vocab, self.data, self.indices, self.indptr = vocab, data, indices, indptr
        self.n_docs = n_docs

    @classmethod
    def fit(cls, tokens: list[list[str]]) -> SparseBM25:
        import tempfile

        import bm25s
        import numpy as np

        model = bm25s.BM25()
        model.index(tokens, show_progress=False)
        with tempfile.TemporaryDirectory() as tmp:
            model.save(tmp, show_progress=False)
            data, indices, indptr = (
                np.load(f"{tmp}/{name}.csc.index.npy") for name in ("data", "indices", "indptr")
            )
            vocab = json.loads(Path(tmp, "vocab.index.json").read_text("utf-8"))
        return cls(vocab, data, indices, indptr, n_docs=len(tokens))

    def scores(self, tokens: list[str]):  # type: ignore[no-untyped-def]
        """bm25s's scores: each occurrence of a token in the query counts once more."""
        weights: dict[str, float] = {}
        for token in tokens:
            weights[token] = weights.get(token, 0.0) + 1.0
        return self.weighted_scores(weights)

    def weighted_scores(self, weights: dict[str, float]):  # type: ignore[no-untyped-def]
        """The sum over query tokens of weight x the token's BM25 score in each document."""
        import numpy as np

        out = np.zeros(self.n_docs, dtype=np.float32)
        for token, weight in weights.items():
            column = self.vocab.get(token)
            if column is not None:
                start, end = self.indptr[column], self.indptr[column + 1]
                np.add.at(out, self.indices[start:end], weight * self.data[start:end])
        return out
