"""Nothing lost, nothing invented: every source line is accounted for exactly once."""

from __future__ import annotations

from collections import Counter

from rulesbot.corpus import parse_1991
from rulesbot.corpus.sources import ALL_SOURCES, RULES_1991


def test_every_line_in_exactly_one_record_or_artefact(built, source_lines):
    owners: Counter[tuple[str, int]] = Counter()
    for draft in built.drafts:
        for line, _role in draft.lines:
            owners[(line.file, line.no)] += 1
    for name in ALL_SOURCES:
        for line in source_lines[name]:
            key = (line.file, line.no)
            in_records = owners[key]
            artefact = key in built.artefacts
            assert in_records + artefact == 1, f"{name}:{line.no} owned {in_records}x: {line.text}"
    assert sum(owners.values()) + len(built.artefacts) == sum(len(v) for v in source_lines.values())


def test_record_text_is_verbatim_source_lines(built, source_lines):
    by_key = {(ln.file, ln.no): ln.text for lines in source_lines.values() for ln in lines}
    for record in built.records:
        draft = next(d for d in built.drafts if d.id == record.id)
        expected = "\n".join(by_key[(ln.file, ln.no)] for ln in draft.role_lines("text"))
        assert record.text == expected
        for text_line in record.text.split("\n") if record.text else []:
            assert text_line in by_key.values(), f"{record.id}: invented line {text_line!r}"


def test_footnotes_come_from_sources(built, source_lines):
    texts = {ln.text for lines in source_lines.values() for ln in lines}
    for record in built.records:
        for note in record.footnotes:
            assert note.text in texts


def test_tables_use_each_flattened_cell_once_unchanged(built, corpus_root, source_lines):
    texts = {ln.no: ln.text for ln in source_lines[RULES_1991]}
    for spec in parse_1991.load_tables(corpus_root):
        draft = next(d for d in built.drafts if d.id == f"1991/law/{spec.law}")
        owned = sorted(ln.no for ln in draft.role_lines("table"))
        used = [n for n in spec.cell_lines() if n in owned]
        assert sorted(used) == sorted(spec.cell_lines()), "table cell outside its law"
        for row in spec.rows:
            assert all(c is None or all(n in texts for n in c) for c in row)
    all_cells = sorted(n for spec in parse_1991.load_tables(corpus_root) for n in spec.cell_lines())
    owned_all = sorted(ln.no for d in built.drafts for ln in d.role_lines("table"))
    assert all_cells == owned_all
    for record in built.records:
        flat = [c for t in record.tables for row in t.rows for c in row]
        for cell in flat:
            assert cell == "" or any(cell.startswith(texts[n]) for n in texts)


def test_scoring_tables_are_real_tables(records):
    law77 = records["1991/law/77"]
    assert len(law77.tables) >= 3
    for table in law77.tables + records["1991/law/78"].tables:
        assert table.rows and all(len(row) == len(table.columns) for row in table.rows)
    # the flattened number cells are not in the prose
    assert "\n20\n" not in law77.text and "\n500\n" not in law77.text
    imp = records["1991/law/78"].tables[0]
    assert any("4000" in cell for row in imp.rows for cell in row)


def test_artefacts_are_excluded_from_every_record(built):
    furniture = ("ตอนที่ 94/100", "การประมูลแห่งวันนี้", "ผู้เขียน: เวิร์ก")
    for record in built.records:
        for bad in furniture:
            assert bad not in record.text, record.id
    assert len(built.artefacts) == 5


def test_counts(records):
    kinds = Counter((r.code, r.kind) for r in records.values())
    assert kinds[("1912", "law")] == 97
    assert kinds[("1912", "etiquette")] == 12
    assert kinds[("1912", "ruling")] == 12
    assert kinds[("1991", "law")] == 93
    assert kinds[("1991", "definition")] >= 55
    assert kinds[("wbf", "overview")] == 8
    assert len(records) >= 300


def test_case_8_is_one_ruling_across_both_files(records):
    case = records["1912/ruling/8"]
    assert [s.file for s in case.source] == ["000_4a75891ef1d8e08e.txt", "003_818ccc9cfca3bfbd.txt"]
    assert "มารยาทข้อ 9" in case.text


def test_footnotes_attach_to_the_law_with_their_marker(records):
    assert [f.marker for f in records["1912/law/7"].footnotes] == ["[24]"]
    assert [f.marker for f in records["1912/law/8"].footnotes] == ["[25]"]
    assert [f.marker for f in records["1912/law/21"].footnotes] == ["[26]"]
    # [27] is printed on the revoke section heading; its note follows Law 83.
    assert [f.marker for f in records["1912/law/83"].footnotes] == ["[27]"]
    assert "[24]" not in records["1912/law/8"].text


def test_headings_become_heading_paths_not_text(records):
    assert records["1912/law/84"].heading[-1].startswith("การเล่นผิดชุด")
    assert "第五章 竞叫" in records["1991/law/17"].heading
    for record in records.values():
        if record.code == "1991":
            assert not any(ln.startswith("第五章") for ln in record.text.split("\n"))
