//! What the embedded gazetteer's data adds to place resolution, on captions written for these
//! tests in agency style (not real captions): places of the newer GeoNames extract, other names
//! of provinces, and airfields, which must never take a town's place.

use dateline_engine::{CaptionInput, Engine};
use dateline_model::Location;
use std::sync::LazyLock;

static ENGINE: LazyLock<Engine> = LazyLock::new(Engine::builtin);

fn loc(caption: &str) -> Location {
    ENGINE.extract(&CaptionInput::new(caption)).location
}

fn parts(l: &Location) -> [Option<&str>; 4] {
    [
        l.sublocation.as_deref(),
        l.city.as_deref(),
        l.province.as_deref(),
        l.country.as_deref(),
    ]
}

#[test]
fn places_of_the_newer_geonames_extract() {
    // written
    let l = loc(
        "Men carry a wounded boy in Sadr City, Baghdad, Iraq, May 11, 2016. REUTERS/Wissm al-Okili",
    );
    assert_eq!(
        parts(&l),
        [None, Some("Sadr City"), Some("Baghdad"), Some("IQ")]
    );
    assert_eq!((l.geonames_id, l.precision), (Some(7802746), Some(1)));
    // written
    let l = loc("Refugees walk past tents in Arsal, Lebanon, June 2, 2015. REUTERS/Mohamed Azakir");
    assert_eq!(
        parts(&l),
        [
            None,
            Some("Arsal"),
            Some("Baalbek-Hermel Governorate"),
            Some("LB")
        ]
    );
    assert_eq!((l.geonames_id, l.precision), (Some(273675), Some(1)));
}

#[test]
fn a_province_by_its_press_name() {
    // written
    let l = loc(
        "A man walks in the rubble in the town of Douma, in Damascus Countryside, Syria, March 3, 2018. REUTERS/Bassam Khabieh",
    );
    assert_eq!(
        parts(&l),
        [
            None,
            Some("Douma"),
            Some("Damascus Countryside"),
            Some("SY")
        ]
    );
}

#[test]
fn airfields_are_sublocations_with_their_province() {
    // written
    let l = loc(
        "Smoke rises after an air strike on the Shayrat Air Base in Homs province, Syria, April 7, 2017. REUTERS/Omar Sanadiki",
    );
    assert_eq!(
        parts(&l),
        [Some("Shayrat Air Base"), None, Some("Homs"), Some("SY")]
    );
    assert_eq!(l.precision, Some(1));
    // The airfield is placed exactly, but its gazetteer id is no GeoNames id: none is cited.
    assert!(l.lat.is_some() && l.geonames_id.is_none(), "{l:?}");
    // written
    let l = loc(
        "Soldiers stand guard at Ramstein Air Base, Germany, May 3, 2022. REUTERS/Kai Pfaffenbach",
    );
    assert_eq!(
        parts(&l),
        [
            Some("Ramstein Air Base"),
            None,
            Some("Rheinland-Pfalz"),
            Some("DE")
        ]
    );
    // written
    let l = loc(
        "Passengers wait at Aleppo International Airport in Aleppo, Syria, Jan 12, 2020. REUTERS/Omar Sanadiki",
    );
    assert_eq!(
        parts(&l),
        [
            Some("Aleppo International Airport"),
            Some("Aleppo"),
            Some("Aleppo"),
            Some("SY")
        ]
    );
}

#[test]
fn a_town_keeps_its_name_beside_its_airport() {
    // written
    let l = loc("A plane lands in Aleppo, Syria, Jan 12, 2020. REUTERS/Omar Sanadiki");
    assert_eq!(
        parts(&l),
        [None, Some("Aleppo"), Some("Aleppo"), Some("SY")]
    );
    assert_eq!(l.geonames_id, Some(170063));
}

#[test]
fn a_photos_place_fields_are_geocoded_like_a_caption_chain() {
    let e = &*ENGINE;
    // The country decides among homonyms: Tripoli in Lebanon, not Libya's capital.
    let g = e.geocode(Some("Tripoli"), None, Some("LB")).unwrap();
    assert_eq!((g.country.as_deref(), g.precision), (Some("LB"), 1));
    assert!((g.lat - 34.4).abs() < 0.3, "{g:?}");
    // A country by name; a city unknown there falls back to the country's point, not abroad.
    let g = e
        .geocode(Some("Nowhereville"), None, Some("Syria"))
        .unwrap();
    assert_eq!((g.country.as_deref(), g.precision), (Some("SY"), 3));
    // A province alone.
    let g = e.geocode(None, Some("Idlib"), Some("SY")).unwrap();
    assert_eq!((g.country.as_deref(), g.precision), (Some("SY"), 3));
    assert!(e.geocode(None, None, None).is_none());
}

#[test]
fn a_city_state_is_its_own_city() {
    // written
    let l = loc("Protesters march past shops in Singapore, June 4, 2019. REUTERS/Jane Doe");
    assert_eq!(parts(&l)[1..], [Some("Singapore"), None, Some("SG")]);
    // written: a district the chain took for the city is a part of the city-state
    let l = loc(
        "Shoppers crowd a street in the Causeway Bay district in Hong Kong, May 1, 2019. REUTERS/Jane Doe",
    );
    assert_eq!(l.city.as_deref(), Some("Hong Kong"));
    assert_eq!(l.country.as_deref(), Some("HK"));
}

#[test]
fn places_in_other_languages_and_roads_named_after_towns() {
    // written: French and Italian country names
    let l = loc("Des réfugiés attendent à Abéché, au Tchad, le 3 mai 2014.");
    assert_eq!(l.country.as_deref(), Some("TD"));
    let l = loc("Profughi in attesa ad Abéché, nell'est del Ciad.");
    assert_eq!(l.country.as_deref(), Some("TD"));
    // written: a demonym before "village of" is no place
    let l = loc("A burned house in the Tajik village of Vorukh on May 2.");
    assert_ne!(l.city.as_deref(), Some("Tajik"));
    // written: a street named like a small town abroad places nothing
    let l = loc("Floodwater on Front Street after the storm.");
    assert_eq!(l.country, None);
}

#[test]
fn a_state_named_after_a_town_places_the_town() {
    // written: "Naples, Fla." is in Florida, not Italy (the province as written, as the gold has it)
    let l = loc("Floodwater fills a street in Naples, Fla., Sept. 28, 2022. (AP Photo/Jane Doe)");
    assert_eq!(parts(&l), [None, Some("Naples"), Some("Fla"), Some("US")]);
}

#[test]
fn places_of_this_round_in_other_languages() {
    // written: a square written as one German word, a Norwegian parliament, a Czech declined
    // town, a favela of Rio and a town named after a country-only sentence.
    let l = loc("Polizisten stehen am Hermannplatz in Berlin. Foto: dpa/Jane Doe");
    assert_eq!(parts(&l)[..2], [Some("Hermannplatz"), Some("Berlin")]);
    let l = loc("Demonstranter foran Stortinget i Oslo fredag. Foto: Jane Doe / NTB");
    assert_eq!(parts(&l)[..2], [Some("Stortinget"), Some("Oslo")]);
    let l = loc("Hasiči zasahují u požáru v Kroměříži. Foto: ČTK");
    assert_eq!(
        (l.city.as_deref(), l.country.as_deref()),
        (Some("Kroměříži"), Some("CZ"))
    );
    let l = loc("Moradores da favela da Rocinha, no Rio de Janeiro. Foto: Agência Brasil");
    assert_eq!(parts(&l)[..2], [Some("Rocinha"), Some("Rio de Janeiro")]);
    let l = loc(
        "Being a peacekeeper in Mali is a dangerous task. The contingent marks its positions on the ground in Kidal. Photo: MINUSMA/Jane Doe",
    );
    assert_eq!(
        (l.city.as_deref(), l.country.as_deref()),
        (Some("Kidal"), Some("ML"))
    );
}

#[test]
fn residents_of_a_town_and_provinces_before_a_merger() {
    // written: the town whose residents are shown, before or after the word.
    for t in [
        "Residents of Kharkiv stand near a destroyed house. Photo: Jane Doe/Reuters",
        "Kharkiv residents stand near a destroyed house. Photo: Jane Doe/Reuters",
    ] {
        assert_eq!(loc(t).city.as_deref(), Some("Kharkiv"), "{t}");
    }
    // written: a Vietnamese province of the years before 2025.
    let l = loc("Floods in Quang Binh province, Vietnam. Photo: Jane Doe/Reuters");
    assert_eq!(
        (l.province.as_deref(), l.country.as_deref()),
        (Some("Quang Binh"), Some("VN"))
    );
}

#[test]
fn vietnamese_streets_and_markets_before_their_name() {
    // written: the street word stays with the name, as annotators write it ("phố Liễu Giai").
    let l = loc("Người dân đi bộ trên phố Tràng Tiền, Hà Nội. Ảnh: TTXVN");
    assert_eq!(parts(&l)[..2], [Some("phố Tràng Tiền"), Some("Hà Nội")]);
    assert_eq!(l.country.as_deref(), Some("VN"));
}
