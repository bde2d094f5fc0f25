-- dateline archive, schema version 2: evidence that `verify` checks.
-- `archive_meta` holds the archive's identity (a random id made once), which the ranked index
-- and the anchors file name so that neither is taken for another archive's.
-- `record_digests` is the chain of custody of every record row: each write that changes a record
-- (its extraction, corrections, provenance or supersession) appends the SHA-256 of the record's
-- stored state here, and the audit entry of that write carries a hash over the digests it added,
-- so a row changed outside dateline no longer matches its last sealed digest.

CREATE TABLE archive_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER archive_meta_no_update BEFORE UPDATE ON archive_meta BEGIN
    SELECT RAISE(ABORT, 'archive metadata is never rewritten');
END;
CREATE TRIGGER archive_meta_no_delete BEFORE DELETE ON archive_meta BEGIN
    SELECT RAISE(ABORT, 'archive metadata is never deleted');
END;

CREATE TABLE record_digests (
    seq    INTEGER PRIMARY KEY,
    record INTEGER NOT NULL REFERENCES records(rowid),
    digest TEXT NOT NULL
);
CREATE INDEX record_digests_record ON record_digests(record, seq);
CREATE TRIGGER record_digests_no_update BEFORE UPDATE ON record_digests BEGIN
    SELECT RAISE(ABORT, 'record digests are never rewritten');
END;
CREATE TRIGGER record_digests_no_delete BEFORE DELETE ON record_digests BEGIN
    SELECT RAISE(ABORT, 'record digests are never deleted');
END;

-- What dateline itself never changes in a record row.
CREATE TRIGGER records_fixed BEFORE UPDATE OF id, caption, first_seen ON records BEGIN
    SELECT RAISE(ABORT, 'a record''s id, caption and first sighting never change');
END;
CREATE TRIGGER source_files_no_update BEFORE UPDATE ON source_files BEGIN
    SELECT RAISE(ABORT, 'source files are never rewritten');
END;
CREATE TRIGGER source_files_no_delete BEFORE DELETE ON source_files BEGIN
    SELECT RAISE(ABORT, 'source files are never deleted');
END;
