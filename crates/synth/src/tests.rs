use std::collections::HashSet;

use super::*;

#[test]
fn ten_thousand_captions_are_varied() {
    let g = Generator::new(7);
    let (mut captions, mut templates, mut places, mut agencies) = (
        HashSet::new(),
        HashSet::new(),
        HashSet::new(),
        HashSet::new(),
    );
    for i in 0..10_000 {
        let (c, t) = g.compose(i);
        assert!(!c.caption.trim().is_empty(), "{} is empty", c.id);
        captions.insert(c.caption);
        templates.insert(t.template);
        places.insert(t.place);
        agencies.insert(t.agency);
    }
    assert!(
        captions.len() >= 9_900,
        "{} distinct captions",
        captions.len()
    );
    assert!(templates.len() >= 30, "{} templates used", templates.len());
    assert!(places.len() >= 500, "{} places", places.len());
    assert!(
        agencies.len() >= 8,
        "{} agencies: {agencies:?}",
        agencies.len()
    );
}

#[test]
fn at_least_forty_templates() {
    let g = Generator::new(0);
    let n: usize = g
        .rules
        .iter()
        .map(|r| g.data.grammar.rules[r.0].alts.len())
        .sum();
    assert!(n >= 40, "{n} templates");
}

#[test]
fn dates_stay_in_range_and_captions_are_filed_after_the_picture() {
    let g = Generator::new(3);
    for i in 0..5_000 {
        let (c, t) = g.compose(i);
        assert!(
            (2000..=2025).contains(&t.event.y),
            "{}: {:?}",
            c.id,
            t.event
        );
        assert!(c.reference_date >= t.event.iso(), "{}: {c:?}", c.id);
        assert!(c.reference_date.as_str() <= "2026-01-02", "{}: {c:?}", c.id);
    }
}

#[test]
fn no_template_text_leaks_into_captions() {
    let mut g = Generator::new(11);
    for i in 0..5_000 {
        let c = g.caption(i).caption;
        for bad in ["{", "}", "[", "]", "  ", " ,", " .", ".."] {
            assert!(!c.contains(bad), "{bad:?} in {c}");
        }
        assert!(
            !c.contains(" a a") && !c.contains(" a an ") && !c.contains("the the "),
            "{c}"
        );
    }
}

#[test]
fn every_rule_is_reachable_from_a_template_or_the_code() {
    let g = &data::data().grammar;
    let mut seen = vec![false; g.rules.len()];
    let mut stack: Vec<usize> = (0..g.rules.len())
        .filter(|&i| {
            let n = g.rules[i].name;
            n.starts_with("t.") || n.starts_with("x.") || n.starts_with("cas")
        })
        .collect();
    fn walk(toks: &[grammar::Tok], stack: &mut Vec<usize>, g: &grammar::Grammar) {
        for t in toks {
            match t {
                grammar::Tok::Rule(r) => stack.push(*r),
                grammar::Tok::CountryRule(r) => {
                    stack.push(*r);
                    stack.extend(g.rules[*r].by_country.iter().map(|v| v.1));
                }
                grammar::Tok::Opt(inner) => walk(inner, stack, g),
                _ => {}
            }
        }
    }
    while let Some(r) = stack.pop() {
        if std::mem::replace(&mut seen[r], true) {
            continue;
        }
        for alt in &g.rules[r].alts {
            walk(alt, &mut stack, g);
        }
    }
    let unused: Vec<_> = (0..g.rules.len())
        .filter(|&i| !seen[i])
        .map(|i| g.rules[i].name)
        .collect();
    assert!(unused.is_empty(), "unreachable rules: {unused:?}");
}

#[test]
fn articles_follow_sound() {
    use grammar::takes_an;
    assert!(takes_an("Iraqi soldier"));
    assert!(takes_an("elderly man"));
    assert!(!takes_an("Ukrainian soldier"));
    assert!(!takes_an("European"));
    assert!(!takes_an("Syrian girl"));
    assert!(takes_an("Emirati"));
}
