"""Opening the search stack: corpus, model and index, building the index when it is
missing and rebuilding it when stale or corrupt, saying why through `notify`."""

from __future__ import annotations

from collections.abc import Callable

from rulesbot import index
from rulesbot.embedding import get_embedder
from rulesbot.lookup import Corpus
from rulesbot.search import Searcher

Notify = Callable[[str], None]


def build_index(corpus: Corpus, model: str | None, progress: index.Progress | None = None):  # type: ignore[no-untyped-def]
    embedder = get_embedder(model)
    return index.build(corpus.records, corpus.terms, embedder, progress)


def open_searcher(corpus: Corpus, model: str | None, notify: Notify) -> Searcher:
    embedder = get_embedder(model)
    try:
        loaded = index.load(embedder.model_id)
    except index.IndexProblem as problem:
        verb = "building" if problem.reason == "missing" else "rebuilding"
        notify(f"{problem}; {verb} it")
        index.build(corpus.records, corpus.terms, embedder)
        loaded = index.load(embedder.model_id)
    return Searcher(loaded, corpus, embedder, corpus.terms)
