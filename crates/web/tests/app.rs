//! The web app without a socket: every route through `router(...).oneshot(request)`, over a
//! real SQLite archive of the repository's real captions (and a few hostile ones).

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use dateline_archive::{NewRecord, SourceFile, SqliteStore, Store};
use dateline_web::{Config, router};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::sync::{Arc, OnceLock};
use tower::ServiceExt;

const TOKEN: &str = "correct-horse-battery-staple";

/// Captions that try to break out of HTML, attributes, URLs and the full-text syntax.
const HOSTILE: &[&str] = &[
    "<script>alert('caption')</script> Protesters gather in Aleppo, Syria, on March 3, 2016. (Photo by X Y/AFP)",
    "\"><img src=x onerror=alert(1)> Rescuers search rubble in Idlib, Syria on May 5, 2016. REUTERS/Omar Haj Kadour",
    "javascript:alert(2) A market in Douma, Syria, on June 1, 2016. (AP Photo/Jane Smith)",
    "NEAR(rubble aid) AND \"unbalanced * OR - ( ) ^ in Homs, Syria, on July 9, 2016. (Photo by A B/Getty Images)",
];

struct Fixture {
    _dir: tempfile::TempDir,
    store: Arc<SqliteStore>,
    /// Id of a record from an image file.
    photo_id: String,
}

fn fixture_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// One archive for the whole file: building it extracts a few hundred captions.
fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(dir.path().join("a.sqlite")).unwrap();
        let engine = dateline_engine::Engine::builtin();
        let corpus = fixture_dir().join("corpus/captions.jsonl");
        let text = std::fs::read_to_string(&corpus).unwrap();
        let mut caps: Vec<String> = text
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|v| v["caption"].as_str().map(String::from))
            .collect();
        caps.extend(HOSTILE.iter().map(|s| s.to_string()));
        let file = SourceFile {
            path: corpus.display().to_string(),
            sha256: Some(sha256_hex(text.as_bytes())),
            size: text.len() as u64,
        };
        let ing = store.ingest_begin(&file, "test", "test").unwrap();
        let batch: Vec<NewRecord> = caps
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut input = dateline_engine::CaptionInput::new(c);
                input.source = dateline_model::Source {
                    kind: "jsonl".into(),
                    path: Some(file.path.clone()),
                    line: Some(i as u64 + 1),
                    sha256: file.sha256.clone(),
                };
                NewRecord {
                    record: engine.extract(&input),
                    reference_date: None,
                }
            })
            .collect();
        store.ingest_batch(ing, &batch).unwrap();
        store.ingest_finish(ing, 0).unwrap();

        // A record read from a photo, so the thumbnail route has a file to read.
        let jpeg = fixture_dir().join("images/exifsamples__DSCN0010.jpg");
        let bytes = std::fs::read(&jpeg).unwrap();
        let file = SourceFile {
            path: jpeg.display().to_string(),
            sha256: Some(sha256_hex(&bytes)),
            size: bytes.len() as u64,
        };
        let mut input = dateline_engine::CaptionInput::new(
            "A test photo of a street in Aleppo, Syria, on November 24, 2016. (Photo by Test Person/AFP)",
        );
        input.source = dateline_model::Source {
            kind: "image".into(),
            path: Some(file.path.clone()),
            line: None,
            sha256: file.sha256.clone(),
        };
        let record = engine.extract(&input);
        let photo_id = record.id.clone();
        let ing = store.ingest_begin(&file, "test", "test").unwrap();
        store
            .ingest_batch(
                ing,
                &[NewRecord {
                    record,
                    reference_date: None,
                }],
            )
            .unwrap();
        store.ingest_finish(ing, 0).unwrap();
        Fixture {
            _dir: dir,
            store: Arc::new(store),
            photo_id,
        }
    })
}

fn config(token: Option<&str>, read_only: bool) -> Config {
    let mut c = Config::new("test.sqlite");
    c.token = token.map(String::from);
    c.read_only = read_only;
    c
}

fn app(cfg: Config) -> axum::Router {
    router(fixture().store.clone(), cfg)
}

struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

async fn send(app: &axum::Router, req: Request<Body>) -> Reply {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

async fn get(app: &axum::Router, uri: &str) -> Reply {
    send(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

fn q(text: &str) -> String {
    serde_urlencoded::to_string([("q", text)]).unwrap()
}

// ------------------------------------------------------------------------------------------

fn schema_validator(name: &str) -> jsonschema::Validator {
    let doc: Value = serde_json::from_str(dateline_web::OPENAPI).unwrap();
    // Validate against the component with the whole document as the root, so $refs resolve.
    let mut root = doc.clone();
    root["$ref"] = json!(format!("#/components/schemas/{name}"));
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .build(&root)
        .unwrap()
}

fn assert_matches(name: &str, v: &Value) {
    let validator = schema_validator(name);
    let errors: Vec<String> = validator
        .iter_errors(v)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .take(5)
        .collect();
    assert!(errors.is_empty(), "{name}: {errors:?}");
}

#[test]
fn every_api_route_is_in_the_openapi_document_and_back() {
    let doc: Value = serde_json::from_str(dateline_web::OPENAPI).unwrap();
    let paths = doc["paths"].as_object().unwrap();
    for (method, path) in dateline_web::API_ROUTES {
        assert!(
            paths.get(*path).and_then(|p| p.get(*method)).is_some(),
            "{method} {path} is not in openapi.json"
        );
    }
    for (path, ops) in paths {
        for method in ops.as_object().unwrap().keys() {
            assert!(
                dateline_web::API_ROUTES.contains(&(method.as_str(), path.as_str())),
                "openapi.json has {method} {path}, which the server does not route"
            );
        }
    }
}

#[tokio::test]
async fn every_api_route_answers_what_the_document_says() {
    let app = app(config(Some(TOKEN), false));
    let r = get(&app, &format!("/api/search?{}&limit=5", q("Syria"))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let v = r.json();
    assert_matches("SearchResults", &v);
    assert!(v["total"].as_u64().unwrap() > 0);
    let facets: Vec<&str> = v["facets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f[0].as_str().unwrap())
        .collect();
    assert_eq!(
        facets,
        [
            "agency", "creator", "country", "province", "city", "type", "reported", "year"
        ]
    );
    let id = v["hits"][0]["record"]["id"].as_str().unwrap().to_string();

    let r = get(&app, &format!("/api/records/{id}")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_matches("StoredRecord", &r.json());

    let r = get(&app, "/api/stats?by=agency,country,month").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_matches("Stats", &r.json());

    let r = get(&app, &format!("/api/geojson?{}", q("country:SY"))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.headers[header::CONTENT_TYPE], "application/geo+json");
    let fc = r.json();
    assert_matches("FeatureCollection", &fc);
    let n = fc["features"].as_array().unwrap().len();
    assert_eq!(r.headers["x-dateline-features"], n.to_string().as_str());
    assert!(n > 0);

    let r = get(&app, "/api/openapi.json").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.json()["openapi"], "3.1.0");

    for bad in [
        format!("/api/search?{}", q("date:2016-13")),
        "/api/search?limit=5000".to_string(),
        "/api/stats?by=colour".to_string(),
        "/api/geojson?limit=0".to_string(),
    ] {
        let r = get(&app, &bad).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_matches("Error", &r.json());
    }
    let r = get(&app, &format!("/api/search?{}", q("rubble date:2016-13"))).await;
    assert_eq!(r.json()["span"], json!({"start": 12, "end": 19}));
    let r = get(&app, "/api/records/0000000000000000").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_matches("Error", &r.json());
    let r = get(&app, "/api/nothing-here").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_matches("Error", &r.json());
}

#[tokio::test]
async fn the_search_json_is_the_cli_search_json() {
    // The same store call the CLI makes for `search --json --facets`, serialized the same way.
    let f = fixture();
    let app = app(config(None, false));
    let r = get(
        &app,
        &format!("/api/search?{}&limit=7&page=2&sort=date", q("Syria")),
    )
    .await;
    let query = dateline_query::parse("Syria").unwrap();
    let direct = f
        .store
        .search(
            &query,
            &dateline_archive::SearchOptions {
                sort: dateline_archive::Sort::DateDesc,
                limit: 7,
                offset: 7,
                facets: true,
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(r.json(), serde_json::to_value(&direct).unwrap());
}

#[tokio::test]
async fn pages_render_and_carry_their_state_in_the_url() {
    let app = app(config(None, false));
    let r = get(&app, &format!("/?{}", q("Syria"))).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(
        r.body.contains("records</h2>") || r.body.contains(" records"),
        "{}",
        &r.body[..500]
    );
    assert!(r.body.contains("<mark>"), "matched words are highlighted");
    assert!(r.body.contains("Photographer"), "facet headings");
    assert!(
        r.body.contains("href=\"/?q=Syria+agency%3A"),
        "facet links add a filter"
    );
    // A facet already in the query links to its removal.
    let r = get(&app, &format!("/?{}", q("Syria agency:AFP"))).await;
    assert!(r.body.contains("Remove the filter AFP"), "active facet");
    assert!(
        r.body.contains("href=\"/?q=Syria\""),
        "removing keeps the rest"
    );
    // Paging and sorting.
    let r = get(&app, "/?limit=5&page=2&sort=date").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.body.contains("6–10 of"), "{}", r.body);
    assert!(r.body.contains("rel=\"prev\""));
    let r = get(&app, "/?page=0").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    // A malformed query shows the parser's message with the bad part marked, not a 500.
    let r = get(&app, &format!("/?{}", q("rubble date:2016-13"))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body.contains("<mark class=\"bad\""), "{}", r.body);
    assert!(r.body.contains("month 13"), "{}", r.body);
}

#[tokio::test]
async fn record_pages_show_fields_evidence_provenance_and_nearby() {
    let f = fixture();
    let app = app(config(Some(TOKEN), false));
    let r = get(&app, &format!("/?{}", q("Aleppo"))).await;
    let id = r
        .body
        .split("href=\"/records/")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap()
        .to_string();
    let r = get(&app, &format!("/records/{id}")).await;
    assert_eq!(r.status, StatusCode::OK);
    for want in [
        "Fields",
        "mark class=\"ev ev-",
        "Where it was read",
        "Corrections",
        "Same place, same days",
        "Sign in with the archive",
    ] {
        assert!(r.body.contains(want), "{want} missing");
    }
    // The photo's record shows its thumbnail, which is a real, smaller JPEG.
    let r = get(&app, &format!("/records/{}", f.photo_id)).await;
    assert!(r.body.contains(&format!("/records/{}/photo", f.photo_id)));
    let res = app
        .clone()
        .oneshot(
            Request::get(format!("/records/{}/photo", f.photo_id))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()[header::CONTENT_TYPE], "image/jpeg");
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let img = image::load_from_memory(&bytes).unwrap();
    assert!(img.width() <= 640 && img.height() <= 640);
    // A record from a caption file has no photo.
    let r = get(&app, &format!("/records/{id}/photo")).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn ids_never_become_paths() {
    let app = app(config(None, false));
    for uri in [
        "/records/..%2F..%2Fetc%2Fpasswd",
        "/records/../../etc/passwd",
        "/records/zzzz",
        "/records/%2Fetc%2Fpasswd/photo",
        "/records/abc/photo",
        "/static/../Cargo.toml",
        "/api/records/..%2f..%2fCargo.toml",
    ] {
        let r = get(&app, uri).await;
        assert!(
            r.status == StatusCode::NOT_FOUND || r.status == StatusCode::BAD_REQUEST,
            "{uri}: {}",
            r.status
        );
        assert!(
            !r.body.contains("[package]") && !r.body.contains("root:"),
            "{uri}"
        );
    }
}

#[tokio::test]
async fn hostile_captions_and_queries_are_escaped_everywhere() {
    let app = app(config(Some(TOKEN), false));
    let evil_query = "\"><script>alert(9)</script>";
    let mut pages = vec![
        format!("/?{}", q("alert")),
        format!("/?{}", q("onerror")),
        format!("/?{}", q("javascript")),
        format!("/?{}", q("NEAR unbalanced")),
        format!("/?{}", q(evil_query)),
        format!("/?{}", q("city:\"<b>x</b>\"")),
    ];
    for text in ["alert", "onerror", "javascript", "unbalanced"] {
        let r = get(&app, &format!("/api/search?{}", q(text))).await;
        assert_eq!(r.status, StatusCode::OK, "{text}");
        // The API hands captions over as JSON strings, never as something a browser renders.
        assert_eq!(r.headers[header::CONTENT_TYPE], "application/json");
        assert!(r.headers.contains_key(header::CONTENT_SECURITY_POLICY));
        let v = r.json();
        assert!(
            v["total"].as_u64().unwrap() >= 1,
            "{text} finds its caption"
        );
        let id = v["hits"][0]["record"]["id"].as_str().unwrap().to_string();
        pages.push(format!("/records/{id}"));
    }
    for page in &pages {
        let r = get(&app, page).await;
        assert!(
            r.status == StatusCode::OK || r.status == StatusCode::BAD_REQUEST,
            "{page}: {}",
            r.status
        );
        let csp = r.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"));
        assert_eq!(r.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        for bad in [
            "<script>alert",
            "<img src=x",
            "<b>x</b>",
            "href=\"javascript:",
        ] {
            assert!(!r.body.contains(bad), "{page} leaks {bad}");
        }
        // The only script is the site's own file; no inline handlers or styles.
        assert_eq!(r.body.matches("<script").count(), 1, "{page}");
        assert!(
            !r.body.contains(" onerror=\"") && !r.body.contains(" style=\""),
            "{page}"
        );
    }
}

#[tokio::test]
async fn api_corrections_need_the_token() {
    let f = fixture();
    let app = app(config(Some(TOKEN), false));
    let id = {
        let q = dateline_query::parse("Douma").unwrap();
        f.store.search(&q, &Default::default()).unwrap().hits[0]
            .record
            .id
            .clone()
    };
    let post = |auth: Option<&str>, body: Value| {
        let mut b = Request::post(format!("/api/records/{id}/corrections"))
            .header(header::CONTENT_TYPE, "application/json");
        if let Some(a) = auth {
            b = b.header(header::AUTHORIZATION, a);
        }
        b.body(Body::from(body.to_string())).unwrap()
    };
    let edit = json!({"field": "location.sublocation", "value": "Old Market", "note": "api test", "author": "Ana"});
    let r = send(&app, post(None, edit.clone())).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.headers[header::WWW_AUTHENTICATE], "Bearer");
    let r = send(&app, post(Some("Bearer wrong-token-0000"), edit.clone())).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = send(
        &app,
        post(
            Some(&format!("Bearer {TOKEN}")),
            json!({"field": "location.colour", "value": 1}),
        ),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(
        r.json()["error"]
            .as_str()
            .unwrap()
            .contains("cannot be corrected")
    );
    let r = send(
        &app,
        post(Some(&format!("Bearer {TOKEN}")), json!("not an object")),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = send(&app, post(Some(&format!("Bearer {TOKEN}")), edit.clone())).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let v = r.json();
    assert_matches("StoredRecord", &v);
    assert_eq!(v["record"]["location"]["sublocation"], "Old Market");
    let last = v["corrections"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["author"], "Ana (api)");
    // The audit log has it, with the author.
    let log = f.store.log().unwrap();
    let entry = log.iter().rev().find(|e| e.action == "correct").unwrap();
    assert!(entry.actor.contains("Ana"), "{entry:?}");

    // A read-only server refuses even the right token; a server without a token refuses all.
    let ro = router(f.store.clone(), config(Some(TOKEN), true));
    let r = send(&ro, post(Some(&format!("Bearer {TOKEN}")), edit.clone())).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let none = router(f.store.clone(), config(None, false));
    let r = send(&none, post(Some(&format!("Bearer {TOKEN}")), edit)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

fn form(pairs: &[(&str, &str)]) -> String {
    serde_urlencoded::to_string(pairs).unwrap()
}

#[tokio::test]
async fn form_corrections_need_a_session_and_its_csrf_token() {
    let f = fixture();
    let app = app(config(Some(TOKEN), false));
    let id = {
        let q = dateline_query::parse("Homs").unwrap();
        f.store.search(&q, &Default::default()).unwrap().hits[0]
            .record
            .id
            .clone()
    };
    let post_form = |uri: String, body: String, cookie: Option<&str>, origin: Option<&str>| {
        let mut b = Request::post(uri)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header(header::HOST, "127.0.0.1:8080");
        if let Some(c) = cookie {
            b = b.header(header::COOKIE, c);
        }
        if let Some(o) = origin {
            b = b.header(header::ORIGIN, o);
        }
        b.body(Body::from(body)).unwrap()
    };
    let edit = |csrf: &str| {
        form(&[
            ("csrf", csrf),
            ("field", "event.type"),
            ("value", "protest"),
            ("note", "form test"),
        ])
    };
    // No session.
    let r = send(
        &app,
        post_form(format!("/records/{id}/corrections"), edit("x"), None, None),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    // A wrong token does not sign in.
    let r = send(
        &app,
        post_form(
            "/login".into(),
            form(&[("author", "Bo"), ("token", "nope-nope-nope"), ("next", "/")]),
            None,
            None,
        ),
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(r.headers.get(header::SET_COOKIE).is_none());
    // The right token does.
    let r = send(
        &app,
        post_form(
            "/login".into(),
            form(&[
                ("author", "Bo <b>"),
                ("token", TOKEN),
                ("next", &format!("/records/{id}")),
            ]),
            None,
            Some("http://127.0.0.1:8080"),
        ),
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let set = r.headers[header::SET_COOKIE].to_str().unwrap().to_string();
    assert!(set.contains("HttpOnly") && set.contains("SameSite=Strict"));
    let cookie = set.split(';').next().unwrap().to_string();
    // The record page now has forms with a CSRF token.
    let page = send(
        &app,
        Request::get(format!("/records/{id}"))
            .header(header::COOKIE, &cookie)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert!(
        page.body
            .contains("Signed in as <strong>Bo &lt;b&gt;</strong>")
    );
    let csrf = page
        .body
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap()
        .to_string();
    // Without or with a wrong CSRF token, or from another site: refused.
    for (token, origin) in [
        ("", None),
        ("0000", None),
        (csrf.as_str(), Some("http://evil.example")),
    ] {
        let r = send(
            &app,
            post_form(
                format!("/records/{id}/corrections"),
                edit(token),
                Some(&cookie),
                origin,
            ),
        )
        .await;
        assert_eq!(
            r.status,
            StatusCode::FORBIDDEN,
            "csrf {token:?} origin {origin:?}"
        );
    }
    // A forged cookie is no session.
    let forged = cookie.replace("v1.", "v1.9");
    let r = send(
        &app,
        post_form(
            format!("/records/{id}/corrections"),
            edit(&csrf),
            Some(&forged),
            None,
        ),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    // With everything right, the correction is applied and in the history.
    let r = send(
        &app,
        post_form(
            format!("/records/{id}/corrections"),
            edit(&csrf),
            Some(&cookie),
            Some("http://127.0.0.1:8080"),
        ),
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let stored = f.store.get(&id).unwrap();
    assert_eq!(stored.record.event.event_type.as_deref(), Some("protest"));
    let c = stored.corrections.last().unwrap();
    assert_eq!(c.author, "Bo <b> (web)");
    let page = get(&app, &format!("/records/{id}")).await;
    assert!(page.body.contains("form test"));
    // A bad value is refused with the checker's message.
    let r = send(
        &app,
        post_form(
            format!("/records/{id}/corrections"),
            form(&[("csrf", &csrf), ("field", "location.lat"), ("value", "200")]),
            Some(&cookie),
            None,
        ),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body.contains("degrees"));
    // A read-only server shows no forms and refuses the post.
    let ro = router(f.store.clone(), config(Some(TOKEN), true));
    let page = send(
        &ro,
        Request::get(format!("/records/{id}"))
            .header(header::COOKIE, &cookie)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert!(!page.body.contains("<form class=\"correction\""));
    assert!(!page.body.contains("Sign in with"));
    let r = send(
        &ro,
        post_form(
            format!("/records/{id}/corrections"),
            edit(&csrf),
            Some(&cookie),
            None,
        ),
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn requests_are_bounded() {
    let app = app(config(Some(TOKEN), false));
    let big = "x".repeat(dateline_web::MAX_BODY + 1);
    let r = send(
        &app,
        Request::post("/api/records/abcd/corrections")
            .header(header::AUTHORIZATION, format!("Bearer {TOKEN}"))
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(big))
            .unwrap(),
    )
    .await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
    let long = "word ".repeat(600);
    let r = get(&app, &format!("/?{}", q(&long))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = get(&app, "/api/search?limit=1001").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = get(&app, "/?limit=101").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn map_and_timeline_draw_the_result_set() {
    let app = app(config(None, false));
    let r = get(&app, &format!("/map?{}", q("country:SY"))).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.body.contains("<svg") && r.body.contains("dl-map"));
    assert!(r.body.contains("have coordinates and are drawn"));
    assert!(
        r.body.contains("href=\"/records/") || r.body.contains("bbox%3A"),
        "markers link somewhere"
    );
    assert!(r.body.contains("Natural Earth"));
    let r = get(&app, &format!("/map?{}", q("date:2016-13"))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = get(&app, &format!("/timeline?{}", q("Syria"))).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.body.contains("dl-timeline"));
    assert!(r.body.contains("One bar per "));
    assert!(r.body.contains("date%3A"), "bars narrow the date range");
    assert!(r.body.contains("The numbers as a table"));
    let r = get(&app, &format!("/timeline?{}", q("nothingmatchesthisword"))).await;
    assert_eq!(r.status, StatusCode::OK);
}

/// A store whose searches take longer than any page may wait.
struct Slow(Arc<SqliteStore>);

impl Store for Slow {
    fn ingest_begin(
        &self,
        f: &SourceFile,
        a: &str,
        e: &str,
    ) -> dateline_archive::Result<dateline_archive::IngestId> {
        self.0.ingest_begin(f, a, e)
    }
    fn ingest_batch(
        &self,
        i: dateline_archive::IngestId,
        b: &[NewRecord],
    ) -> dateline_archive::Result<dateline_archive::BatchCounts> {
        self.0.ingest_batch(i, b)
    }
    fn ingest_finish(
        &self,
        i: dateline_archive::IngestId,
        s: u64,
    ) -> dateline_archive::Result<dateline_archive::IngestSummary> {
        self.0.ingest_finish(i, s)
    }
    fn get(&self, id: &str) -> dateline_archive::Result<dateline_archive::StoredRecord> {
        self.0.get(id)
    }
    fn correct(
        &self,
        id: &str,
        e: &[(String, Value)],
        a: &str,
        n: Option<&str>,
    ) -> dateline_archive::Result<dateline_archive::StoredRecord> {
        self.0.correct(id, e, a, n)
    }
    fn search(
        &self,
        q: &dateline_query::Query,
        o: &dateline_archive::SearchOptions,
    ) -> dateline_archive::Result<dateline_archive::SearchResults> {
        std::thread::sleep(std::time::Duration::from_secs(2));
        self.0.search(q, o)
    }
    fn stats(
        &self,
        by: dateline_archive::StatsBy,
        q: &dateline_query::Query,
        l: bool,
    ) -> dateline_archive::Result<dateline_archive::FacetCounts> {
        self.0.stats(by, q, l)
    }
    fn extraction_inputs(
        &self,
        a: Option<&str>,
        l: usize,
    ) -> dateline_archive::Result<Vec<dateline_archive::ExtractionInput>> {
        self.0.extraction_inputs(a, l)
    }
    fn replace_extractions(
        &self,
        r: &[dateline_model::Record],
        e: &str,
    ) -> dateline_archive::Result<u64> {
        self.0.replace_extractions(r, e)
    }
    fn audit(&self, a: &str, b: &str, d: Value) -> dateline_archive::Result<()> {
        self.0.audit(a, b, d)
    }
    fn log(&self) -> dateline_archive::Result<Vec<dateline_archive::AuditEntry>> {
        self.0.log()
    }
    fn verify_sources(
        &self,
        a: &str,
    ) -> dateline_archive::Result<Vec<dateline_archive::FileCheck>> {
        self.0.verify_sources(a)
    }
    fn reindex(&self) -> dateline_archive::Result<u64> {
        self.0.reindex()
    }
    fn count(&self) -> dateline_archive::Result<u64> {
        self.0.count()
    }
    fn scan(
        &self,
        q: &dateline_query::Query,
        l: bool,
        each: &mut dyn FnMut(dateline_model::Record) -> std::ops::ControlFlow<()>,
    ) -> dateline_archive::Result<u64> {
        self.0.scan(q, l, each)
    }
    fn count_matching(&self, q: &dateline_query::Query, l: bool) -> dateline_archive::Result<u64> {
        self.0.count_matching(q, l)
    }
}

#[tokio::test]
async fn a_search_over_its_time_budget_answers_503_and_frees_the_server() {
    let mut cfg = config(None, false);
    cfg.timeout = std::time::Duration::from_millis(200);
    let app = router(Arc::new(Slow(fixture().store.clone())), cfg);
    let started = std::time::Instant::now();
    let r = get(&app, &format!("/api/search?{}", q("rubble"))).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        r.json()["error"]
            .as_str()
            .unwrap()
            .contains("did not answer within")
    );
    assert!(started.elapsed() < std::time::Duration::from_millis(1500));
    let r = get(&app, &format!("/?{}", q("rubble"))).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(r.body.contains("did not answer within"));
    // Routes that do not search still answer at once; a record page whose nearby search is
    // too slow still shows the record.
    let r = get(&app, &format!("/api/records/{}", fixture().photo_id)).await;
    assert_eq!(r.status, StatusCode::OK);
    let r = get(&app, &format!("/records/{}", fixture().photo_id)).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.body.contains("could not be looked up in time"));
}
