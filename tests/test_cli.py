"""CLI commands and their error paths, through typer's CliRunner."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from rulesbot.cli import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_law_by_number_and_code():
    result = run("law", "84", "--code", "1912")
    assert result.exit_code == 0
    assert "โทษสำหรับการเล่นผิดชุดที่สมบูรณ์แต่ละครั้งคือ" in result.stdout
    assert "Editorial summary (not an official translation)" in result.stdout
    assert "Cited by:" in result.stdout


def test_law_by_id_json():
    result = run("law", "1991/law/64", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["id"] == "1991/law/64" and data["lang"] == "zh"
    assert data["text"] and data["title"]


def test_law_without_code_shows_each_code():
    data = json.loads(run("law", "64", "--json").stdout)
    assert [d["id"] for d in data] == ["1912/law/64", "1991/law/64"]


def test_unknown_law_is_one_line_exit_1():
    result = run("law", "120", "--code", "1912")
    assert result.exit_code == 1
    assert result.stderr.strip().count("\n") == 0 and "no law 120" in result.stderr
    assert "Traceback" not in result.output


def test_unknown_code_and_id_exit_2():
    bad_code = run("law", "5", "--code", "1800")
    assert bad_code.exit_code == 2 and "unknown code" in bad_code.stderr
    bad_id = run("law", "1912/law/xyz!")
    assert bad_id.exit_code == 2
    missing = run("law", "1912/law/500")
    assert missing.exit_code == 1 and "no record 1912/law/500" in missing.stderr


def test_define_in_three_languages():
    for query in ("revoke", "藏牌", "เล่นผิดชุด"):
        result = run("define", query, "--json")
        assert result.exit_code == 0, query
        entries = json.loads(result.stdout)
        assert any(e["en"] == "revoke" for e in entries), query
        entry = next(e for e in entries if e["en"] == "revoke")
        assert entry["definition"]["id"] == "1991/definition/revoke"


def test_define_unknown_term():
    result = run("define", "xylophone")
    assert result.exit_code == 1 and "no glossary term" in result.stderr


def test_export_lists_every_record_with_references():
    result = run("export")
    assert result.exit_code == 0
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(rows) >= 300
    keys = {
        "id",
        "code",
        "kind",
        "number",
        "heading",
        "lang",
        "title",
        "summary",
        "text",
        "source",
        "references",
        "cited_by",
    }
    assert all(set(r) == keys for r in rows)
    by_id = {r["id"]: r for r in rows}
    assert "1912/law/73" in by_id["1912/law/83"]["references"]


def test_corpus_check_passes():
    result = run("corpus", "check")
    assert result.exit_code == 0, result.output


def test_help_has_examples():
    for command in ("law", "define", "export"):
        result = run(command, "--help")
        assert result.exit_code == 0 and "Example" in result.stdout
