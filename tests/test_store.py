"""The records file loads strictly: a bad entry names the file, the line and the problem."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesbot.corpus import build, store
from rulesbot.errors import CorpusError


@pytest.fixture
def records_file(tmp_path: Path, corpus_root: Path) -> Path:
    path = tmp_path / "records.jsonl"
    path.write_text((corpus_root / store.RECORDS_FILE).read_text(encoding="utf-8"), "utf-8")
    return path


def rewrite(path: Path, change) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    change(lines)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_committed_records_file_is_current(built):
    committed = store.load()
    assert [r.to_dict() for r in committed] == [r.to_dict() for r in built.records]
    assert not built.problems, [str(p) for p in built.problems]


def test_round_trip(records_file: Path):
    loaded = store.load(records_file)
    out = records_file.with_name("again.jsonl")
    store.dump(loaded, out)
    assert out.read_text("utf-8") == records_file.read_text("utf-8")


def test_duplicate_id_fails_naming_line(records_file: Path):
    rewrite(records_file, lambda lines: lines.insert(5, lines[2]))
    with pytest.raises(CorpusError) as err:
        store.load(records_file)
    assert err.value.line == 6 and "duplicate id" in err.value.problem
    assert str(records_file) in str(err.value)


def test_missing_field_fails(records_file: Path):
    def drop(lines):
        obj = json.loads(lines[10])
        del obj["text"]
        lines[10] = json.dumps(obj, ensure_ascii=False)

    rewrite(records_file, drop)
    with pytest.raises(CorpusError) as err:
        store.load(records_file)
    assert err.value.line == 11 and "text" in err.value.problem


def test_unparseable_line_fails(records_file: Path):
    rewrite(records_file, lambda lines: lines.__setitem__(3, lines[3][:40]))
    with pytest.raises(CorpusError) as err:
        store.load(records_file)
    assert err.value.line == 4 and "unparseable" in err.value.problem


def test_dangling_reference_fails(records_file: Path):
    def dangle(lines):
        obj = json.loads(lines[0])
        obj["cited_by"] = ["1912/law/999"]
        lines[0] = json.dumps(obj, ensure_ascii=False)

    rewrite(records_file, dangle)
    with pytest.raises(CorpusError, match="1912/law/999"):
        store.load(records_file)


def test_wrong_type_fails(records_file: Path):
    def retype(lines):
        obj = json.loads(lines[1])
        obj["heading"] = "not a list"
        lines[1] = json.dumps(obj, ensure_ascii=False)

    rewrite(records_file, retype)
    with pytest.raises(CorpusError, match="heading"):
        store.load(records_file)


def test_bad_law_start_data_fails_with_place(tmp_path: Path, corpus_root: Path):
    import shutil

    root = tmp_path / "corpus"
    shutil.copytree(corpus_root, root)
    starts = root / "data" / "zh_law_starts.tsv"
    lines = starts.read_text("utf-8").splitlines()
    law, line, opening = lines[20].split("\t")
    lines[20] = f"{law}\t{line}\t不是这样开头"
    starts.write_text("\n".join(lines) + "\n", "utf-8")
    with pytest.raises(CorpusError) as err:
        build.build(root)
    assert err.value.path.endswith("zh_law_starts.tsv") and err.value.line == 21
