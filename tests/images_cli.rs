//! `dateline extract` on image files: the caption comes from the file's metadata, the record
//! carries the `embedded` block, and files without a caption or with damage never stop a batch.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn dateline() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dateline"));
    cmd.current_dir(ROOT)
        .env(
            "DATELINE_DATA_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("dateline-images-no-such-data-dir"),
        )
        .env_remove("RUST_LOG");
    cmd
}

fn records(out: &std::process::Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_photo_becomes_a_record_with_its_embedded_metadata() {
    let path = "tests/fixtures/images/frameright__IPTC-PhotometadataRef-Std2021.1.jpg";
    let out = dateline().args(["extract", path]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let recs = records(&out);
    assert_eq!(recs.len(), 1);
    let r = &recs[0];
    assert_eq!(r["caption"], "The description aka caption (ref2021.1)");
    assert_eq!(r["source"]["kind"], "image");
    assert_eq!(r["source"]["path"], path);
    assert_eq!(r["source"]["sha256"].as_str().unwrap().len(), 64);
    let e = &r["embedded"];
    assert_eq!(e["iptc"]["city"], "City (Core) (ref2021.1)");
    assert_eq!(e["xmp"]["credit"], "Credit Line (ref2021.1)");
    assert_eq!(e["iptc"]["date_created"], "2021-10-20T21:01:01+00:00");
    assert_eq!(e["exif"]["creator"][0], "Creator1 (ref2021.1)");
}

#[test]
fn a_folder_of_photos_is_read_whole_and_conflicts_are_flagged() {
    let out = dateline()
        .args(["extract", "tests/fixtures/images"])
        .output()
        .unwrap();
    // Photos without a caption are said, not failed.
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("has no caption"), "{err}");
    let recs = records(&out);
    assert!(recs.len() >= 40, "{}", recs.len());
    assert!(recs.iter().all(|r| r["embedded"].is_object()));
    let mwg = recs
        .iter()
        .find(|r| {
            r["source"]["path"]
                .as_str()
                .unwrap()
                .ends_with("exiftool__MWG.jpg")
        })
        .unwrap();
    assert_eq!(mwg["caption"], "RIGHT-EXIF-Description");
    let warnings = mwg["warnings"].to_string();
    assert!(warnings.contains("embedded city"), "{warnings}");
}

#[test]
fn damaged_and_foreign_files_do_not_stop_a_batch() {
    let dir = tempfile::tempdir().unwrap();
    let good =
        std::fs::read(Path::new(ROOT).join("tests/fixtures/images/exiftool__IPTC.jpg")).unwrap();
    std::fs::write(dir.path().join("cut.jpg"), &good[..good.len() / 3]).unwrap();
    std::fs::write(dir.path().join("empty.jpg"), b"").unwrap();
    std::fs::write(dir.path().join("text.png"), b"not a png at all").unwrap();
    std::fs::write(dir.path().join("good.jpg"), &good).unwrap();
    let out = dateline()
        .args(["extract", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    let recs = records(&out);
    assert!(
        recs.iter()
            .any(|r| r["source"]["path"].as_str().unwrap().ends_with("good.jpg"))
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("text.png: not an image file"), "{err}");
    assert!(err.contains("empty.jpg: not an image file"), "{err}");
    assert!(
        !recs
            .iter()
            .any(|r| r["source"]["path"].as_str().unwrap().ends_with("text.png"))
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "unreadable files make the run fail"
    );
}

#[test]
fn photos_are_ingested_with_their_file_as_provenance() {
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("a.sqlite");
    let archive = archive.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = dateline()
            .args(["--archive", archive])
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    };
    let first = run(&["ingest", "tests/fixtures/images"]);
    let err = String::from_utf8_lossy(&first.stderr);
    assert!(err.contains("total: 42 new, 12 unchanged"), "{err}");
    let again = run(&["ingest", "tests/fixtures/images"]);
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(err.contains("total: 0 new, 54 unchanged"), "{err}");
    // The same caption in six copies of one photo: one record, six provenances.
    let hits = run(&["search", "Straits Magellan", "--json"]);
    let hit: Value = serde_json::from_str(
        String::from_utf8_lossy(&hits.stdout)
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    let id = hit["record"]["id"]
        .as_str()
        .or(hit["id"].as_str())
        .unwrap()
        .to_string();
    let shown = run(&["show", &id, "--json"]);
    let shown: Value = serde_json::from_slice(&shown.stdout).unwrap();
    let prov = shown["provenance"].as_array().unwrap();
    assert!(prov.len() >= 5, "{prov:?}");
    assert!(
        prov.iter()
            .all(|p| p["sha256"].as_str().unwrap().len() == 64)
    );
    assert_eq!(
        shown["record"]["embedded"]["iptc"]["city"],
        "Straits of Magellan"
    );
}

#[test]
fn a_photo_without_caption_but_with_creator_place_or_gps_is_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("a.sqlite");
    let archive = archive.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = dateline()
            .args(["--archive", archive])
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    };
    // GPS only: placed near the nearest town, dated by the file.
    let gps = "tests/fixtures/images/exifsamples__Kodak_CX7530.jpg";
    // Creator and place only.
    let desk = "tests/fixtures/images/mde__Issue 16.tif";
    let out = run(&["extract", gps, desk]);
    let recs = records(&out);
    assert_eq!(recs.len(), 2);
    let (g, d) = (&recs[0], &recs[1]);
    for r in [g, d] {
        assert_eq!(r["caption"], "");
        let w = r["warnings"].to_string();
        assert!(w.contains("the photo has no caption"), "{w}");
    }
    assert_ne!(g["id"], d["id"], "each photo its own record");
    assert_eq!(g["location"]["country"], "KE");
    assert_eq!(g["location"]["precision"], 1);
    assert_eq!(g["date"]["iso"], "2005-08-13");
    assert_eq!(d["credit"]["creators"][0], "Eric Piasecki Photography LLC");
    assert_eq!(d["location"]["city"], "New York");
    // A photo whose file says nothing of who or where stays out, and says why.
    let bare = "tests/fixtures/images/exiftool__GIF.gif";
    let out = dateline().args(["extract", bare]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no caption (description), creator, place or GPS"),
        "{err}"
    );
    assert!(records(&out).is_empty());

    // In the archive: one record per file, found by place, clean under verify, kept by
    // re-extraction with the same id, and not doubled by a second ingest.
    run(&["ingest", gps, desk]);
    let hits = run(&["search", "country:KE", "--json"]);
    let hits = String::from_utf8_lossy(&hits.stdout).to_string();
    assert!(hits.contains(g["id"].as_str().unwrap()), "{hits}");
    let v = run(&["verify"]);
    let v = String::from_utf8_lossy(&v.stderr).to_string();
    assert!(v.contains("2 record(s)") && !v.contains("ALTERED"), "{v}");
    run(&["reextract"]);
    let shown = run(&["show", g["id"].as_str().unwrap(), "--json"]);
    let shown: Value = serde_json::from_slice(&shown.stdout).unwrap();
    assert_eq!(shown["record"]["location"]["country"], "KE");
    let again = run(&["ingest", gps, desk]);
    let again = String::from_utf8_lossy(&again.stderr).to_string();
    assert!(again.contains("0 new, 2 unchanged"), "{again}");
    let v = run(&["verify"]);
    assert!(!String::from_utf8_lossy(&v.stderr).contains("ALTERED"));
}

#[test]
fn the_photo_credit_field_gives_the_agency_through_the_lexicon() {
    // The caption's own credit ("U.S. Navy photo by …") names no agency it can read; the
    // file's IPTC Credit (2:110) "U.S Navy" is read as a credit line is.
    let out = dateline()
        .args(["extract", "tests/fixtures/images/exiv2__Reagan.jpg"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r = &records(&out)[0];
    assert_eq!(r["credit"]["agency"], "U.S Navy");
    assert_eq!(r["evidence"]["credit.agency"][0]["rule"], "embedded.credit");
    assert_eq!(r["evidence"]["credit.agency"][0]["start"], 0);
    assert_eq!(r["evidence"]["credit.agency"][0]["end"], 0);
    // "(AP Photo/Paul Sancya)" in the caption and Credit "AP" in the file agree: the caption's
    // reading, no warning.
    let out = dateline()
        .args(["extract", "tests/fixtures/images/exiv2__exiv2-bug440.jpg"])
        .output()
        .unwrap();
    let r = &records(&out)[0];
    assert_eq!(r["credit"]["agency"], "AP");
    assert_ne!(r["evidence"]["credit.agency"][0]["rule"], "embedded.credit");
    assert!(
        !r["warnings"].to_string().contains("agency"),
        "{}",
        r["warnings"]
    );
}
