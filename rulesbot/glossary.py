"""The trilingual glossary (corpus/data/glossary.jsonl): term lookup in en/th/zh."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rulesbot.corpus.sources import corpus_dir, read_jsonl
from rulesbot.errors import CorpusError

FIELDS = ("en", "en_aliases", "th", "zh", "definition")  # also optional: ambiguous, user_forms


@dataclass(frozen=True)
class Term:
    en: str
    en_aliases: tuple[str, ...]
    th: tuple[str, ...]
    zh: tuple[str, ...]
    definition: str | None
    ambiguous: tuple[str, ...] = ()
    # Words players type for the term that the texts never use (a loanword such as รีโวค):
    # they name the term in a question but, being in no text, are not searched for.
    user_forms: tuple[str, ...] = ()

    @property
    def forms(self) -> tuple[str, ...]:
        """The forms the texts and their English titles use."""
        return (self.en, *self.en_aliases, *self.th, *self.zh)

    @property
    def english(self) -> tuple[str, ...]:
        return (self.en, *self.en_aliases)


def normalize(text: str) -> str:
    """NFKC (full-width forms) and case folding; Thai is left alone, as NFKC splits สำ."""
    if text.isascii():  # NFKC leaves ASCII as it is
        return text.casefold()
    text = "".join(
        c if "\u0e00" <= c <= "\u0e7f" else unicodedata.normalize("NFKC", c) for c in text
    )
    return text.casefold()


def fold(text: str) -> str:
    """Case-, width- and space-insensitive key for matching a term."""
    return " ".join(normalize(text).split())


def _strings(value: object, path: Path, no: int, name: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise CorpusError(str(path), no, f"field {name!r} must be a list of strings")
    return tuple(value)


def load(path: Path | None = None) -> list[Term]:
    path = path or corpus_dir() / "data" / "glossary.jsonl"
    terms: list[Term] = []
    seen: dict[str, int] = {}
    for no, obj in read_jsonl(path, FIELDS):
        en = obj["en"]
        if not isinstance(en, str) or not en.strip():
            raise CorpusError(str(path), no, "field 'en' must be a non-empty string")
        if fold(en) in seen:
            raise CorpusError(str(path), no, f"duplicate term {en!r} (line {seen[fold(en)]})")
        seen[fold(en)] = no
        definition = obj["definition"]
        if definition is not None and not isinstance(definition, str):
            raise CorpusError(str(path), no, "field 'definition' must be an id or null")
        terms.append(
            Term(
                en=en,
                en_aliases=_strings(obj["en_aliases"], path, no, "en_aliases"),
                th=_strings(obj["th"], path, no, "th"),
                zh=_strings(obj["zh"], path, no, "zh"),
                definition=definition,
                ambiguous=_strings(obj.get("ambiguous", []), path, no, "ambiguous"),
                user_forms=_strings(obj.get("user_forms", []), path, no, "user_forms"),
            )
        )
    return terms


@cache
def keys(term: Term) -> frozenset[str]:
    """Every form of a term, the texts' and the players', folded."""
    return frozenset(fold(f) for f in (*term.forms, *term.user_forms))


def lookup(terms: list[Term], query: str) -> list[Term]:
    """Exact matches on any form first; otherwise terms whose forms contain the query."""
    key = fold(query)
    if not key:
        return []
    exact = [t for t in terms if key in keys(t)]
    if exact:
        return exact
    return [t for t in terms if any(key in fold(f) for f in t.forms if len(key) >= 2)]
