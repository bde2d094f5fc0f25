//! Query text → [`Query`]. The grammar is documented on the crate; this file keeps to it.
//!
//! The parser works in two steps: a lexer that only knows where clauses begin and end (whitespace
//! outside quotes), then one function per construct that reads a clause's bytes and returns an
//! AST node or the first error. Every offset is a byte offset into the caller's string, so spans
//! can be handed back unchanged; all delimiters are ASCII or whitespace, which keeps every offset
//! on a char boundary without further care.

use crate::ast::{Count, EVENT_TYPES, Field, Filter, QSpan, Query, TextClause};
use jiff::civil::Date;

/// Why a query was refused, and which part of it to show the user.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    /// One line saying what is wrong and, where it helps, what would be right.
    pub message: String,
    /// The offending bytes of the input (within bounds, on char boundaries).
    pub span: QSpan,
}

impl ParseError {
    fn new(start: usize, end: usize, message: impl Into<String>) -> Self {
        ParseError {
            message: message.into(),
            span: QSpan { start, end },
        }
    }

    /// The input on one line and, under it, carets below the offending part followed by the
    /// message; meant for a terminal.
    ///
    /// Columns are counted in chars (not bytes) so the carets stay under multi-byte text, and
    /// tabs and line breaks in the input are shown as spaces so the two lines stay aligned. A
    /// span that does not fit `input` (an error paired with the wrong string) is clamped rather
    /// than trusted.
    pub fn render(&self, input: &str) -> String {
        let floor = |mut i: usize| {
            i = i.min(input.len());
            while !input.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let start = floor(self.span.start);
        let end = floor(self.span.end).max(start);
        let line: String = input
            .chars()
            .map(|c| {
                if c.is_whitespace() || c.is_control() {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        let col = input[..start].chars().count();
        let width = input[start..end].chars().count().max(1);
        format!(
            "{line}\n{}{} {}",
            " ".repeat(col),
            "^".repeat(width),
            self.message
        )
    }
}

/// Every filter key, in the order error messages list them.
pub const FILTER_KEYS: &[&str] = &[
    "agency", "creator", "country", "province", "city", "type", "id", "reported", "date", "near",
    "bbox", "killed", "injured",
];

/// Words people reach for instead of a key; an unknown key that is one of these gets the real key
/// suggested even when the spelling is nothing alike.
const KEY_SYNONYMS: &[(&str, &str)] = &[
    ("source", "agency"),
    ("credit", "agency"),
    ("photographer", "creator"),
    ("author", "creator"),
    ("by", "creator"),
    ("nation", "country"),
    ("region", "province"),
    ("governorate", "province"),
    ("state", "province"),
    ("place", "city"),
    ("location", "city"),
    ("town", "city"),
    ("event", "type"),
    ("kind", "type"),
    ("category", "type"),
    ("when", "date"),
    ("year", "date"),
    ("from", "date"),
    ("since", "date"),
    ("until", "date"),
    ("before", "date"),
    ("after", "date"),
    ("around", "near"),
    ("radius", "near"),
    ("box", "bbox"),
    ("dead", "killed"),
    ("deaths", "killed"),
    ("wounded", "injured"),
];

#[derive(Debug, Clone, Copy)]
enum Key {
    Field(Field),
    Reported,
    Date,
    Near,
    BBox,
    Count(Count),
}

impl Key {
    fn from_text(s: &str) -> Option<Key> {
        let k = match s.to_ascii_lowercase().as_str() {
            "agency" => Key::Field(Field::Agency),
            "creator" => Key::Field(Field::Creator),
            "country" => Key::Field(Field::Country),
            "province" => Key::Field(Field::Province),
            "city" => Key::Field(Field::City),
            "type" => Key::Field(Field::Type),
            "id" => Key::Field(Field::Id),
            "reported" => Key::Reported,
            "date" => Key::Date,
            "near" => Key::Near,
            "bbox" => Key::BBox,
            "killed" => Key::Count(Count::Killed),
            "injured" => Key::Count(Count::Injured),
            _ => return None,
        };
        Some(k)
    }

    fn name(self) -> &'static str {
        match self {
            Key::Field(f) => f.key(),
            Key::Reported => "reported",
            Key::Date => "date",
            Key::Near => "near",
            Key::BBox => "bbox",
            Key::Count(Count::Killed) => "killed",
            Key::Count(Count::Injured) => "injured",
        }
    }

    fn example(self) -> &'static str {
        match self {
            Key::Field(Field::Agency) => "agency:AFP or agency:AFP,Reuters",
            Key::Field(Field::Creator) => "creator:\"Ameer Alhalbi\"",
            Key::Field(Field::Country) => "country:SY",
            Key::Field(Field::Province) => "province:Idlib",
            Key::Field(Field::City) => "city:Aleppo or city:\"Deir ez-Zor\"",
            Key::Field(Field::Type) => "type:air_strike",
            Key::Field(Field::Id) => "id:9f2c",
            Key::Reported => "reported:true",
            Key::Date => "date:2016, date:2016-04-17 or date:2016-04..2016-12",
            Key::Near => "near:36.20,37.16,25km",
            Key::BBox => "bbox:35.9,36.8,36.4,37.4",
            Key::Count(Count::Killed) => "killed:10, killed:>=10 or killed:1..5",
            Key::Count(Count::Injured) => "injured:10, injured:>=10 or injured:1..5",
        }
    }
}

/// A maximal run of non-whitespace, where whitespace inside quotes does not count.
#[derive(Debug, Clone, Copy)]
struct Token {
    start: usize,
    end: usize,
    /// A quote that was never closed; the token then runs to the end of the input.
    open_quote: Option<usize>,
}

fn lex(input: &str) -> Vec<Token> {
    let mut toks = Vec::new();
    let mut chars = input.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let mut end = input.len();
        let mut open: Option<usize> = None;
        while let Some(&(i, c)) = chars.peek() {
            if open.is_none() && c.is_whitespace() {
                end = i;
                break;
            }
            if c == '"' {
                open = if open.is_some() { None } else { Some(i) };
            }
            chars.next();
        }
        toks.push(Token {
            start,
            end,
            open_quote: open,
        });
    }
    toks
}

enum Clause {
    Text(TextClause),
    Filter(Filter),
}

/// Parses a search. Empty or all-whitespace input is the empty query (it matches every record).
///
/// The first error, reading left to right, is returned; its span points into `input`.
pub fn parse(input: &str) -> Result<Query, ParseError> {
    parse_with(input, &Limits::default())
}

/// How big a query may be. Searches cost grows with the number of terms (each OR alternative is
/// scored), prefixes (each expands to many terms) and filters (each is a clause of the SQL and
/// index queries), so a query beyond these is refused with the limit named instead of running
/// for minutes. The defaults are far above what a person types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of query text.
    pub max_bytes: usize,
    /// Words, counting each word of a phrase and of every OR alternative.
    pub max_terms: usize,
    /// Prefix clauses (`evacu*`).
    pub max_prefixes: usize,
    /// Filters (`agency:AFP`, `date:…`, …).
    pub max_filters: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: 2_000,
            max_terms: 64,
            max_prefixes: 8,
            max_filters: 32,
        }
    }
}

/// [`parse`] with other limits.
pub fn parse_with(input: &str, limits: &Limits) -> Result<Query, ParseError> {
    if input.len() > limits.max_bytes {
        let mut start = limits.max_bytes;
        while !input.is_char_boundary(start) {
            start -= 1;
        }
        return Err(ParseError::new(
            start,
            input.len(),
            format!(
                "the query is {} bytes long; the limit is {} bytes",
                input.len(),
                limits.max_bytes
            ),
        ));
    }
    let q = parse_unlimited(input)?;
    let (mut terms, mut prefixes) = (0usize, 0usize);
    for c in &q.text {
        count_terms(c, &mut terms, &mut prefixes);
        if terms > limits.max_terms {
            let sp = text_span(c);
            return Err(ParseError::new(
                sp.start,
                sp.end,
                format!(
                    "more than {} words in the query (the limit); fewer words or ORs, please",
                    limits.max_terms
                ),
            ));
        }
        if prefixes > limits.max_prefixes {
            let sp = text_span(c);
            return Err(ParseError::new(
                sp.start,
                sp.end,
                format!(
                    "more than {} prefix* words in the query (the limit)",
                    limits.max_prefixes
                ),
            ));
        }
    }
    if let Some(f) = q.filters.get(limits.max_filters) {
        let sp = filter_span(f);
        return Err(ParseError::new(
            sp.start,
            sp.end,
            format!(
                "more than {} filters in the query (the limit)",
                limits.max_filters
            ),
        ));
    }
    Ok(q)
}

fn count_terms(c: &TextClause, terms: &mut usize, prefixes: &mut usize) {
    match c {
        TextClause::Word { .. } => *terms += 1,
        TextClause::Prefix { .. } => {
            *terms += 1;
            *prefixes += 1;
        }
        TextClause::Phrase { words, .. } => *terms += words.len().max(1),
        TextClause::Any { alternatives, .. } => {
            for a in alternatives {
                count_terms(a, terms, prefixes);
            }
        }
        TextClause::Not { clause, .. } => count_terms(clause, terms, prefixes),
    }
}

fn parse_unlimited(input: &str) -> Result<Query, ParseError> {
    let toks = lex(input);
    let is_or = |t: &Token| &input[t.start..t.end] == "OR";
    let mut q = Query::default();
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        if is_or(t) {
            // Every OR after a clause is consumed below, so a free one can only lead the query.
            return Err(ParseError::new(
                t.start,
                t.end,
                "`OR` needs a word or phrase on each side, and nothing comes before this one",
            ));
        }
        let first = clause(input, t)?;
        match toks.get(i + 1) {
            Some(or) if is_or(or) => {
                let mut alts = vec![alternative(input, first, or, true)?];
                while let Some(or) = toks.get(i + 1).filter(|t| is_or(t)) {
                    let Some(next) = toks.get(i + 2) else {
                        return Err(ParseError::new(
                            or.start,
                            or.end,
                            "`OR` needs a word or phrase on each side, and nothing comes after this one",
                        ));
                    };
                    if is_or(next) {
                        return Err(ParseError::new(
                            next.start,
                            next.end,
                            "`OR` twice in a row: put a word or phrase between them",
                        ));
                    }
                    let c = clause(input, next)?;
                    alts.push(alternative(input, c, or, false)?);
                    i += 2;
                }
                let span = QSpan {
                    start: text_span(&alts[0]).start,
                    end: text_span(&alts[alts.len() - 1]).end,
                };
                q.text.push(TextClause::Any {
                    alternatives: alts,
                    span,
                });
            }
            _ => match first {
                Clause::Text(c) => q.text.push(c),
                Clause::Filter(f) => q.filters.push(f),
            },
        }
        i += 1;
    }
    Ok(q)
}

fn text_span(c: &TextClause) -> QSpan {
    match c {
        TextClause::Word { span, .. }
        | TextClause::Prefix { span, .. }
        | TextClause::Phrase { span, .. }
        | TextClause::Any { span, .. }
        | TextClause::Not { span, .. } => *span,
    }
}

fn filter_span(f: &Filter) -> QSpan {
    match f {
        Filter::Field { span, .. }
        | Filter::Reported { span, .. }
        | Filter::Date { span, .. }
        | Filter::Near { span, .. }
        | Filter::BBox { span, .. }
        | Filter::Count { span, .. } => *span,
    }
}

/// Checks that an operand of `OR` is something the AST allows as an alternative. The error points
/// at the `OR`, since the operand on its own is a fine clause.
fn alternative(input: &str, c: Clause, or: &Token, left: bool) -> Result<TextClause, ParseError> {
    let side = if left { "before" } else { "after" };
    match c {
        Clause::Text(TextClause::Not { span, .. }) => Err(ParseError::new(
            or.start,
            or.end,
            format!(
                "`OR` cannot join an excluded clause (`{}` {side} it); exclude each word on its own instead",
                shown(&input[span.start..span.end])
            ),
        )),
        Clause::Text(t) => Ok(t),
        Clause::Filter(f) => {
            let span = filter_span(&f);
            let hint = match f {
                Filter::Field { field, .. } => {
                    format!(
                        "; to accept any of several values, list them: {}:A,B",
                        field.key()
                    )
                }
                _ => "; filters always apply together with the rest of the query".to_string(),
            };
            Err(ParseError::new(
                or.start,
                or.end,
                format!(
                    "`OR` only joins words, prefixes and phrases, but `{}` {side} it is a filter{hint}",
                    shown(&input[span.start..span.end])
                ),
            ))
        }
    }
}

fn clause(input: &str, t: &Token) -> Result<Clause, ParseError> {
    if let Some(q) = t.open_quote {
        return Err(ParseError::new(
            q,
            q + 1,
            "this quote is never closed: add a `\"` where the phrase or value ends",
        ));
    }
    let negated = input[t.start..t.end].starts_with('-');
    let body = if negated { t.start + 1 } else { t.start };
    if negated {
        if body == t.end {
            return Err(ParseError::new(
                t.start,
                t.end,
                "a lone `-` excludes nothing: write it against what to exclude, e.g. -funeral",
            ));
        }
        if input[body..t.end].starts_with('-') {
            return Err(ParseError::new(
                t.start,
                body + 1,
                "`--`: a clause can be excluded only once; write a single `-`",
            ));
        }
    }
    let not = |c: TextClause| {
        if negated {
            TextClause::Not {
                clause: Box::new(c),
                span: QSpan {
                    start: t.start,
                    end: t.end,
                },
            }
        } else {
            c
        }
    };
    let text = &input[body..t.end];
    if text.starts_with('"') {
        return phrase(input, body, t.end).map(|p| Clause::Text(not(p)));
    }
    if let Some(colon) = text.find(':')
        && !text[..colon].contains('"')
    {
        let key = &text[..colon];
        let key_span = (body, body + colon);
        if let Some(k) = Key::from_text(key) {
            return filter(input, k, key_span, t, negated).map(Clause::Filter);
        }
        if !key.is_empty() && key.chars().all(char::is_alphabetic) {
            return Err(unknown_key(key, key_span, &input[body..t.end]));
        }
    }
    word(input, body, t.end).map(|w| Clause::Text(not(w)))
}

fn unknown_key(key: &str, (start, end): (usize, usize), whole: &str) -> ParseError {
    let guess = match suggest(key, FILTER_KEYS, KEY_SYNONYMS) {
        Some(k) => format!("; did you mean `{k}`?"),
        None => ".".to_string(),
    };
    ParseError::new(
        start,
        end,
        format!(
            "unknown filter `{}`{guess} Known: {} (to search for the text itself, quote it: \"{}\")",
            shown(key),
            FILTER_KEYS.join(", "),
            shown(whole)
        ),
    )
}

fn phrase(input: &str, start: usize, end: usize) -> Result<TextClause, ParseError> {
    let close = closing_quote(input, start, end)?;
    if close + 1 != end {
        return Err(ParseError::new(
            close + 1,
            end,
            format!(
                "unexpected `{}` right after the closing quote: leave a space between clauses",
                shown(&input[close + 1..end])
            ),
        ));
    }
    let words: Vec<String> = input[start + 1..close]
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if words.is_empty() {
        return Err(ParseError::new(
            start,
            end,
            "empty phrase: put at least one word between the quotes",
        ));
    }
    Ok(TextClause::Phrase {
        words,
        span: QSpan { start, end },
    })
}

/// The quote closing the one at `open`. The lexer only ends a token outside quotes, so inside a
/// token whose quotes all close it always exists; the error is a guard, not a path users hit.
fn closing_quote(input: &str, open: usize, end: usize) -> Result<usize, ParseError> {
    input[open + 1..end]
        .find('"')
        .map(|p| open + 1 + p)
        .ok_or_else(|| {
            ParseError::new(
                open,
                open + 1,
                "this quote is never closed: add a `\"` where it ends",
            )
        })
}

fn word(input: &str, start: usize, end: usize) -> Result<TextClause, ParseError> {
    let w = &input[start..end];
    if let Some(q) = w.find('"') {
        return Err(ParseError::new(
            start + q,
            start + q + 1,
            "a quote inside a word: quotes go around a whole phrase (\"barrel bomb\") or value (city:\"Deir ez-Zor\")",
        ));
    }
    let span = QSpan { start, end };
    match w.find('*') {
        None => Ok(TextClause::Word {
            word: w.to_string(),
            span,
        }),
        Some(0) if w.len() == 1 => Err(ParseError::new(
            start,
            end,
            "`*` needs the beginning of a word before it, e.g. evacu*; to match everything, leave the text out",
        )),
        Some(p) if p + 1 == w.len() => Ok(TextClause::Prefix {
            stem: w[..p].to_string(),
            span,
        }),
        Some(p) => Err(ParseError::new(
            start + p,
            start + p + 1,
            "`*` works only at the end of a word, as a prefix search like evacu*",
        )),
    }
}

fn filter(
    input: &str,
    key: Key,
    key_span: (usize, usize),
    t: &Token,
    negated: bool,
) -> Result<Filter, ParseError> {
    let span = QSpan {
        start: t.start,
        end: t.end,
    };
    let (vstart, vend) = (key_span.1 + 1, t.end);
    let name = key.name();
    if negated && !matches!(key, Key::Field(_)) {
        let how = match key {
            Key::Reported => "write reported:false or reported:true instead".to_string(),
            Key::Date => "narrow the range instead, e.g. date:..2016-03 or date:2016-05..".to_string(),
            Key::Count(_) => format!("use the opposite bound instead, e.g. {name}:<10 rather than -{name}:>=10"),
            _ => "only text and agency, creator, country, province, city, type and id filters can be excluded"
                .to_string(),
        };
        return Err(ParseError::new(
            t.start,
            t.start + 1,
            format!("`{name}:` cannot be excluded with `-`; {how}"),
        ));
    }
    if vstart == vend {
        let space = if input[vend..].trim_start().len() < input[vend..].len()
            && !input[vend..].trim().is_empty()
        {
            " (with no space after the colon)"
        } else {
            ""
        };
        return Err(ParseError::new(
            t.start,
            t.end,
            format!("`{name}:` needs a value{space}, e.g. {}", key.example()),
        ));
    }
    let single = || single_value(input, vstart, vend, key);
    match key {
        Key::Field(field) => {
            let values = list_items(input, vstart, vend, key)?
                .into_iter()
                .map(|it| field_value(input, field, it))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Filter::Field {
                field,
                values,
                negated,
                span,
            })
        }
        Key::Reported => single().and_then(|(s, e)| reported(input, s, e, span)),
        Key::Date => single().and_then(|(s, e)| date_filter(input, s, e, span)),
        Key::Near => single().and_then(|(s, e)| near(input, s, e, span)),
        Key::BBox => single().and_then(|(s, e)| bbox(input, s, e, span)),
        Key::Count(count) => single().and_then(|(s, e)| count_filter(input, s, e, count, span)),
    }
}

/// One value of a list: `[start, end)` includes its quotes, `inner` does not.
#[derive(Debug, Clone, Copy)]
struct Item {
    start: usize,
    end: usize,
    inner: (usize, usize),
    quoted: bool,
}

fn list_items(input: &str, start: usize, end: usize, key: Key) -> Result<Vec<Item>, ParseError> {
    let name = key.name();
    let trailing_comma = |comma: usize| {
        let rest = &input[end..];
        let space = if !rest.trim().is_empty() && rest.trim_start().len() < rest.len() {
            format!(" (no spaces after commas: {name}:A,B)")
        } else {
            String::new()
        };
        ParseError::new(
            comma,
            comma + 1,
            format!("the `{name}:` list ends with `,` and no value after it{space}"),
        )
    };
    let mut items = Vec::new();
    let mut i = start;
    loop {
        let (item_end, item) = if input[i..end].starts_with('"') {
            let close = closing_quote(input, i, end)?;
            (
                close + 1,
                Item {
                    start: i,
                    end: close + 1,
                    inner: (i + 1, close),
                    quoted: true,
                },
            )
        } else {
            let stop = input[i..end].find(',').map_or(end, |p| i + p);
            if stop == i {
                return Err(ParseError::new(
                    i,
                    i + 1,
                    format!("empty value in the `{name}:` list: a `,` with nothing before it"),
                ));
            }
            if let Some(q) = input[i..stop].find('"') {
                return Err(ParseError::new(
                    i + q,
                    i + q + 1,
                    format!(
                        "a quote inside a `{name}:` value: quote the whole value, e.g. {}",
                        key.example()
                    ),
                ));
            }
            (
                stop,
                Item {
                    start: i,
                    end: stop,
                    inner: (i, stop),
                    quoted: false,
                },
            )
        };
        items.push(item);
        if item_end == end {
            return Ok(items);
        }
        if !input[item_end..end].starts_with(',') {
            let next = next_char_end(input, item_end);
            return Err(ParseError::new(
                item_end,
                next,
                format!(
                    "unexpected `{}` after the closing quote: separate `{name}:` values with `,`",
                    shown(&input[item_end..next])
                ),
            ));
        }
        i = item_end + 1;
        if i == end {
            return Err(trailing_comma(item_end));
        }
    }
}

fn next_char_end(input: &str, i: usize) -> usize {
    input[i..].chars().next().map_or(i, |c| i + c.len_utf8())
}

fn field_value(input: &str, field: Field, it: Item) -> Result<String, ParseError> {
    let key = field.key();
    let raw = &input[it.inner.0..it.inner.1];
    // Collapsed so that a value typed across a line break, or padded inside its quotes, still
    // compares equal to the stored name.
    let v = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    if v.is_empty() {
        return Err(ParseError::new(
            it.start,
            it.end,
            format!("empty `{key}:` value: put a name between the quotes"),
        ));
    }
    if !it.quoted
        && let Some(p) = raw.find('*')
    {
        let why = if field == Field::Id {
            "ids already match by prefix, so drop the `*`".to_string()
        } else {
            format!("`{key}:` values match whole names (quote the value to look for a literal `*`)")
        };
        return Err(ParseError::new(
            it.inner.0 + p,
            it.inner.0 + p + 1,
            format!("`*` is not a wildcard here: {why}"),
        ));
    }
    Ok(match field {
        // Two letters are an ISO code, whose case carries nothing; names are left for the caller.
        Field::Country if v.len() == 2 && v.bytes().all(|b| b.is_ascii_alphabetic()) => {
            v.to_ascii_uppercase()
        }
        Field::Type => event_type(&v).ok_or_else(|| {
            let guess = suggest(&normal_type(&v), EVENT_TYPES, &[])
                .map(|t| format!("; did you mean `{t}`?"))
                .unwrap_or_else(|| ".".to_string());
            ParseError::new(
                it.start,
                it.end,
                format!(
                    "unknown event type `{}`{guess} Valid types: {}",
                    shown(&v),
                    EVENT_TYPES.join(", ")
                ),
            )
        })?,
        _ => v,
    })
}

fn normal_type(v: &str) -> String {
    v.to_lowercase().replace(['-', ' '], "_")
}

fn event_type(v: &str) -> Option<String> {
    let n = normal_type(v);
    EVENT_TYPES.iter().find(|t| **t == n).map(|t| t.to_string())
}

/// The bytes of a non-list value, without its quotes and surrounding whitespace.
fn single_value(
    input: &str,
    start: usize,
    end: usize,
    key: Key,
) -> Result<(usize, usize), ParseError> {
    let name = key.name();
    let (s, e) = if input[start..end].starts_with('"') {
        let close = closing_quote(input, start, end)?;
        if close + 1 != end {
            return Err(ParseError::new(
                close + 1,
                end,
                format!(
                    "unexpected `{}` after the closing quote of the `{name}:` value",
                    shown(&input[close + 1..end])
                ),
            ));
        }
        (start + 1, close)
    } else {
        if let Some(q) = input[start..end].find('"') {
            return Err(ParseError::new(
                start + q,
                start + q + 1,
                format!("a quote inside a `{name}:` value: quote the whole value or none of it"),
            ));
        }
        (start, end)
    };
    let (s, e) = trim(input, s, e);
    if s == e {
        return Err(ParseError::new(
            start,
            end,
            format!("empty `{name}:` value, e.g. {}", key.example()),
        ));
    }
    Ok((s, e))
}

fn trim(input: &str, start: usize, end: usize) -> (usize, usize) {
    let t = &input[start..end];
    let s = start + (t.len() - t.trim_start().len());
    (s, s + t.trim().len())
}

fn reported(input: &str, s: usize, e: usize, span: QSpan) -> Result<Filter, ParseError> {
    let v = &input[s..e];
    let value = match v.to_ascii_lowercase().as_str() {
        "true" | "yes" => true,
        "false" | "no" => false,
        _ => {
            return Err(ParseError::new(
                s,
                e,
                format!(
                    "`reported:` is true or false (or yes/no), not `{}`",
                    shown(v)
                ),
            ));
        }
    };
    Ok(Filter::Reported { value, span })
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn date_filter(input: &str, s: usize, e: usize, span: QSpan) -> Result<Filter, ParseError> {
    let v = &input[s..e];
    let (from, to) = match v.find("..") {
        None => {
            let (first, last) = date_spec(input, s, e)?;
            (Some(first), Some(last))
        }
        Some(p) => {
            let (ls, le) = trim(input, s, s + p);
            let (rs, re) = trim(input, s + p + 2, e);
            if let Some(q) = input[rs..re].find("..") {
                return Err(ParseError::new(
                    rs + q,
                    rs + q + 2,
                    "a date range has a single `..`, e.g. date:2016-04..2016-12",
                ));
            }
            if ls == le && rs == re {
                return Err(ParseError::new(
                    s,
                    e,
                    "`..` needs a date on at least one side, e.g. date:2016-04.. or date:..2016-12",
                ));
            }
            let from = if ls < le {
                Some(date_spec(input, ls, le)?.0)
            } else {
                None
            };
            let to = if rs < re {
                Some(date_spec(input, rs, re)?.1)
            } else {
                None
            };
            if let (Some(f), Some(t)) = (from, to)
                && f > t
            {
                return Err(ParseError::new(
                    s,
                    e,
                    format!("the range ends before it starts: it would run from {f} to {t}"),
                ));
            }
            (from, to)
        }
    };
    Ok(Filter::Date { from, to, span })
}

/// A year, month or day as its first and last day.
fn date_spec(input: &str, s: usize, e: usize) -> Result<(Date, Date), ParseError> {
    let v = &input[s..e];
    let malformed = || {
        ParseError::new(
            s,
            e,
            format!(
                "expected a date like 2016, 2016-04 or 2016-04-17, not `{}`",
                shown(v)
            ),
        )
    };
    let digits = |p: &str, min: usize, max: usize| {
        (min..=max).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit())
    };
    let mut parts = v.split('-');
    let year = parts.next().unwrap_or_default();
    let month = parts.next();
    let day = parts.next();
    if parts.next().is_some()
        || !digits(year, 4, 4)
        || month.is_some_and(|m| !digits(m, 1, 2))
        || day.is_some_and(|d| !digits(d, 1, 2))
    {
        return Err(malformed());
    }
    // At most four digits each, so these cannot overflow.
    let y: i16 = year.parse().map_err(|_| malformed())?;
    let Some(month) = month else {
        let first = Date::new(y, 1, 1).map_err(|_| malformed())?;
        return Ok((first, first.last_of_year()));
    };
    let m: i8 = month.parse().map_err(|_| malformed())?;
    if !(1..=12).contains(&m) {
        return Err(ParseError::new(s, e, format!("month {m} does not exist")));
    }
    let first = Date::new(y, m, 1).map_err(|_| malformed())?;
    let Some(day) = day else {
        return Ok((first, first.last_of_month()));
    };
    let d: i8 = day.parse().map_err(|_| malformed())?;
    let days = first.days_in_month();
    if d == 0 {
        return Err(ParseError::new(s, e, "day 0 does not exist"));
    }
    if d > days {
        let name = MONTHS[(m - 1) as usize];
        return Err(ParseError::new(
            s,
            e,
            format!("{} does not exist: {name} {y} has {days} days", shown(v)),
        ));
    }
    let date = Date::new(y, m, d).map_err(|_| malformed())?;
    Ok((date, date))
}

fn count_filter(
    input: &str,
    s: usize,
    e: usize,
    count: Count,
    span: QSpan,
) -> Result<Filter, ParseError> {
    let v = &input[s..e];
    let name = Key::Count(count).name();
    let number = |a: usize, b: usize| -> Result<u64, ParseError> {
        let (a, b) = trim(input, a, b);
        let t = &input[a..b];
        let (a, b) = if a == b { (s, e) } else { (a, b) };
        if t.starts_with('-') {
            return Err(ParseError::new(
                a,
                b,
                format!("`{name}:` counts cannot be negative"),
            ));
        }
        if t.is_empty() || !t.bytes().all(|c| c.is_ascii_digit()) {
            return Err(ParseError::new(
                a,
                b,
                format!(
                    "`{name}:` takes a whole number or a range, e.g. {}; `{}` is not one",
                    Key::Count(count).example(),
                    shown(if t.is_empty() { v } else { t })
                ),
            ));
        }
        t.parse()
            .map_err(|_| ParseError::new(a, b, format!("{} is too large for a count", shown(t))))
    };
    let (min, max) = if v.starts_with(">=") {
        (Some(number(s + 2, e)?), None)
    } else if v.starts_with("<=") {
        (None, Some(number(s + 2, e)?))
    } else if v.starts_with('>') {
        let n = number(s + 1, e)?;
        let min = n
            .checked_add(1)
            .ok_or_else(|| ParseError::new(s, e, "no count is above that"))?;
        (Some(min), None)
    } else if v.starts_with('<') {
        let n = number(s + 1, e)?;
        let max = n
            .checked_sub(1)
            .ok_or_else(|| ParseError::new(s, e, "no count is below 0"))?;
        (None, Some(max))
    } else if let Some(p) = v.find("..") {
        let (ls, le) = (s, s + p);
        let (rs, re) = (s + p + 2, e);
        if ls == le && rs == re {
            return Err(ParseError::new(
                s,
                e,
                format!("`..` needs a number on at least one side, e.g. {name}:5.. or {name}:..5"),
            ));
        }
        let min = if ls < le { Some(number(ls, le)?) } else { None };
        let max = if rs < re { Some(number(rs, re)?) } else { None };
        if let (Some(a), Some(b)) = (min, max)
            && a > b
        {
            return Err(ParseError::new(
                s,
                e,
                format!("the range ends before it starts: {a} is more than {b}"),
            ));
        }
        (min, max)
    } else {
        let n = number(s, e)?;
        (Some(n), Some(n))
    };
    Ok(Filter::Count {
        count,
        min,
        max,
        span,
    })
}

/// Comma-separated parts of `[s, e)`, each trimmed.
fn parts(input: &str, s: usize, e: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = s;
    for piece in input[s..e].split(',') {
        out.push(trim(input, i, i + piece.len()));
        i += piece.len() + 1;
    }
    out
}

/// A plain decimal number. `f64::from_str` alone would also take `inf`, `NaN` and `1e3`, which
/// nobody means as a coordinate.
fn decimal(t: &str) -> Option<f64> {
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    let mut halves = body.splitn(2, '.');
    let int = halves.next().unwrap_or_default();
    let frac = halves.next().unwrap_or_default();
    let ok = (!int.is_empty() || !frac.is_empty())
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit());
    if !ok {
        return None;
    }
    t.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// An empty part has no bytes to point at, so its error points at the comma beside it.
fn part_span(input: &str, (a, b): (usize, usize), s: usize, e: usize) -> (usize, usize) {
    if a < b {
        (a, b)
    } else if a < e {
        (a, next_char_end(input, a))
    } else if a > s {
        (a - 1, a)
    } else {
        (s, e)
    }
}

fn coordinate(
    input: &str,
    p: (usize, usize),
    s: usize,
    e: usize,
    what: &str,
    limit: f64,
) -> Result<f64, ParseError> {
    let t = &input[p.0..p.1];
    let (a, b) = part_span(input, p, s, e);
    let x = decimal(t).ok_or_else(|| {
        let msg = if t.is_empty() {
            format!("missing {what}")
        } else {
            format!("{what} `{}` is not a number like 36.20", shown(t))
        };
        ParseError::new(a, b, msg)
    })?;
    if x.abs() > limit {
        return Err(ParseError::new(
            a,
            b,
            format!("{what} {t} is outside -{limit}..{limit}"),
        ));
    }
    Ok(x)
}

fn near(input: &str, s: usize, e: usize, span: QSpan) -> Result<Filter, ParseError> {
    let p = parts(input, s, e);
    if p.len() != 3 {
        return Err(ParseError::new(
            s,
            e,
            format!(
                "`near:` takes latitude,longitude,radius, e.g. near:36.20,37.16,25km; `{}` has {} part{}{}",
                shown(&input[s..e]),
                p.len(),
                if p.len() == 1 { "" } else { "s" },
                space_after_comma(input, s, e)
            ),
        ));
    }
    let lat = coordinate(input, p[0], s, e, "latitude", 90.0)?;
    let lon = coordinate(input, p[1], s, e, "longitude", 180.0)?;
    let (a, b) = p[2];
    let t = &input[a..b];
    let lower = t.to_ascii_lowercase();
    let (num_end, km_per_unit) = if lower.ends_with("km") {
        (b - 2, 1.0)
    } else if lower.ends_with("mi") {
        (b - 2, 1.609_344)
    } else if lower.ends_with('m') {
        (b - 1, 0.001)
    } else {
        (b, 1.0)
    };
    let (na, nb) = trim(input, a, num_end);
    let (ea, eb) = part_span(input, (a, b), s, e);
    let r = decimal(&input[na..nb]).ok_or_else(|| {
        let msg = if t.is_empty() {
            "missing radius, e.g. 25km".to_string()
        } else {
            format!(
                "radius `{}` is not a number with an optional unit km, m or mi, e.g. 25km",
                shown(t)
            )
        };
        ParseError::new(ea, eb, msg)
    })?;
    let radius_km = r * km_per_unit;
    if radius_km <= 0.0 {
        return Err(ParseError::new(ea, eb, "the radius must be more than 0"));
    }
    if radius_km > 20_000.0 {
        return Err(ParseError::new(
            ea,
            eb,
            format!(
                "radius {t} is over 20000 km, half the Earth's circumference; leave `near:` out to search everywhere"
            ),
        ));
    }
    Ok(Filter::Near {
        lat,
        lon,
        radius_km,
        span,
    })
}

/// A value cut short by a space after one of its commas reads as too few parts; say so.
fn space_after_comma(input: &str, s: usize, e: usize) -> &'static str {
    let rest = &input[e..];
    if input[s..e].ends_with(',')
        && rest.starts_with(char::is_whitespace)
        && !rest.trim().is_empty()
    {
        " (no spaces after commas, or quote the whole value)"
    } else {
        ""
    }
}

fn bbox(input: &str, s: usize, e: usize, span: QSpan) -> Result<Filter, ParseError> {
    let p = parts(input, s, e);
    if p.len() != 4 {
        return Err(ParseError::new(
            s,
            e,
            format!(
                "`bbox:` takes south,west,north,east, e.g. bbox:35.9,36.8,36.4,37.4; `{}` has {} part{}{}",
                shown(&input[s..e]),
                p.len(),
                if p.len() == 1 { "" } else { "s" },
                space_after_comma(input, s, e)
            ),
        ));
    }
    let south = coordinate(input, p[0], s, e, "south latitude", 90.0)?;
    let west = coordinate(input, p[1], s, e, "west longitude", 180.0)?;
    let north = coordinate(input, p[2], s, e, "north latitude", 90.0)?;
    let east = coordinate(input, p[3], s, e, "east longitude", 180.0)?;
    if south > north {
        return Err(ParseError::new(
            s,
            e,
            format!(
                "south {} is north of north {}: `bbox:` takes south,west,north,east",
                &input[p[0].0..p[0].1],
                &input[p[2].0..p[2].1]
            ),
        ));
    }
    Ok(Filter::BBox {
        south,
        west,
        north,
        east,
        span,
    })
}

/// User text inside a one-line message: whitespace runs become one space (so the message stays
/// on its line under the carets) and very long text is cut.
fn shown(s: &str) -> String {
    let one_line = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() > 40 {
        let cut: String = one_line.chars().take(39).collect();
        format!("{cut}…")
    } else {
        one_line
    }
}

/// The candidate a mistyped word most likely meant: a listed synonym, a close spelling, or (for
/// three letters or more) a candidate it begins or is one `_`-separated part of.
fn suggest(
    word: &str,
    candidates: &[&'static str],
    synonyms: &[(&str, &'static str)],
) -> Option<&'static str> {
    let w = word.to_lowercase();
    if let Some((_, k)) = synonyms.iter().find(|(s, _)| *s == w) {
        return Some(k);
    }
    let n = w.chars().count();
    let limit = match n {
        0..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    let close = candidates
        .iter()
        .map(|c| (distance(&w, c), *c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d);
    if let Some((_, c)) = close {
        return Some(c);
    }
    if n < 3 {
        return None;
    }
    candidates
        .iter()
        .copied()
        .find(|c| c.starts_with(w.as_str()) || c.split('_').any(|part| part == w))
}

/// Edit distance counting a swap of neighbours as one edit (optimal string alignment).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(input: &str) -> Query {
        parse(input).unwrap_or_else(|e| panic!("{input:?} failed:\n{}", e.render(input)))
    }

    /// The error and the text its span covers.
    fn err(input: &str) -> (String, String) {
        match parse(input) {
            Ok(q) => panic!("{input:?} parsed: {q:?}"),
            Err(e) => (
                e.message.clone(),
                input[e.span.start..e.span.end].to_string(),
            ),
        }
    }

    fn span_of(input: &str, needle: &str) -> QSpan {
        let start = input.find(needle).expect("needle in input");
        QSpan {
            start,
            end: start + needle.len(),
        }
    }

    fn one_filter(input: &str) -> Filter {
        let q = ok(input);
        assert!(q.text.is_empty(), "{q:?}");
        assert_eq!(q.filters.len(), 1, "{q:?}");
        q.filters.into_iter().next().unwrap()
    }

    fn one_text(input: &str) -> TextClause {
        let q = ok(input);
        assert!(q.filters.is_empty(), "{q:?}");
        assert_eq!(q.text.len(), 1, "{q:?}");
        q.text.into_iter().next().unwrap()
    }

    fn word(w: &str, input: &str) -> TextClause {
        TextClause::Word {
            word: w.into(),
            span: span_of(input, w),
        }
    }

    fn d(s: &str) -> Date {
        s.parse().unwrap()
    }

    fn values(f: &Filter) -> Vec<&str> {
        match f {
            Filter::Field { values, .. } => values.iter().map(String::as_str).collect(),
            other => panic!("not a field filter: {other:?}"),
        }
    }

    // --- whole queries -------------------------------------------------------------------------

    #[test]
    fn empty_and_blank_input_is_the_empty_query() {
        for input in ["", " ", "\t\n  ", "\u{3000}"] {
            assert!(ok(input).is_empty(), "{input:?}");
        }
    }

    #[test]
    fn example_with_filters() {
        let input = "rubble agency:AFP country:SY type:air_strike date:2016-04..2016-12";
        let q = ok(input);
        assert_eq!(q.text, vec![word("rubble", input)]);
        assert_eq!(
            q.filters,
            vec![
                Filter::Field {
                    field: Field::Agency,
                    values: vec!["AFP".into()],
                    negated: false,
                    span: span_of(input, "agency:AFP")
                },
                Filter::Field {
                    field: Field::Country,
                    values: vec!["SY".into()],
                    negated: false,
                    span: span_of(input, "country:SY")
                },
                Filter::Field {
                    field: Field::Type,
                    values: vec!["air_strike".into()],
                    negated: false,
                    span: span_of(input, "type:air_strike")
                },
                Filter::Date {
                    from: Some(d("2016-04-01")),
                    to: Some(d("2016-12-31")),
                    span: span_of(input, "date:2016-04..2016-12")
                },
            ]
        );
    }

    #[test]
    fn example_near_reported() {
        let input = "near:36.20,37.16,25km reported:true";
        assert_eq!(
            ok(input).filters,
            vec![
                Filter::Near {
                    lat: 36.20,
                    lon: 37.16,
                    radius_km: 25.0,
                    span: span_of(input, "near:36.20,37.16,25km")
                },
                Filter::Reported {
                    value: true,
                    span: span_of(input, "reported:true")
                },
            ]
        );
    }

    #[test]
    fn example_phrase_word_not() {
        let input = "\"barrel bomb\" Idlib -funeral";
        assert_eq!(
            ok(input).text,
            vec![
                TextClause::Phrase {
                    words: vec!["barrel".into(), "bomb".into()],
                    span: span_of(input, "\"barrel bomb\"")
                },
                word("Idlib", input),
                TextClause::Not {
                    clause: Box::new(word("funeral", input)),
                    span: span_of(input, "-funeral")
                },
            ]
        );
    }

    #[test]
    fn example_or_list_negated_field() {
        let input = "rubble OR debris agency:AFP,Reuters -country:IQ";
        let q = ok(input);
        assert_eq!(
            q.text,
            vec![TextClause::Any {
                alternatives: vec![word("rubble", input), word("debris", input)],
                span: span_of(input, "rubble OR debris"),
            }]
        );
        assert_eq!(
            q.filters,
            vec![
                Filter::Field {
                    field: Field::Agency,
                    values: vec!["AFP".into(), "Reuters".into()],
                    negated: false,
                    span: span_of(input, "agency:AFP,Reuters")
                },
                Filter::Field {
                    field: Field::Country,
                    values: vec!["IQ".into()],
                    negated: true,
                    span: span_of(input, "-country:IQ")
                },
            ]
        );
    }

    #[test]
    fn example_everything_else() {
        let input = "evacu* creator:\"Ameer Alhalbi\" killed:>=10 injured:1..5 bbox:35.9,36.8,36.4,37.4 id:9f2c";
        let q = ok(input);
        assert_eq!(
            q.text,
            vec![TextClause::Prefix {
                stem: "evacu".into(),
                span: span_of(input, "evacu*")
            }]
        );
        assert_eq!(
            q.filters,
            vec![
                Filter::Field {
                    field: Field::Creator,
                    values: vec!["Ameer Alhalbi".into()],
                    negated: false,
                    span: span_of(input, "creator:\"Ameer Alhalbi\"")
                },
                Filter::Count {
                    count: Count::Killed,
                    min: Some(10),
                    max: None,
                    span: span_of(input, "killed:>=10")
                },
                Filter::Count {
                    count: Count::Injured,
                    min: Some(1),
                    max: Some(5),
                    span: span_of(input, "injured:1..5")
                },
                Filter::BBox {
                    south: 35.9,
                    west: 36.8,
                    north: 36.4,
                    east: 37.4,
                    span: span_of(input, "bbox:35.9,36.8,36.4,37.4")
                },
                Filter::Field {
                    field: Field::Id,
                    values: vec!["9f2c".into()],
                    negated: false,
                    span: span_of(input, "id:9f2c")
                },
            ]
        );
    }

    #[test]
    fn spans_are_bytes_across_multibyte_text() {
        let input = "Алеппо  «руины»\tcity:\"Dayr az-Zawr\" -ذخيرة";
        let q = ok(input);
        assert_eq!(
            q.text,
            vec![
                word("Алеппо", input),
                word("«руины»", input),
                TextClause::Not {
                    clause: Box::new(word("ذخيرة", input)),
                    span: span_of(input, "-ذخيرة")
                },
            ]
        );
        assert_eq!(
            filter_span(&q.filters[0]),
            span_of(input, "city:\"Dayr az-Zawr\"")
        );
    }

    #[test]
    fn error_message_is_the_display() {
        let e = parse("date:2016-13").unwrap_err();
        assert_eq!(e.to_string(), e.message);
    }

    // --- words, prefixes, phrases --------------------------------------------------------------

    #[test]
    fn words_with_colons_that_are_not_keys() {
        for input in ["10:30", ":foo", "a1:b", "12:", "Ω1:x"] {
            assert_eq!(one_text(input), word(input, input));
        }
    }

    #[test]
    fn words_keep_their_case_and_punctuation() {
        let input = "Deir-ez-Zor (AFP) or";
        assert_eq!(
            ok(input).text,
            vec![
                word("Deir-ez-Zor", input),
                word("(AFP)", input),
                TextClause::Word {
                    word: "or".into(),
                    span: QSpan { start: 18, end: 20 }
                }
            ]
        );
    }

    #[test]
    fn prefix() {
        assert_eq!(
            one_text("évacu*"),
            TextClause::Prefix {
                stem: "évacu".into(),
                span: QSpan { start: 0, end: 7 }
            }
        );
        assert_eq!(
            one_text("-evacu*"),
            TextClause::Not {
                clause: Box::new(TextClause::Prefix {
                    stem: "evacu".into(),
                    span: QSpan { start: 1, end: 7 }
                }),
                span: QSpan { start: 0, end: 7 }
            }
        );
    }

    #[test]
    fn star_errors() {
        let (m, at) = err("rubble *");
        assert!(m.contains("needs the beginning of a word"), "{m}");
        assert_eq!(at, "*");
        let input = "ev*cu";
        let e = parse(input).unwrap_err();
        assert_eq!(e.span, QSpan { start: 2, end: 3 });
        assert!(
            e.message.contains("only at the end of a word"),
            "{}",
            e.message
        );
        let e = parse("evacu**").unwrap_err();
        assert_eq!(e.span, QSpan { start: 5, end: 6 });
        let e = parse("**").unwrap_err();
        assert_eq!(e.span, QSpan { start: 0, end: 1 });
    }

    #[test]
    fn phrases() {
        let input = "  \"barrel   bomb\n attack\" ";
        assert_eq!(
            one_text(input),
            TextClause::Phrase {
                words: vec!["barrel".into(), "bomb".into(), "attack".into()],
                span: QSpan {
                    start: 2,
                    end: input.len() - 1
                }
            }
        );
        assert_eq!(
            one_text("\"rubble\""),
            TextClause::Phrase {
                words: vec!["rubble".into()],
                span: QSpan { start: 0, end: 8 }
            }
        );
        // Inside quotes nothing is special.
        assert_eq!(
            one_text("\"agency:AFP OR evacu* -x\""),
            TextClause::Phrase {
                words: vec![
                    "agency:AFP".into(),
                    "OR".into(),
                    "evacu*".into(),
                    "-x".into()
                ],
                span: QSpan { start: 0, end: 25 }
            }
        );
        let input = "-\"barrel bomb\"";
        assert_eq!(
            one_text(input),
            TextClause::Not {
                clause: Box::new(TextClause::Phrase {
                    words: vec!["barrel".into(), "bomb".into()],
                    span: QSpan {
                        start: 1,
                        end: input.len()
                    }
                }),
                span: QSpan {
                    start: 0,
                    end: input.len()
                }
            }
        );
    }

    #[test]
    fn empty_phrase_is_an_error() {
        for (input, span) in [
            ("a \"\" b", "\"\""),
            ("\"  \"", "\"  \""),
            ("-\"\"", "\"\""),
        ] {
            let (m, at) = err(input);
            assert!(m.starts_with("empty phrase"), "{m}");
            assert_eq!(at, span);
        }
    }

    #[test]
    fn unterminated_quote_points_at_the_opening_quote() {
        let input = "rubble \"barrel bomb";
        let e = parse(input).unwrap_err();
        assert_eq!(e.span, QSpan { start: 7, end: 8 });
        assert!(e.message.contains("never closed"), "{}", e.message);
        // The third quote is the open one; the first two pair up.
        let input = "\"a b\" c \"d e";
        assert_eq!(parse(input).unwrap_err().span, QSpan { start: 8, end: 9 });
        let input = "city:\"Deir ez-Zor";
        assert_eq!(parse(input).unwrap_err().span, QSpan { start: 5, end: 6 });
        // An earlier error still wins.
        let (m, _) = err("contry:SY \"open");
        assert!(m.starts_with("unknown filter"), "{m}");
        // Even after an OR, the quote is the problem.
        let e = parse("a OR \"b c").unwrap_err();
        assert_eq!(e.span, QSpan { start: 5, end: 6 });
    }

    #[test]
    fn text_glued_to_a_closing_quote_is_an_error() {
        let (m, at) = err("\"barrel bomb\"s attack");
        assert!(m.contains("after the closing quote"), "{m}");
        assert_eq!(at, "s");
        let (_, at) = err("\"a\"\"b\"");
        assert_eq!(at, "\"b\"");
    }

    #[test]
    fn quote_inside_a_word_is_an_error() {
        let input = "12\"gun\"";
        let e = parse(input).unwrap_err();
        assert_eq!(e.span, QSpan { start: 2, end: 3 });
        assert!(e.message.contains("quote inside a word"), "{}", e.message);
    }

    // --- OR ------------------------------------------------------------------------------------

    #[test]
    fn or_groups_and_binds_tighter_than_and() {
        let input = "rubble OR \"barrel bomb\" OR evacu* Idlib";
        let q = ok(input);
        assert_eq!(
            q.text,
            vec![
                TextClause::Any {
                    alternatives: vec![
                        word("rubble", input),
                        TextClause::Phrase {
                            words: vec!["barrel".into(), "bomb".into()],
                            span: span_of(input, "\"barrel bomb\"")
                        },
                        TextClause::Prefix {
                            stem: "evacu".into(),
                            span: span_of(input, "evacu*")
                        },
                    ],
                    span: span_of(input, "rubble OR \"barrel bomb\" OR evacu*"),
                },
                word("Idlib", input),
            ]
        );
        let input = "a OR b c OR d";
        let q = ok(input);
        assert_eq!(q.text.len(), 2);
        assert_eq!(text_span(&q.text[0]), span_of(input, "a OR b"));
        assert_eq!(text_span(&q.text[1]), span_of(input, "c OR d"));
    }

    #[test]
    fn or_spans_tolerate_odd_whitespace() {
        let input = "a\t OR\n\nb";
        assert_eq!(
            text_span(&one_text(input)),
            QSpan {
                start: 0,
                end: input.len()
            }
        );
    }

    #[test]
    fn lowercase_or_and_negated_or_are_words() {
        let input = "rubble or debris";
        assert_eq!(ok(input).text.len(), 3);
        assert_eq!(
            one_text("-OR"),
            TextClause::Not {
                clause: Box::new(TextClause::Word {
                    word: "OR".into(),
                    span: QSpan { start: 1, end: 3 }
                }),
                span: QSpan { start: 0, end: 3 }
            }
        );
    }

    #[test]
    fn or_errors() {
        let cases = [
            ("OR rubble", 0, "nothing comes before"),
            ("OR", 0, "nothing comes before"),
            ("rubble OR", 7, "nothing comes after"),
            ("rubble OR OR debris", 10, "twice in a row"),
            (
                "agency:AFP OR rubble",
                11,
                "`agency:AFP` before it is a filter; to accept any of several values, list them: agency:A,B",
            ),
            (
                "rubble OR date:2016",
                7,
                "`date:2016` after it is a filter; filters always apply",
            ),
            (
                "-rubble OR debris",
                8,
                "excluded clause (`-rubble` before it)",
            ),
            (
                "rubble OR -debris",
                7,
                "excluded clause (`-debris` after it)",
            ),
            (
                "a OR b OR -agency:AFP",
                7,
                "`-agency:AFP` after it is a filter",
            ),
        ];
        for (input, start, msg) in cases {
            let e = parse(input).unwrap_err();
            assert_eq!(
                e.span,
                QSpan {
                    start,
                    end: start + 2
                },
                "{input}: {}",
                e.message
            );
            assert!(e.message.contains(msg), "{input}: {}", e.message);
        }
    }

    // --- negation ------------------------------------------------------------------------------

    #[test]
    fn negation_errors() {
        let (m, at) = err("rubble -");
        assert!(m.contains("lone `-`"), "{m}");
        assert_eq!(at, "-");
        let (m, at) = err("rubble - funeral");
        assert!(m.contains("lone `-`"), "{m}");
        assert_eq!(at, "-");
        let (m, at) = err("--funeral");
        assert!(m.contains("only once"), "{m}");
        assert_eq!(at, "--");
        let (_, at) = err("---");
        assert_eq!(at, "--");
    }

    #[test]
    fn only_name_filters_can_be_negated() {
        for (input, hint) in [
            ("-reported:true", "reported:false"),
            ("-date:2016", "narrow the range"),
            ("-near:1,2,3", "only text and agency"),
            ("-bbox:1,2,3,4", "only text and agency"),
            ("-killed:>=10", "killed:<10"),
            ("-injured:3", "injured:<10"),
        ] {
            let e = parse(input).unwrap_err();
            assert_eq!(e.span, QSpan { start: 0, end: 1 }, "{input}");
            assert!(
                e.message.contains("cannot be excluded") && e.message.contains(hint),
                "{input}: {}",
                e.message
            );
        }
        for key in [
            "agency", "creator", "country", "province", "city", "type", "id",
        ] {
            let v = if key == "type" { "shelling" } else { "x" };
            let input = format!("-{key}:{v}");
            assert!(
                matches!(one_filter(&input), Filter::Field { negated: true, .. }),
                "{input}"
            );
        }
    }

    // --- keys ----------------------------------------------------------------------------------

    #[test]
    fn keys_are_case_insensitive() {
        let input = "AGENCY:afp Country:sy TyPe:Shelling Reported:YES DATE:2016 Near:1,2,3KM BBOX:1,2,3,4 KILLED:1 Injured:2";
        let q = ok(input);
        assert_eq!(q.filters.len(), 9);
        assert_eq!(values(&q.filters[0]), ["afp"]);
        assert_eq!(values(&q.filters[1]), ["SY"]);
        assert_eq!(values(&q.filters[2]), ["shelling"]);
        assert!(matches!(q.filters[3], Filter::Reported { value: true, .. }));
    }

    #[test]
    fn unknown_key_with_suggestion() {
        let input = "rubble contry:SY";
        let e = parse(input).unwrap_err();
        assert_eq!(e.span, span_of(input, "contry"));
        assert_eq!(
            e.message,
            "unknown filter `contry`; did you mean `country`? Known: agency, creator, country, province, city, \
             type, id, reported, date, near, bbox, killed, injured (to search for the text itself, quote it: \
             \"contry:SY\")"
        );
        for (input, key, guess) in [
            ("agnecy:AFP", "agnecy", "agency"),
            ("-Cuontry:SY", "Cuontry", "country"),
            ("from:2016", "from", "date"),
            ("photographer:x", "photographer", "creator"),
            ("wounded:3", "wounded", "injured"),
            ("prov:Idlib", "prov", "province"),
            ("countries:SY", "countries", "country"),
            ("tpye:shelling", "tpye", "type"),
        ] {
            let e = parse(input).unwrap_err();
            assert_eq!(e.span, span_of(input, key), "{input}");
            assert!(
                e.message.contains(&format!("did you mean `{guess}`?")),
                "{input}: {}",
                e.message
            );
        }
    }

    #[test]
    fn unknown_key_without_suggestion() {
        let input = "see http://example.org";
        let e = parse(input).unwrap_err();
        assert_eq!(e.span, span_of(input, "http"));
        assert!(
            e.message
                .starts_with("unknown filter `http`. Known: agency,"),
            "{}",
            e.message
        );
        assert!(
            e.message.ends_with("quote it: \"http://example.org\")"),
            "{}",
            e.message
        );
        let (m, at) = err("Zürich:now");
        assert!(m.starts_with("unknown filter `Zürich`."), "{m}");
        assert_eq!(at, "Zürich");
    }

    #[test]
    fn key_without_value() {
        let (m, at) = err("agency:");
        assert_eq!(
            m,
            "`agency:` needs a value, e.g. agency:AFP or agency:AFP,Reuters"
        );
        assert_eq!(at, "agency:");
        let (m, at) = err("-country: SY");
        assert_eq!(
            m,
            "`country:` needs a value (with no space after the colon), e.g. country:SY"
        );
        assert_eq!(at, "-country:");
        let (m, _) = err("date: ");
        assert_eq!(
            m,
            "`date:` needs a value, e.g. date:2016, date:2016-04-17 or date:2016-04..2016-12"
        );
    }

    // --- field filters -------------------------------------------------------------------------

    #[test]
    fn quoted_values_and_lists() {
        let f = one_filter("city:\"Deir ez-Zor\"");
        assert_eq!(values(&f), ["Deir ez-Zor"]);
        let f = one_filter("agency:AFP,\"Anadolu  Agency\",\"SANA\"");
        assert_eq!(values(&f), ["AFP", "Anadolu Agency", "SANA"]);
        let f = one_filter("creator:\" Ameer\nAlhalbi \"");
        assert_eq!(values(&f), ["Ameer Alhalbi"]);
        let f = one_filter("province:Ḥalab,Idlib");
        assert_eq!(values(&f), ["Ḥalab", "Idlib"]);
        // Quoting keeps a literal `*`.
        assert_eq!(values(&one_filter("agency:\"AF*\"")), ["AF*"]);
    }

    #[test]
    fn country_codes_are_uppercased_names_are_not() {
        let f = one_filter("country:sy,Iq,Syria,syr,\"united kingdom\",é");
        assert_eq!(
            values(&f),
            ["SY", "IQ", "Syria", "syr", "united kingdom", "é"]
        );
    }

    #[test]
    fn event_types_are_normalised() {
        for v in [
            "air_strike",
            "air-strike",
            "Air_Strike",
            "AIR-STRIKE",
            "\"air strike\"",
        ] {
            assert_eq!(
                values(&one_filter(&format!("type:{v}"))),
                ["air_strike"],
                "{v}"
            );
        }
        assert_eq!(
            values(&one_filter("type:shelling,Daily-Life")),
            ["shelling", "daily_life"]
        );
    }

    #[test]
    fn unknown_event_types() {
        let input = "type:shelling,airstrike";
        let e = parse(input).unwrap_err();
        assert_eq!(e.span, span_of(input, "airstrike"));
        assert_eq!(
            e.message,
            format!(
                "unknown event type `airstrike`; did you mean `air_strike`? Valid types: {}",
                EVENT_TYPES.join(", ")
            )
        );
        for (v, guess) in [
            ("shell", "shelling"),
            ("aid", "humanitarian_aid"),
            ("protests", "protest"),
            ("clash", "armed_clash"),
        ] {
            let (m, at) = err(&format!("type:{v}"));
            assert!(m.contains(&format!("did you mean `{guess}`?")), "{v}: {m}");
            assert_eq!(at, v);
        }
        let (m, at) = err("type:\"zz top\"");
        assert!(
            m.starts_with("unknown event type `zz top`. Valid types: air_strike,"),
            "{m}"
        );
        assert_eq!(at, "\"zz top\"");
    }

    #[test]
    fn empty_list_values() {
        let cases = [
            ("agency:,AFP", ",", "nothing before it"),
            ("agency:AFP,,Reuters", ",", "nothing before it"),
            ("agency:AFP,", ",", "ends with `,` and no value after it"),
            (
                "agency:AFP, Reuters",
                ",",
                "(no spaces after commas: agency:A,B)",
            ),
            ("city:\"\"", "\"\"", "empty `city:` value"),
            ("city:Aleppo,\" \"", "\" \"", "empty `city:` value"),
        ];
        for (input, at_text, msg) in cases {
            let e = parse(input).unwrap_err();
            assert_eq!(&input[e.span.start..e.span.end], at_text, "{input}");
            assert!(e.message.contains(msg), "{input}: {}", e.message);
        }
        // The span of `,,` is the second comma.
        assert_eq!(
            parse("agency:AFP,,Reuters").unwrap_err().span,
            QSpan { start: 11, end: 12 }
        );
    }

    #[test]
    fn malformed_list_values() {
        let (m, at) = err("city:\"Deir ez-Zor\"x");
        assert!(m.contains("unexpected `x` after the closing quote"), "{m}");
        assert_eq!(at, "x");
        let (m, at) = err("city:\"Deir\"ё,Aleppo");
        assert!(m.contains("unexpected `ё`"), "{m}");
        assert_eq!(at, "ё");
        let (m, at) = err("city:Deir\"ez\"");
        assert!(m.contains("quote inside a `city:` value"), "{m}");
        assert_eq!(at, "\"");
        let (m, at) = err("agency:AF*");
        assert!(m.contains("match whole names"), "{m}");
        assert_eq!(at, "*");
        let (m, at) = err("id:9f2c*");
        assert!(m.contains("ids already match by prefix"), "{m}");
        assert_eq!(at, "*");
    }

    #[test]
    fn repeated_filters_are_kept() {
        assert_eq!(ok("agency:AFP agency:Reuters").filters.len(), 2);
    }

    // --- reported ------------------------------------------------------------------------------

    #[test]
    fn reported_values() {
        for (v, want) in [
            ("true", true),
            ("yes", true),
            ("TRUE", true),
            ("\"no\"", false),
            ("false", false),
            ("No", false),
        ] {
            assert!(
                matches!(one_filter(&format!("reported:{v}")), Filter::Reported { value, .. } if value == want),
                "{v}"
            );
        }
        let (m, at) = err("reported:maybe");
        assert_eq!(m, "`reported:` is true or false (or yes/no), not `maybe`");
        assert_eq!(at, "maybe");
        let (_, at) = err("reported:true,false");
        assert_eq!(at, "true,false");
        let (m, at) = err("reported:\"\"");
        assert!(m.starts_with("empty `reported:` value"), "{m}");
        assert_eq!(at, "\"\"");
        let (m, at) = err("reported:tr\"ue\"");
        assert!(m.contains("quote inside a `reported:` value"), "{m}");
        assert_eq!(at, "\"");
        let (m, at) = err("reported:\"true\"x");
        assert!(
            m.contains("after the closing quote of the `reported:` value"),
            "{m}"
        );
        assert_eq!(at, "x");
    }

    // --- date ----------------------------------------------------------------------------------

    fn date_range(input: &str) -> (Option<Date>, Option<Date>) {
        match one_filter(input) {
            Filter::Date { from, to, span } => {
                assert_eq!(
                    span,
                    QSpan {
                        start: 0,
                        end: input.len()
                    }
                );
                (from, to)
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn single_dates_cover_their_whole_period() {
        assert_eq!(
            date_range("date:2016"),
            (Some(d("2016-01-01")), Some(d("2016-12-31")))
        );
        assert_eq!(
            date_range("date:2016-02"),
            (Some(d("2016-02-01")), Some(d("2016-02-29")))
        );
        assert_eq!(
            date_range("date:2015-2"),
            (Some(d("2015-02-01")), Some(d("2015-02-28")))
        );
        assert_eq!(
            date_range("date:2016-04-17"),
            (Some(d("2016-04-17")), Some(d("2016-04-17")))
        );
        assert_eq!(
            date_range("date:2016-4-7"),
            (Some(d("2016-04-07")), Some(d("2016-04-07")))
        );
        assert_eq!(
            date_range("date:2016-02-29"),
            (Some(d("2016-02-29")), Some(d("2016-02-29")))
        );
        assert_eq!(
            date_range("date:\" 2016-04 \""),
            (Some(d("2016-04-01")), Some(d("2016-04-30")))
        );
    }

    #[test]
    fn date_ranges() {
        assert_eq!(
            date_range("date:2016-04..2016-12"),
            (Some(d("2016-04-01")), Some(d("2016-12-31")))
        );
        assert_eq!(
            date_range("date:2016..2017"),
            (Some(d("2016-01-01")), Some(d("2017-12-31")))
        );
        assert_eq!(
            date_range("date:2016-04-01.."),
            (Some(d("2016-04-01")), None)
        );
        assert_eq!(
            date_range("date:..2016-05-03"),
            (None, Some(d("2016-05-03")))
        );
        assert_eq!(date_range("date:..2016-02"), (None, Some(d("2016-02-29"))));
        assert_eq!(
            date_range("date:2016-05..2016-05"),
            (Some(d("2016-05-01")), Some(d("2016-05-31")))
        );
        assert_eq!(
            date_range("date:2016-05-10..2016-05"),
            (Some(d("2016-05-10")), Some(d("2016-05-31")))
        );
        assert_eq!(
            date_range("date:\"2016-04 .. 2016-06\""),
            (Some(d("2016-04-01")), Some(d("2016-06-30")))
        );
        assert_eq!(
            date_range("date:0001..9999"),
            (Some(d("0001-01-01")), Some(d("9999-12-31")))
        );
    }

    #[test]
    fn invalid_dates() {
        let cases = [
            ("rubble date:2016-13", "2016-13", "month 13 does not exist"),
            ("date:2016-00", "2016-00", "month 0 does not exist"),
            (
                "date:2016-02-30",
                "2016-02-30",
                "2016-02-30 does not exist: February 2016 has 29 days",
            ),
            (
                "date:2015-02-29",
                "2015-02-29",
                "2015-02-29 does not exist: February 2015 has 28 days",
            ),
            (
                "date:2016-04-31",
                "2016-04-31",
                "2016-04-31 does not exist: April 2016 has 30 days",
            ),
            ("date:2016-04-00", "2016-04-00", "day 0 does not exist"),
            (
                "date:2016-04..2016-13",
                "2016-13",
                "month 13 does not exist",
            ),
            (
                "date:2016-02-30..2016-12",
                "2016-02-30",
                "2016-02-30 does not exist: February 2016 has 29 days",
            ),
            (
                "date:16",
                "16",
                "expected a date like 2016, 2016-04 or 2016-04-17, not `16`",
            ),
            ("date:yesterday", "yesterday", "expected a date like"),
            ("date:2016-04-17-1", "2016-04-17-1", "expected a date like"),
            ("date:2016-004", "2016-004", "expected a date like"),
            ("date:2016/04", "2016/04", "expected a date like"),
            ("date:２０１６", "２０１６", "expected a date like"),
            ("date:2016-", "2016-", "expected a date like"),
            ("date:..", "..", "`..` needs a date on at least one side"),
            ("date:2016...2017", ".2017", "expected a date like"),
            ("date:2016..2017..2018", "..", "a single `..`"),
            (
                "date:2016-12..2016-04",
                "2016-12..2016-04",
                "ends before it starts: it would run from 2016-12-01 to 2016-04-30",
            ),
            (
                "date:2016-04-02..2016-04-01",
                "2016-04-02..2016-04-01",
                "ends before it starts",
            ),
        ];
        for (input, at_text, msg) in cases {
            let e = parse(input).unwrap_err();
            assert_eq!(
                &input[e.span.start..e.span.end],
                at_text,
                "{input}: {}",
                e.message
            );
            assert!(e.message.contains(msg), "{input}: {}", e.message);
        }
        // The second `..` is the one pointed at.
        assert_eq!(
            parse("date:2016..2017..2018").unwrap_err().span,
            QSpan { start: 15, end: 17 }
        );
    }

    #[test]
    fn render_the_brief_example() {
        let input = "rubble date:2016-13";
        assert_eq!(
            parse(input).unwrap_err().render(input),
            "rubble date:2016-13\n            ^^^^^^^ month 13 does not exist"
        );
    }

    // --- near / bbox ---------------------------------------------------------------------------

    fn near_of(input: &str) -> (f64, f64, f64) {
        match one_filter(input) {
            Filter::Near {
                lat,
                lon,
                radius_km,
                span,
            } => {
                assert_eq!(
                    span,
                    QSpan {
                        start: 0,
                        end: input.len()
                    }
                );
                (lat, lon, radius_km)
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn near_units() {
        assert_eq!(near_of("near:36.20,37.16,25km"), (36.2, 37.16, 25.0));
        assert_eq!(near_of("near:36.20,37.16,25"), (36.2, 37.16, 25.0));
        assert_eq!(near_of("near:36.20,37.16,25KM"), (36.2, 37.16, 25.0));
        assert_eq!(near_of("near:-36,-37.5,500m"), (-36.0, -37.5, 0.5));
        assert_eq!(near_of("near:+36,.5,10mi"), (36.0, 0.5, 16.09344));
        assert_eq!(near_of("near:90,180,20000"), (90.0, 180.0, 20000.0));
        assert_eq!(near_of("near:\"36.2, 37.1, 2.5 km\""), (36.2, 37.1, 2.5));
        assert_eq!(near_of("near:-90,-180,0.001m"), (-90.0, -180.0, 0.000001));
    }

    #[test]
    fn near_errors() {
        let cases = [
            (
                "near:36.2,37.1",
                "36.2,37.1",
                "takes latitude,longitude,radius, e.g. near:36.20,37.16,25km; `36.2,37.1` has 2 parts",
            ),
            ("near:1,2,3,4", "1,2,3,4", "has 4 parts"),
            ("near:x", "x", "has 1 part"),
            ("near:91,37,5", "91", "latitude 91 is outside -90..90"),
            ("near:-90.5,37,5", "-90.5", "latitude -90.5 is outside"),
            (
                "near:36,180.01,5",
                "180.01",
                "longitude 180.01 is outside -180..180",
            ),
            (
                "near:36,abc,5",
                "abc",
                "longitude `abc` is not a number like 36.20",
            ),
            ("near:inf,1,5", "inf", "latitude `inf` is not a number"),
            ("near:NaN,1,5", "NaN", "latitude `NaN` is not a number"),
            ("near:1e1,1,5", "1e1", "latitude `1e1` is not a number"),
            ("near:1.2.3,1,5", "1.2.3", "not a number"),
            ("near:.,1,5", ".", "not a number"),
            ("near:,37,5", ",", "missing latitude"),
            ("near:36,,5", ",", "missing longitude"),
            ("near:36,37,", ",", "missing radius"),
            ("near:36,37,0", "0", "the radius must be more than 0"),
            ("near:36,37,-5km", "-5km", "the radius must be more than 0"),
            ("near:36,37,0m", "0m", "the radius must be more than 0"),
            ("near:36,37,20001", "20001", "radius 20001 is over 20000 km"),
            (
                "near:36,37,12500mi",
                "12500mi",
                "radius 12500mi is over 20000 km",
            ),
            (
                "near:36,37,25ft",
                "25ft",
                "radius `25ft` is not a number with an optional unit km, m or mi",
            ),
            ("near:36,37,km", "km", "radius `km` is not a number"),
        ];
        for (input, at_text, msg) in cases {
            let e = parse(input).unwrap_err();
            assert_eq!(
                &input[e.span.start..e.span.end],
                at_text,
                "{input}: {}",
                e.message
            );
            assert!(e.message.contains(msg), "{input}: {}", e.message);
        }
        let (m, at) = err("near:36.2, 37.1, 25km");
        assert!(
            m.ends_with("has 2 parts (no spaces after commas, or quote the whole value)"),
            "{m}"
        );
        assert_eq!(at, "36.2,");
        let (m, _) = err("bbox:1, 2,3,4");
        assert!(
            m.ends_with("has 2 parts (no spaces after commas, or quote the whole value)"),
            "{m}"
        );
        let (m, _) = err("near:1,");
        assert!(m.ends_with("has 2 parts"), "{m}");
        // `near:,37,5`: the comma after the missing latitude.
        assert_eq!(
            parse("near:,37,5").unwrap_err().span,
            QSpan { start: 5, end: 6 }
        );
        // `near:36,37,`: the comma before the missing radius.
        assert_eq!(
            parse("near:36,37,").unwrap_err().span,
            QSpan { start: 10, end: 11 }
        );
    }

    #[test]
    fn bbox_values_and_antimeridian() {
        let input = "bbox:35.9,36.8,36.4,37.4";
        assert!(matches!(
            one_filter(input),
            Filter::BBox {
                south: 35.9,
                west: 36.8,
                north: 36.4,
                east: 37.4,
                ..
            }
        ));
        // West of east is fine: the box crosses 180°.
        assert!(matches!(
            one_filter("bbox:-20,170,-10,-170"),
            Filter::BBox {
                west: 170.0,
                east: -170.0,
                ..
            }
        ));
        // A box one point tall is allowed.
        assert!(matches!(
            one_filter("bbox:1,2,1,3"),
            Filter::BBox {
                south: 1.0,
                north: 1.0,
                ..
            }
        ));
    }

    #[test]
    fn bbox_errors() {
        let cases = [
            (
                "bbox:36.4,36.8,35.9,37.4",
                "36.4,36.8,35.9,37.4",
                "south 36.4 is north of north 35.9: `bbox:` takes south,west,north,east",
            ),
            (
                "bbox:1,2,3",
                "1,2,3",
                "`bbox:` takes south,west,north,east, e.g. bbox:35.9,36.8,36.4,37.4; `1,2,3` has 3 parts",
            ),
            ("bbox:1,2,3,4,5", "1,2,3,4,5", "has 5 parts"),
            (
                "bbox:95,2,96,4",
                "95",
                "south latitude 95 is outside -90..90",
            ),
            (
                "bbox:1,-181,3,4",
                "-181",
                "west longitude -181 is outside -180..180",
            ),
            ("bbox:1,2,91,4", "91", "north latitude 91 is outside"),
            (
                "bbox:1,2,3,east",
                "east",
                "east longitude `east` is not a number",
            ),
            ("bbox:1,2,,4", ",", "missing north latitude"),
        ];
        for (input, at_text, msg) in cases {
            let e = parse(input).unwrap_err();
            assert_eq!(
                &input[e.span.start..e.span.end],
                at_text,
                "{input}: {}",
                e.message
            );
            assert!(e.message.contains(msg), "{input}: {}", e.message);
        }
    }

    // --- counts --------------------------------------------------------------------------------

    fn count_of(input: &str) -> (Count, Option<u64>, Option<u64>) {
        match one_filter(input) {
            Filter::Count {
                count,
                min,
                max,
                span,
            } => {
                assert_eq!(
                    span,
                    QSpan {
                        start: 0,
                        end: input.len()
                    }
                );
                (count, min, max)
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn count_forms() {
        use Count::{Injured, Killed};
        assert_eq!(count_of("killed:10"), (Killed, Some(10), Some(10)));
        assert_eq!(count_of("killed:>=10"), (Killed, Some(10), None));
        assert_eq!(count_of("killed:>10"), (Killed, Some(11), None));
        assert_eq!(count_of("killed:<=10"), (Killed, None, Some(10)));
        assert_eq!(count_of("killed:<10"), (Killed, None, Some(9)));
        assert_eq!(count_of("injured:1..5"), (Injured, Some(1), Some(5)));
        assert_eq!(count_of("injured:5..5"), (Injured, Some(5), Some(5)));
        assert_eq!(count_of("injured:3.."), (Injured, Some(3), None));
        assert_eq!(count_of("injured:..3"), (Injured, None, Some(3)));
        assert_eq!(count_of("injured:0"), (Injured, Some(0), Some(0)));
        assert_eq!(count_of("injured:\">= 7\""), (Injured, Some(7), None));
        assert_eq!(
            count_of("killed:18446744073709551615"),
            (Killed, Some(u64::MAX), Some(u64::MAX))
        );
    }

    #[test]
    fn count_errors() {
        let cases = [
            ("killed:<0", "<0", "no count is below 0"),
            (
                "killed:>18446744073709551615",
                ">18446744073709551615",
                "no count is above that",
            ),
            (
                "killed:18446744073709551616",
                "18446744073709551616",
                "18446744073709551616 is too large for a count",
            ),
            ("killed:-3", "-3", "`killed:` counts cannot be negative"),
            ("killed:>=-3", "-3", "cannot be negative"),
            (
                "killed:lots",
                "lots",
                "`killed:` takes a whole number or a range, e.g. killed:10, killed:>=10 or killed:1..5; `lots` is not one",
            ),
            (
                "injured:2.5",
                "2.5",
                "`injured:` takes a whole number or a range",
            ),
            ("killed:>=", ">=", "`>=` is not one"),
            ("killed:=5", "=5", "`=5` is not one"),
            (
                "killed:..",
                "..",
                "`..` needs a number on at least one side, e.g. killed:5.. or killed:..5",
            ),
            (
                "killed:5..1",
                "5..1",
                "the range ends before it starts: 5 is more than 1",
            ),
            ("killed:1..x", "x", "`x` is not one"),
            ("killed:1..5..7", "5..7", "`5..7` is not one"),
            ("killed:１０", "１０", "is not one"),
        ];
        for (input, at_text, msg) in cases {
            let e = parse(input).unwrap_err();
            assert_eq!(
                &input[e.span.start..e.span.end],
                at_text,
                "{input}: {}",
                e.message
            );
            assert!(e.message.contains(msg), "{input}: {}", e.message);
        }
    }

    // --- rendering -----------------------------------------------------------------------------

    #[test]
    fn render_counts_chars_not_bytes() {
        let input = "Алеппо contry:SY";
        let r = parse(input).unwrap_err().render(input);
        let mut lines = r.lines();
        assert_eq!(lines.next(), Some(input));
        assert!(
            lines
                .next()
                .unwrap()
                .starts_with("       ^^^^^^ unknown filter `contry`"),
            "{r}"
        );
        assert_eq!(lines.next(), None);
    }

    #[test]
    fn render_keeps_two_lines_for_multiline_input() {
        let input = "rubble\n\tdate:\"2016\n13\"";
        let e = parse(input).unwrap_err();
        let r = e.render(input);
        assert_eq!(r.lines().count(), 2, "{r}");
        assert_eq!(r.lines().next(), Some("rubble  date:\"2016 13\""));
        assert!(
            r.ends_with("^^^^^^^ expected a date like 2016, 2016-04 or 2016-04-17, not `2016 13`"),
            "{r}"
        );
    }

    #[test]
    fn render_of_an_empty_or_foreign_span() {
        let e = ParseError::new(3, 3, "here");
        assert_eq!(e.render("abc"), "abc\n   ^ here");
        // A span beyond the input, or inside a char, is clamped rather than trusted.
        let e = ParseError::new(1, 99, "x");
        assert_eq!(e.render("é"), "é\n^ x");
        assert_eq!(ParseError::new(0, 1, "x").render(""), "\n^ x");
    }

    #[test]
    fn long_user_text_is_cut_in_messages() {
        let long = "x".repeat(100);
        let (m, _) = err(&format!("reported:{long}"));
        assert!(m.chars().count() < 120, "{m}");
        assert!(m.contains('…'), "{m}");
    }

    // --- helpers -------------------------------------------------------------------------------

    #[test]
    fn edit_distance() {
        assert_eq!(distance("", ""), 0);
        assert_eq!(distance("contry", "country"), 1);
        assert_eq!(distance("agnecy", "agency"), 1);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("ab", ""), 2);
    }

    #[test]
    fn suggestions_need_some_likeness() {
        assert_eq!(suggest("zzz", FILTER_KEYS, KEY_SYNONYMS), None);
        assert_eq!(suggest("is", FILTER_KEYS, KEY_SYNONYMS), Some("id"));
        assert_eq!(suggest("xy", FILTER_KEYS, KEY_SYNONYMS), None);
        assert_eq!(suggest("By", FILTER_KEYS, KEY_SYNONYMS), Some("creator"));
    }

    #[test]
    fn queries_beyond_the_limits_are_refused_with_the_limit_named() {
        let many_or = vec!["a"; 100].join(" OR ");
        let e = parse(&many_or).unwrap_err();
        assert!(e.message.contains("64 words"), "{e}");
        let prefixes = "a* ".repeat(100);
        let e = parse(&prefixes).unwrap_err();
        assert!(e.message.contains("8 prefix"), "{e}");
        let filters = "agency:AFP ".repeat(100);
        let e = parse(&filters).unwrap_err();
        assert!(e.message.contains("32 filters"), "{e}");
        // The span points at the first clause over the limit.
        assert_eq!(&filters[e.span.start..e.span.end], "agency:AFP");
        let long = "é".repeat(2_000);
        let e = parse(&long).unwrap_err();
        assert!(e.message.contains("2000 bytes"), "{e}");
        assert!(long.is_char_boundary(e.span.start));
        // At the limits, fine.
        assert!(parse(&vec!["a"; 64].join(" OR ")).is_ok());
        assert!(parse(&"a* ".repeat(8)).is_ok());
    }
}
