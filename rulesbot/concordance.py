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

    def records(self, code: str) -> tuple[str, ...]:
        """The ids listed for a code, most central first (none for wbf)."""
        return {"1912": self.records_1912, "1991": self.records_1991}.get(code, ())


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


def primary(topics: list[Topic], rid: str) -> Topic | None:
    """The topic that lists a record nearest its front (the first such topic on a tie)."""
    code = rid.split("/", 1)[0]
    listing = [
        (t.records(code).index(rid), i) for i, t in enumerate(topics) if rid in t.records(code)
    ]
    return topics[min(listing)[1]] if listing else None
