//! Who may write. The server holds one token (`DATELINE_TOKEN` or `--token-file`); scripts send
//! it as `Authorization: Bearer …`, people type it once on `/login` with their name and get a
//! signed session cookie.
//!
//! Forms are protected against cross-site requests three ways: the cookie is `SameSite=Strict`
//! and `HttpOnly`; every form carries a CSRF token that is a MAC of the session (so another site
//! cannot know it); and a request whose `Origin` names another host is refused. The signing key
//! is random per process: a restart signs everyone out, which is the safe failure.

use crate::page::{Nav, frame};
use crate::{Failure, Shared};
use axum::Form;
use axum::extract::{Query as UrlQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use hmac::{Hmac, KeyInit, Mac};
use maud::html;
use serde::Deserialize;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// The session cookie's name.
pub const COOKIE: &str = "dateline_session";
/// How long a sign-in lasts.
const SESSION_SECS: i64 = 8 * 3600;

/// The per-process signing key.
pub struct Keys {
    secret: [u8; 32],
}

impl Keys {
    pub fn random() -> Keys {
        let mut secret = [0u8; 32];
        getrandom::fill(&mut secret).expect("the OS random source");
        Keys { secret }
    }

    fn mac(&self, parts: &[&[u8]]) -> Vec<u8> {
        let mut m = HmacSha256::new_from_slice(&self.secret).expect("any key length");
        for p in parts {
            m.update(&(p.len() as u64).to_be_bytes());
            m.update(p);
        }
        m.finalize().into_bytes().to_vec()
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Equal in time that does not depend on where the inputs differ.
pub fn same_secret(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A signed-in person.
#[derive(Debug, Clone)]
pub struct Session {
    pub author: String,
    /// The CSRF token every form of this session must send back.
    pub csrf: String,
}

fn now() -> i64 {
    jiff::Timestamp::now().as_second()
}

fn cookie_value(keys: &Keys, author: &str, expires: i64) -> String {
    let e = expires.to_string();
    let mac = keys.mac(&[b"session", e.as_bytes(), author.as_bytes()]);
    format!("v1.{e}.{}.{}", hex(author.as_bytes()), hex(&mac))
}

fn csrf_of(keys: &Keys, cookie: &str) -> String {
    hex(&keys.mac(&[b"csrf", cookie.as_bytes()]))
}

/// The author a session cookie's value names, when the value is this server's, unexpired and
/// unaltered. A cookie is untrusted bytes: anything else is `None`, never a panic.
fn verify_cookie(keys: &Keys, value: &str, now: i64) -> Option<String> {
    let mut parts = value.split('.');
    let (Some("v1"), Some(e), Some(a), Some(m), None) = (
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
    ) else {
        return None;
    };
    let expires: i64 = e.parse().ok()?;
    let author = String::from_utf8(unhex(a)?).ok()?;
    let mac = unhex(m)?;
    let want = keys.mac(&[b"session", e.as_bytes(), author.as_bytes()]);
    (same_secret(&mac, &want) && expires >= now).then_some(author)
}

/// The session of a request, when its cookie is this server's, unexpired and unaltered.
pub fn session(state: &Shared, headers: &HeaderMap) -> Option<Session> {
    if !state.writable() {
        return None;
    }
    let value = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.to_string())?;
    let author = verify_cookie(&state.keys, &value, now())?;
    Some(Session {
        author,
        csrf: csrf_of(&state.keys, &value),
    })
}

/// Refuses a cross-site form post: an `Origin` (or, without one, a `Referer`) whose host is
/// not the `Host` the request was sent to.
fn same_origin(headers: &HeaderMap) -> bool {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin = headers
        .get(header::ORIGIN)
        .or_else(|| headers.get(header::REFERER))
        .and_then(|h| h.to_str().ok());
    match (origin, host) {
        (None, _) => true,
        (Some("null"), _) => false,
        (Some(o), Some(h)) => {
            let rest = o.split_once("://").map_or(o, |(_, r)| r);
            rest.split('/').next() == Some(h)
        }
        (Some(_), None) => false,
    }
}

/// Checks a form post: the server takes writes, the sender is signed in, the CSRF token is the
/// session's and the request comes from this site. Returns the author.
pub fn check_form(state: &Shared, headers: &HeaderMap, csrf: &str) -> Result<String, Failure> {
    if state.cfg.read_only {
        return Err(Failure::new(
            StatusCode::FORBIDDEN,
            "This server is read-only: it takes no corrections.",
        ));
    }
    if !state.writable() {
        return Err(Failure::new(
            StatusCode::FORBIDDEN,
            "This server takes no corrections: it was started without a token.",
        ));
    }
    let Some(s) = session(state, headers) else {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "Sign in with the archive's token to correct records.",
        ));
    };
    if !same_secret(s.csrf.as_bytes(), csrf.as_bytes()) || !same_origin(headers) {
        return Err(Failure::new(
            StatusCode::FORBIDDEN,
            "The form's security token is missing or stale; reload the page and try again.",
        ));
    }
    Ok(s.author)
}

/// Checks the API's bearer token: 401 without one, 403 with a wrong one or on a server that
/// takes no writes.
pub fn check_bearer(state: &Shared, headers: &HeaderMap) -> Result<(), Failure> {
    if state.cfg.read_only {
        return Err(Failure::new(
            StatusCode::FORBIDDEN,
            "this server is read-only: it takes no corrections",
        ));
    }
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .map(str::trim);
    let Some(given) = given.filter(|g| !g.is_empty()) else {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "corrections need the server's token: send `Authorization: Bearer TOKEN`",
        ));
    };
    match &state.cfg.token {
        Some(t) if same_secret(t.as_bytes(), given.as_bytes()) => Ok(()),
        Some(_) => Err(Failure::new(StatusCode::FORBIDDEN, "wrong token")),
        None => Err(Failure::new(
            StatusCode::FORBIDDEN,
            "this server takes no corrections: it was started without a token",
        )),
    }
}

#[derive(Deserialize, Default)]
pub struct Next {
    next: Option<String>,
}

/// A local path to return to, never another site (`//host`, `https://…`).
fn local(next: Option<&str>) -> String {
    match next {
        Some(n) if n.starts_with('/') && !n.starts_with("//") && !n.contains('\\') => n.into(),
        _ => "/".into(),
    }
}

pub async fn login_page(
    State(state): State<Shared>,
    headers: HeaderMap,
    UrlQuery(n): UrlQuery<Next>,
) -> Response {
    if !state.writable() {
        return crate::page::failure_page(
            &state,
            Failure::new(
                StatusCode::NOT_FOUND,
                "This server takes no corrections, so there is nothing to sign in to.",
            ),
        );
    }
    let next = local(n.next.as_deref());
    let signed_in = session(&state, &headers);
    let body = html! {
        h1 { "Sign in to correct records" }
        @if let Some(s) = &signed_in {
            p { "Signed in as " strong { (s.author) } "." }
            form method="post" action="/logout" {
                input type="hidden" name="csrf" value=(s.csrf);
                button type="submit" { "Sign out" }
            }
        }
        form.login method="post" action="/login" {
            input type="hidden" name="next" value=(next);
            p {
                label for="author" { "Your name (recorded with each correction)" }
                input #author type="text" name="author" required maxlength="100" autocomplete="name";
            }
            p {
                label for="token" { "The archive's token" }
                input #token type="password" name="token" required maxlength="500" autocomplete="current-password";
            }
            button type="submit" { "Sign in" }
        }
    };
    frame(&state, "Sign in", Nav::Other, "", body).into_response()
}

#[derive(Deserialize)]
pub struct LoginForm {
    author: String,
    token: String,
    next: Option<String>,
}

pub async fn login(
    State(state): State<Shared>,
    headers: HeaderMap,
    Form(f): Form<LoginForm>,
) -> Response {
    if !state.writable() {
        return crate::page::failure_page(
            &state,
            Failure::new(StatusCode::FORBIDDEN, "This server takes no corrections."),
        );
    }
    if !same_origin(&headers) {
        return crate::page::failure_page(
            &state,
            Failure::new(StatusCode::FORBIDDEN, "Sign in from this site's own page."),
        );
    }
    let author = f.author.trim();
    let ok = state
        .cfg
        .token
        .as_deref()
        .is_some_and(|t| same_secret(t.as_bytes(), f.token.trim().as_bytes()));
    if !ok || author.is_empty() || author.chars().count() > 100 {
        return crate::page::failure_page(
            &state,
            Failure::new(
                StatusCode::FORBIDDEN,
                if author.is_empty() {
                    "Give your name: it is recorded with each correction."
                } else {
                    "Wrong token."
                },
            ),
        );
    }
    let value = cookie_value(&state.keys, author, now() + SESSION_SECS);
    let cookie =
        format!("{COOKIE}={value}; Path=/; HttpOnly; SameSite=Strict; Max-Age={SESSION_SECS}");
    (
        [(header::SET_COOKIE, cookie)],
        Redirect::to(&local(f.next.as_deref())),
    )
        .into_response()
}

#[derive(Deserialize)]
pub struct LogoutForm {
    csrf: String,
}

pub async fn logout(
    State(state): State<Shared>,
    headers: HeaderMap,
    Form(f): Form<LogoutForm>,
) -> Response {
    match session(&state, &headers) {
        Some(s) if same_secret(s.csrf.as_bytes(), f.csrf.as_bytes()) => (
            [(
                header::SET_COOKIE,
                format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"),
            )],
            Redirect::to("/"),
        )
            .into_response(),
        _ => crate::page::failure_page(
            &state,
            Failure::new(StatusCode::FORBIDDEN, "Not signed in, or a stale form."),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_signed_and_expire() {
        let keys = Keys::random();
        let v = cookie_value(&keys, "Zoë", 1_000);
        assert_eq!(verify_cookie(&keys, &v, 999).as_deref(), Some("Zoë"));
        assert_eq!(verify_cookie(&keys, &v, 1_001), None, "expired");
        assert_eq!(
            verify_cookie(&Keys::random(), &v, 999),
            None,
            "another server's"
        );
        let longer = v.replacen("v1.1000", "v1.9999", 1);
        assert_eq!(verify_cookie(&keys, &longer, 999), None, "altered expiry");
        let other = cookie_value(&keys, "Bo", 1_000);
        let spliced = format!(
            "{}.{}",
            v.rsplit_once('.').unwrap().0,
            other.rsplit_once('.').unwrap().1
        );
        assert_eq!(verify_cookie(&keys, &spliced, 999), None, "another's MAC");
    }

    proptest::proptest! {
        /// Arbitrary cookie values never sign anyone in and never panic.
        #[test]
        fn arbitrary_cookies_are_nobody(value in "\\PC{0,200}", dotted in "v1\\.[0-9]{1,12}\\.[0-9a-f]{0,40}\\.[0-9a-f]{0,80}") {
            let keys = Keys::random();
            proptest::prop_assert!(verify_cookie(&keys, &value, 0).is_none());
            proptest::prop_assert!(verify_cookie(&keys, &dotted, 0).is_none());
        }
    }

    #[test]
    fn only_local_paths_are_followed() {
        assert_eq!(local(Some("/records/abc")), "/records/abc");
        assert_eq!(local(Some("//evil.example/")), "/");
        assert_eq!(local(Some("https://evil.example/")), "/");
        assert_eq!(local(Some("/\\evil")), "/");
        assert_eq!(local(None), "/");
    }

    #[test]
    fn origins_must_match_the_host() {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, "127.0.0.1:8080".parse().unwrap());
        assert!(same_origin(&h));
        h.insert(header::ORIGIN, "http://127.0.0.1:8080".parse().unwrap());
        assert!(same_origin(&h));
        h.insert(header::ORIGIN, "http://evil.example".parse().unwrap());
        assert!(!same_origin(&h));
        h.insert(header::ORIGIN, "null".parse().unwrap());
        assert!(!same_origin(&h));
    }

    #[test]
    fn hex_round_trips_and_rejects_junk() {
        assert_eq!(unhex(&hex("Zoë".as_bytes())).unwrap(), "Zoë".as_bytes());
        assert!(unhex("abc").is_none());
        assert!(unhex("zz").is_none());
        assert!(unhex("é1").is_none());
    }
}
