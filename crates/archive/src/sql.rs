//! From a parsed query to SQL, for either backend: a WHERE clause over `records` with bound
//! parameters (`?` placeholders; PostgreSQL's are numbered by [`numbered`]), full-text
//! expressions built by one quoting function per engine (FTS5 MATCH strings, PostgreSQL
//! tsquery literals), and the highlighting of matched words. Both backends share every filter,
//! so a query selects the same records whichever holds the archive.

use crate::StatsBy;
use crate::fold::fold;
use crate::geo::circle_boxes;
use crate::rows::days;
use dateline_query::{Count, Field, Filter, Query, TextClause};
use rusqlite::types::Value as SqlValue;

/// The SQL a backend speaks where the two differ: full text and the place index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// FTS5 (`records_fts`) and the R*Tree `records_geo`.
    Sqlite,
    /// The tsvector column `records.fts` and a GiST index over `point(lon, lat)`.
    Postgres,
}

/// A WHERE clause over `records` and its parameters.
#[derive(Debug, Default)]
pub struct Where {
    pub sql: String,
    pub params: Vec<SqlValue>,
    /// The full-text expression (FTS5 MATCH string or tsquery literal) of the positive text
    /// clauses, if any (joined by the caller when ranking).
    pub fts: Option<String>,
    /// Centre of a `near:` filter, for reporting distances.
    pub near: Option<(f64, f64)>,
}

impl Where {
    fn and(&mut self, sql: &str) {
        if !self.sql.is_empty() {
            self.sql.push_str(" AND ");
        }
        self.sql.push_str(sql);
    }
    fn placeholders(&mut self, values: impl IntoIterator<Item = SqlValue>) -> String {
        let mut out = Vec::new();
        for v in values {
            self.params.push(v);
            out.push("?");
        }
        out.join(",")
    }
}

/// One FTS5 string literal: the only way user text enters a MATCH expression. FTS5 strings are
/// double-quoted with `""` for a quote; inside them every character is literal.
/// A NUL would end the string early inside SQLite, so it becomes a space (a separator to the
/// tokenizer anyway).
pub fn fts_string(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\"").replace('\0', " "))
}

/// One tsquery (or tsvector) lexeme literal: single-quoted, with quotes doubled and
/// backslashes escaped, so that every character of the token is literal.
pub fn ts_lexeme(token: &str) -> String {
    format!("'{}'", token.replace('\\', "\\\\").replace('\'', "''"))
}

/// PostgreSQL keeps lexemes below 2 KB; a longer token cannot be indexed or searched.
pub const MAX_LEXEME_BYTES: usize = 2046;

/// The tsvector literal of a record's text: the folded tokens of the caption with their
/// positions, then those of the names after a gap (so a phrase never spans the two, as FTS5
/// keeps them in two columns). Written by dateline rather than by `to_tsvector`, so the
/// server's locale and parser play no part: both engines see the ranked index's tokens.
pub fn tsvector(caption: &str, names: &str) -> String {
    let mut out = String::new();
    let mut pos = 0usize;
    for (i, text) in [caption, names].into_iter().enumerate() {
        pos += i;
        for t in crate::ranked::tokens_of(text) {
            pos += 1;
            if t.len() > MAX_LEXEME_BYTES {
                continue;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&ts_lexeme(&t));
            out.push_str(&format!(":{}", pos.min(16_383)));
        }
    }
    out
}

/// The tsquery of some query text: its folded tokens in sequence (`<->`), the last one a
/// prefix when asked; `None` when nothing is left.
fn ts_tokens(text: &str, prefix: bool) -> Option<String> {
    let tokens: Vec<String> = crate::ranked::tokens_of(text)
        .into_iter()
        .filter(|t| t.len() <= MAX_LEXEME_BYTES)
        .collect();
    let n = tokens.len();
    (n > 0).then(|| {
        let parts: Vec<String> = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let l = ts_lexeme(t);
                if prefix && i + 1 == n {
                    format!("{l}:*")
                } else {
                    l
                }
            })
            .collect();
        format!("({})", parts.join(" <-> "))
    })
}

/// The tsquery of one clause; `None` when the clause has nothing searchable.
fn ts_clause(c: &TextClause) -> Option<String> {
    match c {
        TextClause::Word { word, .. } => ts_tokens(word, false),
        TextClause::Prefix { stem, .. } => ts_tokens(stem, true),
        TextClause::Phrase { words, .. } => ts_tokens(&words.join(" "), false),
        TextClause::Any { alternatives, .. } => {
            let parts: Vec<String> = alternatives.iter().filter_map(ts_clause).collect();
            (!parts.is_empty()).then(|| format!("({})", parts.join(" | ")))
        }
        TextClause::Not { clause, .. } => ts_clause(clause),
    }
}

/// Replaces each `?` placeholder by `$1`, `$2`, … in order (the SQL built here has no `?`
/// anywhere else).
pub fn numbered(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 16);
    let mut n = 0;
    for c in sql.chars() {
        if c == '?' {
            n += 1;
            out.push_str(&format!("${n}"));
        } else {
            out.push(c);
        }
    }
    out
}

/// The FTS5 string of some query text: its tokens folded exactly as the ranked index folds
/// them (NFKC compatibility forms, case, accents), so both engines look for the same tokens
/// (`Ｔｏｋｙｏ` and `ﬁre` are `tokyo` and `fire` to both); `None` when nothing is left.
fn fts_tokens(text: &str) -> Option<String> {
    let tokens = crate::ranked::tokens_of(text);
    (!tokens.is_empty()).then(|| fts_string(&tokens.join(" ")))
}

/// True when some positive clause of `q` has nothing to search for (only punctuation or
/// emoji): such a query matches nothing, whichever engine answers.
pub fn matches_nothing(q: &Query) -> bool {
    q.text
        .iter()
        .any(|c| !matches!(c, TextClause::Not { .. }) && !searchable(c))
}

/// True when a positive clause has something to search for (a letter or digit).
fn searchable(c: &TextClause) -> bool {
    match c {
        TextClause::Word { word, .. } => !crate::ranked::tokens_of(word).is_empty(),
        TextClause::Prefix { stem, .. } => !crate::ranked::tokens_of(stem).is_empty(),
        TextClause::Phrase { words, .. } => !crate::ranked::tokens_of(&words.join(" ")).is_empty(),
        TextClause::Any { alternatives, .. } => alternatives.iter().any(searchable),
        TextClause::Not { .. } => true,
    }
}

/// The MATCH expression of one clause; `None` when the clause has nothing searchable (only
/// punctuation), in which case it is dropped, as the tokenizer would drop it.
fn fts_clause(c: &TextClause) -> Option<String> {
    match c {
        TextClause::Word { word, .. } => fts_tokens(word),
        TextClause::Prefix { stem, .. } => fts_tokens(stem).map(|s| format!("{s}*")),
        TextClause::Phrase { words, .. } => fts_tokens(&words.join(" ")),
        TextClause::Any { alternatives, .. } => {
            let parts: Vec<String> = alternatives.iter().filter_map(fts_clause).collect();
            (!parts.is_empty()).then(|| format!("({})", parts.join(" OR ")))
        }
        TextClause::Not { clause, .. } => fts_clause(clause),
    }
}

fn geo_boxes(d: Dialect, w: &mut Where, boxes: &[(f64, f64, f64, f64)]) -> String {
    if d == Dialect::Postgres {
        let parts: Vec<String> = boxes
            .iter()
            .map(|&(s, n, west, e)| {
                let _ = w.placeholders([
                    SqlValue::Real(west),
                    SqlValue::Real(s),
                    SqlValue::Real(e),
                    SqlValue::Real(n),
                ]);
                "point(records.lon, records.lat) <@ box(point(?, ?), point(?, ?))".to_string()
            })
            .collect();
        return format!(
            "(records.lat IS NOT NULL AND records.lon IS NOT NULL AND ({}))",
            parts.join(" OR ")
        );
    }
    let parts: Vec<String> = boxes
        .iter()
        .map(|&(s, n, west, e)| {
            let p = w.placeholders([
                SqlValue::Real(n),
                SqlValue::Real(s),
                SqlValue::Real(e),
                SqlValue::Real(west),
            ]);
            let _ = p;
            "(min_lat <= ? AND max_lat >= ? AND min_lon <= ? AND max_lon >= ?)".to_string()
        })
        .collect();
    format!(
        "records.rowid IN (SELECT id FROM records_geo WHERE {})",
        parts.join(" OR ")
    )
}

/// Builds the WHERE clause. `loose_dates` lets a coarse date match a range it only overlaps.
/// With `fts_joined` the caller joins `records_fts` and binds [`Where::fts`] itself (to rank by
/// bm25), so the positive text clauses are left out of the WHERE clause.
pub fn build(
    d: Dialect,
    q: &Query,
    loose_dates: bool,
    include_superseded: bool,
    fts_joined: bool,
) -> Where {
    let mut w = Where::default();
    let (clause, and): (fn(&TextClause) -> Option<String>, &str) = match d {
        Dialect::Sqlite => (fts_clause, " AND "),
        Dialect::Postgres => (ts_clause, " & "),
    };
    let (matching, not_matching) = match d {
        Dialect::Sqlite => (
            "records.rowid IN (SELECT rowid FROM records_fts WHERE records_fts MATCH ?)",
            "records.rowid NOT IN (SELECT rowid FROM records_fts WHERE records_fts MATCH ?)",
        ),
        Dialect::Postgres => (
            "records.fts @@ CAST(CAST(? AS text) AS tsquery)",
            "NOT (records.fts @@ CAST(CAST(? AS text) AS tsquery))",
        ),
    };
    if !include_superseded {
        w.and("records.superseded_by IS NULL");
    }
    let positives: Vec<String> = q
        .text
        .iter()
        .filter(|c| !matches!(c, TextClause::Not { .. }))
        .filter_map(clause)
        .collect();
    if fts_joined && !positives.is_empty() {
        w.fts = Some(positives.join(and));
    } else if !positives.is_empty() {
        let m = positives.join(and);
        let _ = w.placeholders([SqlValue::Text(m.clone())]);
        w.and(matching);
        w.fts = Some(m);
    }
    for c in &q.text {
        if let TextClause::Not { clause: inner, .. } = c
            && let Some(m) = clause(inner)
        {
            let _ = w.placeholders([SqlValue::Text(m)]);
            w.and(not_matching);
        }
    }
    for f in &q.filters {
        match f {
            Filter::Field {
                field,
                values,
                negated,
                ..
            } => {
                let (column, folded): (&str, Vec<String>) = match field {
                    Field::Agency => (
                        "records.agency_key",
                        values.iter().map(|v| fold(v)).collect(),
                    ),
                    Field::Country => (
                        "records.country",
                        values
                            .iter()
                            .map(|v| v.trim().to_ascii_uppercase())
                            .collect(),
                    ),
                    Field::Province => (
                        "records.province_key",
                        values.iter().map(|v| fold(v)).collect(),
                    ),
                    Field::City => ("records.city_key", values.iter().map(|v| fold(v)).collect()),
                    Field::Type => (
                        "records.event_type",
                        values.iter().map(|v| v.to_ascii_lowercase()).collect(),
                    ),
                    Field::Creator => {
                        let p = w.placeholders(values.iter().map(|v| SqlValue::Text(fold(v))));
                        let exists = format!(
                            "EXISTS (SELECT 1 FROM record_creators c WHERE c.record = records.rowid AND c.key IN ({p}))"
                        );
                        w.and(&if *negated {
                            format!("NOT {exists}")
                        } else {
                            exists
                        });
                        continue;
                    }
                    Field::Id => {
                        let mut parts = Vec::new();
                        for v in values {
                            let v = v.trim().to_ascii_lowercase();
                            let p = w.placeholders([
                                SqlValue::Text(v.clone()),
                                SqlValue::Text(format!("{v}\u{10FFFF}")),
                            ]);
                            let _ = p;
                            parts.push("(records.id >= ? AND records.id < ?)".to_string());
                        }
                        let any = format!("({})", parts.join(" OR "));
                        w.and(&if *negated { format!("NOT {any}") } else { any });
                        continue;
                    }
                };
                let p = w.placeholders(folded.into_iter().map(SqlValue::Text));
                if *negated {
                    w.and(&format!("({column} IS NULL OR {column} NOT IN ({p}))"));
                } else {
                    w.and(&format!("{column} IN ({p})"));
                }
            }
            Filter::Reported { value, .. } => {
                let p = w.placeholders([SqlValue::Integer(*value as i64)]);
                w.and(&format!("records.reported = {p}"));
            }
            Filter::Date { from, to, .. } => {
                let from = from.map(days);
                let to = to.map(days);
                w.and("records.date_start IS NOT NULL");
                if loose_dates {
                    if let Some(t) = to {
                        let p = w.placeholders([SqlValue::Integer(t)]);
                        w.and(&format!("records.date_start <= {p}"));
                    }
                    if let Some(f) = from {
                        let p = w.placeholders([SqlValue::Integer(f)]);
                        w.and(&format!("records.date_end >= {p}"));
                    }
                } else {
                    if let Some(f) = from {
                        let p = w.placeholders([SqlValue::Integer(f)]);
                        w.and(&format!("records.date_start >= {p}"));
                    }
                    if let Some(t) = to {
                        let p = w.placeholders([SqlValue::Integer(t)]);
                        w.and(&format!("records.date_end <= {p}"));
                    }
                }
            }
            Filter::Count {
                count, min, max, ..
            } => {
                let col = match count {
                    Count::Killed => "records.killed",
                    Count::Injured => "records.injured",
                };
                w.and(&format!("{col} IS NOT NULL"));
                if let Some(m) = min {
                    let p = w.placeholders([SqlValue::Integer((*m).min(i64::MAX as u64) as i64)]);
                    w.and(&format!("{col} >= {p}"));
                }
                if let Some(m) = max {
                    let p = w.placeholders([SqlValue::Integer((*m).min(i64::MAX as u64) as i64)]);
                    w.and(&format!("{col} <= {p}"));
                }
            }
            Filter::BBox {
                south,
                west,
                north,
                east,
                ..
            } => {
                let boxes = if west <= east {
                    vec![(*south, *north, *west, *east)]
                } else {
                    vec![
                        (*south, *north, *west, 180.0),
                        (*south, *north, -180.0, *east),
                    ]
                };
                let sql = geo_boxes(d, &mut w, &boxes);
                w.and(&sql);
            }
            Filter::Near {
                lat,
                lon,
                radius_km,
                ..
            } => {
                let sql = geo_boxes(d, &mut w, &circle_boxes(*lat, *lon, *radius_km));
                w.and(&sql);
                let p = w.placeholders([
                    SqlValue::Real(*lat),
                    SqlValue::Real(*lon),
                    SqlValue::Real(*radius_km),
                ]);
                let _ = p;
                w.and("dl_distance_km(records.lat, records.lon, ?, ?) <= ?");
                w.near = Some((*lat, *lon));
            }
        }
    }
    if w.sql.is_empty() {
        w.sql.push_str("1 = 1");
    }
    w
}

/// Counts of matching records by one dimension, most frequent first (by value for years and
/// months), over a WHERE clause from [`build`]: one statement both backends run. The grouping
/// is wrapped so that the order can name its columns, which PostgreSQL requires.
pub fn stats_sql(by: StatsBy, where_sql: &str) -> String {
    let (expr, group) = match by {
        StatsBy::Agency => ("min(records.agency)", "records.agency_key"),
        StatsBy::Country => ("records.country", "records.country"),
        StatsBy::Province => ("min(records.province)", "records.province_key"),
        StatsBy::City => ("min(records.city)", "records.city_key"),
        StatsBy::Type => ("records.event_type", "records.event_type"),
        StatsBy::Reported => (
            "CASE records.reported WHEN 0 THEN 'false' ELSE 'true' END",
            "records.reported",
        ),
        StatsBy::Year => (
            "substr(records.date_iso, 1, 4)",
            "substr(records.date_iso, 1, 4)",
        ),
        StatsBy::Month => (
            "substr(records.date_iso, 1, 7)",
            "substr(records.date_iso, 1, 7)",
        ),
        StatsBy::Creator => ("min(rc.name)", "rc.key"),
    };
    let from = if by == StatsBy::Creator {
        "records LEFT JOIN record_creators rc ON rc.record = records.rowid"
    } else {
        "records"
    };
    let order = if matches!(by, StatsBy::Year | StatsBy::Month) {
        "v IS NULL, v"
    } else {
        "n DESC, v IS NULL, v"
    };
    format!(
        "SELECT n, v FROM (SELECT count(*) AS n, {expr} AS v FROM {from} WHERE {where_sql} \
         GROUP BY {group}) AS g ORDER BY {order}"
    )
}

/// The pairs (old record's rowid, new record's id) that an ingest of a new version of a file
/// supersedes, one statement per way of matching a place in the file: by input id when both
/// versions give one, else by line. An old record is replaced only when the new version no
/// longer holds its caption, the old version did not already hold the new caption, and no other
/// file keeps it. Parameters: `$1` the path, `$2` the new version's file row (both back ends
/// number them so).
pub fn supersede_pairs_sql() -> [String; 2] {
    let common = "
        FROM provenance o
        JOIN source_files fo ON fo.rowid = o.file AND fo.path = $1 AND fo.rowid != $2
                                AND fo.sha256 IS NOT NULL
        JOIN records ro ON ro.rowid = o.record AND ro.superseded_by IS NULL
        JOIN provenance n ON n.file = $2 AND {KEY}
        JOIN records rn ON rn.rowid = n.record
        WHERE NOT EXISTS (SELECT 1 FROM provenance x WHERE x.file = $2 AND x.record = o.record)
          AND NOT EXISTS (SELECT 1 FROM provenance y WHERE y.file = o.file AND y.record = n.record)
          AND NOT EXISTS (SELECT 1 FROM provenance z JOIN source_files fz ON fz.rowid = z.file
                          WHERE z.record = o.record AND fz.path != $1)";
    [
        "o.input_id IS NOT NULL AND n.input_id = o.input_id",
        "n.line = o.line AND (o.input_id IS NULL OR n.input_id IS NULL)",
    ]
    .map(|key| format!("SELECT o.record, rn.id {}", common.replace("{KEY}", key)))
}

/// Counts of matching records by (date as written, event type), in date order, undated last.
pub fn date_counts_sql(where_sql: &str) -> String {
    format!(
        "SELECT records.date_iso, records.event_type, count(*) FROM records WHERE {where_sql} \
         GROUP BY records.date_iso, records.event_type \
         ORDER BY records.date_iso IS NULL, records.date_iso, records.event_type"
    )
}

/// Byte ranges of the caption that a positive text clause matched, in order, not overlapping.
pub fn highlights(caption: &str, q: &Query) -> Vec<(usize, usize)> {
    let tokens: Vec<(usize, usize, String)> = tokenize(caption);
    let mut out: Vec<(usize, usize)> = Vec::new();
    fn mark(c: &TextClause, tokens: &[(usize, usize, String)], out: &mut Vec<(usize, usize)>) {
        match c {
            TextClause::Word { word, .. } => mark_seq(&fold_words(word), false, tokens, out),
            TextClause::Prefix { stem, .. } => mark_seq(&fold_words(stem), true, tokens, out),
            TextClause::Phrase { words, .. } => {
                mark_seq(&fold_words(&words.join(" ")), false, tokens, out)
            }
            TextClause::Any { alternatives, .. } => {
                for a in alternatives {
                    mark(a, tokens, out);
                }
            }
            TextClause::Not { .. } => {}
        }
    }
    for c in &q.text {
        mark(c, &tokens, &mut out);
    }
    out.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (s, e) in out {
        match merged.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => merged.push((s, e)),
        }
    }
    merged
}

fn fold_words(s: &str) -> Vec<String> {
    tokenize(s).into_iter().map(|(_, _, t)| t).collect()
}

/// Alphanumeric runs with byte offsets, folded like the FTS5 tokenizer folds them.
fn tokenize(s: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(st)) => {
                out.push((st, i, fold(&s[st..i])));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(st) = start {
        out.push((st, s.len(), fold(&s[st..])));
    }
    out
}

fn mark_seq(
    words: &[String],
    last_is_prefix: bool,
    tokens: &[(usize, usize, String)],
    out: &mut Vec<(usize, usize)>,
) {
    if words.is_empty() || tokens.len() < words.len() {
        return;
    }
    for i in 0..=tokens.len() - words.len() {
        let ok = words.iter().enumerate().all(|(j, w)| {
            let t = &tokens[i + j].2;
            if last_is_prefix && j == words.len() - 1 {
                t.starts_with(w.as_str())
            } else {
                t == w
            }
        });
        if ok {
            out.push((tokens[i].0, tokens[i + words.len() - 1].1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dateline_query::QSpan;

    fn word(w: &str) -> TextClause {
        TextClause::Word {
            word: w.into(),
            span: QSpan::default(),
        }
    }

    #[test]
    fn user_text_is_always_quoted() {
        assert_eq!(fts_string(r#"a" OR "b"#), r#""a"" OR ""b""#);
        assert_eq!(fts_clause(&word("NEAR(")).unwrap(), "\"near\"");
        assert_eq!(fts_clause(&word("ﬁre")).unwrap(), "\"fire\"");
        assert_eq!(fts_clause(&word("Ｔｏｋｙｏ")).unwrap(), "\"tokyo\"");
        assert_eq!(fts_clause(&word("--")), None);
    }

    #[test]
    fn highlights_words_prefixes_and_phrases() {
        let q = Query {
            text: vec![
                word("rubble"),
                TextClause::Prefix {
                    stem: "neigh".into(),
                    span: QSpan::default(),
                },
                TextClause::Phrase {
                    words: vec!["barrel".into(), "bomb".into()],
                    span: QSpan::default(),
                },
                TextClause::Not {
                    clause: Box::new(word("boy")),
                    span: QSpan::default(),
                },
            ],
            filters: vec![],
        };
        let cap = "A boy in the Rubble after a barrel bomb hit the neighbourhood";
        let h = highlights(cap, &q);
        let words: Vec<&str> = h.iter().map(|&(s, e)| &cap[s..e]).collect();
        assert_eq!(words, ["Rubble", "barrel bomb", "neighbourhood"]);
    }
}
