-- dateline archive, schema version 1.
-- Records are never deleted; the audit log, provenance and corrections are append-only.
-- `extracted` and `effective` hold the record JSON, deflate-compressed; `effective` is NULL
-- when no correction applies (readers then use `extracted`). The columns after `superseded_by`
-- are the effective (corrected) values that filters read; `*_key` columns are folded
-- (lower case, no accents) so that `city:aleppo` matches "Aleppo".

CREATE TABLE records (
    rowid          INTEGER PRIMARY KEY,
    id             TEXT NOT NULL UNIQUE,
    caption        TEXT NOT NULL,
    extracted      BLOB NOT NULL,
    effective      BLOB,
    extractor      TEXT NOT NULL,
    reference_date TEXT,
    first_seen     TEXT NOT NULL,
    updated        TEXT NOT NULL,
    superseded_by  TEXT,
    names          TEXT NOT NULL DEFAULT '',
    agency         TEXT,
    agency_key     TEXT,
    country        TEXT,
    province       TEXT,
    province_key   TEXT,
    city           TEXT,
    city_key       TEXT,
    event_type     TEXT,
    reported       INTEGER NOT NULL DEFAULT 0,
    date_iso       TEXT,
    date_start     INTEGER,
    date_end       INTEGER,
    lat            REAL,
    lon            REAL,
    killed         INTEGER,
    injured        INTEGER
);
CREATE INDEX records_agency   ON records(agency_key, date_start);
CREATE INDEX records_country  ON records(country, date_start);
CREATE INDEX records_province ON records(province_key);
CREATE INDEX records_city     ON records(city_key);
CREATE INDEX records_type     ON records(event_type, date_start);
CREATE INDEX records_date     ON records(date_start, date_end);
CREATE INDEX records_superseded ON records(superseded_by) WHERE superseded_by IS NOT NULL;

CREATE TABLE record_creators (
    record INTEGER NOT NULL REFERENCES records(rowid),
    key    TEXT NOT NULL,
    name   TEXT NOT NULL,
    PRIMARY KEY (record, key)
) WITHOUT ROWID;
CREATE INDEX record_creators_key ON record_creators(key);

CREATE TABLE source_files (
    rowid          INTEGER PRIMARY KEY,
    path           TEXT NOT NULL,
    sha256         TEXT,
    size           INTEGER NOT NULL,
    first_ingested TEXT NOT NULL
);
CREATE UNIQUE INDEX source_files_version ON source_files(path, sha256) WHERE sha256 IS NOT NULL;

CREATE TABLE ingests (
    rowid      INTEGER PRIMARY KEY,
    file       INTEGER NOT NULL REFERENCES source_files(rowid),
    actor      TEXT NOT NULL,
    extractor  TEXT NOT NULL,
    started    TEXT NOT NULL,
    finished   TEXT,
    new        INTEGER NOT NULL DEFAULT 0,
    unchanged  INTEGER NOT NULL DEFAULT 0,
    superseded INTEGER NOT NULL DEFAULT 0,
    skipped    INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE provenance (
    file        INTEGER NOT NULL REFERENCES source_files(rowid),
    line        INTEGER NOT NULL,
    record      INTEGER NOT NULL REFERENCES records(rowid),
    kind        TEXT NOT NULL,
    input_id    TEXT,
    ingest      INTEGER NOT NULL REFERENCES ingests(rowid),
    ingested_at TEXT NOT NULL,
    PRIMARY KEY (file, line, record)
) WITHOUT ROWID;
CREATE INDEX provenance_record ON provenance(record);
CREATE INDEX provenance_input ON provenance(file, input_id) WHERE input_id IS NOT NULL;

CREATE TABLE corrections (
    rowid    INTEGER PRIMARY KEY,
    record   INTEGER NOT NULL REFERENCES records(rowid),
    field    TEXT NOT NULL,
    value    TEXT NOT NULL,
    previous TEXT NOT NULL,
    author   TEXT NOT NULL,
    note     TEXT,
    at       TEXT NOT NULL
);
CREATE INDEX corrections_record ON corrections(record);

CREATE TABLE audit (
    seq       INTEGER PRIMARY KEY,
    at        TEXT NOT NULL,
    action    TEXT NOT NULL,
    actor     TEXT NOT NULL,
    detail    TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash      TEXT NOT NULL
);

CREATE TABLE file_checks (
    rowid  INTEGER PRIMARY KEY,
    file   INTEGER NOT NULL REFERENCES source_files(rowid),
    at     TEXT NOT NULL,
    status TEXT NOT NULL,
    sha256 TEXT
);
CREATE INDEX file_checks_file ON file_checks(file);

-- Every insert or update of a record, in order: the ranked index replays this after its last seq.
CREATE TABLE changes (
    seq    INTEGER PRIMARY KEY AUTOINCREMENT,
    record INTEGER NOT NULL
);

CREATE VIRTUAL TABLE records_fts USING fts5(
    caption, names, content='records', content_rowid='rowid',
    tokenize='unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE records_geo USING rtree(id, min_lat, max_lat, min_lon, max_lon);

-- New records enter records_fts in one statement per batch (see ingest_batch), not here.
CREATE TRIGGER records_ai AFTER INSERT ON records BEGIN
    INSERT INTO records_geo(id, min_lat, max_lat, min_lon, max_lon)
        SELECT new.rowid, new.lat, new.lat, new.lon, new.lon
        WHERE new.lat IS NOT NULL AND new.lon IS NOT NULL;
    INSERT INTO changes(record) VALUES (new.rowid);
END;
CREATE TRIGGER records_au_text AFTER UPDATE OF caption, names ON records BEGIN
    INSERT INTO records_fts(records_fts, rowid, caption, names)
        VALUES ('delete', old.rowid, old.caption, old.names);
    INSERT INTO records_fts(rowid, caption, names) VALUES (new.rowid, new.caption, new.names);
END;
CREATE TRIGGER records_au_place AFTER UPDATE OF lat, lon ON records BEGIN
    DELETE FROM records_geo WHERE id = old.rowid;
    INSERT INTO records_geo(id, min_lat, max_lat, min_lon, max_lon)
        SELECT new.rowid, new.lat, new.lat, new.lon, new.lon
        WHERE new.lat IS NOT NULL AND new.lon IS NOT NULL;
END;
CREATE TRIGGER records_au AFTER UPDATE ON records BEGIN
    INSERT INTO changes(record) VALUES (new.rowid);
END;
CREATE TRIGGER records_no_delete BEFORE DELETE ON records BEGIN
    SELECT RAISE(ABORT, 'records are never deleted');
END;
CREATE TRIGGER provenance_no_update BEFORE UPDATE ON provenance BEGIN
    SELECT RAISE(ABORT, 'provenance is never rewritten');
END;
CREATE TRIGGER provenance_no_delete BEFORE DELETE ON provenance BEGIN
    SELECT RAISE(ABORT, 'provenance is never deleted');
END;
CREATE TRIGGER corrections_no_change BEFORE UPDATE ON corrections BEGIN
    SELECT RAISE(ABORT, 'corrections are never rewritten');
END;
CREATE TRIGGER corrections_no_delete BEFORE DELETE ON corrections BEGIN
    SELECT RAISE(ABORT, 'corrections are never deleted');
END;
CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;
CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;
