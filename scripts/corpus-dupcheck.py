#!/usr/bin/env python3
"""Duplicate check for a candidate blind set.

usage: scripts/corpus-dupcheck.py CANDIDATES.jsonl [OTHER_PARTS_DIR]
Run from the repository root, before a new blind set is annotated and committed.
Checks every caption of the given file (1) by page URL (no scheme, www., query,
fragment, trailing slash) and (2) by every 60-character fragment of its
lower-cased letters+digits text, against every set in tests/fixtures/corpus/,
the shared corpus in ../shared/corpus/ when it is there, the other *.jsonl parts
in OTHER_PARTS_DIR (parts collected at the same time), and itself.
Prints one line per problem; exit 1 if any.
"""
import glob, json, os, re, sys, unicodedata

def norm_url(u):
    u = (u or "").strip().lower()
    u = re.sub(r"^[a-z]+://", "", u)
    u = re.sub(r"^www\.", "", u)
    u = u.split("#")[0].split("?")[0].rstrip("/")
    return u

def norm_text(t):
    return "".join(ch for ch in (t or "").lower() if ch.isalnum())

def frags(t, n=60):
    s = norm_text(t)
    if len(s) < n:
        return {s} if s else set()
    return {s[i:i+n] for i in range(0, len(s) - n + 1)}

def load(path):
    out = []
    if path.endswith(".jsonl"):
        for ln, line in enumerate(open(path, encoding="utf-8"), 1):
            line = line.strip()
            if not line:
                continue
            try:
                r = json.loads(line)
            except Exception as e:
                print(f"{path}:{ln}: not JSON: {e}"); continue
            out.append((f"{os.path.basename(path)}:{r.get('id', ln)}", r.get("source"), r.get("caption") or r.get("text") or ""))
    else:
        txt = open(path, encoding="utf-8", errors="replace").read()
        for i, para in enumerate(re.split(r"\n\s*\n|\n", txt)):
            if para.strip():
                out.append((f"{os.path.basename(path)}:{i+1}", None, para))
    return out

target = os.path.abspath(sys.argv[1])
others = sys.argv[2] if len(sys.argv) > 2 else None
earlier = []
corpus = "tests/fixtures/corpus"
for p in sorted(glob.glob(f"{corpus}/*.jsonl")) + [f"{corpus}/seed-captions.txt"]:
    if os.path.abspath(p) != target:
        earlier += load(p)
for p in glob.glob("../shared/corpus/**/*", recursive=True):
    if os.path.isfile(p) and (p.endswith(".jsonl") or p.endswith(".txt")):
        earlier += load(p)
if others:
    for p in sorted(glob.glob(os.path.join(others, "*.jsonl"))):
        if os.path.abspath(p) != target:
            earlier += load(p)

urls = {}
fr = {}
for name, src, cap in earlier:
    if src:
        urls.setdefault(norm_url(src), name)
    for f in frags(cap):
        fr.setdefault(f, name)

bad = 0
mine = load(target)
seen_frag = {}
for name, src, cap in mine:
    if src and norm_url(src) in urls:
        print(f"{name}: page already used by {urls[norm_url(src)]}: {src}"); bad += 1
    hit = next((fr[f] for f in frags(cap) if f in fr), None)
    if hit:
        print(f"{name}: text shares 60 characters with {hit}"); bad += 1
    for f in frags(cap):
        if f in seen_frag and seen_frag[f] != name:
            print(f"{name}: text shares 60 characters with {seen_frag[f]} in this file"); bad += 1
            break
    for f in frags(cap):
        seen_frag.setdefault(f, name)
print(f"{len(mine)} captions checked, {bad} problems")
sys.exit(1 if bad else 0)
