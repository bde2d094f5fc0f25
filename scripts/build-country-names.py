#!/usr/bin/env python3
"""Country names in 23 other languages -> data/gazetteer/country_names.tsv.

Reads the `translations` of npm `world-countries` 5.1.0 (the package countries.tsv comes from;
ODbL 1.0): the common name of every country in Arabic, Czech, German, Estonian, Finnish, French,
Croatian, Hungarian, Italian, Japanese, Korean, Dutch, Persian, Polish, Portuguese, Russian,
Slovak, Spanish, Serbian, Swedish, Turkish, Urdu and Chinese ("Tchad", "Ciad", "Éthiopie",
"Somalie", "Ucrania", "Чад"). Captions in those languages name countries so.

A translation is left out when, folded, it is shorter than four letters ("Čad"), when it is the
English name or an English alternative of another country, when it is an everyday English word
(data/common_words.tsv: "Suède", "Grenade"), or when it is a given name in the languages' press
("Maurice" is Mauritius in French, "Dominique" Dominica). Output rows:
cca2 <TAB> language <TAB> name, sorted; crates/geo/build.rs reads them as names of low priority.

usage: python3 scripts/build-country-names.py        (needs npm; writes the file in place)
"""
import json, os, re, subprocess, tarfile, tempfile, unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "data", "gazetteer", "country_names.tsv")
PACKAGE = ("world-countries", "5.1.0")
# Given names that are also a country's name in a language of the package.
GIVEN_NAMES = {"maurice", "mauricio", "dominique", "georgie", "jordan", "salomon", "chad"}


def fold(s):
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    s = re.sub(r"[^\w]+", " ", s)
    return " ".join(s.split())


def main():
    with tempfile.TemporaryDirectory() as tmp:
        name = subprocess.run(["npm", "pack", "%s@%s" % PACKAGE, "--silent"], cwd=tmp,
                              check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
        with tarfile.open(os.path.join(tmp, name)) as tf:
            items = json.load(tf.extractfile("package/countries.json"))
    common = set()
    with open(os.path.join(ROOT, "data", "common_words.tsv"), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#") and line.strip():
                common.add(line.split("\t")[0].lower())
    english = {}
    for c in items:
        for n in [c["name"]["common"], c["name"]["official"], *c.get("altSpellings", [])]:
            english.setdefault(fold(n), set()).add(c["cca2"])
    rows = set()
    for c in items:
        cc = c["cca2"]
        for lang, t in sorted(c.get("translations", {}).items()):
            n = t.get("common", "").strip()
            f = fold(n)
            if len(f.replace(" ", "")) < 4 or f in GIVEN_NAMES:
                continue
            if f in english or f in common:  # the English name itself, another country's, a word
                continue
            rows.add((cc, lang, n))
    with open(OUT, "w", encoding="utf-8") as out:
        out.write("# Country names in other languages: cca2 <TAB> language (ISO 639-3) <TAB> common name.\n"
                  "# From the translations of npm world-countries 5.1.0 (ODbL 1.0; see ATTRIBUTION),\n"
                  "# derived by scripts/build-country-names.py. Do not edit by hand.\n")
        for r in sorted(rows):
            out.write("\t".join(r) + "\n")
    print("%d names -> %s" % (len(rows), OUT))


if __name__ == "__main__":
    main()
