//! How a benchmark's result is printed: a table a person can read on a terminal, the JSON object
//! for scripts (`--json`, and whenever the output is piped, as `bench/run.sh` reads it).

use serde_json::Value;
use std::io::{self, IsTerminal, Write};

/// The output choice every `bench` command shares.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct ReportArgs {
    /// Print the result as one JSON object (the default when the output is not a terminal).
    #[arg(long, conflicts_with = "table")]
    pub json: bool,
    /// Print the result as a table (the default on a terminal).
    #[arg(long)]
    pub table: bool,
}

/// Numbers rounded for reading: counts with thousands separators, measurements to three
/// significant digits (at least one decimal below 100).
pub fn number(v: &Value) -> String {
    match v {
        Value::Number(n) if n.is_u64() || n.is_i64() => {
            let s = n.to_string();
            let (sign, digits) = s.strip_prefix('-').map_or(("", s.as_str()), |d| ("-", d));
            let mut out = String::new();
            for (i, c) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i) % 3 == 0 {
                    out.push(',');
                }
                out.push(c);
            }
            format!("{sign}{out}")
        }
        Value::Number(n) => {
            let f = n.as_f64().unwrap_or(f64::NAN);
            let a = f.abs();
            if a >= 1000.0 {
                number(&Value::from(f.round() as i64))
            } else if a >= 100.0 {
                format!("{f:.0}")
            } else if a >= 10.0 {
                format!("{f:.1}")
            } else if a >= 1.0 {
                format!("{f:.2}")
            } else if a == 0.0 {
                "0".into()
            } else {
                format!("{f:.3}")
            }
        }
        Value::Null => "—".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The result as a table: one `name  value` row per scalar field (nested objects as
/// `outer.inner`), then each list of objects (per-query rows) as a table with a column per key.
pub fn render(result: &Value) -> String {
    let mut scalars: Vec<(String, String)> = Vec::new();
    let mut tables: Vec<(String, &Vec<Value>)> = Vec::new();
    fn walk<'a>(
        prefix: &str,
        v: &'a Value,
        scalars: &mut Vec<(String, String)>,
        tables: &mut Vec<(String, &'a Vec<Value>)>,
    ) {
        match v {
            Value::Object(m) => {
                for (k, v) in m {
                    let name = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    walk(&name, v, scalars, tables);
                }
            }
            Value::Array(a) if a.iter().all(Value::is_object) && !a.is_empty() => {
                tables.push((prefix.to_string(), a));
            }
            _ => scalars.push((prefix.replace('_', " "), number(v))),
        }
    }
    walk("", result, &mut scalars, &mut tables);
    let width = scalars
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let vwidth = scalars
        .iter()
        .map(|(_, v)| v.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (k, v) in &scalars {
        out.push_str(&format!("{k:width$}  {v:>vwidth$}\n"));
    }
    for (name, rows) in tables {
        out.push_str(&format!("\n{name}\n"));
        let mut columns: Vec<&String> = Vec::new();
        for r in rows {
            for k in r.as_object().expect("checked").keys() {
                if !columns.contains(&k) {
                    columns.push(k);
                }
            }
        }
        // Text columns (the query, its class) first, then the figures.
        columns.sort_by_key(|c| !rows[0][c.as_str()].is_string());
        let cells: Vec<Vec<String>> = rows
            .iter()
            .map(|r| columns.iter().map(|c| number(&r[c.as_str()])).collect())
            .collect();
        let widths: Vec<usize> = columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                cells
                    .iter()
                    .map(|row| row[i].chars().count())
                    .chain([c.chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: Vec<String>| -> String {
            cells
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (c, w))| {
                    if rows[0][columns[i].as_str()].is_string() {
                        format!("{c:w$}")
                    } else {
                        format!("{c:>w$}")
                    }
                })
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_string()
        };
        out.push_str(&line(columns.iter().map(|c| c.to_string()).collect()));
        out.push('\n');
        for row in cells {
            out.push_str(&line(row));
            out.push('\n');
        }
    }
    out
}

/// Prints the result as the user chose, or as fits where the output goes.
pub fn print(result: &Value, args: ReportArgs) -> io::Result<()> {
    let table = args.table || (!args.json && io::stdout().is_terminal());
    let mut out = io::stdout().lock();
    if table {
        out.write_all(render(result).as_bytes())
    } else {
        writeln!(out, "{result}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_rounded_for_reading() {
        assert_eq!(number(&serde_json::json!(1234567)), "1,234,567");
        assert_eq!(number(&serde_json::json!(12482.718)), "12,483");
        assert_eq!(number(&serde_json::json!(5.23456)), "5.23");
        assert_eq!(number(&serde_json::json!(0.0123456)), "0.012");
        assert_eq!(number(&serde_json::json!(null)), "—");
    }

    #[test]
    fn a_result_becomes_rows_and_a_query_table() {
        let v = serde_json::json!({
            "captions": 2000, "captions_per_sec": 1234.5678,
            "queries": [{"query": "rubble", "p99_ms": 5.2}, {"query": "agency:AFP", "p99_ms": 0.75}]
        });
        let t = render(&v);
        assert!(t.contains("captions          2,000\n"), "{t}");
        assert!(t.contains("captions per sec  1,235\n"), "{t}");
        assert!(
            t.contains("query       p99_ms\nrubble        5.20\nagency:AFP   0.750\n"),
            "{t}"
        );
    }
}
