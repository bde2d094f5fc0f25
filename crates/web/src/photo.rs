//! `/records/{id}/photo`: a thumbnail of the image file a record was read from.
//!
//! The file is found only through the record's provenance (never a path from the request), and
//! it is served only while its SHA-256 is still the one recorded at ingest: a file replaced
//! since then is another photo. Thumbnails are resized with the `image` crate on the blocking
//! pool, under decoding limits, and kept in a small in-memory cache keyed by the file's hash.

use crate::record_page::check_id;
use crate::{Failure, Shared, blocking};
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use std::collections::{HashMap, VecDeque};
use std::io::Read;
use std::sync::{Arc, Mutex};

/// Longest side of a thumbnail, in pixels.
pub const THUMB_SIZE: u32 = 640;
/// Largest photo file read.
const MAX_FILE: u64 = 200 * 1024 * 1024;
/// Thumbnails kept in memory.
const CACHED: usize = 256;

/// Thumbnails (JPEG bytes) by source SHA-256, and the keys oldest first.
type Thumbs = (HashMap<String, Arc<Vec<u8>>>, VecDeque<String>);

/// Thumbnails by source SHA-256, oldest evicted first.
#[derive(Default)]
pub struct Cache {
    inner: Mutex<Thumbs>,
}

impl Cache {
    fn get(&self, key: &str) -> Option<Arc<Vec<u8>>> {
        self.inner
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .0
            .get(key)
            .cloned()
    }
    fn put(&self, key: String, jpeg: Arc<Vec<u8>>) {
        let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if g.0.insert(key.clone(), jpeg).is_none() {
            g.1.push_back(key);
        }
        while g.1.len() > CACHED {
            if let Some(old) = g.1.pop_front() {
                g.0.remove(&old);
            }
        }
    }
}

/// Reads the file, checks its hash and makes a JPEG thumbnail.
pub fn thumbnail_of(path: &std::path::Path, sha256: &str) -> Result<Vec<u8>, Failure> {
    let gone = |why: String| Failure::new(StatusCode::NOT_FOUND, why);
    let meta =
        std::fs::metadata(path).map_err(|_| gone("the photo file is no longer there".into()))?;
    if !meta.is_file() || meta.len() > MAX_FILE {
        return Err(gone("the photo file is not a readable image".into()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE).read_to_end(&mut bytes))
        .map_err(|_| gone("the photo file cannot be read".into()))?;
    let now: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    if !now.eq_ignore_ascii_case(sha256) {
        return Err(gone(
            "the photo file changed since it was ingested; it is not shown".into(),
        ));
    }
    let mut reader = image::ImageReader::new(std::io::Cursor::new(&bytes))
        .with_guessed_format()
        .map_err(|_| gone("the photo's format is not known".into()))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(30_000);
    limits.max_image_height = Some(30_000);
    limits.max_alloc = Some(1 << 30);
    reader.limits(limits);
    let img = reader
        .decode()
        .map_err(|e| gone(format!("the photo could not be decoded: {e}")))?;
    let thumb = img.thumbnail(THUMB_SIZE, THUMB_SIZE).into_rgb8();
    let mut out = std::io::Cursor::new(Vec::new());
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 82)
        .encode_image(&thumb)
        .map_err(|e| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(out.into_inner())
}

pub async fn thumbnail(State(state): State<Shared>, Path(id): Path<String>) -> Response {
    let id = match check_id(&id) {
        Ok(i) => i,
        Err(e) => return crate::page::failure_page(&state, e),
    };
    let st = state.clone();
    let result = blocking(&state, move |s| {
        let stored = s.get(&id)?;
        let Some((path, sha)) = stored.provenance.iter().find_map(|p| {
            (p.kind == "image")
                .then(|| Some((p.path.clone()?, p.sha256.clone()?)))
                .flatten()
        }) else {
            return Err(Failure::new(
                StatusCode::NOT_FOUND,
                "this record was not read from an image file",
            ));
        };
        if let Some(hit) = st.thumbs.get(&sha) {
            return Ok((sha, hit));
        }
        let jpeg = Arc::new(thumbnail_of(std::path::Path::new(&path), &sha)?);
        st.thumbs.put(sha.clone(), jpeg.clone());
        Ok((sha, jpeg))
    })
    .await;
    match result {
        Ok((sha, jpeg)) => (
            [
                (header::CONTENT_TYPE, "image/jpeg".to_string()),
                (header::CACHE_CONTROL, "private, max-age=3600".to_string()),
                (header::ETAG, format!("\"{}\"", &sha[..sha.len().min(32)])),
            ],
            jpeg.as_ref().clone(),
        )
            .into_response(),
        Err(f) => (f.status, f.message).into_response(),
    }
}
