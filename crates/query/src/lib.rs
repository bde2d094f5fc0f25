//! The search mini-language of `dateline search '...'`: query text in, a [`Query`] AST out.
//!
//! The crate stops at the AST (no SQL, no index, no I/O) so the archive can translate one parsed
//! form to each of its back ends, and so that every clause and every error keeps the byte span of
//! the user's words: a problem found here or later can be shown under the exact part of the query
//! that caused it ([`ParseError::render`]).
//!
//! # Grammar
//!
//! ```text
//! query      ::= ws* ( clause ( ws+ clause )* )? ws*        ; clauses are ANDed
//! clause     ::= any | "-" excludable | text | filter
//! any        ::= text ( ws+ "OR" ws+ text )+                ; "OR" exactly, in capitals
//! excludable ::= text | field-filter
//! text       ::= phrase | prefix | word
//! phrase     ::= '"' ( char - '"' )* '"'                    ; at least one word inside
//! prefix     ::= word-char+ "*"
//! word       ::= word-char+                  ; not "OR", not starting with "-", see colons below
//! word-char  ::= any char except whitespace, '"' and '*'
//!
//! filter       ::= field-filter | reported | date | near | bbox | count
//! field-filter ::= field ":" value ( "," value )*           ; any of the values
//! field        ::= "agency" | "creator" | "country" | "province" | "city" | "type" | "id"
//! value        ::= ( char - ( ws | '"' | ',' ) )+ | '"' ( char - '"' )+ '"'
//! reported     ::= "reported:" ( "true" | "false" | "yes" | "no" )
//! date         ::= "date:" ( day | day? ".." day? )         ; not both sides empty
//! day          ::= YYYY ( "-" M ( "-" D )? )?               ; M and D: one or two digits
//! near         ::= "near:" lat "," lon "," number unit?     ; unit: "km" (default) | "m" | "mi"
//! bbox         ::= "bbox:" south "," west "," north "," east
//! count        ::= ( "killed" | "injured" ) ":" range
//! range        ::= N | ">=" N | ">" N | "<=" N | "<" N | N ".." N? | ".." N
//! ```
//!
//! Keys, `true`/`false` and units are case-insensitive. Any non-list value (date, near, …) may be
//! quoted as a whole, which is how spaces get into it.
//!
//! Choices the grammar alone does not show:
//! - A word with a colon is a filter only when the part before the colon is a known key. If that
//!   part is alphabetic (`contry:SY`, `http://x`) it is an error rather than text, because a
//!   mistyped key silently searched as text would return the wrong records; quote it to search
//!   for it (`"http://x"`). Anything else (`10:30`) is a plain word.
//! - `OR` binds tighter than the implicit AND: `a OR b c` is `(a OR b) AND c`. It joins only
//!   words, prefixes and phrases; a list value (`agency:AFP,Reuters`) is how filters say "any of".
//! - `-` excludes text and the name/code filters only. `reported:`, `date:`, `near:`, `bbox:`,
//!   `killed:` and `injured:` already have a way to say the opposite.
//! - A date names a whole period: `date:2016-04` is April 1–30, and a range runs from the first
//!   day of its start to the last day of its end (`2016-04..2016-12` is 2016-04-01..2016-12-31).
//! - `country:` values of two letters are upper-cased ISO codes; longer ones are kept as written
//!   for the caller to resolve as names. `type:` values are checked against [`EVENT_TYPES`], with
//!   `-` or a space read as `_` and case ignored.
//! - `bbox:` may have `west > east`: the box then crosses the antimeridian (180°), so the caller
//!   must match longitudes `>= west` *or* `<= east`. `south > north` is always a mistake.
//! - `near:` radii are stored in kilometres and capped at 20000 km, half the Earth's
//!   circumference, beyond which every point is inside.
//! - Counts are inclusive: `>10` is `min: 11`, `<5` is `max: 4`.
//!
//! # Examples
//!
//! ```
//! use dateline_query::{Filter, TextClause, parse};
//!
//! let q = parse("rubble agency:AFP country:SY type:air_strike date:2016-04..2016-12").unwrap();
//! assert!(matches!(&q.text[0], TextClause::Word { word, .. } if word == "rubble"));
//! let Filter::Date { from, to, .. } = &q.filters[3] else { panic!() };
//! assert_eq!(from.unwrap().to_string(), "2016-04-01");
//! assert_eq!(to.unwrap().to_string(), "2016-12-31");
//!
//! for ok in [
//!     "near:36.20,37.16,25km reported:true",
//!     "\"barrel bomb\" Idlib -funeral",
//!     "rubble OR debris agency:AFP,Reuters -country:IQ",
//!     "evacu* creator:\"Ameer Alhalbi\" killed:>=10 injured:1..5 bbox:35.9,36.8,36.4,37.4 id:9f2c",
//!     "",
//! ] {
//!     assert!(parse(ok).is_ok(), "{ok}");
//! }
//!
//! let input = "rubble date:2016-13";
//! let err = parse(input).unwrap_err();
//! assert_eq!(
//!     err.render(input),
//!     "rubble date:2016-13\n            ^^^^^^^ month 13 does not exist"
//! );
//! ```

#![deny(missing_docs)]

mod ast;
mod parse;

pub use ast::*;
pub use parse::{FILTER_KEYS, Limits, ParseError, parse, parse_with};
