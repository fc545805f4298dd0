"""All terminal output. The only module that imports rich.

Source text is always wrapped in rich Text objects, never parsed as markup, so a law
that prints "[24]" shows exactly that.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from rulesbot.lookup import Corpus, Definition
from rulesbot.records import CODE_NAMES, Record, Table

EDITORIAL = "Editorial summary (not an official translation)"
KIND_LABELS = {
    "law": "Law",
    "etiquette": "Etiquette",
    "ruling": "Ruling, Case",
    "penalty": "Penalty table, row",
    "definition": "Definition",
    "overview": "Overview, section",
    "preface": "Preface",
}


def console(stderr: bool = False) -> Console:
    """A console; when output is not a terminal, lines are never wrapped (quotes stay whole)."""
    width = os.environ.get("TERMINAL_WIDTH") or os.environ.get("COLUMNS")
    out = Console(
        stderr=stderr, width=int(width) if width and width.isdigit() else None, highlight=False
    )
    out.soft_wrap = not out.is_terminal
    return out


def error(message: str) -> None:
    console(stderr=True).print(Text(f"error: {message}"), style="bold red", soft_wrap=True)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def citation(record: Record) -> str:
    label = KIND_LABELS[record.kind]
    return f"{record.code} · {label} {record.number}"


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


def _links(out: Console, corpus: Corpus, label: str, ids: list[str]) -> None:
    if not ids:
        return
    out.print(Text(f"{label}:", style="bold"))
    for rid in ids:
        target = corpus.by_id[rid]
        out.print(Text(f"  {citation(target)}  {target.title}"))


def _table(table: Table) -> RichTable:
    grid = RichTable(title=table.caption, show_header=any(table.columns))
    for column in table.columns:
        grid.add_column(column, overflow="fold")
    for row in table.rows:
        grid.add_row(*(Text(cell) for cell in row))
    return grid


def _body(out: Console, record: Record) -> None:
    """The verbatim text, with each rebuilt table at the place its cells were printed."""
    lines = record.text.split("\n") if record.text else []
    done = 0
    for table in sorted(record.tables, key=lambda t: t.after):
        if table.after > done:
            out.print(Text("\n".join(lines[done : table.after])))
            done = table.after
        out.print(_table(table))
    if done < len(lines):
        out.print(Text("\n".join(lines[done:])))


def show_record(out: Console, corpus: Corpus, record: Record) -> None:
    out.print(Text(f"{citation(record)} — {record.title}", style="bold cyan"))
    out.print(Text(CODE_NAMES[record.code], style="dim"))
    if record.heading:
        out.print(Text(" › ".join(record.heading), style="dim"))
    out.print()
    _body(out, record)
    for note in record.footnotes:
        out.print(Text(note.text, style="italic"))
    if record.summary:
        out.print()
        out.print(Text(f"{EDITORIAL}: ", style="yellow") + Text(record.summary))
    out.print()
    _links(out, corpus, "See", record.reference_ids)
    _links(out, corpus, "Cited by", record.cited_by)


def show_records(corpus: Corpus, records: list[Record], as_json: bool) -> None:
    if as_json:
        data = [record_json(r) for r in records]
        print_json(data[0] if len(data) == 1 else data)
        return
    out = console()
    for i, record in enumerate(records):
        if i:
            out.rule()
        show_record(out, corpus, record)


def definition_json(item: Definition) -> dict[str, Any]:
    term = item.term
    return {
        "en": term.en if term else None,
        "en_aliases": list(term.en_aliases) if term else [],
        "th": list(term.th) if term else [],
        "zh": list(term.zh) if term else [],
        "definition": record_json(item.record) if item.record else None,
    }


def show_definitions(corpus: Corpus, items: list[Definition], as_json: bool) -> None:
    if as_json:
        print_json([definition_json(i) for i in items])
        return
    out = console()
    for i, item in enumerate(items):
        if i:
            out.rule()
        if item.term:
            term = item.term
            out.print(Text(term.en, style="bold cyan"))
            for label, forms in (
                ("English", term.en_aliases),
                ("Thai", term.th),
                ("Chinese", term.zh),
            ):
                if forms:
                    out.print(Text(f"  {label}: " + ", ".join(forms)))
        if item.record:
            out.print()
            show_record(out, corpus, item.record)


def export(records: list[Record]) -> None:
    for record in records:
        print_json(record.export_dict())


def problems(lines: list[str]) -> None:
    out = console(stderr=True)
    for line in lines:
        out.print(Text(line), soft_wrap=True)


def answer_json(hit: Any) -> dict[str, Any]:
    record = hit.record
    return {
        "id": record.id,
        "code": record.code,
        "kind": record.kind,
        "number": record.number,
        "title": record.title,
        "text": record.text,
        "score": round(hit.score, 6),
        "references": record.reference_ids,
        "cited_by": record.cited_by,
    }


def result_json(result: Any) -> dict[str, Any]:
    return {
        "query": result.query,
        "no_match": result.no_match,
        "answers": [answer_json(h) for h in result.hits],
    }


def show_result(corpus: Corpus, result: Any) -> None:
    out = console()
    if result.no_match:
        out.print(Text("No law matches this question. Try `rulesbot define TERM` or rephrase it."))
        return
    for i, hit in enumerate(result.hits):
        if i:
            out.rule()
        show_record(out, corpus, hit.record)


def notice(message: str) -> None:
    console(stderr=True).print(Text(message, style="dim"), soft_wrap=True)


class BuildProgress:
    """A rich progress bar for `rulesbot index build` (on stderr)."""

    def __init__(self) -> None:
        from rich.progress import Progress

        self._progress = Progress(console=console(stderr=True), transient=False)
        self._task = self._progress.add_task("embedding chunks", total=None)

    def __enter__(self) -> BuildProgress:
        self._progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._progress.stop()

    def __call__(self, done: int, total: int) -> None:
        self._progress.update(self._task, completed=done, total=total)


def eval_table(report: Any) -> None:
    out = console()
    grid = RichTable(title="rulesbot eval")
    for column in ("mode", "group", "n", "R@1", "R@5", "MRR", "abstained"):
        grid.add_column(column)
    for mode, groups in report.groups.items():
        for group in sorted(groups, key=lambda g: (g != "all", g)):
            row = groups[group].row()
            grid.add_row(
                mode,
                group,
                str(row["n"]),
                f"{row['R@1']:.3f}",
                f"{row['R@5']:.3f}",
                f"{row['MRR']:.3f}",
                f"{row['abstained']:.3f}",
            )
    out.print(grid)
    for mode, right in report.abstain_right.items():
        out.print(Text(f"abstention ({mode}): {right}/{report.abstain_total} right"))


def eval_json(report: Any) -> None:
    print_json(
        {
            "modes": {
                m: {g: t.row() for g, t in groups.items()} for m, groups in report.groups.items()
            },
            "abstention": {
                m: {"right": r, "total": report.abstain_total}
                for m, r in report.abstain_right.items()
            },
            "misses": report.misses,
        }
    )
