"""Answers through CliRunner (fake embedder): citation routing, the grouped answer view,
refs, compare, penalty, their error paths, and proof that every quoted line is verbatim."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulesbot import answer, render
from rulesbot.cli import app
from rulesbot.corpus import sources
from rulesbot.records import CODE_NAMES

runner = CliRunner()


def run(*args: str, stdin: bytes | str | None = None):
    return runner.invoke(app, list(args), input=stdin)


def one_error_line(result, code: int) -> str:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output and result.stderr.count("\n") == 1
    assert len(result.stderr) < 400  # a 100 kB argument is not echoed back whole
    return result.stderr


@pytest.mark.parametrize(
    ("question", "ids"),
    [
        ("law 84", ["1912/law/84", "1991/law/84"]),
        ("Law 84 1912", ["1912/law/84"]),
        ("84 ก", ["1912/law/84"]),
        ("1991 law 64B", ["1991/law/64"]),
        ("第64条", ["1991/law/64"]),
        ("กฎข้อ 84", ["1912/law/84"]),
        ("etiquette 9", ["1912/etiquette/9"]),
        ("case 8", ["1912/ruling/8"]),
        ("1912/law/84", ["1912/law/84"]),
    ],
)
def test_named_citations_skip_the_search(question, ids, monkeypatch, tmp_path):
    # No index exists and the model is unknown: the answer must not need either.
    monkeypatch.setenv("RULESBOT_INDEX_DIR", str(tmp_path / "none"))
    result = run("ask", question, "--json", "--model", "st:/nonexistent")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["route"] == "citation" and [a["id"] for a in data["answers"]] == ids
    assert all(a["score"] is None for a in data["answers"])
    assert not (tmp_path / "none").exists()


def test_a_chinese_question_opens_the_1991_law_of_a_number_first():
    data = json.loads(run("ask", "law 64 的判罚", "--json").stdout)
    assert [a["id"] for a in data["answers"]] == ["1991/law/64", "1912/law/64"]


def test_unknown_citation_is_one_line_exit_1():
    assert "no law 120 in code 1912" in one_error_line(run("ask", "law 120 1912"), 1)
    assert "no ruling 40" in one_error_line(run("ask", "case 40"), 1)


def test_answer_view_nests_rows_and_rulings_under_their_law():
    result = run("ask", "law 84 1912")
    out = result.stdout
    assert result.exit_code == 0
    assert out.index("1912 · Law 84 — Penalty for a revoke  [law text]") < out.index(
        "── Penalty-table row on 1912 · Law 84 ──"
    )
    rows = re.findall(r"1912 · Penalty table, row (\d+) — .*\[penalty-table row\]", out)
    assert rows == ["1", "2", "4"]
    assert "1912 · Ruling, Case 12 — Case 12: revoking defenders" in out
    assert "Editorial summary (not an official translation): " in out


def test_search_answer_is_grouped_by_code(fake_index: Path):
    result = run("ask", "โทษของการเล่นผิดชุด", "--model", "fake")
    assert result.exit_code == 0
    rules = [line for line in result.stdout.splitlines() if line.startswith("──")]
    titles = [name for name in CODE_NAMES.values() for line in rules if name in line]
    assert len(titles) == len(set(titles)) >= 2  # each code once, as a group heading


def test_no_match_says_so_and_suggests_define(fake_index: Path):
    result = run("ask", "What is the capital of France?", "--model", "fake")
    assert result.exit_code == 1
    assert "No law matches this question" in result.stdout and "define" in result.stdout
    data = json.loads(run("ask", "capital of France", "--json", "--model", "fake").stdout)
    assert data["no_match"] and data["answers"] == []


def test_refs_tree_and_json(corpus):
    result = run("refs", "84", "--code", "1912")
    assert result.exit_code == 0
    assert "Cites: nothing" in result.stdout and "Cited by" in result.stdout
    assert "1912 · Penalty table, row 1  Revoke by the declarer" in result.stdout
    data = json.loads(run("refs", "1912/ruling/8", "--depth", "2", "--json").stdout)
    cites = [n["id"] for n in data["cites"]]
    assert cites == ["1912/law/72", "1912/etiquette/9"]
    below = {n["id"]: [c["id"] for c in n["cites"]] for n in data["cites"]}
    assert below["1912/law/72"] == corpus.by_id["1912/law/72"].reference_ids
    both = json.loads(run("refs", "64", "--json").stdout)
    assert [t["id"] for t in both] == ["1912/law/64", "1991/law/64"]


def test_refs_marks_a_cycle_instead_of_following_it(corpus):
    cyclic = [
        r
        for r in corpus.records
        if any(r.id in corpus.by_id[t].reference_ids for t in r.reference_ids)
    ]
    assert cyclic, "the corpus has mutual references"
    tree = answer.refs(corpus, cyclic[0], depth=3)
    back = [n for child in tree.cites for n in child.children if n.record.id == cyclic[0].id]
    assert back and all(n.repeated and not n.children for n in back)


def test_refs_errors():
    assert "no law 300" in one_error_line(run("refs", "300", "--code", "1991"), 1)
    assert run("refs", "84", "--depth", "9").exit_code == 2
    assert "not a law number" in one_error_line(run("refs", "eighty"), 2)


def test_compare_topic_from_the_concordance_json():
    data = json.loads(run("compare", "revoke", "--json").stdout)
    assert data["topic"] == "revoke" and data["source"] == "concordance"
    assert data["1912"][0]["id"] == "1912/law/84" and data["1991"][0]["id"] == "1991/law/64"
    alias = json.loads(run("compare", "藏牌", "--json").stdout)
    assert alias["topic"] == "revoke"


def test_compare_a_record_finds_its_counterparts():
    data = json.loads(run("compare", "1912/law/84", "--json").stdout)
    assert [r["id"] for r in data["1912"]] == ["1912/law/84"]
    assert "1991/law/64" in [r["id"] for r in data["1991"]]


def test_compare_side_by_side_and_stacked(monkeypatch):
    side = run("compare", "dummy rights", "--layout", "side")
    assert side.exit_code == 0 and "┃" in side.stdout  # a two-column table
    header = next(line for line in side.stdout.splitlines() if "Laws of Auction" in line)
    assert "China Bridge" in header  # both codes named on one line, above their columns
    stacked = run("compare", "dummy rights")  # not a terminal: stacked, lines never cut
    assert stacked.exit_code == 0 and "┃" not in stacked.stdout
    assert stacked.stdout.index(CODE_NAMES["1912"]) < stacked.stdout.index(CODE_NAMES["1991"])
    assert "Editorial note (not an official translation)" in stacked.stdout


def test_compare_outside_the_concordance_searches_each_code(fake_index: Path):
    data = json.loads(run("compare", "shuffling the pack", "--json", "--model", "fake").stdout)
    assert data["source"] in ("search", "concordance")
    assert all(r["code"] == "1912" for r in data["1912"])
    assert all(r["code"] == "1991" for r in data["1991"])


def test_compare_errors(fake_index: Path):
    assert "empty" in one_error_line(run("compare", "  "), 2)
    assert "layout" in one_error_line(run("compare", "revoke", "--layout", "wide"), 2)
    assert "1912/law/84 or 1991/law/84" in one_error_line(run("compare", "law 84"), 2)
    result = run("compare", "the capital of France", "--model", "fake")
    assert "no law of 1912 or 1991" in one_error_line(result, 1)


def test_penalty_rows_laws_and_the_1991_rule(fake_index: Path):
    data = json.loads(run("penalty", "revoke", "--json", "--model", "fake").stdout)
    rows = [r["id"] for r in data["rows"]]
    assert {"1912/penalty/1", "1912/penalty/2", "1912/penalty/4"} <= set(rows)
    assert "1912/law/84" in [r["id"] for r in data["laws"]]
    assert [r["id"] for r in data["1991"]][:1] == ["1991/law/64"]
    text = run("penalty", "84 ก", "--model", "fake").stdout
    assert "การเล่นผิดกติกาโดยผู้ประกาศ 150 คะแนน 84 ก" in text


def test_penalty_errors(fake_index: Path):
    assert "empty" in one_error_line(run("penalty", ""), 2)
    result = run("penalty", "the capital of France", "--model", "fake")
    assert "Summary of Penalties" in one_error_line(result, 1)


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("ask", ""), 2),
        (("ask", "   "), 2),
        (("ask", "x" * 100_000), 2),
        (("ask", "revoke\x1b[31m"), 2),
        (("ask", "revoke\udcff"), 2),  # an undecodable argv byte, as Python keeps it
        (("ask", "revoke", "--code", "1800"), 2),
        (("law", "120", "--code", "1912"), 1),
        (("law", "1912/law/999"), 1),
        (("law", "1912/nonsense"), 2),
        (("refs", "1912/law/999"), 1),
        (("compare", "x" * 100_000), 2),
        (("penalty", "\x00"), 2),
        (("define", ""), 2),
        (("law", "x" * 100_000), 2),
        (("define", "x" * 100_000), 1),
        (("refs", "x" * 100_000), 2),
    ],
)
def test_bad_input_is_one_line_and_nonzero(args, code, fake_index: Path):
    one_error_line(run(*args, "--model", "fake") if args[0] == "ask" else run(*args), code)


def test_every_command_help_has_an_example():
    commands = [("ask",), ("law",), ("define",), ("refs",), ("compare",), ("penalty",)]
    commands += [("chat",), ("eval",), ("export",), ("index", "build")]
    commands += [("corpus", "build"), ("corpus", "check")]
    for command in commands:
        result = run(*command, "--help")
        assert result.exit_code == 0 and "Example: rulesbot" in result.stdout, command
    assert "--install-completion" in run("--help").stdout


# Verbatim: every line an answer prints is either a fixed template or a source line.

TEMPLATE = [
    re.compile(r"^$"),
    re.compile(r"^─"),  # a rule, or a rule with a code's name
    re.compile(r"^── (Penalty-table row|Ruling) on .+ ──$"),
    re.compile(r"^(1912|1991|wbf) · .+ — .+  \[(" + "|".join(answer.LABELS.values()) + r")\]$"),
    re.compile(r"^(See|Cited by):$"),
    re.compile(r"^  (1912|1991|wbf) · \S.*$"),  # a link: citation and English title
    re.compile(r"^···$"),
    re.compile("^" + re.escape(render.EDITORIAL) + ": "),
    re.compile(r"^[┏┃┡│└┗━─┌┐┘├┤┬┴┼╇╈╋]"),  # a rebuilt table (cells checked in test_data)
    re.compile("^" + re.escape(render.NO_MATCH.split("{")[0])),
    re.compile(r"^Compare: .+  \(from (concordance|search in each code)\)$"),
    re.compile("^" + re.escape(render.EDITORIAL_NOTE) + ": "),
    re.compile(r"^Also in (1912|1991):$|^\(nothing\)$"),
]


@pytest.fixture(scope="module")
def allowed_lines(corpus) -> set[str]:
    lines = {line.text for name in sources.ALL_SOURCES for line in sources.read_lines(name)}
    lines |= set(CODE_NAMES.values())
    lines |= {" › ".join(r.heading) for r in corpus.records}
    lines |= {f.text for r in corpus.records for f in r.footnotes}
    return lines


def not_verbatim(output: str, allowed: set[str]) -> list[str]:
    return [
        line
        for line in output.splitlines()
        if line not in allowed and not any(t.match(line) for t in TEMPLATE)
    ]


def test_every_record_view_is_verbatim(corpus, allowed_lines, capsys):
    for record in corpus.records:
        render.show_answer(answer.from_records(corpus, record.id, [record]))
        out = capsys.readouterr().out
        assert not not_verbatim(out, allowed_lines), record.id
        for line in record.text.split("\n"):
            assert line in out or record.tables, (record.id, line)


def test_every_search_answer_is_verbatim(fake_index: Path, allowed_lines):
    questions = Path(__file__).parent / "eval" / "questions.jsonl"
    lines = [json.loads(row)["q"] for row in questions.read_text("utf-8").splitlines()]
    for command in (["ask"], ["compare"], ["penalty"]):
        for question in lines[::7]:
            result = run(*command, question, "--model", "fake")
            assert result.exit_code in (0, 1), (command, question, result.output)
            assert not not_verbatim(result.stdout, allowed_lines), (command, question)


def test_json_answers_quote_the_records_exactly(fake_index: Path, corpus):
    data = json.loads(run("ask", "ถ้าฝ่ายตรงข้ามเปิดไพ่ก่อน", "--json", "--model", "fake").stdout)
    for item in data["answers"]:
        assert item["text"] == corpus.by_id[item["id"]].text


def test_topics_are_named_by_whole_english_words_or_native_text(corpus):
    from rulesbot.compare import find_topic

    assert find_topic(corpus.topics, "ideally") is None  # "deal" is not a word of it
    assert find_topic(corpus.topics, "藏牌的判罚").topic == "revoke"
    assert find_topic(corpus.topics, "what about a revoke?").topic == "revoke"
    assert find_topic(corpus.topics, "การนำไพ่ผิดลำดับของฝ่ายตรงข้าม").topic == "lead out of turn"
