//! Shared helpers of the archive's integration tests: records built from JSON, a store in a
//! temporary directory, whole-file ingests and searches that return labels.

#![allow(dead_code)]

use dateline_archive::{
    IngestSummary, NewRecord, Ranker, SearchOptions, SearchResults, SourceFile, SqliteStore, Store,
};
use dateline_model::{Record, record_id};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::path::Path;

/// A record under construction: JSON shaped like the contract, filled in by the methods.
#[derive(Clone)]
pub struct Rec(pub Value);

pub fn rec(caption: &str) -> Rec {
    Rec(json!({
        "id": record_id(caption),
        "input_id": null,
        "source": {"kind": "text", "path": "captions.txt", "line": 1, "sha256": null},
        "caption": caption,
        "credit": {"creators": [], "agency": null, "raw": null},
        "date": null,
        "location": {"text": null, "sublocation": null, "city": null, "province": null,
                     "country": null, "lat": null, "lon": null, "geonames_id": null,
                     "precision": null},
        "places": [], "people": [], "organizations": [],
        "event": {"type": null, "reported": false, "actors": []},
        "casualties": {"killed": null, "injured": null, "qualifier": null, "source": null},
        "warnings": [], "evidence": {}
    }))
}

impl Rec {
    pub fn agency(mut self, a: &str) -> Self {
        self.0["credit"]["agency"] = json!(a);
        self
    }
    pub fn creators(mut self, c: &[&str]) -> Self {
        self.0["credit"]["creators"] = json!(c);
        self
    }
    pub fn date(mut self, iso: &str, precision: &str) -> Self {
        self.0["date"] =
            json!({"iso": iso, "precision": precision, "text": iso, "weekday_ok": null});
        self
    }
    pub fn place(mut self, city: Option<&str>, province: Option<&str>, country: &str) -> Self {
        let l = &mut self.0["location"];
        l["city"] = json!(city);
        l["province"] = json!(province);
        l["country"] = json!(country);
        l["text"] = json!(city.or(province).unwrap_or(country));
        self
    }
    pub fn at(mut self, lat: f64, lon: f64) -> Self {
        self.0["location"]["lat"] = json!(lat);
        self.0["location"]["lon"] = json!(lon);
        self.0["location"]["precision"] = json!(1);
        self
    }
    pub fn event(mut self, t: &str, reported: bool) -> Self {
        self.0["event"]["type"] = json!(t);
        self.0["event"]["reported"] = json!(reported);
        self
    }
    pub fn killed(mut self, n: u64) -> Self {
        self.0["casualties"]["killed"] = json!(n);
        self
    }
    pub fn injured(mut self, n: u64) -> Self {
        self.0["casualties"]["injured"] = json!(n);
        self
    }
    pub fn people(mut self, names: &[&str]) -> Self {
        self.0["people"] = names
            .iter()
            .map(|n| json!({"name": n, "age": null, "role": null}))
            .collect();
        self
    }
    pub fn orgs(mut self, orgs: &[(&str, Option<&str>)]) -> Self {
        self.0["organizations"] = orgs
            .iter()
            .map(|(n, a)| json!({"name": n, "acronym": a}))
            .collect();
        self
    }
    pub fn src(mut self, kind: &str, path: &str, line: u64) -> Self {
        self.0["source"] = json!({"kind": kind, "path": path, "line": line, "sha256": null});
        self
    }
    pub fn input_id(mut self, id: &str) -> Self {
        self.0["input_id"] = json!(id);
        self
    }
    pub fn build(&self) -> Record {
        serde_json::from_value(self.0.clone()).expect("test records fit the contract")
    }
    pub fn item(&self) -> NewRecord {
        NewRecord {
            record: self.build(),
            reference_date: Some("2016-12-01".into()),
        }
    }
}

/// A fresh archive in its own temporary directory (kept alive by the returned guard).
pub fn store() -> (tempfile::TempDir, SqliteStore) {
    let dir = tempfile::tempdir().unwrap();
    let s = SqliteStore::open(dir.path().join("archive.db")).unwrap();
    (dir, s)
}

pub fn sha_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

pub fn file(path: &str, sha: &str) -> SourceFile {
    SourceFile {
        path: path.into(),
        sha256: Some(sha.into()),
        size: 100,
    }
}

/// Ingests `records` as one file in one batch.
pub fn ingest(s: &dyn Store, path: &str, sha: &str, records: &[NewRecord]) -> IngestSummary {
    ingest_file(s, &file(path, sha), records)
}

pub fn ingest_file(s: &dyn Store, f: &SourceFile, records: &[NewRecord]) -> IngestSummary {
    let id = s.ingest_begin(f, "tester", "test-extractor 1").unwrap();
    s.ingest_batch(id, records).unwrap();
    s.ingest_finish(id, 0).unwrap()
}

/// Lines of a text file: captions with their 1-based line numbers.
pub fn lines(path: &str, captions: &[&str]) -> Vec<NewRecord> {
    captions
        .iter()
        .enumerate()
        .map(|(i, c)| rec(c).src("text", path, i as u64 + 1).item())
        .collect()
}

pub fn fts() -> SearchOptions {
    SearchOptions {
        ranker: Ranker::Fts5,
        limit: 1000,
        ..SearchOptions::default()
    }
}

pub fn search(s: &dyn Store, q: &str, opts: &SearchOptions) -> SearchResults {
    let query = dateline_query::parse(q).unwrap_or_else(|e| panic!("{q}: {}", e.render(q)));
    s.search(&query, opts)
        .unwrap_or_else(|e| panic!("search {q:?}: {e}"))
}

/// Ids of the hits, in result order.
pub fn hit_ids(r: &SearchResults) -> Vec<String> {
    r.hits.iter().map(|h| h.record.id.clone()).collect()
}

pub fn db_path(dir: &Path) -> std::path::PathBuf {
    dir.join("archive.db")
}

/// Audit entries other than the start and batches of an ingest: one per ingest, correction,
/// verification and so on.
#[allow(dead_code)]
pub fn actions(log: &[dateline_archive::AuditEntry]) -> usize {
    log.iter()
        .filter(|e| !e.action.ends_with("-begin") && !e.action.ends_with("-batch"))
        .count()
}
