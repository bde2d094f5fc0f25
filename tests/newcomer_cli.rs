//! What a new user meets in the first hour: folders as input, where each record came from,
//! corrections that say who made them, re-extraction that reports only real changes, GeoNames
//! zips, and usage that shows each command's own options.

use serde_json::Value;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

struct Env {
    dir: tempfile::TempDir,
}

impl Env {
    fn new() -> Env {
        Env {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }
    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }
    fn run_with(&self, args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_dateline"));
        cmd.current_dir(ROOT)
            .env("DATELINE_DATA_DIR", self.path("data"))
            .env("DATELINE_ARCHIVE", self.path("archive.sqlite"))
            .env("USER", "tester")
            .env_remove("DATELINE_AUTHOR")
            .env_remove("RUST_LOG")
            .env_remove("NO_COLOR");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd.args(args).output().expect("runs");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8(out.stdout).expect("UTF-8"),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
    fn run(&self, args: &[&str]) -> (i32, String, String) {
        self.run_with(args, &[])
    }
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

const ALEPPO: &str = "Syrian civil defence volunteers rescue a boy from the rubble in Aleppo on November 24, 2016. (Photo by Ameer Alhalbi/AFP Photo)";
const RAQQA: &str = "A fighter walks in Tal Samin village, north of Raqqa city, Syria November 19, 2016. (Photo by Rodi Said/Reuters)";
const IDLIB: &str = "A man works inside a mat factory in Maarshureen town in Idlib province, Syria, December 22, 2015. (Photo by Khalil Ashawi/Reuters)";

/// A folder of caption files in three formats, one below another folder, plus files that must
/// not be read: hidden ones and other extensions.
fn caption_folder(env: &Env) -> PathBuf {
    let dir = env.path("captions");
    write(&dir.join("a.txt"), &format!("{ALEPPO}\n"));
    write(
        &dir.join("deeper/b.jsonl"),
        &format!("{}\n", serde_json::json!({ "caption": RAQQA, "id": "r1" })),
    );
    write(
        &dir.join("deeper/c.csv"),
        &format!("description\n\"{IDLIB}\"\n"),
    );
    write(&dir.join(".hidden.txt"), "Hidden caption, never read.\n");
    write(
        &dir.join(".git/d.txt"),
        "Inside a hidden folder, never read.\n",
    );
    write(&dir.join("notes.md"), "# not captions\n");
    dir
}

#[test]
fn extract_walks_a_folder_recursively_and_skips_hidden_files() {
    let env = Env::new();
    let dir = caption_folder(&env);
    let (code, out, err) = env.run(&["extract", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let captions: Vec<String> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["caption"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(captions, [ALEPPO, RAQQA, IDLIB], "in path order: {err}");
    // --input narrows the walk to that format's extension.
    let (code, out, _) = env.run(&["extract", "--input", "jsonl", dir.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn a_folder_with_nothing_to_read_says_so_and_fails() {
    let env = Env::new();
    let empty = env.path("empty");
    write(&empty.join("notes.md"), "no captions here\n");
    for cmd in ["extract", "ingest"] {
        let (code, out, err) = env.run(&[cmd, empty.to_str().unwrap()]);
        assert_ne!(code, 0, "{cmd}: {err}");
        assert!(out.is_empty());
        assert!(err.contains("no caption files"), "{cmd}: {err}");
    }
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_in_a_folder_is_reported_and_the_rest_read() {
    let env = Env::new();
    let dir = caption_folder(&env);
    std::os::unix::fs::symlink(&dir, dir.join("deeper/loop")).unwrap();
    let (code, out, err) = env.run(&["extract", dir.to_str().unwrap()]);
    assert_eq!(out.lines().count(), 3, "{err}");
    assert_eq!(code, 1, "the loop is a problem: {err}");
    assert!(err.contains("symbolic link"), "{err}");
}

#[test]
fn ingest_reads_a_folder_and_gives_one_summary_for_the_run() {
    let env = Env::new();
    let dir = caption_folder(&env);
    let (code, _, err) = env.run(&["ingest", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one summary for a folder: {err}");
    assert!(
        lines[0].contains("total: 3 new, 0 unchanged, 0 superseded, 0 skipped from 3 file(s)"),
        "{err}"
    );
    let (_, out, _) = env.run(&["search", "", "--json"]);
    assert_eq!(out.lines().count(), 3);
}

#[test]
fn a_folder_of_photos_gives_one_summary() {
    let env = Env::new();
    let (code, _, err) = env.run(&["ingest", "tests/fixtures/images"]);
    assert_eq!(code, 0, "{err}");
    let summaries = err.lines().filter(|l| l.contains(" new, ")).count();
    assert_eq!(summaries, 1, "{err}");
}

#[test]
fn headers_and_search_rows_name_the_file_and_line() {
    let env = Env::new();
    let dir = caption_folder(&env);
    let a = dir.join("a.txt");
    let b = dir.join("deeper/b.jsonl");
    let (_, out, _) = env.run(&["extract", "--format", "pretty", dir.to_str().unwrap()]);
    assert!(out.contains(&format!("── {}:1 (", a.display())), "{out}");
    assert!(
        out.contains(&format!("── {}:1 id r1 (", b.display())),
        "{out}"
    );
    // A photo has no line: the file alone.
    let photo = "tests/fixtures/images/exifsamples__long_description.jpg";
    let (_, out, _) = env.run(&["extract", "--format", "pretty", photo]);
    assert!(out.starts_with(&format!("── {photo} (")), "{out}");
    // Evidence from the file's own fields says so instead of quoting empty caption words.
    assert!(
        out.contains("← the file's creator field [embedded.creator]"),
        "{out}"
    );
    assert!(!out.contains("“”"), "{out}");

    env.run(&["ingest", dir.to_str().unwrap()]);
    let (_, out, _) = env.run(&["search", "rubble"]);
    let row = out.lines().nth(1).unwrap();
    assert!(row.ends_with(&format!("{}:1", a.display())), "{out}");
}

#[test]
fn corrections_show_author_and_note_and_say_where_the_author_came_from() {
    let env = Env::new();
    env.run(&["ingest", "examples/captions.txt"]);
    let (_, out, _) = env.run(&["search", "barrel bomb", "--json"]);
    let hit: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let id = hit["record"]["id"].as_str().unwrap().to_string();
    let (code, _, err) = env.run_with(
        &[
            "correct",
            &id,
            "date.iso=2016-11-23",
            "--note",
            "agency site",
        ],
        &[("DATELINE_AUTHOR", "desk editor")],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("corrected by desk editor (from DATELINE_AUTHOR)"),
        "{err}"
    );
    let (_, out, _) = env.run(&["show", &id]);
    assert!(
        out.contains("← corrected by desk editor: agency site [correction]"),
        "{out}"
    );
    assert!(!out.contains("“”"), "{out}");
    // --author wins over the variable; without either, the OS user.
    let (_, _, err) = env.run_with(
        &["correct", &id, "location.city=Aleppo", "--author", "ann"],
        &[("DATELINE_AUTHOR", "desk editor")],
    );
    assert!(err.contains("corrected by ann (from --author)"), "{err}");
    let (_, _, err) = env.run(&["correct", &id, "casualties.killed=1"]);
    assert!(
        err.contains("corrected by tester (from the OS user name)"),
        "{err}"
    );
    let (_, _, err) = env.run_with(
        &["correct", &id, "casualties.killed=2"],
        &[("USER", ""), ("LOGNAME", ""), ("USERNAME", "")],
    );
    assert!(
        err.contains("(from the OS user name)"),
        "getpwuid names the account: {err}"
    );
}

#[test]
fn reextract_counts_only_changed_values_and_lists_them() {
    let env = Env::new();
    env.run(&["ingest", "examples/captions.txt"]);
    // Same build, same values: the stored path (relative here) is provenance, not a change.
    let (code, out, err) = env.run(&["reextract"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("re-extracted 8 records; 0 changed"), "{err}");
    assert!(out.is_empty(), "{out}");
    // A lexicon addition turns "Tal Samin" into an organization: one record changes.
    let lex = env.path("lex");
    write(
        &lex.join("orgs.tsv"),
        "Tal Samin Brigade\tTSB\tTal Samin\tarmed_group\n",
    );
    let (code, out, err) = env.run(&[
        "--lexicon-dir",
        lex.to_str().unwrap(),
        "reextract",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 changed"), "{err}");
    let rows: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 1, "{out}");
    assert_eq!(rows[0]["source"]["path"], "examples/captions.txt");
    let fields: Vec<&str> = rows[0]["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["field"].as_str().unwrap())
        .collect();
    assert!(fields.contains(&"organizations"), "{fields:?}");
    assert!(fields.contains(&"location.city"), "{fields:?}");
    let city = rows[0]["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["field"] == "location.city")
        .unwrap();
    assert_eq!(city["before"], "Tal Samin");
    assert_eq!(city["after"], "Raqqa");
    // Back to the built-in lexicons: the same record changes back, listed for a reader.
    let (_, out, err) = env.run(&["reextract"]);
    assert!(err.contains("1 changed (listed above)"), "{err}");
    assert!(
        out.contains("location.city: \"Raqqa\" → \"Tal Samin\""),
        "{out}"
    );
}

#[test]
fn gazetteer_import_reads_a_geonames_zip_and_says_where_it_wrote() {
    let env = Env::new();
    let zip_path = env.path("XX.zip");
    {
        use std::io::Write;
        let mut w = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
        w.start_file("readme.txt", zip::write::SimpleFileOptions::default())
            .unwrap();
        w.write_all(b"GeoNames readme\n").unwrap();
        w.start_file("XX.txt", zip::write::SimpleFileOptions::default())
            .unwrap();
        w.write_all(
            "9999001\tQaryat Zuhur\tQaryat Zuhur\t\t36.5\t37.5\tP\tPPL\tSY\t\t09\t\t\t\t0\t\t400\tAsia/Damascus\t2024-01-01\n"
                .as_bytes(),
        )
        .unwrap();
        w.finish().unwrap();
    }
    let (code, _, err) = env.run(&["gazetteer", "import", zip_path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let idx = env.path("data").join("gazetteer").join("XX.idx");
    assert!(idx.is_file(), "{err}");
    assert!(err.contains("XX.zip:XX.txt"), "{err}");
    assert!(err.contains(&idx.display().to_string()), "{err}");
    let (_, out, _) = env.run(&["gazetteer", "lookup", "Qaryat Zuhur"]);
    assert!(out.contains("9999001"), "{out}");
    // Without DATELINE_DATA_DIR the user data dir is used, and the message says so.
    let home = env.path("home");
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_dateline"));
    let out = cmd
        .args(["gazetteer", "import", zip_path.to_str().unwrap()])
        .env_remove("DATELINE_DATA_DIR")
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("share"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("the user data directory"), "{err}");
    assert!(err.contains(&home.display().to_string()), "{err}");
}

#[test]
fn each_command_lists_its_own_options_and_the_environment_does_not_make_them_required() {
    let env = Env::new();
    let help = |args: &[&str]| env.run(args).1;
    let extract = help(&["extract", "--help"]);
    assert!(extract.contains("--lexicon-dir") && extract.contains("--data-dir"));
    assert!(!extract.contains("--archive"), "{extract}");
    let log = help(&["log", "--help"]);
    assert!(log.contains("--archive"), "{log}");
    assert!(
        !log.contains("--lexicon-dir") && !log.contains("--rules-only"),
        "{log}"
    );
    let ingest = help(&["ingest", "--help"]);
    assert!(ingest.contains("--archive") && ingest.contains("--lexicon-dir"));
    assert!(!help(&["bench", "corpus", "--help"]).contains("--data-dir"));
    assert!(help(&["--help"]).contains("--color"));
    // DATELINE_ARCHIVE and DATELINE_DATA_DIR are set by `Env`: usage must not list them.
    let (code, _, err) = env.run(&["show"]);
    assert_eq!(code, 2);
    assert!(err.contains("Usage: dateline show <ID>"), "{err}");
    // DATELINE_LEARNED takes the usual spellings of "off".
    let (code, _, err) = env.run_with(
        &["extract", "examples/captions.txt"],
        &[("DATELINE_LEARNED", "0")],
    );
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_photo_with_only_gps_is_near_the_closest_place_marked_as_derived() {
    let env = Env::new();
    let photo = "tests/fixtures/images/exiv2__Stonehenge.heic";
    let (code, out, err) = env.run(&["extract", photo]);
    assert_eq!(code, 0, "{err}");
    let r: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let loc = &r["location"];
    assert_eq!(
        loc["text"], "near Lark Hill, England, United Kingdom (3 km)",
        "{loc}"
    );
    assert_eq!(loc["country"], "GB");
    assert_eq!(loc["province"], "England");
    assert!(
        loc["city"].is_null(),
        "a nearby place is not the city: {loc}"
    );
    assert_eq!(
        r["evidence"]["location.text"][0]["rule"],
        "embedded.gps_nearest"
    );
    let (_, out, _) = env.run(&["extract", "--format", "pretty", photo]);
    assert!(
        out.contains("location      near Lark Hill, England, United Kingdom (3 km)"),
        "{out}"
    );
    assert!(
        out.contains("← the nearest populated place to the file's GPS position [embedded.gps_nearest]\n  event"),
        "said once: {out}"
    );
}

#[test]
fn stats_has_a_header_a_total_cross_tabs_and_casualty_sums_with_sources() {
    let env = Env::new();
    env.run(&["ingest", "examples/captions.txt"]);
    let (code, out, err) = env.run(&["stats"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "agency   records  killed  injured  sources\n\
         Reuters        4       0        0\n\
         AFP            3       4       19  Syrian Observatory for Human Rights (1)\n\
         AP             1       0        0\n\
         total          8       4       19  Syrian Observatory for Human Rights (1)\n"
    );
    let (_, out, _) = env.run(&["stats", "--by", "country", "--by", "month", "--csv"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "country,month,records,killed,injured,sources");
    assert_eq!(
        lines[1],
        "SY,2016-11,3,4,19,Syrian Observatory for Human Rights (1)"
    );
    assert_eq!(
        *lines.last().unwrap(),
        "total,,8,4,19,Syrian Observatory for Human Rights (1)"
    );
    assert_eq!(lines.len(), 8, "{out}");
    let (_, out, _) = env.run(&["stats", "--by", "country", "--by", "month", "--json"]);
    let rows: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows[0]["country"], "SY");
    assert_eq!(rows[0]["month"], "2016-11");
    assert_eq!(rows[0]["killed"], 4);
    assert_eq!(rows[0]["sources"]["Syrian Observatory for Human Rights"], 1);
    assert_eq!(rows.last().unwrap()["total"], true);
    assert_eq!(rows.last().unwrap()["count"], 8);
    // A query narrows every figure, the total included.
    let (_, out, _) = env.run(&["stats", "--by", "type", "country:JO"]);
    assert!(
        out.ends_with("\ntotal               1       0        0\n"),
        "{out}"
    );
}
