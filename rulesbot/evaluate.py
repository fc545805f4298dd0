"""The evaluation harness: Recall@1, Recall@5 and MRR per language and code, abstention
accuracy, for hybrid, dense-only and BM25-only retrieval in one run."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from rulesbot.corpus.sources import read_jsonl
from rulesbot.errors import CorpusError
from rulesbot.search import Mode, Searcher

MODES: tuple[Mode, ...] = ("hybrid", "dense", "bm25")


@dataclass(frozen=True)
class Question:
    q: str
    lang: str
    code: str | None
    gold: tuple[str, ...]
    gold_phrase: str | None
    abstain: bool


@dataclass
class Tally:
    n: int = 0
    r1: int = 0
    r5: int = 0
    rr: float = 0.0
    abstained: int = 0

    def add(self, rank: int | None, abstained: bool) -> None:
        self.n += 1
        self.abstained += abstained
        if rank is not None:
            self.r1 += rank == 1
            self.r5 += rank <= 5
            self.rr += 1.0 / rank

    def row(self) -> dict[str, float]:
        n = max(self.n, 1)
        return {
            "n": self.n,
            "R@1": self.r1 / n,
            "R@5": self.r5 / n,
            "MRR": self.rr / n,
            "abstained": self.abstained / n,
        }


@dataclass
class Report:
    groups: dict[str, dict[str, Tally]] = field(default_factory=dict)  # mode -> group -> tally
    abstain_right: dict[str, int] = field(default_factory=dict)
    abstain_total: int = 0
    misses: list[str] = field(default_factory=list)


def load_questions(path: Path) -> list[Question]:
    questions = []
    for no, obj in read_jsonl(path, ("q", "lang")):
        gold = tuple(obj.get("gold") or ())
        abstain = bool(obj.get("abstain"))
        if not gold and not obj.get("gold_phrase") and not abstain:
            raise CorpusError(str(path), no, "needs gold, gold_phrase or abstain")
        questions.append(
            Question(obj["q"], obj["lang"], obj.get("code"), gold, obj.get("gold_phrase"), abstain)
        )
    return questions


def _rank(question: Question, ids: list[str], texts: list[str]) -> int | None:
    for rank, (rid, text) in enumerate(zip(ids, texts, strict=True), 1):
        if rid in question.gold or (question.gold_phrase and question.gold_phrase in text):
            return rank
    return None


def evaluate(searcher: Searcher, questions: list[Question]) -> Report:
    report = Report(
        groups={m: defaultdict(Tally) for m in MODES}, abstain_right={m: 0 for m in MODES}
    )
    for question in questions:
        results = searcher.search_modes(question.q, question.code, None, 5, MODES)
        for mode, result in results.items():
            if question.abstain:
                report.abstain_right[mode] += result.no_match
                continue
            ids = [h.record.id for h in result.hits][:5]
            texts = [h.record.text for h in result.hits][:5]
            rank = _rank(question, ids, texts)
            for group in ("all", f"lang={question.lang}", f"code={question.code}"):
                report.groups[mode][group].add(rank, result.no_match)
            if mode == "hybrid" and rank != 1:
                report.misses.append(f"{question.q!r} gold={list(question.gold)} got={ids[:3]}")
        report.abstain_total += question.abstain
    return report
