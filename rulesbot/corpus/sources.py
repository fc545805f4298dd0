"""Reading the source texts and the reviewed data files beside them.

Normalisation (the only one applied anywhere): trailing whitespace is removed from each
line and blank lines are skipped. Everything else is kept byte for byte, so a record's
text is a run of source lines joined with newlines.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulesbot.errors import CorpusError

BOOK_1912 = ("000_4a75891ef1d8e08e.txt", "003_818ccc9cfca3bfbd.txt")
RULES_1991 = "002_dc6495ac30005e06.txt"
WBF = "004_0f0df68e2678ec31.txt"
ALL_SOURCES = (*BOOK_1912, RULES_1991, WBF)


@dataclass(frozen=True)
class Line:
    file: str
    no: int
    text: str


def corpus_dir() -> Path:
    """corpus/ of this checkout, or RULESBOT_CORPUS_DIR."""
    env = os.environ.get("RULESBOT_CORPUS_DIR")
    path = Path(env) if env else Path(__file__).resolve().parents[2] / "corpus"
    if not (path / "sources").is_dir():
        raise CorpusError(str(path), None, "corpus folder not found (set RULESBOT_CORPUS_DIR)")
    return path


def read_lines(name: str, root: Path | None = None) -> list[Line]:
    """The non-blank lines of one source file, trailing whitespace removed."""
    path = (root or corpus_dir()) / "sources" / name
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CorpusError(str(path), None, f"cannot read source: {exc}") from exc
    lines = []
    for no, text in enumerate(raw.split("\n"), 1):
        text = text.rstrip()
        if text:
            lines.append(Line(name, no, text))
    return lines


def read_tsv(path: Path) -> Iterator[tuple[int, list[str]]]:
    """(line number, fields) of a tab-separated data file; '#' lines are comments."""
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CorpusError(str(path), None, f"cannot read: {exc}") from exc
    for no, text in enumerate(raw.split("\n"), 1):
        if text.strip() and not text.startswith("#"):
            yield no, text.split("\t")


def read_jsonl(path: Path, required: tuple[str, ...]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) of a JSON-lines file; fails on bad JSON or a missing field."""
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CorpusError(str(path), None, f"cannot read: {exc}") from exc
    for no, text in enumerate(raw.split("\n"), 1):
        if not text.strip():
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CorpusError(str(path), no, f"unparseable JSON: {exc.msg}") from exc
        if not isinstance(obj, dict):
            raise CorpusError(str(path), no, "entry is not a JSON object")
        missing = [k for k in required if k not in obj]
        if missing:
            raise CorpusError(str(path), no, f"missing field(s): {', '.join(missing)}")
        yield no, obj


def load_artefacts(root: Path) -> set[tuple[str, int]]:
    """The reviewed list of lines that are not text of the book, each checked verbatim."""
    path = root / "data" / "artefacts.tsv"
    texts = {name: {ln.no: ln.text for ln in read_lines(name, root)} for name in ALL_SOURCES}
    found: set[tuple[str, int]] = set()
    for no, fields in read_tsv(path):
        if len(fields) != 3 or not fields[1].isdigit():
            raise CorpusError(str(path), no, "expected: file, line, text")
        name, line, text = fields[0], int(fields[1]), fields[2]
        if texts.get(name, {}).get(line) != text:
            raise CorpusError(str(path), no, f"{name}:{line} does not read {text!r}")
        found.add((name, line))
    return found
