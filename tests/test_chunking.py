"""Chunks rejoin to their record, carry its editorial context, and cover every record."""

from __future__ import annotations

from rulesbot.chunking import MAX_CHARS, chunk_all, chunk_record


def test_text_chunks_rejoin_to_the_record(records):
    for record in records.values():
        pieces = [c.text for c in chunk_record(record) if c.role == "text"]
        assert "\n".join(pieces) == record.text, record.id


def test_every_record_is_searchable_with_its_title(records):
    chunks = chunk_all(list(records.values()))
    assert {c.record_id for c in chunks} == set(records)
    for chunk in chunks:
        if chunk.role in ("text", "table"):
            assert records[chunk.record_id].title in chunk.passage
    editorial = [c for c in chunks if c.role == "editorial"]
    assert len(editorial) == len(records)


def test_long_records_are_split_near_the_limit(records):
    for record in records.values():
        for chunk in chunk_record(record):
            if chunk.role == "text" and "\n" in chunk.text:
                assert len(chunk.text) <= 2 * MAX_CHARS + 200, record.id
