"""`rulesbot ask` and `rulesbot eval` through CliRunner, with the fake embedder."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rulesbot.cli import app

runner = CliRunner()
KEYS = {"id", "code", "kind", "number", "title", "text", "score", "references", "cited_by"}
EXTRA = {"label", "clause", "penalty_rows", "rulings"}  # issue 4: what the answer view nests


def ask(*args: str, stdin: bytes | str | None = None):
    return runner.invoke(app, ["ask", *args, "--model", "fake"], input=stdin)


def test_ask_json_shape(fake_index: Path):
    result = ask("โทษของการเล่นผิดชุด", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"query", "route", "no_match", "answers"} and data["route"] == "search"
    assert data["answers"] and all(set(a) == KEYS | EXTRA for a in data["answers"])
    scores = [a["score"] for a in data["answers"]]
    assert scores == sorted(scores, reverse=True)
    assert {a["code"] for a in data["answers"]} == {"1912", "1991", "wbf"}


def test_code_filter_and_top(fake_index: Path):
    data = json.loads(ask("藏牌", "--json", "--code", "1991", "--top", "3").stdout)
    assert len(data["answers"]) == 3 and {a["code"] for a in data["answers"]} == {"1991"}


def test_batch_keeps_one_object_per_line(fake_index: Path):
    lines = "revoke\n\n藏牌的罰則是什麼\n".encode() + b"\xff\xfe bad bytes\nlaw 84 1912\n"
    result = ask("--batch", stdin=lines)
    assert result.exit_code == 2, result.output  # a bad line is reported, the rest answered
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(rows) == 5
    assert rows[1]["error"] == "the question is empty" and rows[1]["answers"] == []
    assert rows[2]["answers"] and "not valid UTF-8" in rows[3]["error"]
    assert [a["id"] for a in rows[4]["answers"]] == ["1912/law/84"]
    assert result.stderr.splitlines() == [
        "error: line 2: the question is empty",
        "error: line 4: the input is not valid UTF-8 (byte 1)",
    ]


def test_bad_questions_are_one_line_exit_2(fake_index: Path):
    for bad in ("", "   ", "x" * 100_000, "\x00\x01\x02"):
        result = ask(bad)
        assert result.exit_code == 2, bad[:10]
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    assert ask("revoke", "--code", "1800").exit_code == 2


def test_corrupt_index_is_rebuilt_with_a_notice(fake_index: Path):
    (fake_index / "chunks.jsonl").write_text("{not json", "utf-8")
    result = ask("revoke", "--json")
    assert result.exit_code == 0
    assert "index corrupt" in result.stderr and "rebuilding" in result.stderr
    assert json.loads(result.stdout)["answers"]


def test_missing_index_is_built(tmp_path: Path, monkeypatch, fake_index: Path):
    monkeypatch.setenv("RULESBOT_INDEX_DIR", str(tmp_path / "fresh"))
    result = ask("dummy", "--json")
    assert result.exit_code == 0 and "building it" in result.stderr


def test_answers_are_identical_across_runs(fake_index: Path):
    first = ask("what is the penalty for a revoke", "--json").stdout
    assert first == ask("what is the penalty for a revoke", "--json").stdout


def test_eval_prints_all_three_modes(fake_index: Path, tmp_path: Path):
    questions = tmp_path / "q.jsonl"
    questions.write_text(
        '{"q": "เล่นผิดชุด", "lang": "th", "code": "1912", "gold": ["1912/law/84"]}\n'
        '{"q": "capital of France", "lang": "en", "code": null, "abstain": true}\n',
        "utf-8",
    )
    result = runner.invoke(app, ["eval", str(questions), "--json", "--model", "fake"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data["modes"]) == {"hybrid", "dense", "bm25"}
    assert data["modes"]["hybrid"]["all"]["n"] == 1


def test_asking_what_a_term_is_puts_its_defining_law_first(fake_index: Path):
    data = json.loads(ask("What is a penalty card?", "--json", "--code", "1991").stdout)
    ids = [a["id"] for a in data["answers"]]
    assert ids[:2] == ["1991/law/50", "1991/definition/penalty-card"]
    # 1912 has no definitions list: the law that opens by saying what a slam is
    data = json.loads(ask("what's a slam", "--json", "--code", "1912").stdout)
    assert data["answers"][0]["id"] == "1912/law/7"
    # a term no law clause defines: its definition comes first
    data = json.loads(ask("提醒是什么？", "--json", "--code", "1991").stdout)
    assert data["answers"][0]["id"] == "1991/definition/alert"
    # no definition at all: the law titled by the term
    data = json.loads(ask("ฟาวล์บอร์ดคืออะไร", "--json", "--code", "1991").stdout)
    assert data["answers"][0]["id"] == "1991/law/87"
    # the kind filter still holds: only definitions, so the law is not lifted in
    data = json.loads(ask("什么是罚张", "--json", "--kind", "definition").stdout)
    assert [a["id"] for a in data["answers"]][0] == "1991/definition/penalty-card"
    assert {a["kind"] for a in data["answers"]} == {"definition"}
