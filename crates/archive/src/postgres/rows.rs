//! Batched statements of the PostgreSQL backend: records in, index documents out.

use super::Prepared;
use crate::Result;
use crate::ranked::IndexDoc;
use postgres::Transaction;
use std::collections::{HashMap, HashSet};

/// Inserts the batch's records that are not in the archive yet, in one statement over arrays
/// (a caption twice in one batch is inserted once); returns the rowids inserted.
pub(super) fn insert_records(
    tx: &mut Transaction,
    batch: &[Prepared],
    extractor: &str,
    at: &str,
) -> Result<HashSet<i64>> {
    let n = batch.len();
    let mut ids = Vec::with_capacity(n);
    let mut captions = Vec::with_capacity(n);
    let mut blobs: Vec<&[u8]> = Vec::with_capacity(n);
    let mut reference_dates = Vec::with_capacity(n);
    let mut names = Vec::with_capacity(n);
    let (mut agency, mut agency_key, mut country) = (vec![], vec![], vec![]);
    let (mut province, mut province_key, mut city, mut city_key) = (vec![], vec![], vec![], vec![]);
    let (mut event_type, mut reported, mut date_iso) = (vec![], vec![], vec![]);
    let (mut date_start, mut date_end, mut lat, mut lon) = (vec![], vec![], vec![], vec![]);
    let (mut killed, mut injured, mut fts) = (vec![], vec![], vec![]);
    for p in batch {
        let r = &p.new.record;
        let c = &p.cols;
        ids.push(r.id.as_str());
        captions.push(r.caption.as_str());
        blobs.push(&p.blob);
        reference_dates.push(p.new.reference_date.as_deref());
        names.push(c.names.as_str());
        agency.push(c.agency.as_deref());
        agency_key.push(c.agency_key.as_deref());
        country.push(c.country.as_deref());
        province.push(c.province.as_deref());
        province_key.push(c.province_key.as_deref());
        city.push(c.city.as_deref());
        city_key.push(c.city_key.as_deref());
        event_type.push(c.event_type.as_deref());
        reported.push(c.reported as i64);
        date_iso.push(c.date_iso.as_deref());
        date_start.push(c.date_start);
        date_end.push(c.date_end);
        lat.push(c.lat);
        lon.push(c.lon);
        killed.push(c.killed);
        injured.push(c.injured);
        fts.push(p.fts.as_str());
    }
    let rows = tx.query(
        "INSERT INTO records(id, caption, extracted, extractor, reference_date, first_seen,
            updated, names, agency, agency_key, country, province, province_key, city, city_key,
            event_type, reported, date_iso, date_start, date_end, lat, lon, killed, injured, fts)
         SELECT u.id, u.caption, u.extracted, $23, u.reference_date, $24, $24, u.names, u.agency,
            u.agency_key, u.country, u.province, u.province_key, u.city, u.city_key,
            u.event_type, u.reported, u.date_iso, u.date_start, u.date_end, u.lat, u.lon,
            u.killed, u.injured, CAST(u.fts AS tsvector)
         FROM unnest($1::text[], $2::text[], $3::bytea[], $4::text[], $5::text[], $6::text[],
                     $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[],
                     $13::text[], $14::bigint[], $15::text[], $16::bigint[], $17::bigint[],
                     $18::float8[], $19::float8[], $20::bigint[], $21::bigint[], $22::text[])
             WITH ORDINALITY AS u(id, caption, extracted, reference_date, names, agency,
                 agency_key, country, province, province_key, city, city_key, event_type,
                 reported, date_iso, date_start, date_end, lat, lon, killed, injured, fts, n)
         ORDER BY u.n
         ON CONFLICT (id) DO NOTHING
         RETURNING rowid",
        &[
            &ids,
            &captions,
            &blobs,
            &reference_dates,
            &names,
            &agency,
            &agency_key,
            &country,
            &province,
            &province_key,
            &city,
            &city_key,
            &event_type,
            &reported,
            &date_iso,
            &date_start,
            &date_end,
            &lat,
            &lon,
            &killed,
            &injured,
            &fts,
            &extractor,
            &at,
        ],
    )?;
    Ok(rows.into_iter().map(|r| r.get(0)).collect())
}

/// The ranked-index documents of the given rows (missing rows are simply absent).
pub(super) fn index_docs(tx: &mut Transaction, rowids: &[i64]) -> Result<HashMap<i64, IndexDoc>> {
    let mut out = HashMap::with_capacity(rowids.len());
    for r in tx.query(
        "SELECT rowid, id, caption, names, agency, country, province, city, event_type, reported,
                date_start, date_end, lat, lon, killed, injured, superseded_by IS NOT NULL,
                date_iso
         FROM records WHERE rowid = ANY($1)",
        &[&rowids],
    )? {
        let rowid: i64 = r.get(0);
        out.insert(
            rowid,
            IndexDoc {
                rowid,
                id: r.get(1),
                caption: r.get(2),
                names: r.get(3),
                agency: r.get(4),
                creators: Vec::new(),
                country: r.get(5),
                province: r.get(6),
                city: r.get(7),
                event_type: r.get(8),
                reported: r.get::<_, i64>(9) != 0,
                date_start: r.get(10),
                date_end: r.get(11),
                lat: r.get(12),
                lon: r.get(13),
                killed: r.get::<_, Option<i64>>(14).map(|k| k as u64),
                injured: r.get::<_, Option<i64>>(15).map(|k| k as u64),
                superseded: r.get(16),
                date_iso: r.get(17),
            },
        );
    }
    for r in tx.query(
        "SELECT record, name FROM record_creators WHERE record = ANY($1) ORDER BY record, key",
        &[&rowids],
    )? {
        if let Some(doc) = out.get_mut(&r.get::<_, i64>(0)) {
            doc.creators.push(r.get(1));
        }
    }
    Ok(out)
}
