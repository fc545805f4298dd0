"""Citations named in a question ("law 84", "1991 law 64B", "第64条", "กฎข้อ 84", "case 8",
"1912/law/84"): found before any search, so a named law is answered directly."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulesbot.glossary import normalize

KIND_WORDS = {
    "law": "law",
    "laws": "law",
    "§": "law",
    "etiquette": "etiquette",
    "case": "ruling",
    "ruling": "ruling",
    "penalty row": "penalty",
    "overview": "overview",
    "section": "overview",
    "กฎ": "law",
    "กติกา": "law",
    "มารยาท": "etiquette",
    "คำตัดสิน": "ruling",
    "กรณี": "ruling",
}
# English words that are citations only when nothing but a connector follows the number.
PLAIN_WORDS = {"case", "section"}
_CONNECTOR = re.compile(
    r"\s*(?:$|[^\w\s]|(?:of|in|says?|said|about|and|or|vs|ruled?|rulings?|decided?|decides|means?|held|holds?)\b)"
)
# Which code a kind can only belong to (no need for the year to be named).
KIND_CODE = {"etiquette": "1912", "ruling": "1912", "penalty": "1912", "overview": "wbf"}

_ID = re.compile(r"\b(1912|1991|wbf)/([a-z]+)/([a-z0-9-]+)\b")
_YEAR = re.compile(r"(?<![\d/])(1912|1991|wbf)(?![\d/])")
# A clause: "(b)" or "(ก)", "64b" written close, or a Thai letter alone ("84 ก").
_CLAUSE = r"(?:\s*\(\s*(?P<c1>[a-z]|[ก-ฮ])\s*\)|(?P<c2>[a-z])(?![a-z])|\s*(?P<c3>[ก-ฮ])(?![ก-๛]))?"
_ENGLISH = re.compile(
    r"(?<![a-z])(?P<kind>laws?|§|etiquette|case|ruling|penalty row|overview|section)"
    r"\s*(?:no\.?\s*|number\s*|#\s*)?(?P<number>\d{1,3})(?!\d)" + _CLAUSE
)
_THAI = re.compile(
    r"(?:(?P<kind>กฎ|กติกา|มารยาท|คำตัดสิน|กรณี)\s*)?ข้อ\s*(?:ที่\s*)?(?P<number>\d{1,3})(?!\d)" + _CLAUSE
)
_THAI_KIND_ONLY = re.compile(r"(?P<kind>คำตัดสิน|กรณี)\s*(?:ที่\s*)?(?P<number>\d{1,3})(?!\d)")
_CHINESE = re.compile(
    r"第\s*(?P<number>\d{1,3})\s*条(?:\s*\(\s*(?P<c1>[a-z])\s*\)|\s*(?P<c2>[a-z])(?![a-z]))?"
)
_BARE = re.compile(r"^\s*(?P<number>\d{1,3})" + _CLAUSE + r"\s*$")


@dataclass(frozen=True)
class Citation:
    code: str | None  # None: every code that has this kind and number
    kind: str
    number: str
    clause: str | None = None

    def ids(self, codes: tuple[str, ...]) -> list[str]:
        return [f"{c}/{self.kind}/{self.number}" for c in ([self.code] if self.code else codes)]


def _ends_citation(rest: str) -> bool:
    return _CONNECTOR.match(rest) is not None


def _clause_code(clause: str | None) -> str | None:
    """A Thai clause letter (ก, ข) is the 1912 code's; a Latin one may be either code's."""
    return "1912" if clause and "ก" <= clause <= "ฮ" else None


def _year_near(text: str, start: int, end: int) -> str | None:
    """A year written next to one citation: "1912 law 84", "law 84 of 1912", "第64条 (1991)"."""
    after = re.match(r"[\s,(]*(?:of\s+|in\s+)?(?:the\s+)?(1912|1991|wbf)(?!\d)", text[end:])
    before = re.search(r"(?<!\d)(1912|1991|wbf)\s*(?:'s\s*)?$", text[max(0, start - 12) : start])
    near = after or before
    return near[1] if near else None


def _clause(match: re.Match[str]) -> str | None:
    groups = match.groupdict()
    raw = groups.get("c1") or groups.get("c2") or groups.get("c3")
    return raw.upper() if raw and raw.isascii() else raw


def find(question: str) -> list[Citation]:
    """Every citation the question names, in order; [] when it names none."""
    text = normalize(question)
    found: list[tuple[int, Citation]] = []
    for match in _ID.finditer(text):
        found.append((match.start(), Citation(match[1], match[2], match[3])))
    if found:
        return [c for _, c in sorted(found, key=lambda pair: pair[0])]
    years = set(_YEAR.findall(text))
    year = years.pop() if len(years) == 1 else None
    for pattern, default_kind, default_code in (
        (_ENGLISH, "law", None),
        (_THAI, "law", "1912"),
        (_THAI_KIND_ONLY, "ruling", "1912"),
        (_CHINESE, "law", "1991"),
    ):
        for match in pattern.finditer(text):
            groups = match.groupdict()
            if groups.get("kind") in PLAIN_WORDS and not _ends_citation(text[match.end() :]):
                continue  # "in case 2 players revoke" is not Case 2
            kind = KIND_WORDS.get(groups.get("kind") or "", default_kind)
            clause = _clause(match)
            code = (
                _year_near(text, match.start(), match.end())
                or year
                or KIND_CODE.get(kind)
                or _clause_code(clause)
                or default_code
            )
            number = str(int(match["number"]))
            found.append((match.start(), Citation(code, kind, number, clause)))
    if not found and (bare := _BARE.match(text)):
        clause = _clause(bare)
        found.append((0, Citation(year or _clause_code(clause), "law", str(int(bare[1])), clause)))
    unique: dict[Citation, int] = {}
    for start, citation in sorted(found, key=lambda pair: pair[0]):
        unique.setdefault(citation, start)
    return list(unique)
