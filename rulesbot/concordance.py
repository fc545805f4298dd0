"""Topics both codes rule on (corpus/data/concordance.jsonl), each naming its records."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulesbot.corpus.sources import corpus_dir, read_jsonl
from rulesbot.errors import CorpusError

FIELDS = ("topic", "title", "aliases", "1912", "1991")


@dataclass(frozen=True)
class Topic:
    topic: str
    title: str
    aliases: tuple[str, ...]
    records_1912: tuple[str, ...]
    records_1991: tuple[str, ...]
    note: str | None


def load(path: Path | None = None, ids: set[str] | None = None) -> list[Topic]:
    path = path or corpus_dir() / "data" / "concordance.jsonl"
    topics: list[Topic] = []
    seen: set[str] = set()
    for no, obj in read_jsonl(path, FIELDS):
        if obj["topic"] in seen:
            raise CorpusError(str(path), no, f"duplicate topic {obj['topic']!r}")
        seen.add(obj["topic"])
        for code in ("1912", "1991"):
            for rid in obj[code]:
                if not isinstance(rid, str) or not rid.startswith(code + "/"):
                    raise CorpusError(str(path), no, f"{rid!r} is not a {code} record id")
                if ids is not None and rid not in ids:
                    raise CorpusError(str(path), no, f"no record {rid}")
        topics.append(
            Topic(
                topic=obj["topic"],
                title=obj["title"],
                aliases=tuple(obj["aliases"]),
                records_1912=tuple(obj["1912"]),
                records_1991=tuple(obj["1991"]),
                note=obj.get("note"),
            )
        )
    return topics
