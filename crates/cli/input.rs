//! Reading captions from text paragraphs, JSON Lines and CSV.
//!
//! Readers never stop at a bad record: each problem becomes an [`InputError`] naming the file and
//! line, and reading goes on with the next record. Invalid UTF-8 is reported per line.

use dateline_engine::CaptionInput;
use dateline_model::Source;
use std::fmt;

/// Input formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Decide by file extension: .jsonl/.ndjson → jsonl, .csv → csv, else text.
    Auto,
    /// Paragraphs separated by blank lines, one caption each.
    Text,
    /// One JSON object per line with "caption" (and optional "id", "reference_date").
    Jsonl,
    /// CSV with a header row; the caption column is found by name or --column.
    Csv,
}

/// A record that could not be read.
#[derive(Debug, Clone)]
pub struct InputError {
    pub path: String,
    pub line: Option<u64>,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{}: {}", self.path, l, self.message),
            None => write!(f, "{}: {}", self.path, self.message),
        }
    }
}

/// Options that apply to reading.
pub struct ReadOptions<'a> {
    pub format: Format,
    pub column: Option<&'a str>,
    pub sha256: Option<String>,
}

/// Resolves `Auto` for a path.
pub fn detect(format: Format, path: &str) -> Format {
    if format != Format::Auto {
        return format;
    }
    let lower = path.to_lowercase();
    if lower.ends_with(".jsonl") || lower.ends_with(".ndjson") {
        Format::Jsonl
    } else if lower.ends_with(".csv") {
        Format::Csv
    } else {
        Format::Text
    }
}

/// Reads every caption of one input's bytes. A whole-file problem (CSV without the caption
/// column) is returned as `Err`; per-record problems come back in the error list.
pub fn read(
    path: &str,
    bytes: &[u8],
    opts: &ReadOptions,
) -> Result<(Vec<CaptionInput>, Vec<InputError>), InputError> {
    match detect(opts.format, path) {
        Format::Jsonl => Ok(read_jsonl(path, bytes, opts)),
        Format::Csv => read_csv(path, bytes, opts),
        _ => Ok(read_text(path, bytes, opts)),
    }
}

fn source(kind: &str, path: &str, line: u64, opts: &ReadOptions) -> Source {
    Source {
        kind: kind.into(),
        path: Some(path.to_string()),
        line: Some(line),
        sha256: opts.sha256.clone(),
    }
}

/// Lines of the input with their 1-based numbers; a line that is not UTF-8 is an error.
fn lines(bytes: &[u8]) -> impl Iterator<Item = (u64, Result<&str, usize>)> {
    bytes.split(|b| *b == b'\n').enumerate().map(|(i, raw)| {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        (
            i as u64 + 1,
            std::str::from_utf8(raw).map_err(|e| e.valid_up_to()),
        )
    })
}

fn invalid_utf8(path: &str, line: u64, at: usize) -> InputError {
    InputError {
        path: path.into(),
        line: Some(line),
        message: format!(
            "invalid UTF-8 at byte {} of the line; record skipped",
            at + 1
        ),
    }
}

fn read_text(path: &str, bytes: &[u8], opts: &ReadOptions) -> (Vec<CaptionInput>, Vec<InputError>) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut para: Vec<&str> = Vec::new();
    let mut para_start = 0;
    let mut bad = false;
    let flush = |para: &mut Vec<&str>, start: u64, bad: &mut bool, out: &mut Vec<CaptionInput>| {
        if !para.is_empty() && !*bad {
            let text = para.join("\n");
            out.push(CaptionInput {
                text,
                source: source("text", path, start, opts),
                ..Default::default()
            });
        }
        para.clear();
        *bad = false;
    };
    for (n, line) in lines(bytes) {
        match line {
            Ok(l) if l.trim().is_empty() => flush(&mut para, para_start, &mut bad, &mut out),
            Ok(l) => {
                if para.is_empty() {
                    para_start = n;
                }
                para.push(l);
            }
            Err(at) => {
                if para.is_empty() {
                    para_start = n;
                }
                errors.push(invalid_utf8(path, n, at));
                bad = true;
                para.push("");
            }
        }
    }
    flush(&mut para, para_start, &mut bad, &mut out);
    (out, errors)
}

fn parse_reference_date(
    v: Option<&serde_json::Value>,
) -> Result<Option<jiff::civil::Date>, String> {
    match v {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::String(s)) => {
            let day = s.get(..10).unwrap_or(s);
            day.parse::<jiff::civil::Date>()
                .map(Some)
                .map_err(|_| format!("reference_date {s:?} is not a YYYY-MM-DD date"))
        }
        Some(other) => Err(format!("reference_date must be a string, found {other}")),
    }
}

fn read_jsonl(
    path: &str,
    bytes: &[u8],
    opts: &ReadOptions,
) -> (Vec<CaptionInput>, Vec<InputError>) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for (n, line) in lines(bytes) {
        let err = |m: String| InputError {
            path: path.into(),
            line: Some(n),
            message: m,
        };
        let line = match line {
            Ok(l) if l.trim().is_empty() => continue,
            Ok(l) => l,
            Err(at) => {
                errors.push(invalid_utf8(path, n, at));
                continue;
            }
        };
        let v: serde_json::Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => {
                errors.push(err(format!("not valid JSON: {e}; record skipped")));
                continue;
            }
        };
        let Some(obj) = v.as_object() else {
            errors.push(err(
                "expected a JSON object with a \"caption\" field; record skipped".into(),
            ));
            continue;
        };
        let caption = match obj.get("caption").or_else(|| obj.get("text")) {
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(_) => {
                errors.push(err("\"caption\" must be a string; record skipped".into()));
                continue;
            }
            None => {
                let keys: Vec<&str> = obj.keys().map(String::as_str).collect();
                errors.push(err(format!(
                    "no \"caption\" field (fields: {}); record skipped",
                    keys.join(", ")
                )));
                continue;
            }
        };
        if caption.trim().is_empty() {
            errors.push(err("empty caption; record skipped".into()));
            continue;
        }
        let input_id = match obj.get("id") {
            Some(serde_json::Value::String(s)) => Some(s.clone()),
            Some(serde_json::Value::Number(n)) => Some(n.to_string()),
            _ => None,
        };
        let reference_date = match parse_reference_date(obj.get("reference_date")) {
            Ok(d) => d,
            Err(m) => {
                errors.push(err(format!("{m}; record skipped")));
                continue;
            }
        };
        out.push(CaptionInput {
            text: caption,
            input_id,
            source: source("jsonl", path, n, opts),
            reference_date,
        });
    }
    (out, errors)
}

const CAPTION_COLUMNS: &[&str] = &[
    "caption",
    "description",
    "caption_abstract",
    "caption-abstract",
    "text",
    "caption_text",
    "imagedescription",
];

/// Lines a quoted CSV field may span before it is taken for a quote that was never closed.
const MAX_QUOTED_LINES: u64 = 100;

/// Where a quoted field opens that never closes (or runs on for more than
/// [`MAX_QUOTED_LINES`] lines, swallowing the records after it): the byte offset where the
/// record holding it starts, the byte offset of the quote, the quote's 1-based line, and how
/// many lines it ran. The rules are those of RFC 4180
/// and the csv crate: a quote opens a field only at the field's start, and `""` inside is a
/// quote.
fn runaway_quote(bytes: &[u8]) -> Option<(usize, usize, u64, u64)> {
    let (mut line, mut line_start) = (1u64, 0usize);
    let (mut in_quotes, mut field_start) = (false, true);
    let (mut open_line, mut open_start, mut quote_at) = (0u64, 0usize, 0usize);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_quotes {
            match b {
                b'"' if bytes.get(i + 1) == Some(&b'"') => i += 1,
                b'"' => {
                    in_quotes = false;
                    field_start = false;
                }
                b'\n' => {
                    line += 1;
                    if line - open_line > MAX_QUOTED_LINES {
                        return Some((open_start, quote_at, open_line, line - open_line));
                    }
                }
                _ => {}
            }
        } else {
            match b {
                b'"' if field_start => {
                    in_quotes = true;
                    open_line = line;
                    open_start = line_start;
                    quote_at = i;
                }
                b',' => field_start = true,
                b'\n' => {
                    line += 1;
                    line_start = i + 1;
                    field_start = true;
                }
                b'\r' => {}
                _ => field_start = false,
            }
        }
        i += 1;
    }
    in_quotes.then_some((open_start, quote_at, open_line, line - open_line + 1))
}

fn read_csv(
    path: &str,
    bytes: &[u8],
    opts: &ReadOptions,
) -> Result<(Vec<CaptionInput>, Vec<InputError>), InputError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let Some((start, quote_at, line, span)) = runaway_quote(bytes) else {
        return read_csv_records(path, bytes, opts);
    };
    // The records before the runaway quote are read as usual; its line is reported and
    // skipped; reading starts again on the next line, under the same header.
    let header_end = bytes
        .iter()
        .position(|b| *b == b'\n')
        .map_or(bytes.len(), |i| i + 1);
    let error = InputError {
        path: path.into(),
        line: Some(line),
        message: format!(
            "a quoted field opens on this line and {}; record skipped, reading goes on at line {}",
            if span > MAX_QUOTED_LINES {
                format!("runs on for more than {MAX_QUOTED_LINES} lines (a quote never closed?)")
            } else {
                "is never closed".to_string()
            },
            line + 1
        ),
    };
    if start < header_end {
        // The header itself is broken: nothing can be read under it.
        return Err(error);
    }
    let (mut caps, mut errors) = read_csv_records(path, &bytes[..start], opts)?;
    errors.push(error);
    // Reading goes on at the line after the one the quote opened on (the record may have
    // started lines earlier, with a quoted field that did close).
    let next = bytes[quote_at..]
        .iter()
        .position(|b| *b == b'\n')
        .map_or(bytes.len(), |i| quote_at + i + 1);
    if next < bytes.len() {
        let mut rest = bytes[..header_end].to_vec();
        if !rest.ends_with(b"\n") {
            rest.push(b'\n');
        }
        rest.extend_from_slice(&bytes[next..]);
        // Line 2 of `rest` is line `line + 1` of the file.
        let shift = line - 1;
        let (more, more_errors) = read_csv(path, &rest, opts)?;
        caps.extend(more.into_iter().map(|mut c| {
            c.source.line = c.source.line.map(|l| l + shift);
            c
        }));
        errors.extend(more_errors.into_iter().map(|mut e| {
            e.line = e.line.map(|l| l + shift);
            e
        }));
    }
    Ok((caps, errors))
}

fn read_csv_records(
    path: &str,
    bytes: &[u8],
    opts: &ReadOptions,
) -> Result<(Vec<CaptionInput>, Vec<InputError>), InputError> {
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
    let headers = reader
        .byte_headers()
        .map_err(|e| InputError {
            path: path.into(),
            line: Some(1),
            message: format!("cannot read the CSV header: {e}"),
        })?
        .clone();
    let names: Vec<String> = headers
        .iter()
        .map(|h| String::from_utf8_lossy(h).trim().to_string())
        .collect();
    let find = |wanted: &str| names.iter().position(|n| n.eq_ignore_ascii_case(wanted));
    let caption_col = match opts.column {
        Some(c) => find(c),
        None => CAPTION_COLUMNS.iter().find_map(|c| find(c)),
    };
    let Some(caption_col) = caption_col else {
        let wanted = opts
            .column
            .map(|c| format!("no column {c:?}"))
            .unwrap_or_else(|| {
                format!(
                    "no caption column (looked for {})",
                    CAPTION_COLUMNS.join(", ")
                )
            });
        let message = if names.iter().all(|n| n.is_empty()) {
            format!(
                "the file has no header row: a CSV needs one naming its caption column ({})",
                opts.column.unwrap_or("caption")
            )
        } else {
            format!("{wanted}; the columns are: {}", names.join(", "))
        };
        return Err(InputError {
            path: path.into(),
            line: Some(1),
            message,
        });
    };
    let id_col = find("id");
    let ref_col = find("reference_date");
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for rec in reader.byte_records() {
        let rec = match rec {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map(|p| p.line());
                errors.push(InputError {
                    path: path.into(),
                    line,
                    message: format!("malformed CSV record: {e}; record skipped"),
                });
                continue;
            }
        };
        let line = rec.position().map(|p| p.line()).unwrap_or(0);
        let field = |i: usize| rec.get(i).map(std::str::from_utf8);
        let caption = match field(caption_col) {
            Some(Ok(s)) => s.to_string(),
            Some(Err(e)) => {
                errors.push(invalid_utf8(path, line, e.valid_up_to()));
                continue;
            }
            None => {
                errors.push(InputError {
                    path: path.into(),
                    line: Some(line),
                    message: format!(
                        "record has no column {:?}; record skipped",
                        names[caption_col]
                    ),
                });
                continue;
            }
        };
        if caption.trim().is_empty() {
            errors.push(InputError {
                path: path.into(),
                line: Some(line),
                message: format!(
                    "empty caption (column {:?}); record skipped",
                    names[caption_col]
                ),
            });
            continue;
        }
        let input_id = id_col
            .and_then(&field)
            .and_then(Result::ok)
            .filter(|s| !s.is_empty())
            .map(str::to_string);
        let reference_date = match ref_col
            .and_then(field)
            .and_then(Result::ok)
            .filter(|s| !s.is_empty())
        {
            Some(s) => {
                match parse_reference_date(Some(&serde_json::Value::String(s.to_string()))) {
                    Ok(d) => d,
                    Err(m) => {
                        errors.push(InputError {
                            path: path.into(),
                            line: Some(line),
                            message: format!("{m}; record skipped"),
                        });
                        continue;
                    }
                }
            }
            None => None,
        };
        out.push(CaptionInput {
            text: caption,
            input_id,
            source: source("csv", path, line, opts),
            reference_date,
        });
    }
    Ok((out, errors))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(format: Format) -> ReadOptions<'static> {
        ReadOptions {
            format,
            column: None,
            sha256: None,
        }
    }

    #[test]
    fn paragraphs_with_line_numbers() {
        let (caps, errs) = read(
            "a.txt",
            b"First caption\ncontinues.\n\n\nSecond one.\n",
            &opts(Format::Text),
        )
        .unwrap();
        assert!(errs.is_empty());
        assert_eq!(caps.len(), 2);
        assert_eq!(caps[0].text, "First caption\ncontinues.");
        assert_eq!(caps[1].source.line, Some(5));
    }

    #[test]
    fn invalid_utf8_skips_only_its_record() {
        let (caps, errs) = read(
            "a.jsonl",
            b"{\"caption\":\"ok\"}\n{\"caption\":\"\xff\"}\n{\"caption\":\"fine\",\"id\":7}\n",
            &opts(Format::Auto),
        )
        .unwrap();
        assert_eq!(caps.len(), 2);
        assert_eq!(caps[1].input_id.as_deref(), Some("7"));
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].line, Some(2));
        assert!(errs[0].to_string().starts_with("a.jsonl:2: invalid UTF-8"));
    }

    #[test]
    fn an_unterminated_csv_quote_is_reported_where_it_opened_and_reading_goes_on() {
        let csv = "id,caption\n1,First caption here\n2,\"Second caption never closes\n3,Third caption\n4,Fourth caption\n";
        let (caps, errs) = read("x.csv", csv.as_bytes(), &opts(Format::Csv)).unwrap();
        let texts: Vec<&str> = caps.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            ["First caption here", "Third caption", "Fourth caption"]
        );
        let lines: Vec<Option<u64>> = caps.iter().map(|c| c.source.line).collect();
        assert_eq!(lines, [Some(2), Some(4), Some(5)]);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].line, Some(3));
        assert!(
            errs[0].message.contains("never closed"),
            "{}",
            errs[0].message
        );
        // A field of many lines is taken for a runaway quote too.
        let mut long = String::from("caption\n\"opens here\n");
        for i in 0..150 {
            long.push_str(&format!("caption {i}\n"));
        }
        long.push_str("\"\n");
        let (_, errs) = read("x.csv", long.as_bytes(), &opts(Format::Csv)).unwrap();
        assert_eq!(errs[0].line, Some(2));
        assert!(
            errs[0].message.contains("more than 100 lines"),
            "{}",
            errs[0].message
        );
        // A runaway quote after a quoted field that spans lines: lines stay those of the file.
        let (caps, errs) = read(
            "x.csv",
            b"d,caption\n\"8\n\ns\",\"\nfive,A caption\n",
            &opts(Format::Csv),
        )
        .unwrap();
        assert_eq!(errs[0].line, Some(4));
        assert!(
            caps.iter().all(|c| c.source.line.unwrap() <= 5),
            "{:?}",
            caps.iter().map(|c| c.source.line).collect::<Vec<_>>()
        );
        // Found by fuzzing (the readers target).
        let (caps, _) = read("x.csv", b"d,caption,r\n\"8\n\ns\",\"", &opts(Format::Csv)).unwrap();
        assert!(caps.iter().all(|c| c.source.line.unwrap() <= 4));
        // Quotes that close, even over a few lines and with "" inside, are fine.
        let ok = "caption\n\"A \"\"quoted\"\" word,\nover two lines\"\nnext\n";
        let (caps, errs) = read("x.csv", ok.as_bytes(), &opts(Format::Csv)).unwrap();
        assert!(errs.is_empty());
        assert_eq!(caps.len(), 2);
    }

    #[test]
    fn empty_captions_and_empty_files_are_reported() {
        let (caps, errs) = read(
            "x.jsonl",
            b"{\"caption\": \"\"}\n{\"caption\": \"A caption\"}\n",
            &opts(Format::Jsonl),
        )
        .unwrap();
        assert_eq!(caps.len(), 1);
        assert_eq!(errs[0].line, Some(1));
        assert!(errs[0].message.contains("empty caption"));
        let (caps, errs) = read(
            "x.csv",
            b"caption\n\n\"  \"\nA caption\n",
            &opts(Format::Csv),
        )
        .unwrap();
        assert_eq!(caps.len(), 1);
        assert!(
            errs.iter().all(|e| e.message.contains("empty caption")),
            "{errs:?}"
        );
        let err = read("x.csv", b"", &opts(Format::Csv)).unwrap_err();
        assert!(err.message.contains("no header row"), "{}", err.message);
    }

    #[test]
    fn csv_without_the_column_lists_the_columns() {
        let err = read("p.csv", b"name,notes\nx,y\n", &opts(Format::Auto)).unwrap_err();
        assert!(
            err.message.contains("the columns are: name, notes"),
            "{}",
            err.message
        );
        let o = ReadOptions {
            format: Format::Csv,
            column: Some("notes"),
            sha256: None,
        };
        let (caps, _) = read("p.csv", b"name,notes\nx,\"a, b\"\n", &o).unwrap();
        assert_eq!(caps[0].text, "a, b");
        assert_eq!(caps[0].source.line, Some(2));
    }

    #[test]
    fn reference_dates_are_checked() {
        let (caps, errs) = read("a.jsonl", b"{\"caption\":\"x\",\"reference_date\":\"2016-11-20\"}\n{\"caption\":\"y\",\"reference_date\":\"soon\"}\n", &opts(Format::Jsonl)).unwrap();
        assert_eq!(
            caps[0].reference_date,
            Some(jiff::civil::date(2016, 11, 20))
        );
        assert_eq!(errs.len(), 1);
    }
}

/// Splits an input into pieces of about `target` bytes that can be read independently: JSONL at
/// line ends, text at blank lines (paragraph ends), CSV not at all (quoted fields may hold
/// newlines). Each piece comes with the 1-based line number of its first line, so that readers
/// that work piece by piece still report positions in the whole file.
pub fn split_chunks<'a>(
    bytes: &'a [u8],
    format: Format,
    path: &str,
    target: usize,
) -> Vec<(u64, &'a [u8])> {
    let format = detect(format, path);
    if format == Format::Csv || bytes.len() <= target {
        return vec![(1, bytes)];
    }
    let mut out = Vec::new();
    let mut start = 0;
    let mut line = 1u64;
    while start < bytes.len() {
        let mut end = (start + target).min(bytes.len());
        if end < bytes.len() {
            let rest = &bytes[end..];
            let cut = match format {
                Format::Jsonl => rest.iter().position(|b| *b == b'\n').map(|i| end + i + 1),
                _ => blank_line_end(rest).map(|i| end + i),
            };
            end = cut.unwrap_or(bytes.len());
        }
        let piece = &bytes[start..end];
        out.push((line, piece));
        line += piece.iter().filter(|b| **b == b'\n').count() as u64;
        start = end;
    }
    out
}

/// Offset just past the first blank line (a line holding only whitespace) in `bytes`.
fn blank_line_end(bytes: &[u8]) -> Option<usize> {
    let mut line_start = bytes.iter().position(|b| *b == b'\n')? + 1;
    loop {
        let next = bytes[line_start..].iter().position(|b| *b == b'\n')?;
        let line = &bytes[line_start..line_start + next];
        if line.iter().all(|b| b.is_ascii_whitespace()) {
            return Some(line_start + next + 1);
        }
        line_start += next + 1;
    }
}

/// Reads one piece from [`split_chunks`], numbering lines from `first_line`.
pub fn read_chunk(
    path: &str,
    bytes: &[u8],
    first_line: u64,
    opts: &ReadOptions,
) -> Result<(Vec<CaptionInput>, Vec<InputError>), InputError> {
    let shift = first_line - 1;
    let (mut caps, mut errors) = read(path, bytes, opts).map_err(|mut e| {
        e.line = e.line.map(|l| l + shift);
        e
    })?;
    if shift > 0 {
        for c in &mut caps {
            c.source.line = c.source.line.map(|l| l + shift);
        }
        for e in &mut errors {
            e.line = e.line.map(|l| l + shift);
        }
    }
    Ok((caps, errors))
}

#[cfg(test)]
mod chunk_tests {
    use super::*;

    fn opts() -> ReadOptions<'static> {
        ReadOptions {
            format: Format::Auto,
            column: None,
            sha256: None,
        }
    }

    #[test]
    fn chunked_reading_gives_the_same_captions_and_lines() {
        let mut text = String::new();
        for i in 0..200 {
            text.push_str(&format!("Caption number {i}\nsecond line {i}\n\n"));
        }
        for (path, bytes) in [
            ("a.txt", text.clone()),
            (
                "a.jsonl",
                (0..200)
                    .map(|i| format!("{{\"caption\": \"c {i}\"}}\n"))
                    .collect::<String>(),
            ),
        ] {
            let whole = read(path, bytes.as_bytes(), &opts()).unwrap().0;
            let mut pieces = Vec::new();
            let chunks = split_chunks(bytes.as_bytes(), Format::Auto, path, 100);
            assert!(chunks.len() > 10, "{path}");
            for (line, piece) in chunks {
                pieces.extend(read_chunk(path, piece, line, &opts()).unwrap().0);
            }
            assert_eq!(whole.len(), pieces.len(), "{path}");
            for (a, b) in whole.iter().zip(&pieces) {
                assert_eq!((&a.text, a.source.line), (&b.text, b.source.line), "{path}");
            }
        }
    }
}
