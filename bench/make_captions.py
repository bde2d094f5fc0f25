#!/usr/bin/env python3
"""Write N benchmark captions as JSON Lines: {"id": "...", "caption": "..."}.

NOTE: this set is the real captions of the fixture corpus (the dev captions and
the held-out sets under tests/fixtures/corpus/, field "caption", about 250
distinct captions) repeated in a fixed order until N lines are written. It is for measuring THROUGHPUT ONLY:
it is not a new evaluation set, and it says nothing about accuracy.

Deterministic: the same N and the same fixture files give byte-identical
output (ids are "bench-<index>-<source id>", so every line has a unique id).

Usage: python3 bench/make_captions.py OUT.jsonl [-n 100000]
"""

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOURCES = [
    REPO / "tests/fixtures/corpus/captions.jsonl",
    REPO / "tests/fixtures/corpus/seed_gold.jsonl",
    REPO / "tests/fixtures/corpus/heldout.jsonl",
    REPO / "tests/fixtures/corpus/heldout2.jsonl",
    REPO / "tests/fixtures/corpus/heldout3.jsonl",
]


def load_captions():
    captions = []
    for path in SOURCES:
        with path.open(encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                line = line.strip()
                if not line:
                    continue
                rec = json.loads(line)
                caption = rec.get("caption")
                if not isinstance(caption, str) or not caption.strip():
                    continue
                src_id = str(rec.get("id", f"{path.stem}-{lineno}"))
                captions.append((src_id, caption))
    return captions


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="output JSONL path ('-' for stdout)")
    ap.add_argument("-n", "--count", type=int, default=100_000,
                    help="number of captions to write (default 100000)")
    args = ap.parse_args(argv)
    if args.count < 0:
        ap.error("--count must be >= 0")

    captions = load_captions()
    if not captions:
        sys.exit("make_captions: no captions found in " + ", ".join(map(str, SOURCES)))

    width = len(str(max(args.count - 1, 0)))
    out = sys.stdout if str(args.out) == "-" else None
    if out is None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        out = args.out.open("w", encoding="utf-8", newline="\n")
    try:
        for i in range(args.count):
            src_id, caption = captions[i % len(captions)]
            rec = {"id": f"bench-{i:0{width}d}-{src_id}", "caption": caption}
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    finally:
        if out is not sys.stdout:
            out.close()
    print(f"make_captions: wrote {args.count} captions "
          f"({len(captions)} distinct) to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
