//! Bytes → lossy UTF-8 caption → `Engine::extract`. Crashes on a panic or on any span that does
//! not lie inside the caption on char boundaries. The first two bytes, when present, pick an
//! optional reference date so relative dates ("on Sunday") are exercised near jiff's range limits.
#![no_main]

use dateline_engine::{CaptionInput, Engine};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static ENGINE: LazyLock<Engine> = LazyLock::new(Engine::builtin);

fn reference_date(b: &[u8]) -> Option<jiff::civil::Date> {
    let [a, c, ..] = b else { return None };
    match a % 4 {
        0 => None,
        1 => Some(jiff::civil::date(2016, 11, 24)),
        2 => Some(jiff::civil::date(9999, 12, 31 - (c % 7) as i8)),
        _ => Some(jiff::civil::date(-9999, 1, 1 + (c % 7) as i8)),
    }
}

fuzz_target!(|data: &[u8]| {
    let (rd, text) = if data.len() >= 2 && data[0] >= 0xF8 { (reference_date(&data[1..]), &data[3.min(data.len())..]) } else { (None, data) };
    let text = String::from_utf8_lossy(text).into_owned();
    let input = CaptionInput { text, input_id: None, reference_date: rd, ..Default::default() };
    let rec = ENGINE.extract(&input);
    let cap = rec.caption.as_str();
    assert_eq!(cap, input.text, "caption must be kept untouched");
    let ok = |s: usize, e: usize| s <= e && e <= cap.len() && cap.is_char_boundary(s) && cap.is_char_boundary(e);
    for (field, evs) in &rec.evidence {
        for ev in evs {
            assert!(ok(ev.start, ev.end), "evidence {field} {}..{} ({}) outside a {}-byte caption", ev.start, ev.end, ev.rule, cap.len());
        }
    }
    for p in &rec.places {
        assert!(ok(p.start, p.end), "place {:?} {}..{} outside a {}-byte caption", p.text, p.start, p.end, cap.len());
    }
    assert_eq!(rec.id, dateline_model::record_id(cap));
    let json = serde_json::to_string(&rec).expect("records serialize");
    let back: dateline_model::Record = serde_json::from_str(&json).expect("records deserialize");
    assert_eq!(back, rec, "JSON round trip");
});
