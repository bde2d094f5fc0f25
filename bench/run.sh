#!/usr/bin/env bash
# Throughput benchmark: dateline vs spaCy en_core_web_sm, same captions, same run.
# See bench/README.md. Usage: bash bench/run.sh
#
# Environment (all optional):
#   BENCH_CAPTIONS   captions in bench/out/captions.jsonl      (default 100000)
#   SPACY_LIMIT      captions spaCy times (first N of the file) (default 3000)
#   BENCH_RESULTS    results file to append to                 (default bench/results.md)
#   DATELINE_BIN     dateline binary to run      (default target/release/dateline)
#   PYTHON           python used to create the venv            (default python3)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."   # repo root

BENCH_CAPTIONS=${BENCH_CAPTIONS:-100000}
SPACY_LIMIT=${SPACY_LIMIT:-3000}
BENCH_RESULTS=${BENCH_RESULTS:-bench/results.md}
DATELINE_BIN=${DATELINE_BIN:-target/release/dateline}
PYTHON=${PYTHON:-python3}
OUT=bench/out
CAPTIONS=$OUT/captions.jsonl
VENV=bench/.venv

step() { printf '\n==> %s\n' "$*" >&2; }

# (a) build
step "cargo build --release"
cargo build --release

# (b) captions
step "make $BENCH_CAPTIONS captions -> $CAPTIONS"
mkdir -p "$OUT"
"$PYTHON" bench/make_captions.py "$CAPTIONS" -n "$BENCH_CAPTIONS"

# (c) dateline, 1 thread and all cores
run_dateline() {  # $1 = threads, $2 = output file
    local threads=$1 out=$2
    step "dateline bench extract --threads $threads"
    if ! "$DATELINE_BIN" bench extract --input jsonl "$CAPTIONS" --threads "$threads" >"$out"; then
        echo "run.sh: '$DATELINE_BIN bench extract' failed" >&2
        exit 1
    fi
    if ! grep -q '"captions_per_sec"' "$out"; then
        echo "run.sh: '$DATELINE_BIN bench extract' printed no JSON line with captions_per_sec:" >&2
        head -c 2000 "$out" >&2
        exit 1
    fi
    tail -n 1 "$out" >&2
}
run_dateline 1 "$OUT/dateline-1.json"
run_dateline 0 "$OUT/dateline-all.json"

# (d) spaCy venv, pinned by bench/requirements.txt
if [[ ! -x $VENV/bin/python ]]; then
    step "create $VENV"
    "$PYTHON" -m venv "$VENV"
fi
step "pip install -r bench/requirements.txt"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r bench/requirements.txt

# (e) spaCy baseline on the same file
step "spaCy baseline (first $SPACY_LIMIT captions, 1 thread)"
"$VENV/bin/python" bench/spacy_baseline.py "$CAPTIONS" --limit "$SPACY_LIMIT" >"$OUT/spacy.json"
tail -n 1 "$OUT/spacy.json" >&2

# (f) table + results.md
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
if [[ $commit != unknown && -n $(git status --porcelain --untracked-files=no 2>/dev/null) ]]; then
    commit="$commit-dirty"
fi
BENCH_DATE=$(date -u +%Y-%m-%dT%H:%M:%SZ) \
BENCH_ARCH=$(uname -m) \
BENCH_NPROC=$(nproc) \
BENCH_COMMIT=$commit \
    "$PYTHON" bench/report.py "$OUT/dateline-1.json" "$OUT/dateline-all.json" \
        "$OUT/spacy.json" "$BENCH_RESULTS"
