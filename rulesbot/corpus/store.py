"""corpus/records.jsonl: written by the build, loaded strictly by everything else.

A duplicate id, a missing or mistyped field, an unknown code or kind, a reference to a
record that does not exist, or a line that is not JSON fails loading with the file, the
line and the problem. Nothing is dropped or merged silently.
"""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

from rulesbot.corpus.sources import corpus_dir, read_jsonl
from rulesbot.errors import CorpusError
from rulesbot.records import CODES, KINDS, Record, record_from_dict

RECORDS_FILE = "records.jsonl"
FIELDS = tuple(f.name for f in fields(Record))
STRING_FIELDS = ("id", "code", "kind", "number", "lang", "title", "summary", "text")
LIST_FIELDS = ("heading", "source", "footnotes", "tables", "references", "cited_by", "queries")


def dump(records: list[Record], path: Path) -> None:
    lines = [json.dumps(r.to_dict(), ensure_ascii=False, sort_keys=True) for r in records]
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(path)


def _check_entry(obj: dict, path: Path, no: int) -> Record:
    for name in STRING_FIELDS:
        if not isinstance(obj[name], str):
            raise CorpusError(str(path), no, f"field {name!r} is not a string")
    for name in LIST_FIELDS:
        if not isinstance(obj[name], list):
            raise CorpusError(str(path), no, f"field {name!r} is not a list")
    if obj["code"] not in CODES or obj["kind"] not in KINDS:
        raise CorpusError(str(path), no, f"unknown code/kind {obj['code']}/{obj['kind']}")
    if obj["id"] != f"{obj['code']}/{obj['kind']}/{obj['number']}":
        raise CorpusError(str(path), no, f"id {obj['id']!r} does not match code/kind/number")
    if not obj["text"].strip() and not obj["tables"]:
        raise CorpusError(str(path), no, f"record {obj['id']} has no text")
    try:
        return record_from_dict(obj)
    except (KeyError, TypeError) as exc:
        raise CorpusError(str(path), no, f"malformed entry: {exc}") from exc


def load(path: Path | None = None) -> list[Record]:
    path = path or corpus_dir() / RECORDS_FILE
    if not path.exists():
        raise CorpusError(str(path), None, "records file missing (run `rulesbot corpus build`)")
    records: list[Record] = []
    where: dict[str, int] = {}
    for no, obj in read_jsonl(path, FIELDS):
        record = _check_entry(obj, path, no)
        if record.id in where:
            raise CorpusError(
                str(path), no, f"duplicate id {record.id} (first on line {where[record.id]})"
            )
        where[record.id] = no
        records.append(record)
    for record in records:
        for target in [r.target for r in record.references] + record.cited_by:
            if target not in where:
                raise CorpusError(
                    str(path), where[record.id], f"{record.id} points to missing {target}"
                )
    return records
