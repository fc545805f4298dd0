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
