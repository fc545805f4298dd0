"""The JSON that `--json` prints: plain dicts built from the library's records, answers,
trees and comparisons. No rich here, so a script's `--json` call never imports it."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulesbot.answer import Answer, Item, RefNode, RefTree
    from rulesbot.compare import Comparison, Penalties
    from rulesbot.evaluate import Report
    from rulesbot.lookup import Definition
    from rulesbot.records import Record


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def record_json(record: Record) -> dict[str, Any]:
    data = record.export_dict()
    data["footnotes"] = [f.text for f in record.footnotes]
    data["tables"] = [
        {"caption": t.caption, "columns": t.columns, "rows": t.rows, "after": t.after}
        for t in record.tables
    ]
    data["reference_detail"] = [
        {
            "target": r.target,
            "clause": r.clause,
            "cited_as": r.cited_as,
            "line": r.line,
            "printed": r.printed,
        }
        for r in record.references
    ]
    return data


def definition_json(entry: Definition) -> dict[str, Any]:
    term = entry.term
    return {
        "en": term.en if term else None,
        "en_aliases": list(term.en_aliases) if term else [],
        "th": list(term.th) if term else [],
        "zh": list(term.zh) if term else [],
        "definition": record_json(entry.record) if entry.record else None,
    }


def records_json(records: list[Record]) -> Any:
    data = [record_json(r) for r in records]
    return data[0] if len(data) == 1 else data


def answer_json(it: Item) -> dict[str, Any]:
    record = it.record
    return {
        "id": record.id,
        "code": record.code,
        "kind": record.kind,
        "label": it.label,
        "number": record.number,
        "clause": it.clause,
        "title": record.title,
        "text": record.text,
        "score": None if it.score is None else round(it.score, 6),
        "references": record.reference_ids,
        "cited_by": record.cited_by,
        "penalty_rows": [r.id for r in it.penalties],
        "rulings": [r.id for r in it.rulings],
    }


def result_json(answer: Answer) -> dict[str, Any]:
    return {
        "query": answer.query,
        "route": answer.route,
        "no_match": answer.no_match,
        "answers": [answer_json(it) for it in answer.items],
    }


def _node_json(node: RefNode, direction: str) -> dict[str, Any]:
    data = _brief(node.record)
    if node.repeated:
        data["repeated"] = True
    data[direction] = [_node_json(n, direction) for n in node.children]
    return data


def _brief(record: Record) -> dict[str, Any]:
    keys = ("id", "code", "kind", "number", "title")
    return {k: getattr(record, k) for k in keys}


def refs_json(trees: list[RefTree]) -> Any:
    data = [
        {
            **_brief(t.record),
            "depth": t.depth,
            "cites": [_node_json(n, "cites") for n in t.cites],
            "cited_by": [_node_json(n, "cited_by") for n in t.cited_by],
        }
        for t in trees
    ]
    return data[0] if len(data) == 1 else data


def comparison_json(comparison: Comparison) -> dict[str, Any]:
    return {
        "topic": comparison.topic,
        "title": comparison.title,
        "source": comparison.source,
        "note": comparison.note,
        **{code: [record_json(r) for r in comparison.sides[code]] for code in comparison.sides},
    }


def penalties_json(found: Penalties) -> dict[str, Any]:
    return {
        "offence": found.offence,
        "rows": [record_json(r) for r in found.rows],
        "laws": [record_json(r) for r in found.laws],
        "1991": [record_json(r) for r in found.rules_1991],
    }


def eval_json(report: Report) -> dict[str, Any]:
    return {
        "modes": {
            m: {g: t.row() for g, t in groups.items()} for m, groups in report.groups.items()
        },
        "abstention": {
            m: {"right": r, "total": report.abstain_total} for m, r in report.abstain_right.items()
        },
        "misses": report.misses,
    }
