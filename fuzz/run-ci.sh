#!/usr/bin/env bash
# Runs every fuzz target for a short time (FUZZ_SECONDS, default 30) from seeds taken from the
# repository's fixtures, and fails on the first crash. CI calls it; a longer run is
# `FUZZ_SECONDS=600 fuzz/run-ci.sh`. Needs `cargo install cargo-fuzz`; works on stable Rust
# (`-s none`: coverage-guided, without sanitizers).
set -euo pipefail
cd "$(dirname "$0")"
SECONDS_EACH="${FUZZ_SECONDS:-30}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
root=..
# Captions, one per file, from the gold sets.
mkdir -p "$WORK/extract"
python3 - "$WORK/extract" "$root"/tests/fixtures/corpus/*.jsonl <<'PY'
import json, sys, hashlib
out = sys.argv[1]
for f in sys.argv[2:]:
    for i, l in enumerate(open(f, encoding="utf-8")):
        if l.strip() and i % 4 == 0:
            c = json.loads(l).get("caption", "").encode()
            open(f"{out}/{hashlib.sha1(c).hexdigest()}", "wb").write(c)
PY
mkdir -p "$WORK/query"
i=0; while IFS= read -r q; do printf '%s' "$q" > "$WORK/query/q$i"; i=$((i+1)); done < seeds/queries.txt
# Small real image files for the media parsers.
for t in media container iptc xmp exif; do
    mkdir -p "$WORK/$t"
    find "$root/tests/fixtures/images" -type f -size -30k ! -name '*.json' ! -name '*.md' -print0 \
        | xargs -0 -I{} cp {} "$WORK/$t/"
done
# The CLI readers: the first byte picks the format (0 text, 1 JSON Lines, 2 CSV).
mkdir -p "$WORK/readers"
{ printf '\0'; head -c 4000 "$root/examples/captions.txt"; } > "$WORK/readers/text"
{ printf '\1'; head -n 5 "$root/tests/fixtures/corpus/captions.jsonl"; } > "$WORK/readers/jsonl"
printf '\2id,caption,reference_date\n1,"A ""quoted"" caption,\nover two lines",2016-11-24\n2,Another caption,\n' > "$WORK/readers/csv"
status=0
for t in extract query media container iptc xmp exif readers; do
    echo "fuzz: $t for ${SECONDS_EACH}s"
    if ! cargo fuzz run -s none "$t" "$WORK/$t" -- -max_total_time="$SECONDS_EACH" -max_len=40000 \
        -print_final_stats=1 2> "$WORK/$t.log"; then
        echo "fuzz: $t FAILED"; tail -n 60 "$WORK/$t.log"; status=1
    else
        grep -E "stat::number_of_executed_units|stat::new_units_added" "$WORK/$t.log" | tr '\n' ' '; echo
    fi
done
exit $status
