//! The state a page's URL carries (query, page, sort, page size) and the links that change one
//! part of it: a facet value added to or taken out of the query, a date range narrowed, the next
//! page. The URL is the whole state, so a link can be shared and the back button works.
//!
//! Facet links edit the query *text*, not a hidden form state: the user sees in the query box
//! exactly what the filter did (`agency:AFP`) and can edit it there. Filters are found with the
//! parser's byte spans, so removing one never touches the rest of what the user wrote.

use dateline_archive::Sort;
use dateline_query::{Field, Filter, Query};
use serde::Deserialize;

/// The raw parameters of a search URL; checked by [`View::from_params`], so a bad value gets
/// a sentence rather than axum's rejection text.
#[derive(Debug, Default, Deserialize)]
pub struct Params {
    pub q: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
    pub sort: Option<String>,
}

/// A search as the URL states it.
#[derive(Debug, Clone, PartialEq)]
pub struct View {
    pub q: String,
    pub page: usize,
    pub limit: usize,
    pub sort: Sort,
}

/// Default results per page.
pub const DEFAULT_LIMIT: usize = 20;

impl View {
    /// Checks the parameters; `max_limit` differs between pages and the API.
    pub fn from_params(p: &Params, max_limit: usize) -> Result<View, String> {
        let page = match p.page.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => 1,
            Some(s) => match s.parse::<usize>() {
                Ok(n) if n >= 1 => n,
                _ => return Err(format!("page {s:?}: pages are numbered from 1")),
            },
        };
        let limit = match p.limit.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => DEFAULT_LIMIT,
            Some(s) => match s.parse::<usize>() {
                Ok(n) if (1..=max_limit).contains(&n) => n,
                _ => {
                    return Err(format!(
                        "limit {s:?}: give 1 to {max_limit} results per page"
                    ));
                }
            },
        };
        let sort = match p.sort.as_deref().map(str::trim).unwrap_or("") {
            "" | "relevance" => Sort::Relevance,
            "date" | "date_desc" => Sort::DateDesc,
            "date_asc" => Sort::DateAsc,
            other => {
                return Err(format!(
                    "sort {other:?}: use relevance, date (newest first) or date_asc"
                ));
            }
        };
        if page
            .checked_sub(1)
            .and_then(|p| p.checked_mul(limit))
            .is_none_or(|o| o > dateline_archive::MAX_OFFSET)
        {
            return Err(format!(
                "page {page}: results go as deep as {}; narrow the query instead",
                dateline_archive::MAX_OFFSET
            ));
        }
        Ok(View {
            q: p.q.clone().unwrap_or_default(),
            page,
            limit,
            sort,
        })
    }

    /// Results to skip.
    pub fn offset(&self) -> usize {
        (self.page - 1) * self.limit
    }

    /// The URL of `path` with this state, defaults left out.
    pub fn href(&self, path: &str) -> String {
        let mut pairs: Vec<(&str, String)> = Vec::new();
        if !self.q.is_empty() {
            pairs.push(("q", self.q.clone()));
        }
        if self.sort != Sort::Relevance {
            pairs.push(("sort", sort_name(self.sort).to_string()));
        }
        if self.limit != DEFAULT_LIMIT {
            pairs.push(("limit", self.limit.to_string()));
        }
        if self.page != 1 {
            pairs.push(("page", self.page.to_string()));
        }
        with_params(path, &pairs)
    }

    /// The same search on another page.
    pub fn at_page(&self, page: usize) -> View {
        View {
            page,
            ..self.clone()
        }
    }

    /// Another query, back on page 1.
    pub fn with_query(&self, q: String) -> View {
        View {
            q,
            page: 1,
            ..self.clone()
        }
    }
}

/// The `sort` parameter's value.
pub fn sort_name(s: Sort) -> &'static str {
    match s {
        Sort::Relevance => "relevance",
        Sort::DateDesc => "date",
        Sort::DateAsc => "date_asc",
    }
}

/// `path?k=v&…`, URL-encoded.
pub fn with_params(path: &str, pairs: &[(&str, String)]) -> String {
    if pairs.is_empty() {
        return path.to_string();
    }
    let encoded = serde_urlencoded::to_string(pairs).unwrap_or_default();
    format!("{path}?{encoded}")
}

/// A link to a search for `q` on `path`.
pub fn query_href(path: &str, q: &str) -> String {
    if q.is_empty() {
        path.to_string()
    } else {
        with_params(path, &[("q", q.to_string())])
    }
}

/// The query key a facet filters with.
pub fn facet_key(facet: &str) -> Option<&'static str> {
    Some(match facet {
        "agency" => "agency",
        "creator" => "creator",
        "country" => "country",
        "province" => "province",
        "city" => "city",
        "type" => "type",
        "reported" => "reported",
        "year" => "date",
        _ => return None,
    })
}

fn field_of(key: &str) -> Option<Field> {
    Some(match key {
        "agency" => Field::Agency,
        "creator" => Field::Creator,
        "country" => Field::Country,
        "province" => Field::Province,
        "city" => Field::City,
        "type" => Field::Type,
        _ => return None,
    })
}

/// A value as the query language writes it: bare when it can be, quoted otherwise; `None` when
/// the language cannot say it (a value with a double quote in it).
fn quoted(value: &str) -> Option<String> {
    if value.is_empty() || value.contains('"') {
        return None;
    }
    if value
        .chars()
        .any(|c| c.is_whitespace() || c == ',' || c == '*')
    {
        Some(format!("\"{value}\""))
    } else {
        Some(value.to_string())
    }
}

fn same(a: &str, b: &str) -> bool {
    dateline_archive::fold(a) == dateline_archive::fold(b)
}

/// The span of the filter in `query` that already selects `value` of `facet`, if any.
pub fn active_filter(query: &Query, facet: &str, value: &str) -> Option<(usize, usize)> {
    let key = facet_key(facet)?;
    query.filters.iter().find_map(|f| match (f, key) {
        (
            Filter::Field {
                field,
                values,
                negated: false,
                span,
            },
            _,
        ) if Some(*field) == field_of(key) && values.iter().any(|v| same(v, value)) => {
            Some((span.start, span.end))
        }
        (Filter::Reported { value: v, span }, "reported") if v.to_string() == value => {
            Some((span.start, span.end))
        }
        (Filter::Date { from, to, span }, "date") => {
            let y: i16 = value.parse().ok()?;
            let first = jiff::civil::date(y, 1, 1);
            let last = jiff::civil::date(y, 12, 31);
            (*from == Some(first) && *to == Some(last)).then_some((span.start, span.end))
        }
        _ => None,
    })
}

/// `q` with `key:value` added, or `None` when the language cannot express the value.
pub fn add_filter(q: &str, facet: &str, value: &str) -> Option<String> {
    let key = facet_key(facet)?;
    let clause = format!("{key}:{}", quoted(value)?);
    Some(
        if q.trim().is_empty() {
            clause
        } else {
            format!("{} {clause}", q.trim_end())
        }
        .to_string(),
    )
}

/// `q` without the bytes `span` (a filter found by [`active_filter`]), spaces tidied.
pub fn remove_span(q: &str, (start, end): (usize, usize)) -> String {
    let (start, end) = (start.min(q.len()), end.min(q.len()));
    let joined = format!("{} {}", &q[..start], &q[end..]);
    joined.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `q` with its date filter (if any) replaced by `date:FROM..TO`.
pub fn with_date_range(q: &str, query: &Query, from: &str, to: &str) -> String {
    let mut text = q.to_string();
    if let Some(span) = query.filters.iter().find_map(|f| match f {
        Filter::Date { span, .. } => Some((span.start, span.end)),
        _ => None,
    }) {
        text = remove_span(&text, span);
    }
    let range = if from == to {
        format!("date:{from}")
    } else {
        format!("date:{from}..{to}")
    };
    if text.trim().is_empty() {
        range
    } else {
        format!("{} {range}", text.trim_end())
    }
}

/// `q` with its `bbox:`/`near:` filters replaced by `bbox:S,W,N,E`.
pub fn with_bbox(q: &str, query: &Query, south: f64, west: f64, north: f64, east: f64) -> String {
    let mut spans: Vec<(usize, usize)> = query
        .filters
        .iter()
        .filter_map(|f| match f {
            Filter::BBox { span, .. } | Filter::Near { span, .. } => Some((span.start, span.end)),
            _ => None,
        })
        .collect();
    spans.sort();
    let mut text = q.to_string();
    for span in spans.into_iter().rev() {
        text = remove_span(&text, span);
    }
    let r = |x: f64| (x * 1e4).round() / 1e4;
    let clause = format!(
        "bbox:{},{},{},{}",
        r(south.clamp(-90.0, 90.0)),
        r(west.clamp(-180.0, 180.0)),
        r(north.clamp(-90.0, 90.0)),
        r(east.clamp(-180.0, 180.0))
    );
    if text.trim().is_empty() {
        clause
    } else {
        format!("{} {clause}", text.trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(q: &str) -> Params {
        Params {
            q: Some(q.into()),
            ..Default::default()
        }
    }

    #[test]
    fn defaults_stay_out_of_links() {
        let v = View::from_params(&params("rubble"), 100).unwrap();
        assert_eq!(v.href("/"), "/?q=rubble");
        assert_eq!(v.at_page(2).href("/map"), "/map?q=rubble&page=2");
    }

    #[test]
    fn bad_parameters_are_sentences() {
        let p = Params {
            page: Some("0".into()),
            ..Default::default()
        };
        assert!(View::from_params(&p, 100).unwrap_err().contains("from 1"));
        let p = Params {
            limit: Some("5000".into()),
            ..Default::default()
        };
        assert!(View::from_params(&p, 100).unwrap_err().contains("1 to 100"));
        let p = Params {
            sort: Some("random".into()),
            ..Default::default()
        };
        assert!(View::from_params(&p, 100).is_err());
        let p = Params {
            page: Some("99999999999".into()),
            ..Default::default()
        };
        assert!(View::from_params(&p, 100).is_err());
    }

    #[test]
    fn facet_filters_are_added_and_removed_by_span() {
        let q = add_filter("rubble", "agency", "AFP").unwrap();
        assert_eq!(q, "rubble agency:AFP");
        let q = add_filter(&q, "creator", "Ameer Alhalbi").unwrap();
        assert_eq!(q, "rubble agency:AFP creator:\"Ameer Alhalbi\"");
        let parsed = dateline_query::parse(&q).unwrap();
        let span = active_filter(&parsed, "creator", "ameer alhalbi").unwrap();
        assert_eq!(remove_span(&q, span), "rubble agency:AFP");
        let span = active_filter(&parsed, "agency", "AFP").unwrap();
        assert_eq!(remove_span(&q, span), "rubble creator:\"Ameer Alhalbi\"");
        assert!(add_filter("", "agency", "say \"x\"").is_none());
    }

    #[test]
    fn year_and_reported_facets() {
        let q = add_filter("", "year", "2016").unwrap();
        assert_eq!(q, "date:2016");
        let parsed = dateline_query::parse(&q).unwrap();
        assert!(active_filter(&parsed, "year", "2016").is_some());
        assert!(active_filter(&parsed, "year", "2017").is_none());
        let q = add_filter(&q, "reported", "true").unwrap();
        let parsed = dateline_query::parse(&q).unwrap();
        assert!(active_filter(&parsed, "reported", "true").is_some());
    }

    #[test]
    fn date_ranges_replace_the_old_one() {
        let q = "aleppo date:2016";
        let parsed = dateline_query::parse(q).unwrap();
        assert_eq!(
            with_date_range(q, &parsed, "2016-11-01", "2016-11-30"),
            "aleppo date:2016-11-01..2016-11-30"
        );
        assert_eq!(
            with_date_range("", &Query::default(), "2016-11-24", "2016-11-24"),
            "date:2016-11-24"
        );
    }

    #[test]
    fn boxes_replace_places() {
        let q = "near:36.2,37.1,10km rubble";
        let parsed = dateline_query::parse(q).unwrap();
        let out = with_bbox(q, &parsed, 35.0, 36.0, 37.0, 38.5);
        assert_eq!(out, "rubble bbox:35,36,37,38.5");
        assert!(dateline_query::parse(&out).is_ok());
    }
}
