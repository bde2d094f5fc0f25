//! `dateline export gpkg`: an OGC GeoPackage (1.3) with one point layer, `photos`.
//!
//! A GeoPackage is an SQLite file with a few required tables, so it is written with rusqlite
//! (already in the build for the archive) rather than through GDAL, which would be a large C
//! dependency for four tables. What the standard requires and this writes:
//! - `PRAGMA application_id` = `GPKG` and `user_version` = 10300;
//! - `gpkg_spatial_ref_sys` with the three mandatory rows (EPSG:4326, -1 and 0 undefined);
//! - `gpkg_contents` (the layer, its extent, its SRS) and `gpkg_geometry_columns`;
//! - the feature table, its geometry as GeoPackage binary: the `GP` header (version 0, flags
//!   little-endian with a 2D envelope, SRS id) followed by a little-endian WKB Point.
//!
//! Records without coordinates are left out (counted on stderr), as in the GeoJSON and KML
//! exports. The columns are those of CSV, typed.

use anyhow::{Context, Result};
use dateline_export::{COLUMNS, Kind, point};
use dateline_model::Record;
use rusqlite::{Connection, params_from_iter, types::Value as SqlValue};
use serde_json::Value;
use std::path::Path;

/// The layer's table name.
pub const LAYER: &str = "photos";

pub struct GpkgWriter {
    conn: Connection,
    insert_sql: String,
    extent: Option<(f64, f64, f64, f64)>,
    pub written: u64,
    pub without_point: u64,
}

/// `GP`, version 0, flags (bit 0 little-endian, bits 1–3 = 1: envelope minx maxx miny maxy),
/// SRS id, envelope, then WKB.
pub fn geometry_blob(lon: f64, lat: f64, srs_id: i32) -> Vec<u8> {
    let mut b = Vec::with_capacity(8 + 32 + 21);
    b.extend_from_slice(b"GP");
    b.push(0);
    b.push(0b0000_0011);
    b.extend_from_slice(&srs_id.to_le_bytes());
    for v in [lon, lon, lat, lat] {
        b.extend_from_slice(&v.to_le_bytes());
    }
    b.push(1); // WKB little-endian
    b.extend_from_slice(&1u32.to_le_bytes()); // Point
    b.extend_from_slice(&lon.to_le_bytes());
    b.extend_from_slice(&lat.to_le_bytes());
    b
}

fn sql_type(k: Kind) -> &'static str {
    match k {
        Kind::Text => "TEXT",
        Kind::Integer => "INTEGER",
        Kind::Real => "DOUBLE",
        Kind::Boolean => "BOOLEAN",
    }
}

fn sql_value(v: Value) -> SqlValue {
    match v {
        Value::Null => SqlValue::Null,
        Value::Bool(b) => SqlValue::Integer(b as i64),
        Value::Number(n) => match n.as_i64() {
            Some(i) => SqlValue::Integer(i),
            None => SqlValue::Real(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => SqlValue::Text(s),
        other => SqlValue::Text(other.to_string()),
    }
}

impl GpkgWriter {
    /// Creates the GeoPackage's tables in the (new, empty) file at `path`.
    pub fn create(path: &Path) -> Result<GpkgWriter> {
        let conn =
            Connection::open(path).with_context(|| format!("creating {}", path.display()))?;
        conn.pragma_update(None, "application_id", 0x4750_4B47)?;
        conn.pragma_update(None, "user_version", 10300)?;
        conn.pragma_update(None, "journal_mode", "OFF")?;
        conn.pragma_update(None, "synchronous", "OFF")?;
        let columns: Vec<String> = COLUMNS
            .iter()
            .map(|c| format!("\"{}\" {}", c.name, sql_type(c.kind)))
            .collect();
        conn.execute_batch(&format!(
            "CREATE TABLE gpkg_spatial_ref_sys (
                srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
                organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
             INSERT INTO gpkg_spatial_ref_sys VALUES
              ('WGS 84 geodetic', 4326, 'EPSG', 4326,
               'GEOGCS[\"WGS 84\",DATUM[\"WGS_1984\",SPHEROID[\"WGS 84\",6378137,298.257223563,AUTHORITY[\"EPSG\",\"7030\"]],AUTHORITY[\"EPSG\",\"6326\"]],PRIMEM[\"Greenwich\",0,AUTHORITY[\"EPSG\",\"8901\"]],UNIT[\"degree\",0.0174532925199433,AUTHORITY[\"EPSG\",\"9122\"]],AXIS[\"Latitude\",NORTH],AXIS[\"Longitude\",EAST],AUTHORITY[\"EPSG\",\"4326\"]]',
               'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid'),
              ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'),
              ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system');
             CREATE TABLE gpkg_contents (
                table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL,
                identifier TEXT UNIQUE, description TEXT DEFAULT '',
                last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
                min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
                CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
             CREATE TABLE gpkg_geometry_columns (
                table_name TEXT NOT NULL, column_name TEXT NOT NULL,
                geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL,
                z TINYINT NOT NULL, m TINYINT NOT NULL,
                CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
                CONSTRAINT uk_gc_table_name UNIQUE (table_name),
                CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
                CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
             CREATE TABLE \"{LAYER}\" (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom POINT, {});
             INSERT INTO gpkg_contents (table_name, data_type, identifier, description, srs_id)
                VALUES ('{LAYER}', 'features', '{LAYER}', 'dateline records with coordinates', 4326);
             INSERT INTO gpkg_geometry_columns VALUES ('{LAYER}', 'geom', 'POINT', 4326, 0, 0);
             CREATE TABLE gpkg_extensions (
                table_name TEXT, column_name TEXT, extension_name TEXT NOT NULL,
                definition TEXT NOT NULL, scope TEXT NOT NULL,
                CONSTRAINT ge_tce UNIQUE (table_name, column_name, extension_name));
             INSERT INTO gpkg_extensions VALUES ('{LAYER}', 'geom', 'gpkg_rtree_index',
                'http://www.geopackage.org/spec120/#extension_rtree', 'write-only');
             CREATE VIRTUAL TABLE rtree_{LAYER}_geom USING rtree(id, minx, maxx, miny, maxy);
             BEGIN;",
            columns.join(", ")
        ))?;
        let names: Vec<String> = COLUMNS.iter().map(|c| format!("\"{}\"", c.name)).collect();
        let marks = vec!["?"; COLUMNS.len() + 1].join(", ");
        Ok(GpkgWriter {
            conn,
            insert_sql: format!(
                "INSERT INTO \"{LAYER}\" (geom, {}) VALUES ({marks})",
                names.join(", ")
            ),
            extent: None,
            written: 0,
            without_point: 0,
        })
    }

    pub fn write(&mut self, r: &Record) -> Result<()> {
        let Some((lon, lat)) = point(r) else {
            self.without_point += 1;
            return Ok(());
        };
        let mut values = Vec::with_capacity(COLUMNS.len() + 1);
        values.push(SqlValue::Blob(geometry_blob(lon, lat, 4326)));
        values.extend(COLUMNS.iter().map(|c| sql_value((c.get)(r))));
        self.conn
            .prepare_cached(&self.insert_sql)?
            .execute(params_from_iter(values))?;
        // The spatial index, filled as the rows go in; its triggers come at the end.
        let fid = self.conn.last_insert_rowid();
        self.conn
            .prepare_cached(&format!(
                "INSERT INTO rtree_{LAYER}_geom VALUES (?, ?, ?, ?, ?)"
            ))?
            .execute(rusqlite::params![fid, lon, lon, lat, lat])?;
        self.extent = Some(match self.extent {
            None => (lon, lat, lon, lat),
            Some((a, b, c, d)) => (a.min(lon), b.min(lat), c.max(lon), d.max(lat)),
        });
        self.written += 1;
        Ok(())
    }

    /// Writes the layer's extent and commits.
    pub fn finish(self) -> Result<(u64, u64)> {
        if let Some((a, b, c, d)) = self.extent {
            self.conn.execute(
                "UPDATE gpkg_contents SET min_x = ?, min_y = ?, max_x = ?, max_y = ? WHERE table_name = ?",
                rusqlite::params![a, b, c, d, LAYER],
            )?;
        }
        self.conn.execute_batch(&rtree_triggers())?;
        self.conn.execute_batch("COMMIT;")?;
        self.conn
            .close()
            .map_err(|(_, e)| anyhow::anyhow!("closing the GeoPackage: {e}"))?;
        Ok((self.written, self.without_point))
    }
}

/// The triggers of the GeoPackage R-tree extension (OGC 12-128r15, annex F.3), so a client
/// that edits the layer (QGIS, GDAL, which provide the `ST_` functions) keeps the index right.
fn rtree_triggers() -> String {
    let (t, c, i) = (LAYER, "geom", "fid");
    let r = format!("rtree_{t}_{c}");
    let row = format!(
        "(NEW.{i}, ST_MinX(NEW.{c}), ST_MaxX(NEW.{c}), ST_MinY(NEW.{c}), ST_MaxY(NEW.{c}))"
    );
    format!(
        "CREATE TRIGGER {r}_insert AFTER INSERT ON \"{t}\"
           WHEN (NEW.{c} NOT NULL AND NOT ST_IsEmpty(NEW.{c}))
         BEGIN INSERT OR REPLACE INTO {r} VALUES {row}; END;
         CREATE TRIGGER {r}_update1 AFTER UPDATE OF {c} ON \"{t}\"
           WHEN OLD.{i} = NEW.{i} AND (NEW.{c} NOTNULL AND NOT ST_IsEmpty(NEW.{c}))
         BEGIN INSERT OR REPLACE INTO {r} VALUES {row}; END;
         CREATE TRIGGER {r}_update2 AFTER UPDATE OF {c} ON \"{t}\"
           WHEN OLD.{i} = NEW.{i} AND (NEW.{c} ISNULL OR ST_IsEmpty(NEW.{c}))
         BEGIN DELETE FROM {r} WHERE id = OLD.{i}; END;
         CREATE TRIGGER {r}_update3 AFTER UPDATE ON \"{t}\"
           WHEN OLD.{i} != NEW.{i} AND (NEW.{c} NOTNULL AND NOT ST_IsEmpty(NEW.{c}))
         BEGIN DELETE FROM {r} WHERE id = OLD.{i}; INSERT OR REPLACE INTO {r} VALUES {row}; END;
         CREATE TRIGGER {r}_update4 AFTER UPDATE ON \"{t}\"
           WHEN OLD.{i} != NEW.{i} AND (NEW.{c} ISNULL OR ST_IsEmpty(NEW.{c}))
         BEGIN DELETE FROM {r} WHERE id IN (OLD.{i}, NEW.{i}); END;
         CREATE TRIGGER {r}_delete AFTER DELETE ON \"{t}\"
           WHEN OLD.{c} NOT NULL
         BEGIN DELETE FROM {r} WHERE id = OLD.{i}; END;"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_header_follows_the_standard() {
        let b = geometry_blob(37.16, 36.2, 4326);
        assert_eq!(&b[..4], b"GP\x00\x03");
        assert_eq!(i32::from_le_bytes(b[4..8].try_into().unwrap()), 4326);
        // Envelope: minx, maxx, miny, maxy.
        let f = |i: usize| f64::from_le_bytes(b[i..i + 8].try_into().unwrap());
        assert_eq!((f(8), f(16), f(24), f(32)), (37.16, 37.16, 36.2, 36.2));
        assert_eq!(b[40], 1);
        assert_eq!(u32::from_le_bytes(b[41..45].try_into().unwrap()), 1);
        assert_eq!((f(45), f(53)), (37.16, 36.2));
        assert_eq!(b.len(), 61);
    }
}
