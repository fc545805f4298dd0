"""Citations named in a question, in the ways the three languages write them."""

from __future__ import annotations

import pytest

from rulesbot.citations import Citation, find


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("law 84", [Citation(None, "law", "84")]),
        ("Law 84 1912", [Citation("1912", "law", "84")]),
        ("law 84 (1912)", [Citation("1912", "law", "84")]),
        ("84 ก", [Citation("1912", "law", "84", "ก")]),
        ("1991 law 64B", [Citation("1991", "law", "64", "B")]),
        ("Law 64(b)", [Citation(None, "law", "64", "B")]),
        ("第64条", [Citation("1991", "law", "64")]),
        ("第 64 条（B）", [Citation("1991", "law", "64", "B")]),
        ("กฎข้อ 84", [Citation("1912", "law", "84")]),
        ("ข้อ 84 การเล่นผิดชุด", [Citation("1912", "law", "84")]),
        ("etiquette 9", [Citation("1912", "etiquette", "9")]),
        ("มารยาทข้อ 9", [Citation("1912", "etiquette", "9")]),
        ("case 8", [Citation("1912", "ruling", "8")]),
        ("What did Case 8 decide?", [Citation("1912", "ruling", "8")]),
        ("case 12 and law 84", [Citation("1912", "ruling", "12"), Citation(None, "law", "84")]),
        ("คำตัดสินที่ 8", [Citation("1912", "ruling", "8")]),
        ("1912/law/84", [Citation("1912", "law", "84")]),
        ("what does 1991/definition/revoke say", [Citation("1991", "definition", "revoke")]),
        ("What does the 1991 code say in law 12?", [Citation("1991", "law", "12")]),
        (
            "Law 72 of 1912 vs law 64 of 1991",
            [Citation("1912", "law", "72"), Citation("1991", "law", "64")],
        ),
        ("84", [Citation(None, "law", "84")]),
    ],
)
def test_citations_are_found(question, expected):
    assert find(question) == expected


@pytest.mark.parametrize(
    "question",
    [
        "what is the penalty for a revoke",
        "is law 84 a penalty",  # the "a" after the number is a word, not clause (a)
        "I hold 14 cards, what now?",
        "โทษของการเล่นผิดชุด",
        "藏牌的罚则是什么",
        "bylaw 5",
        "what happens in case 2 players revoke on the same trick",
        "section 3 tricks",
    ],
)
def test_no_false_citations(question):
    found = find(question)
    assert all(c.clause is None for c in found)
    if question != "is law 84 a penalty":
        assert found == []
