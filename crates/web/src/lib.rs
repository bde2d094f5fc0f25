//! `dateline serve`: the archive in a browser — a search page with facets, a map, a timeline,
//! record pages with their evidence and history, corrections behind a token — and the same data
//! as a JSON API under `/api/`.
//!
//! The app is [`router`], a function from a [`Store`] and a [`Config`] to an axum `Router`, so
//! tests drive it without a socket; [`serve`] binds it. Pages are rendered on the server (maud,
//! which escapes every interpolated value) and work without JavaScript; the map and the timeline
//! are SVG drawn by `dateline-chart`. Everything reaches the archive through the `Store` trait,
//! never SQL, so the PostgreSQL back end will serve the same pages.
//!
//! Invariants:
//! - Every value that came from a caption, a record or the request is escaped on the way out
//!   (maud `html!`, the chart crate's own escaping); the only unescaped markup is this crate's
//!   and the chart crate's SVG. The Content-Security-Policy forbids inline script and style, so
//!   a missed escape still cannot run code.
//! - Writes (corrections) need the server's token: as `Authorization: Bearer` on the API, or as
//!   a signed session cookie plus a CSRF token bound to it on the HTML forms. `--read-only`
//!   refuses every write whatever the token.
//! - Store calls run on tokio's blocking pool with a time budget; a slow search answers 503, it
//!   never holds a worker thread of the server.

#![deny(missing_docs)]

mod api;
mod auth;
mod links;
mod map_page;
mod page;
mod photo;
mod record_page;
mod search_page;
mod timeline_page;

use axum::Router;
use axum::http::{HeaderValue, StatusCode, header};
use axum::routing::{get, post};
use dateline_archive::{ArchiveError, Store};
use dateline_query::{ParseError, Query};
use std::sync::Arc;
use std::time::Duration;
use tower_http::set_header::SetResponseHeaderLayer;

pub use api::{API_ROUTES, OPENAPI};

/// Turns query text into a query; the CLI's parser also resolves country names to codes.
pub type QueryParser = Arc<dyn Fn(&str) -> Result<Query, ParseError> + Send + Sync>;

/// Names a country code for people (`SY` → `Syria`); `None` leaves the code as it is.
pub type CountryNamer = Arc<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// How the server behaves.
#[derive(Clone)]
pub struct Config {
    /// The token that allows corrections; `None` allows none.
    pub token: Option<String>,
    /// Refuse every write and show no forms.
    pub read_only: bool,
    /// What the pages call the archive (its file name).
    pub archive_label: String,
    /// Longest a store call may take before the request answers 503.
    pub timeout: Duration,
    /// The query language's parser.
    pub parser: QueryParser,
    /// Country names for codes.
    pub country_name: CountryNamer,
}

impl Config {
    /// A read-write server without a token (so no corrections), the query crate's parser and no
    /// country names: what tests start from.
    pub fn new(archive_label: impl Into<String>) -> Self {
        Config {
            token: None,
            read_only: false,
            archive_label: archive_label.into(),
            timeout: Duration::from_secs(30),
            parser: Arc::new(dateline_query::parse),
            country_name: Arc::new(|_| None),
        }
    }
}

/// What every handler shares.
pub(crate) struct AppState {
    pub store: Arc<dyn Store>,
    pub cfg: Config,
    pub keys: auth::Keys,
    pub thumbs: photo::Cache,
}

impl AppState {
    /// True when this server accepts corrections at all (token set, not read-only).
    pub fn writable(&self) -> bool {
        !self.cfg.read_only && self.cfg.token.is_some()
    }
}

pub(crate) type Shared = Arc<AppState>;

/// Largest request body: a correction is a few hundred bytes.
pub const MAX_BODY: usize = 64 * 1024;
/// Most results on one page of the HTML search.
pub const MAX_PAGE_SIZE: usize = 100;
/// Most results one API search returns.
pub const MAX_API_LIMIT: usize = 1000;

/// Why a request failed, for pages and the API alike: a status, one line for the user and,
/// for a malformed query, the part of it to mark.
#[derive(Debug)]
pub(crate) struct Failure {
    pub status: StatusCode,
    pub message: String,
    pub query_error: Option<(String, ParseError)>,
}

impl Failure {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Failure {
            status,
            message: message.into(),
            query_error: None,
        }
    }
    pub fn bad_request(message: impl Into<String>) -> Self {
        Failure::new(StatusCode::BAD_REQUEST, message)
    }
    pub fn query(text: &str, e: ParseError) -> Self {
        Failure {
            status: StatusCode::BAD_REQUEST,
            message: e.message.clone(),
            query_error: Some((text.to_string(), e)),
        }
    }
}

impl From<ArchiveError> for Failure {
    fn from(e: ArchiveError) -> Self {
        let status = match &e {
            ArchiveError::NotFound(_) => StatusCode::NOT_FOUND,
            ArchiveError::Ambiguous { .. }
            | ArchiveError::Correction(_)
            | ArchiveError::Limit(_) => StatusCode::BAD_REQUEST,
            _ => {
                tracing::error!("archive: {e}");
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        Failure::new(status, e.to_string())
    }
}

/// Runs a blocking store call on tokio's blocking pool within the configured time budget.
pub(crate) async fn blocking<T: Send + 'static>(
    state: &Shared,
    f: impl FnOnce(&dyn Store) -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    let store = state.store.clone();
    let task = tokio::task::spawn_blocking(move || f(store.as_ref()));
    match tokio::time::timeout(state.cfg.timeout, task).await {
        Ok(Ok(r)) => r,
        Ok(Err(join)) => {
            tracing::error!("a store call failed: {join}");
            Err(Failure::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the archive call failed",
            ))
        }
        Err(_) => Err(Failure::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the archive did not answer within {} s; narrow the search with more words or filters",
                state.cfg.timeout.as_secs()
            ),
        )),
    }
}

/// The Content-Security-Policy of every response: scripts, styles and images from this server
/// only, nothing inline, no frames, forms only to this server.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
     connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// The whole application over `store`.
pub fn router(store: Arc<dyn Store>, cfg: Config) -> Router {
    let state: Shared = Arc::new(AppState {
        store,
        cfg,
        keys: auth::Keys::random(),
        thumbs: photo::Cache::default(),
    });
    let timeout = state.cfg.timeout + Duration::from_secs(5);
    Router::new()
        .route("/", get(search_page::page))
        .route("/map", get(map_page::page))
        .route("/timeline", get(timeline_page::page))
        .route("/records/{id}", get(record_page::page))
        .route("/records/{id}/photo", get(photo::thumbnail))
        .route("/records/{id}/corrections", post(record_page::correct))
        .route("/login", get(auth::login_page).post(auth::login))
        .route("/logout", post(auth::logout))
        .route("/static/app.css", get(page::css))
        .route("/static/app.js", get(page::js))
        .route("/api/search", get(api::search))
        .route("/api/records/{id}", get(api::record))
        .route("/api/records/{id}/corrections", post(api::correct))
        .route("/api/stats", get(api::stats))
        .route("/api/geojson", get(api::geojson))
        .route("/api/openapi.json", get(api::openapi))
        .fallback(page::not_found)
        .with_state(state)
        .layer(tower_http::limit::RequestBodyLimitLayer::new(MAX_BODY))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            timeout,
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
}

/// Serves `app` on `listener` until Ctrl-C (or SIGTERM) asks it to stop; requests in flight
/// finish first.
pub async fn serve(listener: tokio::net::TcpListener, app: Router) -> std::io::Result<()> {
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let ctrl_c = tokio::signal::ctrl_c();
            #[cfg(unix)]
            {
                let mut term =
                    tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
                        .expect("installing a SIGTERM handler");
                tokio::select! {
                    _ = ctrl_c => {},
                    _ = term.recv() => {},
                }
            }
            #[cfg(not(unix))]
            {
                let _ = ctrl_c.await;
            }
        })
        .await
}
