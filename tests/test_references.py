"""Cross-references: found in every form the texts use, resolved, counted both ways."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulesbot.corpus.references import find_citations
from rulesbot.corpus.sources import Line


def refs(record):
    return {(r.target, r.clause) for r in record.references}


def test_every_reference_resolves(built):
    assert [str(p) for p in built.problems if "->" in p.message] == []


def test_thai_forms(records):
    assert ("1912/law/73", None) in refs(records["1912/law/83"])  # footnote [27] ดู กฎข้อ 73
    assert ("1912/law/14", None) in refs(records["1912/law/21"])  # [26] ดูข้อบังคับที่ 14
    assert ("1912/law/84", None) in refs(records["1912/law/7"])  # [24]
    assert ("1912/etiquette/9", None) in refs(records["1912/ruling/8"])  # มารยาทข้อ 9
    assert ("1912/etiquette/10", None) in refs(records["1912/ruling/10"])  # มารยาทส่วนที่ 10
    assert ("1912/law/24", None) in refs(records["1912/ruling/4"])  # กฎข้อที่ 24


def test_thai_lists_and_clauses():
    line = Line("x", 1, "ดังนี้ (กฎข้อ 80, 86 และ 92) และ (ดู กฎข้อ 37 ข.) ตาม กฎข้อที่ 24")
    cites = find_citations("1912", "law", [line])
    assert [(c.number, c.clause) for c in cites] == [
        ("80", None),
        ("86", None),
        ("92", None),
        ("37", "ข"),
        ("24", None),
    ]


def test_bare_item_takes_kind_of_previous_citation():
    lines = [Line("x", 1, "มารยาทข้อ 9 ระบุว่า ..."), Line("x", 2, "เจตนาของข้อ 9 คือ")]
    cites = find_citations("1912", "ruling", lines)
    assert [(c.kind, c.number) for c in cites] == [("etiquette", "9"), ("etiquette", "9")]
    lines = [Line("x", 1, "กฎข้อ 52 ระบุว่า"), Line("x", 2, "ตีความข้อ 52 ")]
    assert [c.kind for c in find_citations("1912", "ruling", lines)] == ["law", "law"]


def test_penalty_table_law_column(records):
    assert ("1912/law/84", "ก") in refs(records["1912/penalty/1"])
    assert ("1912/law/37", "d") in refs(records["1912/penalty/15"])
    row = refs(records["1912/penalty/10"])  # exposed during play: 72, then 67 and 72
    assert {t for t, _ in row} == {"1912/law/72", "1912/law/67"}
    assert {t for t, _ in refs(records["1912/penalty/16"])} == {"1912/law/36", "1912/law/37"}


def test_chinese_forms():
    text = (
        "参阅77条；详见42条B2；（参阅第12条）；按31条处理；50条的规定；规则90条；"
        "16条规则；参阅19和77条；按70、71条处理；参阅规则81条（C）6；本条A款"
    )
    cites = find_citations("1991", "law", [Line("x", 1, text)])
    assert [(c.kind, c.number, c.clause) for c in cites] == [
        ("law", "77", None),
        ("law", "42", "B2"),
        ("law", "12", None),
        ("law", "31", None),
        ("law", "50", None),
        ("law", "90", None),
        ("law", "16", None),
        ("law", "19", None),
        ("law", "77", None),
        ("law", "70", None),
        ("law", "71", None),
        ("law", "81", "（C）6"),
        ("self", "", "A"),
    ]


def test_chinese_references_land_on_the_right_articles(records):
    # 详见42条B2: dummy's rights; 参阅90条: procedural penalties; 详见50条: penalty card
    assert any(
        r.target == "1991/law/42" and r.clause == "B2" for r in records["1991/law/9"].references
    )
    assert "1991/law/90" in records["1991/law/11"].reference_ids
    assert "1991/law/50" in records["1991/law/14"].reference_ids
    assert "1991/law/12" in records["1991/definition/adjusted-score"].reference_ids


def test_cited_by_is_the_inverse_of_references(records):
    for record in records.values():
        for target in record.reference_ids:
            assert record.id in records[target].cited_by
        for source in record.cited_by:
            assert record.id in records[source].reference_ids
    cited = set(records["1912/law/84"].cited_by)
    assert {"1912/penalty/1", "1912/penalty/2", "1912/ruling/12", "1912/law/7"} <= cited


@given(st.lists(st.integers(min_value=1, max_value=93), min_size=1, max_size=4))
def test_any_chinese_list_of_laws_is_found(numbers):
    text = "参阅" + "、".join(str(n) for n in numbers) + "条。"
    cites = find_citations("1991", "law", [Line("x", 1, text)])
    assert [int(c.number) for c in cites] == numbers


@given(st.integers(min_value=1, max_value=97), st.sampled_from(["", "ที่"]))
def test_any_thai_law_citation_is_found(number, infix):
    cites = find_citations("1912", "law", [Line("x", 1, f"ดู กฎข้อ{infix} {number} แล้ว")])
    assert [(c.kind, int(c.number)) for c in cites] == [("law", number)]


def test_reviewed_errata_fix_the_link_not_the_text(records):
    (ref,) = [r for r in records["1912/ruling/9"].references if r.cited_as == "มารยาทส่วนที่ 9"]
    assert (ref.target, ref.printed) == ("1912/etiquette/8", "1912/etiquette/9")
    assert "มารยาทส่วนที่ 9" in records["1912/ruling/9"].text
    refs_ = {(r.target, r.printed) for r in records["1991/definition/redouble"].references}
    assert ("1991/law/19", "1991/law/17") in refs_
