"""All terminal output. The only module that imports rich.

Source text is always wrapped in rich Text objects, never parsed as markup, so a law
that prints "[24]" shows exactly that.
"""

from __future__ import annotations

import os
from typing import Any

from rich.console import Console, Group
from rich.table import Table as RichTable
from rich.text import Text
from rich.tree import Tree

from rulesbot.answer import LABELS, Answer, Item, RefNode, RefTree, from_records, item
from rulesbot.compare import Comparison, Penalties
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


ERROR_CHARS = 300  # an error that quotes a 100 kB argument stays one readable line


def error(message: str) -> None:
    if len(message) > ERROR_CHARS:
        message = message[:ERROR_CHARS] + "…"
    console(stderr=True).print(Text(f"error: {message}"), style="bold red", soft_wrap=True)


def citation(record: Record, clause: str | None = None) -> str:
    label = KIND_LABELS[record.kind]
    number = f"{record.number}({clause})" if clause else record.number
    return f"{record.code} · {label} {number}"


def _links(out: Console, label: str, records: tuple[Record, ...]) -> None:
    if not records:
        return
    out.print(Text(f"{label}:", style="bold"))
    for target in records:
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


def _head(record: Record, clause: str | None = None) -> Text:
    """The citation line: code, kind and number, English title, and what kind of text it is."""
    head = Text(f"{citation(record, clause)} — {record.title}", style="bold cyan")
    return head + Text(f"  [{LABELS[record.kind]}]", style="dim")


def _quote(out: Console, record: Record, clause: str | None = None) -> None:
    """Citation line, code, heading, the verbatim text, footnotes, the editorial summary."""
    out.print(_head(record, clause))
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


def _nested(out: Console, label: str, of: Record, records: tuple[Record, ...]) -> None:
    for record in records:
        out.print()
        out.print(Text(f"── {label} {citation(of)} ──", style="magenta"))
        _quote(out, record)


def show_item(out: Console, it: Item) -> None:
    _quote(out, it.record, it.clause)
    out.print()
    _links(out, "See", it.see)
    _links(out, "Cited by", it.cited_by)
    _nested(out, "Penalty-table row on", it.record, it.penalties)
    _nested(out, "Ruling on", it.record, it.rulings)


def show_record(out: Console, corpus: Corpus, record: Record) -> None:
    show_item(out, item(corpus, record))


def show_records(corpus: Corpus, records: list[Record]) -> None:
    show_answer(from_records(corpus, "", records))


def show_definitions(corpus: Corpus, items: list[Definition]) -> None:
    out = console()
    for i, entry in enumerate(items):
        if i:
            out.rule()
        if entry.term:
            term = entry.term
            out.print(Text(term.en, style="bold cyan"))
            for label, forms in (
                ("English", term.en_aliases),
                ("Thai", term.th),
                ("Chinese", term.zh),
            ):
                if forms:
                    out.print(Text(f"  {label}: " + ", ".join(forms)))
        if entry.record:
            out.print()
            show_record(out, corpus, entry.record)


def problems(lines: list[str]) -> None:
    out = console(stderr=True)
    for line in lines:
        out.print(Text(line), soft_wrap=True)


NO_MATCH = "No law matches this question. Try {define} with a bridge term, or rephrase it."


def show_answer(answer: Answer, define_hint: str = "`rulesbot define TERM`") -> None:
    """The answer grouped by code, each group under a rule naming the code."""
    out = console()
    if answer.no_match:
        out.print(Text(NO_MATCH.format(define=define_hint)))
        return
    for group in answer.groups:
        out.rule(Text(CODE_NAMES[group.code], style="bold"))
        for i, it in enumerate(group.items):
            if i:
                out.print(Text("·" * 3, style="dim"))
            show_item(out, it)


def _node(record: Record, repeated: bool = False) -> Text:
    line = Text(f"{citation(record)}  {record.title}")
    return line + Text("  (already above: not followed)", style="dim") if repeated else line


def _grow(branch: Tree, nodes: tuple[RefNode, ...]) -> None:
    for node in nodes:
        _grow(branch.add(_node(node.record, node.repeated)), node.children)


def show_refs(trees: list[RefTree]) -> None:
    out = console()
    for i, tree in enumerate(trees):
        if i:
            out.print()
        root = Tree(Text(f"{citation(tree.record)} — {tree.record.title}", style="bold cyan"))
        for label, nodes in (("Cites", tree.cites), ("Cited by", tree.cited_by)):
            branch = root.add(Text(label if nodes else f"{label}: nothing", style="bold"))
            _grow(branch, nodes)
        out.print(root)


EDITORIAL_NOTE = "Editorial note (not an official translation)"
SIDE_BY_SIDE_MIN = 100  # columns below which the two codes are stacked
SHOWN_IN_FULL = 3  # records quoted per code; the rest are listed by citation


def _cell(records: tuple[Record, ...]) -> Group:
    parts: list[Any] = []
    for record in records:
        if parts:
            parts.append(Text(""))
        parts += [_head(record), Text(record.text)]
    return Group(*parts)


def show_comparison(comparison: Comparison, layout: str = "auto") -> None:
    out = console()
    source = "concordance" if comparison.source == "concordance" else "search in each code"
    out.print(Text(f"Compare: {comparison.title}", style="bold") + Text(f"  (from {source})"))
    if comparison.note:
        out.print(Text(f"{EDITORIAL_NOTE}: ", style="yellow") + Text(comparison.note))
    sides = {code: records[:SHOWN_IN_FULL] for code, records in comparison.sides.items()}
    wide = out.is_terminal and out.width >= SIDE_BY_SIDE_MIN
    if layout == "side" or (layout == "auto" and wide):
        grid = RichTable(show_lines=True, expand=True)
        for code in sides:
            grid.add_column(Text(CODE_NAMES[code]), ratio=1, overflow="fold")
        grid.add_row(*(_cell(records) or Text("(nothing)") for records in sides.values()))
        out.print(grid)
    else:
        for code, records in sides.items():
            out.rule(Text(CODE_NAMES[code], style="bold"))
            for i, record in enumerate(records):
                if i:
                    out.print(Text("·" * 3, style="dim"))
                _quote(out, record)
            if not records:
                out.print(Text("(nothing)"))
    for code, records in comparison.sides.items():
        _links(out, f"Also in {code}", records[SHOWN_IN_FULL:])


def show_penalties(found: Penalties) -> None:
    out = console()
    out.rule(Text("Summary of Penalties, " + CODE_NAMES["1912"], style="bold"))
    for record in found.rows:
        out.print(_head(record))
        out.print(Text(record.text))
    for label, records in (("1912", found.laws), ("1991", found.rules_1991)):
        out.rule(Text(f"The {label} law" + ("s" if len(records) > 1 else ""), style="bold"))
        for i, record in enumerate(records):
            if i:
                out.print(Text("·" * 3, style="dim"))
            _quote(out, record)


def show_lines(lines: list[str]) -> None:
    out = console()
    for line in lines:
        out.print(Text(line))


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
