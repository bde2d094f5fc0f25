//! `dateline serve` in a real browser: headless Chromium driven through WebDriver
//! (chromedriver), over an archive of the repository's real captions and photos.
//!
//! A user's path: run a query, narrow it with a facet, open the map and the timeline, open a
//! record, sign in with the token, correct a field and see it applied and in the history, and be
//! refused once signed out. Screenshots go to `target/browser-screenshots/` (or
//! `DATELINE_SCREENSHOTS`) for a person to look at; they are not committed.
//!
//! Without chromium and chromedriver the test says so and passes, except under CI=true, where a
//! missing browser is a failure (`.ci/run` installs both from Debian).

use fantoccini::{Client, ClientBuilder, Locator};
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod common;

use common::{Killed, bin};
use std::time::{Duration, Instant};

const TOKEN: &str = "browser-test-token-0123456789";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn find(names: &[&str]) -> Option<PathBuf> {
    for n in names {
        for dir in std::env::var("PATH").unwrap_or_default().split(':') {
            let p = Path::new(dir).join(n);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn wait_for_port(port: u16, what: &str) {
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{what} did not start listening on {port}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Builds the archive: the dev captions and the fixture photos.
fn archive(dir: &Path) -> PathBuf {
    let archive = dir.join("team.sqlite");
    let ok = Command::new(bin())
        .args(["ingest", "--archive"])
        .arg(&archive)
        .arg(root().join("tests/fixtures/corpus/captions.jsonl"))
        .arg(root().join("tests/fixtures/corpus/heldout.jsonl"))
        .status()
        .unwrap();
    assert!(ok.success());
    // Photos: some fixture files have nothing to read and are reported; that is not this test's
    // concern.
    let _ = Command::new(bin())
        .args(["ingest", "--archive"])
        .arg(&archive)
        .arg(root().join("tests/fixtures/images"))
        .stderr(Stdio::null())
        .status()
        .unwrap();
    archive
}

/// Starts `dateline serve` on an ephemeral port; returns the process and its base URL, read
/// from the start message (which must say it serves this machine only).
fn serve(archive: &Path) -> (Killed, String) {
    let mut child = Command::new(bin())
        .args(["serve", "--bind", "127.0.0.1:0", "--archive"])
        .arg(archive)
        .env("DATELINE_TOKEN", TOKEN)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let line = loop {
        let l = lines
            .next()
            .expect("serve exited before it listened")
            .unwrap();
        if l.contains("serving") {
            break l;
        }
    };
    assert!(line.contains("this machine only"), "{line}");
    let url = line
        .split("at ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    // Keep draining stderr so the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    (Killed(child), url)
}

fn shots_dir() -> PathBuf {
    let d = std::env::var_os("DATELINE_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/browser-screenshots"));
    std::fs::create_dir_all(&d).unwrap();
    d
}

async fn shot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    std::fs::write(shots_dir().join(format!("{name}.png")), png).unwrap();
}

async fn click(c: &Client, at: Locator<'_>) {
    c.find(at).await.unwrap().click().await.unwrap();
}

async fn type_into(c: &Client, id: &str, keys: &str) {
    c.find(Locator::Id(id))
        .await
        .unwrap()
        .send_keys(keys)
        .await
        .unwrap();
}

/// The page's text. A form's submission replaces the page while it is being read (a stale
/// element), so a read that fails is tried again, for up to 10 s.
async fn text(c: &Client) -> String {
    let mut last_err = None;
    for _ in 0..100 {
        match c.find(Locator::Css("body")).await {
            Ok(body) => match body.text().await {
                Ok(t) => return t,
                Err(e) => last_err = Some(e),
            },
            Err(e) => last_err = Some(e),
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the page's text could not be read: {last_err:?}");
}

/// The page's text once it contains `needle` (the next page after a submission), or after 10 s.
async fn text_with(c: &Client, needle: &str) -> String {
    let mut body = String::new();
    for _ in 0..100 {
        body = text(c).await;
        if body.contains(needle) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    body
}

#[tokio::test(flavor = "multi_thread")]
async fn a_user_searches_maps_and_corrects_in_chromium() {
    let (Some(chromium), Some(driver)) = (
        find(&["chromium", "chromium-browser", "google-chrome"]),
        find(&["chromedriver"]),
    ) else {
        let msg = "chromium and chromedriver are not installed: the browser test did not run";
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{msg} (CI=true requires them; .ci/run installs them)");
        }
        eprintln!("SKIPPED: {msg}");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let archive = archive(dir.path());
    let (_server, base) = serve(&archive);

    let port = free_port();
    let _driver = Killed(
        Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_for_port(port, "chromedriver");
    let profile = dir.path().join("profile");
    let caps: serde_json::Map<String, serde_json::Value> = serde_json::from_value(serde_json::json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-quic", "--no-first-run", "--window-size=1280,1000",
                format!("--user-data-dir={}", profile.display()),
            ]
        }
    }))
    .unwrap();
    let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session with chromium");

    // 1. A query typed in the search box.
    c.goto(&format!("{base}/")).await.unwrap();
    let q = c.find(Locator::Id("q")).await.unwrap();
    q.send_keys("Syria").await.unwrap();
    click(&c, Locator::Css("form.query button[type=submit]")).await;
    c.wait().for_element(Locator::Css("ol.hits")).await.unwrap();
    let url = c.current_url().await.unwrap();
    assert!(url.as_str().contains("q=Syria"), "{url}");
    let body = text(&c).await;
    assert!(body.contains("records"), "{body}");
    shot(&c, "1-search").await;

    // 2. A facet narrows the search and shows as active.
    let facet = c.find(Locator::Css("section.facet li a")).await.unwrap();
    let label = facet.text().await.unwrap();
    facet.click().await.unwrap();
    c.wait()
        .for_element(Locator::Css("li.active"))
        .await
        .unwrap();
    let url = c.current_url().await.unwrap();
    assert!(
        url.as_str().contains("%3A"),
        "the facet's filter is in the URL: {url}"
    );
    let active = c
        .find(Locator::Css("li.active a"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(active.contains(label.trim()), "{active} vs {label}");
    shot(&c, "2-facet").await;
    // The back button returns to the unfiltered search.
    c.back().await.unwrap();
    assert!(!c.current_url().await.unwrap().as_str().contains("%3A"));

    // 3. The map and the timeline of the same search.
    click(&c, Locator::Css("header nav a[href^='/map']")).await;
    c.wait()
        .for_element(Locator::Css("svg.dl-map"))
        .await
        .unwrap();
    let markers = c.find_all(Locator::Css("svg.dl-map a")).await.unwrap();
    assert!(!markers.is_empty(), "the map has markers");
    shot(&c, "3-map").await;
    click(&c, Locator::Css("header nav a[href^='/timeline']")).await;
    c.wait()
        .for_element(Locator::Css("svg.dl-timeline"))
        .await
        .unwrap();
    let bars = c.find_all(Locator::Css("svg.dl-timeline a")).await.unwrap();
    assert!(!bars.is_empty(), "the timeline has bars");
    shot(&c, "4-timeline").await;

    // 4. A record, with its evidence.
    c.goto(&format!("{base}/?q=Aleppo")).await.unwrap();
    click(&c, Locator::Css("ol.hits li h3 a")).await;
    c.wait().for_element(Locator::Css("mark.ev")).await.unwrap();
    let record_url = c.current_url().await.unwrap().to_string();
    shot(&c, "5-record").await;

    // 5. Sign in with the token and correct a field.
    click(&c, Locator::LinkText("Sign in with the archive's token")).await;
    type_into(&c, "author", "Browser Test").await;
    type_into(&c, "token", TOKEN).await;
    click(&c, Locator::Css("form.login button")).await;
    c.wait()
        .for_element(Locator::Css("section.correct details"))
        .await
        .unwrap();
    assert_eq!(c.current_url().await.unwrap().as_str(), record_url);
    click(&c, Locator::Css("section.correct summary")).await;
    let input = c.find(Locator::Id("v-location-sublocation")).await.unwrap();
    input.clear().await.unwrap();
    input.send_keys("Old City (browser)").await.unwrap();
    type_into(&c, "n-location-sublocation", "checked on a map").await;
    shot(&c, "6-correcting").await;
    click(
        &c,
        Locator::XPath("//form[.//input[@value='location.sublocation']]//button"),
    )
    .await;
    c.wait()
        .for_element(Locator::Css("p.notice"))
        .await
        .unwrap();
    let body = text(&c).await;
    assert!(
        body.contains("Correction of location.sublocation saved"),
        "{body}"
    );
    let history = c
        .find(Locator::Css("#history table"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(history.contains("Old City (browser)"), "{history}");
    assert!(history.contains("Browser Test (web)"), "{history}");
    assert!(history.contains("checked on a map"), "{history}");
    shot(&c, "7-corrected").await;

    // 6. Signed out (the cookie gone), the same form is refused.
    click(&c, Locator::Css("section.correct summary")).await;
    c.delete_all_cookies().await.unwrap();
    let input = c.find(Locator::Id("v-location-city")).await.unwrap();
    input.clear().await.unwrap();
    input.send_keys("Nowhere").await.unwrap();
    click(
        &c,
        Locator::XPath("//form[.//input[@value='location.city']]//button"),
    )
    .await;
    c.wait().for_element(Locator::Css("h1")).await.unwrap();
    let body = text_with(&c, "Sign in needed").await;
    assert!(body.contains("Sign in needed"), "{body}");
    shot(&c, "8-refused").await;
    c.goto(&record_url).await.unwrap();
    assert!(!text(&c).await.contains("Nowhere"));

    // 7. A phone-width window still shows the search usable (no sideways scrolling).
    c.set_window_size(390, 844).await.unwrap();
    c.goto(&format!("{base}/?q=Syria")).await.unwrap();
    let overflow = c
        .execute(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;",
            vec![],
        )
        .await
        .unwrap();
    assert!(
        overflow.as_i64().unwrap_or(0) <= 0,
        "sideways scroll: {overflow}"
    );
    shot(&c, "9-phone").await;
    c.close().await.unwrap();
}
