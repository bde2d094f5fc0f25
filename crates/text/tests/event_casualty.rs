//! Event type, `reported`, killed / injured and casualty source against the gold of the dev
//! corpus (`tests/fixtures/corpus/captions.jsonl`) and the seeds (`seed_gold.jsonl`).
//!
//! Prints every mismatch and asserts at least 90% agreement per field.

use dateline_text::casualty::find_casualties;
use dateline_text::event::{EventLexicon, find_event_with};
use serde_json::Value;

const CAPTIONS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/corpus/captions.jsonl"
));
const SEEDS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/corpus/seed_gold.jsonl"
));

fn norm_source(s: &str) -> String {
    let s = s.trim().to_lowercase();
    s.strip_prefix("the ").unwrap_or(&s).trim().to_string()
}

fn as_opt_str(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string)
}

#[test]
fn agreement_with_gold() {
    let lex = EventLexicon::builtin();
    let fields = [
        "event_type",
        "reported",
        "killed",
        "injured",
        "casualty_source",
    ];
    let mut agree = [0usize; 5];
    let mut total = 0usize;
    for line in SEEDS.lines().chain(CAPTIONS.lines()) {
        if line.trim().is_empty() {
            continue;
        }
        let row: Value = serde_json::from_str(line).expect("valid JSON line");
        let id = row["id"].as_str().unwrap_or("?");
        let caption = row["caption"].as_str().expect("caption");
        let gold = &row["gold"];
        total += 1;

        let (cas, _warnings) = find_casualties(caption, &[]);
        let ev = find_event_with(caption, &lex, &[], &cas);

        let got_type = ev.event_type.as_ref().map(|f| f.value.clone());
        let got_rep = ev.reported.is_some();
        let got_k = cas.killed.as_ref().map(|f| f.value);
        let got_i = cas.injured.as_ref().map(|f| f.value);
        let got_s = cas.source.as_ref().map(|f| f.value.clone());

        let gold_type = as_opt_str(&gold["event_type"]);
        let gold_rep = gold["reported"].as_bool().unwrap_or(false);
        let gold_k = gold["killed"].as_u64();
        let gold_i = gold["injured"].as_u64();
        let gold_s = as_opt_str(&gold["casualty_source"]);

        let oks = [
            got_type == gold_type,
            got_rep == gold_rep,
            got_k == gold_k,
            got_i == gold_i,
            got_s.as_deref().map(norm_source) == gold_s.as_deref().map(norm_source),
        ];
        let shown = [
            (format!("{got_type:?}"), format!("{gold_type:?}")),
            (format!("{got_rep}"), format!("{gold_rep}")),
            (format!("{got_k:?}"), format!("{gold_k:?}")),
            (format!("{got_i:?}"), format!("{gold_i:?}")),
            (format!("{got_s:?}"), format!("{gold_s:?}")),
        ];
        for (n, ok) in oks.iter().enumerate() {
            if *ok {
                agree[n] += 1;
            } else {
                let evidence = match n {
                    0 => ev
                        .event_type
                        .as_ref()
                        .map(|f| f.span.slice(caption).to_string()),
                    1 => ev
                        .reported
                        .as_ref()
                        .map(|f| f.span.slice(caption).to_string()),
                    _ => None,
                };
                println!(
                    "MISMATCH {id} {}: got {} gold {} (cue {:?})",
                    fields[n], shown[n].0, shown[n].1, evidence
                );
            }
        }
    }
    assert!(
        total >= 40,
        "expected the 35 dev captions and 8 seeds, got {total}"
    );
    let mut failed = Vec::new();
    for (n, name) in fields.iter().enumerate() {
        let pct = 100.0 * agree[n] as f64 / total as f64;
        println!("{name}: {}/{total} = {pct:.1}%", agree[n]);
        if pct < 90.0 {
            failed.push(format!("{name} {pct:.1}%"));
        }
    }
    assert!(failed.is_empty(), "fields below 90% agreement: {failed:?}");
}

/// A caption written for these tests in agency style (not a real caption) and what the
/// annotation conventions give for it.
struct W {
    caption: &'static str,
    ty: Option<&'static str>,
    reported: bool,
    killed: Option<u64>,
    injured: Option<u64>,
    source: Option<&'static str>,
}

/// Written captions (all of them "written": composed for these tests, none copied) across
/// conflicts, disasters, protests, aid, politics, sport and daily life.
const WRITTEN: &[W] = &[
    W {
        caption: "Palestinians search for survivors under the rubble of a house destroyed in an Israeli strike in Khan Younis in the southern Gaza Strip, October 22, 2023. REUTERS/Mohammed Salem",
        ty: Some("air_strike"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Smoke rises over buildings after Israeli airstrikes in Gaza City, October 9, 2023. The strikes killed at least 30 people, the Gaza health ministry said. (AP Photo/Adel Hana)",
        ty: Some("air_strike"),
        reported: true,
        killed: Some(30),
        injured: None,
        source: Some("Gaza health ministry"),
    },
    W {
        caption: "A firefighter works at the site of a residential building hit by a Russian drone strike in Kyiv, Ukraine, March 21, 2024. REUTERS/Gleb Garanich",
        ty: Some("air_strike"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Rescuers carry a body out of a building destroyed by a Russian missile strike in Dnipro, Ukraine, January 15, 2023. The strike killed 45 people, including six children, officials said. REUTERS/Clodagh Kilcoyne",
        ty: Some("air_strike"),
        reported: true,
        killed: Some(45),
        injured: None,
        source: Some("officials"),
    },
    W {
        caption: "Ukrainian servicemen fire a mortar toward Russian positions at a front line near Bakhmut, Ukraine, March 3, 2023. REUTERS/Yevhen Titov",
        ty: Some("shelling"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Local residents stand next to a car destroyed by shelling in Donetsk, Russian-controlled Ukraine, January 22, 2024. Shelling of a market killed 27 people and wounded 25, Russian-installed officials said. REUTERS/Alexander Ermochenko",
        ty: Some("shelling"),
        reported: true,
        killed: Some(27),
        injured: Some(25),
        source: Some("Russian-installed officials"),
    },
    W {
        caption: "A man walks past a crater left by an artillery shell in the village of Novoselivka, Kharkiv region, Ukraine, May 2022. REUTERS/Ivan Alvarado",
        ty: Some("shelling"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Iraqi security forces inspect the site of a car bomb attack in Baghdad's Sadr City, May 11, 2016. The blast killed at least 64 people and wounded 87, police and medical sources said. REUTERS/Wissm al-Okili",
        ty: Some("explosion"),
        reported: true,
        killed: Some(64),
        injured: Some(87),
        source: Some("police and medical sources"),
    },
    W {
        caption: "People gather at the site of a suicide bombing at a mosque in Peshawar, Pakistan, January 30, 2023. (AP Photo/Muhammad Sajjad)",
        ty: Some("explosion"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Security officials examine the wreckage of a vehicle after a roadside bomb exploded in Kabul, Afghanistan, killing two people and injuring five, police said. REUTERS/Omar Sobhani",
        ty: Some("explosion"),
        reported: true,
        killed: Some(2),
        injured: Some(5),
        source: Some("police"),
    },
    W {
        caption: "Smoke rises from the port area after a huge explosion in Beirut, Lebanon, August 4, 2020. REUTERS/Issam Abdallah",
        ty: Some("explosion"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Sudanese army soldiers take position during clashes with the paramilitary Rapid Support Forces in Omdurman, Sudan, May 2023. REUTERS/Stringer",
        ty: Some("armed_clash"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Members of the Myanmar resistance fight government troops on the front line near Loikaw, Kayah state, Myanmar, January 2024. REUTERS",
        ty: Some("armed_clash"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Smoke rises during fighting between Israeli soldiers and Hamas militants in the northern Gaza Strip, December 2023. REUTERS/Amir Cohen",
        ty: Some("armed_clash"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Forensic workers exhume bodies from a mass grave in Izium, Ukraine, September 16, 2022. REUTERS/Gleb Garanich",
        ty: Some("attack"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Israeli police officers stand at the scene of a shooting attack in Jerusalem, January 27, 2023. Seven people were killed when a gunman opened fire outside a synagogue, police said. REUTERS/Ronen Zvulun",
        ty: Some("attack"),
        reported: true,
        killed: Some(7),
        injured: None,
        source: Some("police"),
    },
    W {
        caption: "Protesters clash with riot police during a demonstration against pension reform in Paris, France, March 23, 2023. REUTERS/Stephane Mahe",
        ty: Some("protest"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Demonstrators run from tear gas fired by security forces during a protest against the military coup in Khartoum, Sudan, January 17, 2022. REUTERS/Mohamed Nureldin Abdallah",
        ty: Some("protest"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Police use a water cannon to disperse supporters of former Prime Minister Imran Khan in Lahore, Pakistan, March 15, 2023. REUTERS/Mohsin Raza",
        ty: Some("protest"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Thousands of people march through central London to demand a ceasefire in Gaza, November 11, 2023. REUTERS/Hollie Adams",
        ty: Some("protest"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Mourners carry the coffin of a Palestinian killed during an Israeli raid, during his funeral in Jenin, in the Israeli-occupied West Bank, July 5, 2023. REUTERS/Raneen Sawafta",
        ty: Some("funeral"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Relatives react during the funeral of victims of the earthquake in Antakya, Turkey, February 9, 2023. REUTERS/Umit Bektas",
        ty: Some("funeral"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Rescue workers search for survivors at the site of a collapsed building following an earthquake in Adiyaman, Turkey, February 8, 2023. The death toll from the quake rose to more than 11,000, officials said. REUTERS/Suhaib Salem",
        ty: Some("disaster"),
        reported: true,
        killed: Some(11000),
        injured: None,
        source: Some("officials"),
    },
    W {
        caption: "A man wades through a flooded street after heavy rains in Dhaka, Bangladesh, June 2024. REUTERS/Mohammad Ponir Hossain",
        ty: Some("disaster"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Firefighters battle a wildfire near Athens, Greece, July 18, 2023. REUTERS/Alkis Konstantinidis",
        ty: Some("disaster"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Houses lie in ruins after Typhoon Haiyan hit Tacloban, the Philippines, November 10, 2013. The typhoon left at least 6,300 dead. REUTERS/Erik De Castro",
        ty: Some("disaster"),
        reported: false,
        killed: Some(6300),
        injured: None,
        source: None,
    },
    W {
        caption: "People look at a landslide that buried homes in Kerala, India, July 30, 2024. More than 150 people were killed, officials said. REUTERS/Stringer",
        ty: Some("disaster"),
        reported: true,
        killed: Some(150),
        injured: None,
        source: Some("officials"),
    },
    W {
        caption: "A volcano erupts near Grindavik, Iceland, December 18, 2023. REUTERS",
        ty: Some("disaster"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Debris lies on a street after a tornado struck Rolling Fork, Mississippi, U.S., March 25, 2023. The tornado killed at least 25 people. REUTERS/Cheney Orr",
        ty: Some("disaster"),
        reported: false,
        killed: Some(25),
        injured: None,
        source: None,
    },
    W {
        caption: "Rohingya refugees walk to a camp after crossing the border in Teknaf, Bangladesh, September 2017. REUTERS/Danish Siddiqui",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Displaced Palestinians shelter in tents in Rafah, in the southern Gaza Strip, January 2024. REUTERS/Ibraheem Abu Mustafa",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Ukrainian refugees wait to cross the border into Poland at Medyka, March 2022. REUTERS/Kacper Pempel",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Migrants disembark from a rescue ship in the port of Lampedusa, Italy, September 2023. REUTERS/Yara Nardi",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "People who fled the fighting in Sudan's Darfur region queue for water at a camp in Adre, Chad, August 2023. REUTERS/Zohra Bensemra",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Palestinians queue to receive food aid at a distribution point in Rafah, southern Gaza Strip, February 2024. REUTERS/Mohammed Salem",
        ty: Some("humanitarian_aid"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Trucks carrying humanitarian aid cross into Gaza at the Rafah crossing, Egypt, October 21, 2023. REUTERS/Stringer",
        ty: Some("humanitarian_aid"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Volunteers distribute hot meals to displaced people at a community kitchen in Deir al-Balah, Gaza Strip, March 2024. (AP Photo)",
        ty: Some("humanitarian_aid"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A woman casts her ballot at a polling station during the presidential election in Istanbul, Turkey, May 14, 2023. REUTERS/Umit Bektas",
        ty: Some("politics"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "French President Emmanuel Macron delivers a speech at the Elysee Palace in Paris, France, June 2024. REUTERS",
        ty: Some("politics"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Lawmakers attend a session of parliament in Kyiv, Ukraine, February 2024. REUTERS/Valentyn Ogirenko",
        ty: Some("politics"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Real Madrid's Jude Bellingham celebrates scoring their first goal against Barcelona at the Santiago Bernabeu, Madrid, Spain, October 28, 2023. REUTERS/Juan Medina",
        ty: Some("sport"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Serbia's Novak Djokovic in action during his semi-final match against Italy's Jannik Sinner at the Australian Open in Melbourne, January 26, 2024. REUTERS",
        ty: Some("sport"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Kenya's Eliud Kipchoge crosses the finish line to win the Berlin Marathon in Berlin, Germany, September 24, 2023. REUTERS/Lisi Niesner",
        ty: Some("sport"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Arsenal's Bukayo Saka and Chelsea's Marc Cucurella battle for the ball at the Emirates Stadium, London. Arsenal won 5-0. Action Images via Reuters/John Sibley",
        ty: Some("sport"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A vendor sells vegetables at a market in Kabul, Afghanistan, March 2024. REUTERS/Ali Khara",
        ty: Some("daily_life"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Children play in the snow in a park in Kyiv, Ukraine, December 2023. REUTERS",
        ty: Some("daily_life"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "People shelter in a metro station during an air raid alert in Kyiv, Ukraine, October 2022. REUTERS/Vladyslav Musiienko",
        ty: Some("daily_life"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Palestinians break their fast during an iftar meal among the ruins of their homes in Rafah, March 2024. REUTERS",
        ty: Some("daily_life"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Palestinians inspect a house that witnesses said was hit by an Israeli air strike in Rafah, February 2024. REUTERS/Mohammed Salem",
        ty: Some("air_strike"),
        reported: true,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Smoke rises after what the Syrian Observatory said was a Russian air strike on Idlib, Syria, 2019. REUTERS/Khalil Ashawi",
        ty: Some("air_strike"),
        reported: true,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A man reacts at the scene of an explosion in Kabul, Afghanistan. At least 20 people were killed and 35 wounded, according to the interior ministry. REUTERS",
        ty: Some("explosion"),
        reported: true,
        killed: Some(20),
        injured: Some(35),
        source: Some("interior ministry"),
    },
    W {
        caption: "A man looks at his house damaged by Russian shelling in Kherson, Ukraine, November 2023. Two civilians were killed, the regional governor said. REUTERS",
        ty: Some("shelling"),
        reported: true,
        killed: Some(2),
        injured: None,
        source: Some("regional governor"),
    },
    W {
        caption: "Israeli soldiers operate a tank near the Gaza border, southern Israel, October 2023. REUTERS/Amir Cohen",
        ty: None,
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Ukrainian soldiers ride an armoured vehicle near the front line town of Avdiivka, Ukraine, November 2023. REUTERS",
        ty: None,
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "The bodies of three men killed in an Israeli raid lie at a hospital in Jenin, West Bank, 2023. REUTERS",
        ty: Some("attack"),
        reported: false,
        killed: Some(3),
        injured: None,
        source: None,
    },
    W {
        caption: "Rescuers recovered 12 bodies from the rubble after the building collapsed in Lagos, Nigeria, 2021. REUTERS",
        ty: Some("disaster"),
        reported: false,
        killed: Some(12),
        injured: None,
        source: None,
    },
    W {
        caption: "Paramedics evacuate a wounded man after a Russian missile attack on Kharkiv, Ukraine, 2024. At least three people were killed and 28 injured, Governor Oleh Syniehubov said. REUTERS",
        ty: Some("shelling"),
        reported: true,
        killed: Some(3),
        injured: Some(28),
        source: Some("Governor Oleh Syniehubov"),
    },
    W {
        caption: "Migrants sit on a boat after being rescued by a Spanish coastguard off the Canary Islands, 2023. REUTERS",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A migrant boat capsized off the coast of Libya, killing at least 61 people, the International Organization for Migration said. REUTERS",
        ty: Some("disaster"),
        reported: true,
        killed: Some(61),
        injured: None,
        source: Some("International Organization for Migration"),
    },
    W {
        caption: "A man stands in front of his burning house after it was set on fire by settlers in the village of Huwara, West Bank, February 2023. REUTERS",
        ty: Some("attack"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "North Korea test-fires a ballistic missile in this undated photo released by KCNA, March 2023.",
        ty: Some("other"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A man is detained by police officers in Tbilisi, Georgia, April 2024. REUTERS",
        ty: Some("other"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Lebanese army soldiers stand guard at a checkpoint in Beirut, Lebanon, 2023. REUTERS",
        ty: Some("other"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Des Palestiniens inspectent les décombres après une frappe aérienne israélienne à Rafah, le 12 février 2024. AFP",
        ty: Some("air_strike"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Des manifestants défilent à Paris contre la réforme des retraites, le 23 mars 2023. AFP",
        ty: Some("protest"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Two soldiers and a civilian were killed in the attack on the checkpoint, the army said.",
        ty: Some("attack"),
        reported: true,
        killed: Some(3),
        injured: None,
        source: Some("army"),
    },
    // second batch, written after the first round of fixes
    W {
        caption: "A boy looks out from a damaged building after an overnight Russian attack on Zaporizhzhia, Ukraine, April 2024. REUTERS",
        ty: Some("attack"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Palestinians carry a wounded man into Al-Shifa hospital after an Israeli strike in Gaza City. REUTERS",
        ty: Some("air_strike"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A woman cries next to the body of her son, who was killed in shelling, at a morgue in Donetsk. REUTERS",
        ty: Some("shelling"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // A bombardment is bombing, like "bombed" (annotation decision in HELDOUT2.md: "Israeli bombardment"
    // is air_strike); "artillery bombardment" stays shelling (see below).
    W {
        caption: "Smoke billows after an Israeli bombardment of Khan Younis, southern Gaza Strip. (AP Photo)",
        ty: Some("air_strike"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A Yemeni boy stands amid the rubble of houses destroyed by Saudi-led air strikes in Sanaa, Yemen. REUTERS",
        ty: Some("air_strike"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Burned-out cars are seen after a bomb blast near a market in Mogadishu, Somalia. The blast killed 19 people, a police officer said. REUTERS",
        ty: Some("explosion"),
        reported: true,
        killed: Some(19),
        injured: None,
        source: Some("a police officer"),
    },
    W {
        caption: "Rescuers evacuate residents from a flooded area in Porto Alegre, Brazil, May 2024. The floods have left 100 people dead, authorities said. REUTERS",
        ty: Some("disaster"),
        reported: true,
        killed: Some(100),
        injured: None,
        source: Some("authorities"),
    },
    W {
        caption: "Firefighters try to extinguish a forest fire in Canakkale, Turkey, July 2024. REUTERS",
        ty: Some("disaster"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A man clears snow after a heavy snowstorm in Buffalo, New York. REUTERS",
        ty: Some("disaster"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "People inspect damaged houses after Cyclone Freddy hit Blantyre, Malawi, March 2023. At least 190 people died in Malawi, officials said. REUTERS",
        ty: Some("disaster"),
        reported: true,
        killed: Some(190),
        injured: None,
        source: Some("officials"),
    },
    W {
        caption: "Migrants walk along railway tracks near the border between Serbia and Hungary, 2015. REUTERS",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A displaced Sudanese woman cooks outside her tent at the Zamzam camp, North Darfur, 2024. REUTERS",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Protesters hold placards during a rally against the government in Budapest, Hungary. REUTERS",
        ty: Some("protest"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Israeli police detain a demonstrator during a protest against the government's judicial overhaul in Tel Aviv. REUTERS",
        ty: Some("protest"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Supporters of President Nicolas Maduro gather for a rally in Caracas, Venezuela. REUTERS",
        ty: Some("protest"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "World Food Programme workers unload sacks of flour in Mekelle, Ethiopia. REUTERS",
        ty: Some("humanitarian_aid"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Palestinians wait for food distributed by a charity in Rafah, December 2023. REUTERS",
        ty: Some("humanitarian_aid"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Ukrainian President Volodymyr Zelenskiy attends a news conference with NATO Secretary General Jens Stoltenberg in Kyiv. REUTERS",
        ty: Some("politics"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Voters queue outside a polling station in Lagos, Nigeria, February 25, 2023. REUTERS",
        ty: Some("politics"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Red Bull's Max Verstappen drives during the Monaco Grand Prix, Monte Carlo. REUTERS",
        ty: Some("sport"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "India's Virat Kohli hits a boundary during the World Cup match against Pakistan in Ahmedabad. REUTERS",
        ty: Some("sport"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A man fishes on the Dnipro river in Kyiv, Ukraine. REUTERS",
        ty: Some("daily_life"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Women buy bread at a bakery in Aleppo, Syria. REUTERS",
        ty: Some("daily_life"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Mourners attend the funeral of Palestinians killed in an Israeli raid in Nablus. At least 10 Palestinians were killed in the raid, the health ministry said. REUTERS",
        ty: Some("funeral"),
        reported: true,
        killed: Some(10),
        injured: None,
        source: Some("health ministry"),
    },
    W {
        caption: "Israeli soldiers take part in a military drill in the Golan Heights. REUTERS",
        ty: Some("other"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A Houthi fighter holds a weapon during a military parade in Sanaa, Yemen. REUTERS",
        ty: Some("other"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "An explosion is seen during an Israeli air strike on Gaza City, 2021. At least 42 people were killed, Palestinian officials said. REUTERS",
        ty: Some("air_strike"),
        reported: true,
        killed: Some(42),
        injured: None,
        source: Some("Palestinian officials"),
    },
    W {
        caption: "A tank fires during fighting in the Kherson region, Ukraine. REUTERS",
        ty: Some("armed_clash"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Gunmen killed 11 villagers in an attack on Sunday, residents said. REUTERS",
        ty: Some("attack"),
        reported: true,
        killed: Some(11),
        injured: None,
        source: Some("residents"),
    },
    // ---- written (second batch, generalization classes of the heldout2 misses) ----
    // A cue's wildcard does not reach into a compound (battleship, firefighter, mortarboard).
    W {
        caption: "Visitors tour the battleship USS Missouri at Pearl Harbor, Hawaii. REUTERS/Hugh Gentry",
        ty: None,
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A firefighter sprays water on a burning house after a fire broke out in Valparaiso, Chile. REUTERS",
        ty: Some("disaster"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Students throw their mortarboards in the air at a graduation ceremony in Cambridge, Massachusetts. (AP Photo/Steven Senne)",
        ty: Some("daily_life"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // A named fire ("the Palisades Fire") is a wildfire; a demonym before "fire" is gunfire.
    W {
        caption: "Firefighters battle the Palisades Fire as it burns homes in Pacific Palisades, California, January 7, 2025. REUTERS/Ringo Chiu",
        ty: Some("disaster"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A resident watches as the Dixie fire burns near Greenville, California. (AP Photo/Noah Berger)",
        ty: Some("disaster"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Palestinians run for cover from Israeli fire during clashes near the border fence east of Gaza City. REUTERS",
        ty: Some("armed_clash"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // A bombardment is bombing (air), like "bombed"; artillery or naval bombardment is shelling.
    W {
        caption: "Smoke rises over Khiam in south Lebanon during Israeli bombardment, October 2024. REUTERS",
        ty: Some("air_strike"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Ukrainian soldiers take cover during an artillery bombardment near Avdiivka, Ukraine. REUTERS",
        ty: Some("shelling"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // A protest's political demands do not make it politics.
    W {
        caption: "Opposition supporters protest outside the electoral commission in Caracas, demanding the publication of the presidential election results. REUTERS",
        ty: Some("protest"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Demonstrators hold placards during a protest against President Javier Milei's reforms outside Congress in Buenos Aires. (AP Photo/Natacha Pisarenko)",
        ty: Some("protest"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "President Emmanuel Macron delivers a speech at the Elysee Palace in Paris, France. REUTERS",
        ty: Some("politics"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // Delegations and surrender signings are politics.
    W {
        caption: "Members of the Ukrainian delegation arrive for talks at Dolmabahce Palace in Istanbul, Turkey. REUTERS",
        ty: Some("politics"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "German officers sign the surrender document in Reims, France, May 7, 1945. REUTERS/File",
        ty: Some("politics"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // A figure with a relative clause: "26 migrants who drowned"; coffins of N.
    W {
        caption: "Soldiers carry the coffins of 11 migrants who drowned off the coast of Calabria, Italy. REUTERS",
        ty: Some("funeral"),
        reported: false,
        killed: Some(11),
        injured: None,
        source: None,
    },
    W {
        caption: "Flowers are left at a memorial for the 39 people who were killed in the nightclub attack in Istanbul, Turkey. REUTERS",
        ty: Some("attack"),
        reported: false,
        killed: Some(39),
        injured: None,
        source: None,
    },
    // "Authorities report N fatalities": a figure, its source and a hedge.
    W {
        caption: "Rescuers search for survivors after a landslide in Wayanad, India. Authorities report 12 fatalities. REUTERS",
        ty: Some("disaster"),
        reported: true,
        killed: Some(12),
        injured: None,
        source: Some("Authorities"),
    },
    W {
        caption: "Officials report at least 9 fatalities after flash floods swept through Derna, Libya. REUTERS",
        ty: Some("disaster"),
        reported: true,
        killed: Some(9),
        injured: None,
        source: Some("Officials"),
    },
    // "Reports indicate" hedges the toll without naming a source.
    W {
        caption: "People walk past a collapsed building in Hualien, Taiwan, after the earthquake. Reports indicate that nine people have been killed. REUTERS",
        ty: Some("disaster"),
        reported: true,
        killed: Some(9),
        injured: None,
        source: None,
    },
    // "media reported": the caption's story comes from other outlets.
    W {
        caption: "Police detain a protester during a rally against fuel price hikes in Dhaka, Bangladesh. Thousands joined the rally on Friday, local media reported. REUTERS",
        ty: Some("protest"),
        reported: true,
        killed: None,
        injured: None,
        source: None,
    },
    // written: armoured vehicles left on the ground are the aftermath of fighting; tanks of water are not.
    W {
        caption: "A Ukrainian soldier walks past destroyed Russian tanks near Izium, Kharkiv region, Ukraine. REUTERS",
        ty: Some("armed_clash"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Workers repair a fuel tank at a depot in Lagos, Nigeria. REUTERS",
        ty: Some("daily_life"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: an incident in a relative clause is the person's backstory; the main clause decides.
    W {
        caption: "Amina, 29, who lost her leg in an air strike on her village in 2016, speaks during an interview in Idlib, Syria. REUTERS",
        ty: Some("other"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A boy who was wounded in an air strike receives treatment at a hospital in Idlib, Syria. REUTERS",
        ty: Some("air_strike"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: patients, crafts, pastimes, aviation are scenes of their own.
    W {
        caption: "A patient receives dialysis at a hospital in Gaza City that is running out of fuel. REUTERS",
        ty: Some("other"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A craftsman carves a wooden mask at his workshop in Ubud, Bali, Indonesia. REUTERS",
        ty: Some("daily_life"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Women attend a yoga class in a park in Kabul, Afghanistan. REUTERS",
        ty: Some("daily_life"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A passenger plane lands on the runway at Kabul airport, Afghanistan. REUTERS",
        ty: Some("other"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: street celebrations of a political turn are counted with protests; a holiday's name is not a cue.
    W {
        caption: "Crowds gather for celebrations of the fall of the government in Dhaka, Bangladesh. REUTERS",
        ty: Some("protest"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Scouts parade during Evacuation Day festivities in Damascus, Syria, April 17, 2019. REUTERS",
        ty: None,
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: a bare \"attack\" told more precisely in the same or the next sentence takes the precise type; a war's background does not.
    W {
        caption: "A woman stands outside her apartment block damaged by a Russian attack in Zaporizhzhia, Ukraine, March 2, 2023. Russian forces shelled the city overnight, local officials said. REUTERS/Stringer",
        ty: Some("shelling"),
        reported: true,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Residents clear debris from a school damaged in an attack in Marib, Yemen, May 4, 2021. Saudi-led coalition warplanes struck the area on Monday. REUTERS/Ali Owidha",
        ty: Some("air_strike"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A man looks at a burned car after an attack near a checkpoint in Mogadishu, Somalia, June 11, 2022. A suicide bomber drove the car into the checkpoint. REUTERS/Feisal Omar",
        ty: Some("explosion"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A man walks past a shop damaged in an attack in Kharkiv, Ukraine. Russia has launched waves of missile strikes since the start of its invasion. REUTERS",
        ty: Some("attack"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: people crossing a border with their belongings are displaced, with no \"fled\" written.
    W {
        caption: "Women carry their belongings as they cross into Chad from Sudan at the border town of Adre, August 4, 2023. REUTERS/Zohra Bensemra",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A family waits after crossing from Ukraine at the Palanca border point, Moldova, March 3, 2022. (AP Photo/Sergei Grits)",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: migrant boats in distress at sea are displacement, as landing and rescue at sea are.
    W {
        caption: "Crew members of a rescue ship operated by the NGO SOS Mediterranee watch for boats in distress off the coast of Libya, June 12, 2022. REUTERS/Darrin Zammit Lupi",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A coast guard vessel approaches a boat in distress carrying about 40 people south of Crete, Greece, August 9, 2023. REUTERS/Stringer",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: \"alleged\" about who people were is no hedge on the incident; about the incident it is.
    W {
        caption: "Red Cross workers collect the bodies of alleged members of an armed group killed in clashes with the army near Beni, Democratic Republic of Congo, June 2, 2022. REUTERS/Stringer",
        ty: Some("armed_clash"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Police escort alleged militants after an attack on a police station in Peshawar, Pakistan, January 5, 2023. REUTERS/Fayaz Aziz",
        ty: Some("attack"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Children receive oxygen after an alleged chemical attack in Douma, Syria, April 7, 2018. REUTERS/Stringer",
        ty: Some("attack"),
        reported: true,
        killed: None,
        injured: None,
        source: None,
    },
    // written: a visit to a grave long after a death is no funeral; a burial is.
    W {
        caption: "A woman visits the grave of her husband, a soldier killed in 2022, at a cemetery in Lviv, Ukraine, February 24, 2024. REUTERS/Roman Baluk",
        ty: Some("other"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Relatives visiting the graves of victims of the 2015 earthquake lay flowers at a cemetery in Kathmandu, Nepal, April 25, 2020. REUTERS/Navesh Chitrakar",
        ty: Some("other"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: people burying their dead are a funeral, however the dead were killed.
    W {
        caption: "Villagers buried their dead on Sunday after an air strike on a market in Hajjah, Yemen, killed 22 people. REUTERS/Stringer",
        ty: Some("funeral"),
        reported: false,
        killed: Some(22),
        injured: None,
        source: None,
    },
    W {
        caption: "Men bury their relatives, killed in shelling the day before, at a cemetery in Donetsk, January 22, 2015. REUTERS/Stringer",
        ty: Some("funeral"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: mourning is a weak funeral cue: the incident decides when one is named; alone it
    // is a funeral scene, as most gold sets annotate it.
    W {
        caption: "Relatives of a boy who was killed in an Israeli air strike mourn outside the hospital in Deir al-Balah, Gaza, November 2, 2023. REUTERS/Stringer",
        ty: Some("air_strike"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A man mourns over the body of his brother at a hospital in Kyiv, Ukraine, May 14, 2024. REUTERS/Stringer",
        ty: Some("funeral"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Mourners carry the coffin of a fisherman at his funeral in Tyre, Lebanon, March 1, 2024. REUTERS/Aziz Taher",
        ty: Some("funeral"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: a disaster that people flee or are evacuated from is the incident (fighting that people flee is displacement).
    W {
        caption: "Residents evacuated during the earthquake wait in a park in Hualien, Taiwan, April 3, 2024. REUTERS/Stringer",
        ty: Some("disaster"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Families who fled their flood-hit homes receive food rations at a school in Maiduguri, Nigeria, September 12, 2024. REUTERS/Ahmed Kingimi",
        ty: Some("disaster"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Families who fled the fighting rest at a school in Wad Madani, Sudan, June 3, 2023. REUTERS/Stringer",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: houses brought down are a disaster when no attack is named.
    W {
        caption: "A collapsed house is seen in Wajima, Ishikawa Prefecture, Japan, January 3, 2024. REUTERS/Kim Kyung-Hoon",
        ty: Some("disaster"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A man stands next to collapsed homes after heavy rain in Karachi, Pakistan, July 28, 2022. REUTERS/Akhtar Soomro",
        ty: Some("disaster"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: verb first, then the dead one group at a time: the groups add up; a second group that is another clause's subject does not.
    W {
        caption: "A man inspects a house hit by an air strike in Saada, Yemen, May 3, 2015. The strike killed two men and four children, residents said. REUTERS/Naif Rahma",
        ty: Some("air_strike"),
        reported: true,
        killed: Some(6),
        injured: None,
        source: Some("residents"),
    },
    W {
        caption: "Police inspect the site of a bomb blast in Quetta, Pakistan, August 8, 2016. The blast killed three policemen and a passer-by. REUTERS/Naseer Ahmed",
        ty: Some("explosion"),
        reported: false,
        killed: Some(4),
        injured: None,
        source: None,
    },
    W {
        caption: "Police inspect the site of a bomb blast at a bus stop in Quetta, Pakistan. The blast killed four people and two others were wounded. REUTERS",
        ty: Some("explosion"),
        reported: false,
        killed: Some(4),
        injured: Some(2),
        source: None,
    },
    // written: an attribution that closes a long sentence covers the whole sentence, but not across a relative clause.
    W {
        caption: "People gather outside a mosque after two bombings in Kabul, Afghanistan, October 8, 2021. Two suicide bombers blew themselves up at the gate of the mosque during Friday prayers, the busiest hour of the week, causing many casualties, witnesses said. REUTERS/Stringer",
        ty: Some("explosion"),
        reported: true,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Firefighters work at the site of a missile strike on a shopping centre in Kremenchuk, Ukraine, June 28, 2022. A Russian missile strike hit the crowded shopping centre in the middle of the afternoon while hundreds of people were inside, local officials said. REUTERS/Valentyn Ogirenko",
        ty: Some("air_strike"),
        reported: true,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Civil defence members search the rubble of a building hit by an air strike in Idlib, Syria, near a clinic run by a surgeon who has treated thousands of patients in the province since the first year of the uprising in 2011, according to the Syrian American Medical Society. REUTERS/Khalil Ashawi",
        ty: Some("air_strike"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: an acronym in parentheses between the source and its verb ("the X (ABC) said").
    W {
        caption: "Rescuers work at the site of a residential building hit by a Russian air strike in Zaporizhzhia, Ukraine, 6 October 2023. At least 12 people were injured, the State Emergency Service of Ukraine (SESU) said. EPA/STRINGER",
        ty: Some("air_strike"),
        reported: true,
        killed: None,
        injured: Some(12),
        source: Some("State Emergency Service of Ukraine"),
    },
    W {
        caption: "Smoke rises after an Israeli air strike on the southern Lebanese village of Khiam, 3 November 2024. Three people were killed in the strike, the Lebanese National News Agency (NNA) reported. EPA/STR",
        ty: Some("air_strike"),
        reported: true,
        killed: Some(3),
        injured: None,
        source: Some("Lebanese National News Agency"),
    },
    W {
        caption: "Medics carry a wounded man after shelling in Donetsk, March 14, 2022. Shelling killed 20 people in the city centre, Donetsk's Emergency Situations Ministry (MChS) said. REUTERS/Alexander Ermochenko",
        ty: Some("shelling"),
        reported: true,
        killed: Some(20),
        injured: None,
        source: Some("Donetsk's Emergency Situations Ministry"),
    },
    // written: rockets or shells fired during fighting named in the same sentence are the fighting.
    W {
        caption: "Kurdish Peshmerga fighters fire rockets during clashes with Islamic State militants near the town of Bashiqa, east of Mosul, Iraq, November 7, 2016. REUTERS/Azad Lashkari",
        ty: Some("armed_clash"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Rebel fighters launch a mortar shell during heavy fighting against government forces in the town of Morek in Hama province, Syria, February 2, 2015. REUTERS/Stringer",
        ty: Some("armed_clash"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: a drone as the camera is no air strike; a suicide car attack is an explosion.
    W {
        caption: "A general view taken with a drone shows displaced families waiting to evacuate the besieged town of Madaya, Syria, April 14, 2017. REUTERS/Omar Sanadiki",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A drone view shows buses lined up to evacuate residents from the besieged district of al-Waer in Homs, Syria, March 18, 2017. REUTERS/Omar Sanadiki",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Soldiers stand at the scene of a suicide car attack outside a hotel in Mogadishu, Somalia, June 15, 2018. REUTERS/Feisal Omar",
        ty: Some("explosion"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Security forces gather near the wreckage left by a car bomb attack at a checkpoint in Kabul, Afghanistan, May 31, 2017. REUTERS/Omar Sobhani",
        ty: Some("explosion"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: a hedge in a relative clause after the incident hedges the clause's detail, not the
    // incident; a hedge before the incident in such a clause still hedges it.
    W {
        caption: "A truck destroyed by a roadside bomb, which Iraqi army sources say was carrying fuel for Islamic State fighters, is seen near Qayyarah, south of Mosul, Iraq. REUTERS/Alaa Al-Marjani",
        ty: Some("explosion"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A minibus damaged in a suicide bomb attack, which police said was aimed at a passing army convoy, stands on a road in Mogadishu, Somalia, March 3, 2019. REUTERS/Feisal Omar",
        ty: Some("explosion"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Men walk past a school, which activists said was hit by a barrel bomb dropped by forces loyal to Syria's President Bashar al-Assad, in Aleppo, Syria, May 1, 2014. REUTERS/Hosam Katan",
        ty: Some("air_strike"),
        reported: true,
        killed: None,
        injured: None,
        source: None,
    },
    // written: a camp with no incident told is what the photo shows, named or not; an army or
    // training camp is not.
    W {
        caption: "A boy carries bamboo poles along a muddy path at the Jamtoli camp in Cox's Bazar, Bangladesh, August 2, 2018. REUTERS/Mohammad Ponir Hossain",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "A woman carries water past tents at a camp on the outskirts of Dadaab, Kenya, July 28, 2011. REUTERS/Thomas Mukoya",
        ty: Some("displacement"),
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Afghan National Army recruits march at a training camp in Kabul, Afghanistan, June 4, 2013. REUTERS/Omar Sobhani",
        ty: None,
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    // written: a title that says whose forces is no political event.
    W {
        caption: "Soldiers loyal to Syria's President Bashar al-Assad walk through the government-held district of al-Midan in Aleppo, Syria, November 2, 2016. REUTERS/Omar Sanadiki",
        ty: None,
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
    W {
        caption: "Militiamen backed by Prime Minister Abdulhamid Dbeibah guard a road in the Souq al-Juma district of Tripoli, Libya, May 17, 2022. REUTERS/Hazem Ahmed",
        ty: None,
        reported: false,
        killed: None,
        injured: None,
        source: None,
    },
];

#[test]
fn written_agency_style_captions() {
    check_written(WRITTEN);
}

/// Runs a table of written captions as the engine does (credit line excluded) and lists every
/// row that differs.
fn check_written(table: &[W]) {
    let lex = EventLexicon::builtin();
    let mut bad = Vec::new();
    for w in table {
        // The credit line is not part of the body (as in the engine).
        let ex: Vec<dateline_text::Span> = ["REUTERS", "(AP Photo", "Action Images", " AFP"]
            .iter()
            .filter_map(|c| w.caption.rfind(c))
            .map(|p| dateline_text::Span::new(p, w.caption.len()))
            .take(1)
            .collect();
        let (cas, _) = find_casualties(w.caption, &ex);
        let ev = find_event_with(w.caption, &lex, &ex, &cas);
        let got = (
            ev.event_type.as_ref().map(|f| f.value.as_str()),
            ev.reported.is_some(),
            cas.killed.as_ref().map(|f| f.value),
            cas.injured.as_ref().map(|f| f.value),
            cas.source.as_ref().map(|f| f.value.as_str()),
        );
        let want = (w.ty, w.reported, w.killed, w.injured, w.source);
        if got != want {
            bad.push(format!(
                "{:?}\n   got  {got:?}\n   want {want:?}",
                w.caption
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} written captions differ:\n{}",
        bad.len(),
        table.len(),
        bad.join("\n")
    );
}

/// A written row: caption, type, reported, killed, injured, source.
const fn w(
    caption: &'static str,
    ty: Option<&'static str>,
    reported: bool,
    killed: Option<u64>,
    injured: Option<u64>,
    source: Option<&'static str>,
) -> W {
    W {
        caption,
        ty,
        reported,
        killed,
        injured,
        source,
    }
}

/// The classes that failed on unseen captions (issue 8): figures told in a later sentence than
/// the incident, several groups counted, attributions far from the figure, before it, in a
/// later sentence or with long names, figures of another time, and the incident told beyond
/// the cue word. Every caption is written for this test; none is copied.
const WRITTEN_UNSEEN_CLASSES: &[W] = &[
    // written: the figure in the sentence after the incident, attribution closing it
    w(
        "An air strike hit the market in Maarat al-Numan on Monday. At least 12 people were killed, the health ministry said.",
        Some("air_strike"),
        true,
        Some(12),
        None,
        Some("health ministry"),
    ),
    // written: the author of a statement, not the statement
    w(
        "Rescuers search the rubble of a building in Idlib, Syria. Eight people were killed in an air strike on the town, according to a statement released by the provincial governor's office.",
        Some("air_strike"),
        true,
        Some(8),
        None,
        Some("provincial governor's office"),
    ),
    // written: the attribution in the next sentence, which speaks of the figures
    w(
        "Smoke rises after shelling in Douma. At least 20 people were killed. The figures, provided by the Syrian Observatory for Human Rights, could not be independently verified.",
        Some("shelling"),
        true,
        Some(20),
        None,
        Some("Syrian Observatory for Human Rights"),
    ),
    // written: two groups after the verb add up
    w(
        "A car bomb exploded near a checkpoint in Mogadishu, killing 5 soldiers and 3 civilians, police said.",
        Some("explosion"),
        true,
        Some(8),
        None,
        Some("police"),
    ),
    // written: three groups after the verb
    w(
        "A car bomb exploded in Mogadishu on Saturday, killing at least 5 soldiers, 3 policemen and 2 civilians.",
        Some("explosion"),
        false,
        Some(10),
        None,
        None,
    ),
    // written: three groups before the verb
    w(
        "Five soldiers, three policemen and two civilians were killed in the ambush near Gao, Mali, the army said.",
        Some("attack"),
        true,
        Some(10),
        None,
        Some("army"),
    ),
    // written: groups in words before the verb
    w(
        "Fourteen women and two men were killed when the boat capsized off Lampedusa.",
        Some("disaster"),
        false,
        Some(16),
        None,
        None,
    ),
    // written: attribution before the figure
    w(
        "Police said at least 10 people were killed when gunmen opened fire on a bus in Balochistan.",
        Some("attack"),
        true,
        Some(10),
        None,
        Some("Police"),
    ),
    // written: "told <agency>", killed and injured
    w(
        "The explosion killed nine people and wounded 30 at a market in Quetta, a hospital official told Reuters.",
        Some("explosion"),
        true,
        Some(9),
        Some(30),
        Some("a hospital official"),
    ),
    // written: "said on Tuesday"
    w(
        "At least 14 people were killed and 40 wounded in the attack in Jos, Nigeria, officials said on Tuesday.",
        Some("attack"),
        true,
        Some(14),
        Some(40),
        Some("officials"),
    ),
    // written: a long organisation name with "and" inside
    w(
        "People gather at the site of a landslide in Nepal. The death toll rose to 34, the National Disaster Risk Reduction and Management Authority said.",
        Some("disaster"),
        true,
        Some(34),
        None,
        Some("National Disaster Risk Reduction and Management Authority"),
    ),
    // written: a long name with "of" after "according to"
    w(
        "People walk past a destroyed house after floods in Derna, Libya. More than 4,000 people were killed, according to the United Nations Office for the Coordination of Humanitarian Affairs (OCHA).",
        Some("disaster"),
        true,
        Some(4000),
        None,
        Some("United Nations Office for the Coordination of Humanitarian Affairs"),
    ),
    // written: an official "wrote on Telegram"
    w(
        "A man stands in front of his destroyed home in Kherson. Russian shelling killed two people and injured five on Tuesday, regional governor Oleksandr Prokudin wrote on Telegram.",
        Some("shelling"),
        true,
        Some(2),
        Some(5),
        Some("regional governor Oleksandr Prokudin"),
    ),
    // written: a running toll stays out
    w(
        "Mourners attend the funeral of a man killed in an air strike in Deir al-Balah. More than 40,000 Palestinians have been killed since the war began, according to the Gaza health ministry.",
        Some("funeral"),
        false,
        None,
        None,
        None,
    ),
    // written: a figure of another time stays out
    w(
        "Ukrainian rescuers work at the site of a missile strike in Odesa. Earlier this year, a strike on the city killed 20 people.",
        Some("air_strike"),
        false,
        None,
        None,
        None,
    ),
    // written: a figure of another place and time stays out
    w(
        "Firefighters put out a fire at a market in Lagos, Nigeria. Last month, a fire in Kano killed 11 people.",
        Some("disaster"),
        false,
        None,
        None,
        None,
    ),
    // written: "In a separate attack"
    w(
        "Soldiers stand guard at a checkpoint in Peshawar, Pakistan. In a separate attack, gunmen killed 4 policemen in Bannu.",
        Some("other"),
        false,
        None,
        None,
        None,
    ),
    // written: a date before the figure ("February 6") is no figure
    w(
        "A survivor sits by the rubble in Antakya, Turkey. The February 6 earthquake killed more than 50,000 people in Turkey and Syria.",
        Some("disaster"),
        false,
        Some(50000),
        None,
        None,
    ),
    // written: the rescue after an incident told in the next sentence
    w(
        "Rescue workers search for survivors in the rubble of a building in Kharkiv. A Russian missile hit the building overnight.",
        Some("air_strike"),
        false,
        None,
        None,
        None,
    ),
    // written: fighting that has raged for months is the setting; the photo shows a bread queue
    w(
        "Women queue for bread in Khartoum, where fighting between the army and the Rapid Support Forces has raged for months.",
        Some("daily_life"),
        false,
        None,
        None,
        None,
    ),
    // written: strikes since the start of the war are the war's history, not the photo's incident
    w(
        "People walk past a mural in Kyiv. The city has been hit by waves of drone attacks since the start of the war.",
        None,
        false,
        None,
        None,
        None,
    ),
    // written: a person named before an apposition
    w(
        "Twelve people were killed in the air strike on Saraqeb, Ahmed Khalil, the head of the local council, said.",
        Some("air_strike"),
        true,
        Some(12),
        None,
        Some("Ahmed Khalil"),
    ),
    // written: an organisation name of ten words
    w(
        "At least 30 civilians were killed in the shelling of the village, the Office of the United Nations High Commissioner for Human Rights said.",
        Some("shelling"),
        true,
        Some(30),
        None,
        Some("Office of the United Nations High Commissioner for Human Rights"),
    ),
    // written: "put the death toll at"
    w(
        "Officials put the death toll at 15 after the landslide buried homes in Himachal Pradesh, India.",
        Some("disaster"),
        true,
        Some(15),
        None,
        Some("Officials"),
    ),
    // written: a war's toll since a month is a running total
    w(
        "Displaced families rest at a school in Port Sudan. The UN said at least 5,000 people had been killed in fighting across Sudan since April.",
        Some("displacement"),
        false,
        None,
        None,
        None,
    ),
    // written: a flood season's toll since a month is the disaster's own
    w(
        "A man wades through a flooded street in Karachi, Pakistan. Monsoon floods have killed more than 200 people since mid-July, according to the provincial disaster authority.",
        Some("disaster"),
        true,
        Some(200),
        None,
        Some("provincial disaster authority"),
    ),
    // written: a military operation is an attack, as a raid is
    w(
        "A Palestinian man inspects his house, destroyed during an Israeli military operation in Tulkarm.",
        Some("attack"),
        false,
        None,
        None,
        None,
    ),
    // written: people harmed by an armed actor, no incident word
    w(
        "A woman cries next to the body of her son, who was shot by Israeli troops in Nablus.",
        Some("attack"),
        false,
        None,
        None,
        None,
    ),
    // written: "near the front line" says where, not what happened
    w(
        "A boy stands in a field of sunflowers near the front line in Zaporizhzhia region, Ukraine.",
        None,
        false,
        None,
        None,
        None,
    ),
    // written: "the number of dead rose to"
    w(
        "The number of dead rose to 45 after the ferry sank off Zanzibar, officials said.",
        Some("disaster"),
        true,
        Some(45),
        None,
        Some("officials"),
    ),
    // written: a toll told with "claimed … lives" is no hedge
    w(
        "Floods have claimed at least 60 lives in Kogi state, Nigeria.",
        Some("disaster"),
        false,
        Some(60),
        None,
        None,
    ),
    // written: the injured counted with "the number of"
    w(
        "Rescuers carry a man from the rubble in Hatay after the earthquake. The number of injured reached 120, the governor said.",
        Some("disaster"),
        true,
        None,
        Some(120),
        Some("governor"),
    ),
    // written: an incident of another time ("last year") is no incident of the photo
    w(
        "A man walks past a mural of a boy who was killed in an air strike last year, in Idlib.",
        None,
        false,
        None,
        None,
        None,
    ),
    // written: the scene shown, the war's damage told as history
    w(
        "Children attend class in a tent in Gaza. Schools have been destroyed by Israeli air strikes since the war began.",
        Some("daily_life"),
        false,
        None,
        None,
        None,
    ),
];

#[test]
fn written_unseen_classes() {
    check_written(WRITTEN_UNSEEN_CLASSES);
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;
    use std::sync::LazyLock;

    static LEX: LazyLock<EventLexicon> = LazyLock::new(EventLexicon::builtin);

    fn check_span(text: &str, s: &dateline_text::Span) {
        assert!(
            s.start <= s.end && s.end <= text.len(),
            "span {s:?} out of {}",
            text.len()
        );
        assert!(
            text.is_char_boundary(s.start) && text.is_char_boundary(s.end),
            "span {s:?} not on char boundaries"
        );
    }

    fn run(text: &str, ex: &[dateline_text::Span]) {
        let (c, _) = find_casualties(text, ex);
        let ev = find_event_with(text, &LEX, ex, &c);
        if let Some(f) = &ev.event_type {
            check_span(text, &f.span);
        }
        if let Some(f) = &ev.reported {
            check_span(text, &f.span);
        }
        for a in &ev.actors {
            check_span(text, &a.span);
        }
        for s in [
            c.killed.as_ref().map(|f| f.span),
            c.injured.as_ref().map(|f| f.span),
            c.source.as_ref().map(|f| f.span),
        ]
        .into_iter()
        .flatten()
        {
            check_span(text, &s);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn arbitrary_strings(s in "\\PC*", a in 0usize..400, b in 0usize..400) {
            let ex = [dateline_text::Span::new(a.min(b), a.max(b))];
            run(&s, &ex);
            run(&s, &[]);
        }

        #[test]
        fn caption_like_strings(
            parts in proptest::collection::vec(prop_oneof![
                Just("at least".to_string()), Just("killed".to_string()), Just("1,300".to_string()),
                Just("four".to_string()), Just("according to".to_string()), Just("the".to_string()),
                Just("air strike".to_string()), Just("said".to_string()), Just(",".to_string()),
                Just(".".to_string()), Just("\u{2019}".to_string()), Just("  \n ".to_string()),
                Just("Ünïcødé".to_string()), Just("ȺİẞK".to_string()), Just("wounded".to_string()), Just("left".to_string()),
                Just("dead".to_string()), Just("“".to_string()), Just("\"".to_string()),
                Just("twenty-five".to_string()), Just("death toll rose to".to_string()),
                "\\PC{0,6}",
            ], 0..30)
        ) {
            let s = parts.join(" ");
            run(&s, &[]);
            let n = s.len();
            run(&s, &[dateline_text::Span::new(n / 3, n / 2)]);
        }
    }
}
