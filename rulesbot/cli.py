"""Command line: parses arguments, calls the library, hands results to the renderer."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from rulesbot import render
from rulesbot.errors import RulesbotError

app = typer.Typer(
    help="rulesbot: the laws of bridge (1912 auction, 1991 duplicate, WBF), quoted verbatim.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
corpus_app = typer.Typer(help="Build and check corpus/records.jsonl from the source texts.")
app.add_typer(corpus_app, name="corpus")

F = TypeVar("F", bound=Callable[..., Any])
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def guarded(func: F) -> F:
    """The one place where domain errors become one line on stderr and an exit code."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except RulesbotError as exc:
            render.error(str(exc))
            raise typer.Exit(exc.exit_code) from None

    return wrapper  # type: ignore[return-value]


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
    render.show_records(corpus, corpus.law(number, code, kind), as_json)


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
    render.show_definitions(corpus, corpus.define(term), as_json)


@app.command()
@guarded
def export() -> None:
    """Write every record as one JSON object per line.

    Example: rulesbot export > records.jsonl
    """
    render.export(_corpus().records)


@corpus_app.command("build")
@guarded
def corpus_build() -> None:
    """Parse corpus/sources with the reviewed data and write corpus/records.jsonl."""
    from rulesbot.corpus import build, sources, store

    root = sources.corpus_dir()
    built = build.build(root)
    store.dump(built.records, root / store.RECORDS_FILE)
    render.problems([str(p) for p in built.problems])
    typer.echo(f"{len(built.records)} records written to {root / store.RECORDS_FILE}")
    if built.problems:
        raise typer.Exit(1)


@corpus_app.command("check")
@guarded
def corpus_check() -> None:
    """Report unresolved references and a records file that is out of date."""
    from rulesbot.corpus import build, sources, store

    root = sources.corpus_dir()
    built = build.build(root)
    lines = [str(p) for p in built.problems]
    if [r.to_dict() for r in store.load()] != [r.to_dict() for r in built.records]:
        lines.append(f"{root / store.RECORDS_FILE}: out of date (run `rulesbot corpus build`)")
    render.problems(lines)
    if lines:
        raise typer.Exit(1)
    typer.echo(f"ok: {len(built.records)} records, every reference resolves")


def main() -> None:
    app()
