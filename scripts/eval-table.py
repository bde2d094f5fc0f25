#!/usr/bin/env python3
"""Print a Markdown table of per-field F1 for each gold set, from `dateline eval --json`.

usage: scripts/eval-table.py [DATELINE_BIN]    (default: target/release/dateline)
Run from the repository root. Used to write EVALUATION.md.
"""
import json, subprocess, sys

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/dateline"
SETS = [
    ("dev (43)", ["tests/fixtures/corpus/seed_gold.jsonl", "tests/fixtures/corpus/captions.jsonl"]),
    ("heldout (80)", ["tests/fixtures/corpus/heldout.jsonl"]),
    ("heldout2 (70)", ["tests/fixtures/corpus/heldout2.jsonl"]),
    ("heldout3 (60)", ["tests/fixtures/corpus/heldout3.jsonl"]),
    ("heldout4 (45)", ["tests/fixtures/corpus/heldout4.jsonl"]),
    ("heldout5 (30)", ["tests/fixtures/corpus/heldout5.jsonl"]),
    ("heldout6 (118)", ["tests/fixtures/corpus/heldout6.jsonl"]),
    ("heldout7 (138)", ["tests/fixtures/corpus/heldout7.jsonl"]),
    ("heldout8 (139)", ["tests/fixtures/corpus/heldout8.jsonl"]),
    ("heldout9 (111)", ["tests/fixtures/corpus/heldout9.jsonl"]),
    ("heldout10 (60)", ["tests/fixtures/corpus/heldout10.jsonl"]),
    ("heldout11 (110)", ["tests/fixtures/corpus/heldout11.jsonl"]),
    ("heldout12 (110)", ["tests/fixtures/corpus/heldout12.jsonl"]),
    ("heldout13 (110)", ["tests/fixtures/corpus/heldout13.jsonl"]),
    ("heldout14 (110)", ["tests/fixtures/corpus/heldout14.jsonl"]),
    ("heldout15 (110)", ["tests/fixtures/corpus/heldout15.jsonl"]),
    ("heldout16 (110)", ["tests/fixtures/corpus/heldout16.jsonl"]),
    ("heldout17 (110)", ["tests/fixtures/corpus/heldout17.jsonl"]),
    ("heldout18 (110)", ["tests/fixtures/corpus/heldout18.jsonl"]),
    ("heldout19 (110)", ["tests/fixtures/corpus/heldout19.jsonl"]),
    ("heldout20 (105)", ["tests/fixtures/corpus/heldout20.jsonl"]),
    ("heldout21 (110)", ["tests/fixtures/corpus/heldout21.jsonl"]),
    ("heldout22 (100)", ["tests/fixtures/corpus/heldout22.jsonl"]),
    ("heldout23 (100)", ["tests/fixtures/corpus/heldout23.jsonl"]),
    ("heldout24 (100)", ["tests/fixtures/corpus/heldout24.jsonl"]),
    ("heldout25 (100)", ["tests/fixtures/corpus/heldout25.jsonl"]),
    ("heldout26 (100)", ["tests/fixtures/corpus/heldout26.jsonl"]),
    ("heldout27 (92)", ["tests/fixtures/corpus/heldout27.jsonl"]),
]
FIELDS = ["agency", "date", "city", "sublocation", "province", "country", "event_type", "killed", "injured",
          "casualty_source", "creator", "places", "people", "organizations", "reported"]
reports = []
for name, files in SETS:
    out = subprocess.run([BIN, "eval", "--json", *files], capture_output=True, text=True, check=True).stdout
    reports.append((name, json.loads(out)))
print("| field | " + " | ".join(n for n, _ in reports) + " |")
print("|---|" + "---:|" * len(reports))
for f in FIELDS:
    print(f"| {f} | " + " | ".join(f"{r['fields'][f]['f1']:.3f}" for _, r in reports) + " |")
print("| **macro-F1** | " + " | ".join(f"**{r['macro_f1']:.3f}**" for _, r in reports) + " |")
