//! SVG map and timeline of search results (WIP docs).
#![deny(missing_docs)]

mod map;
mod svg;
mod world;

pub use map::{BBox, Map, MapOptions, MapPoint, Precision, map_svg};
mod timeline;
pub use timeline::{
    Band, Bar, Bucket, Category, DatePrecision, Timeline, TimelineItem, TimelineOptions,
    timeline_svg,
};
