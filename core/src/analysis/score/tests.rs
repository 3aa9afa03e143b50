use super::*;
use crate::model::YearMonth;

fn rs_money(rupees: i64) -> Option<Money> {
    Some(Money::from_rupees(rupees))
}

/// Months 0.. counting back from Apr-2025; the first `n` have data.
fn months(n: usize) -> [Option<YearMonth>; 6] {
    let mut out = [None; 6];
    let mut m = YearMonth::new(2025, 4);
    for slot in out.iter_mut().take(n) {
        *slot = m;
        m = m.and_then(YearMonth::pred);
    }
    out
}

fn factor(card: &Scorecard, f: Factor) -> &ScoreFactor {
    let Some(found) = card.factors.iter().find(|x| x.factor == f) else { panic!("no factor {f:?}") };
    found
}

fn points_of(card: &Scorecard) -> Vec<(Factor, u16)> {
    card.factors.iter().map(|f| (f.factor, f.points)).collect()
}

/// The account of the worked example in `docs/scorecard.md`: five months of
/// data (Apr-25 back to Dec-24), month 5 `null`.
fn worked_example() -> Predictors {
    let mut p = Predictors { months: months(5), month_duration: 5, ..Predictors::default() };
    p.monthly.avg_balance = [
        rs_money(42_310),
        rs_money(38_000),
        Some(Money::from_paise(5_125_050)),
        rs_money(29_800),
        rs_money(45_000),
        None,
    ];
    p.monthly.min_balance = [rs_money(1_500), rs_money(800), rs_money(2_200), rs_money(1_000), rs_money(350), None];
    p.monthly.income = [rs_money(55_000), rs_money(52_000), rs_money(4_000), rs_money(58_500), rs_money(61_000), None];
    p.monthly.total_inward_payment_bounce = [rs_money(0), rs_money(0), rs_money(3_540), rs_money(0), rs_money(0), None];
    p.total_emi_ecs_loan = Money::from_rupees(45_000);
    p.total_creditcard_payment = Money::from_rupees(12_500);
    p.total_bounce_or_penal_charge = Money::from_rupees(590);
    p.total_cash_withdrawal = Money::from_rupees(38_000);
    p.debits = Money::from_rupees(241_000);
    p
}

#[test]
fn worked_example_by_hand() {
    let card = score(&worked_example());
    // Balance level: (42,310 + 38,000 + 51,250.50 + 29,800 + 45,000) / 5
    //   = 2,06,360.50 / 5 = ₹41,272.10 → band ₹25k–₹1L → 90.
    let f = factor(&card, Factor::BalanceLevel);
    assert_eq!(f.measure, Some(4_127_210));
    assert_eq!(f.band, "₹25k–₹1L");
    assert_eq!(f.reason, "Average EOD balance ₹41,272.10 over 5 months: band ₹25k–₹1L, 90 of 150 points.");
    // Balance stability: minimums ≥ ₹1,000 are 1,500, 2,200 and 1,000 (800 and
    //   350 are not): 3 of 5 = 60% → band 50%–80% → 40.
    let f = factor(&card, Factor::BalanceStability);
    assert_eq!((f.measure, f.band.as_str(), f.points), (Some(6_000), "50%–80%", 40));
    // Income level: (55,000 + 52,000 + 4,000 + 58,500 + 61,000) / 5 = 2,30,500 / 5
    //   = ₹46,100 → band ₹25k–₹50k → 80.
    let f = factor(&card, Factor::IncomeLevel);
    assert_eq!((f.measure, f.band.as_str(), f.points), (Some(4_610_000), "₹25k–₹50k", 80));
    // Income regularity: 4 of 5 months reach ₹5,000 (not the ₹4,000 month) = 80%
    //   → band 80%–100% → 70.
    let f = factor(&card, Factor::IncomeRegularity);
    assert_eq!((f.measure, f.band.as_str(), f.points), (Some(8_000), "80%–100%", 70));
    // Obligations: (45,000 + 12,500) / 2,30,500 = 0.249457… → 2494 bp = 24.94%
    //   → band 10%–30% → 120.
    let f = factor(&card, Factor::Obligations);
    assert_eq!((f.measure, f.band.as_str(), f.points), (Some(2_494), "10%–30%", 120));
    assert_eq!(
        f.reason,
        "EMI ₹45,000 and credit card payments ₹12,500 are 24.94% of income ₹2,30,500: band 10%–30%, 120 of 150 points."
    );
    // Bounces: 0 + 0 + 3,540 = ₹3,540 → band above ₹0, below ₹5k → 80.
    let f = factor(&card, Factor::Bounces);
    assert_eq!((f.measure, f.band.as_str(), f.points), (Some(354_000), "above ₹0, below ₹5k", 80));
    // Penal charges: ₹590 → band above ₹0, below ₹1k → 30.
    let f = factor(&card, Factor::PenalCharges);
    assert_eq!((f.measure, f.band.as_str(), f.points), (Some(59_000), "above ₹0, below ₹1k", 30));
    // Cash: 38,000 / 2,41,000 = 0.157676… → 1576 bp = 15.76% → band 10%–25% → 55.
    let f = factor(&card, Factor::CashIntensity);
    assert_eq!((f.measure, f.band.as_str(), f.points), (Some(1_576), "10%–25%", 55));
    // History: 5 months → band 4–5 months → 50.
    let f = factor(&card, Factor::History);
    assert_eq!((f.measure, f.band.as_str(), f.points), (Some(5), "4–5 months", 50));
    // Total 90 + 40 + 80 + 70 + 120 + 80 + 30 + 55 + 50 = 615;
    // score 300 + 615 × 600 / 1000 = 300 + 369 = 669.
    assert_eq!(card.points, 615);
    assert_eq!(card.max_points, 1000);
    assert_eq!(card.score, 669);
    // The inputs are the predictors read, nulls included.
    let f = factor(&card, Factor::BalanceLevel);
    assert_eq!(f.inputs.len(), 6);
    assert_eq!(f.inputs[5], ScoreInput { key: "avg_balance_5".into(), value: None });
    assert_eq!(f.inputs[2].value, Some(Reading::Money(Money::from_paise(5_125_050))));
}

#[test]
fn scorecard_serializes_for_the_api() {
    let json = serde_json::to_value(score(&worked_example())).unwrap_or_default();
    assert_eq!(json["score"], 669);
    assert_eq!(json["factors"][0]["factor"], "balance_level");
    assert_eq!(json["factors"][0]["unit"], "paise");
    assert_eq!(json["factors"][0]["inputs"][0]["key"], "avg_balance_0");
    assert_eq!(json["factors"][0]["inputs"][0]["value"].as_f64(), Some(42_310.0));
    assert_eq!(json["factors"][0]["inputs"][5]["value"], serde_json::Value::Null);
    assert_eq!(json["factors"][8]["inputs"][0]["value"], 5);
}

#[test]
fn points_map_linearly_onto_300_to_900() {
    assert_eq!(points_to_score(0), 300);
    assert_eq!(points_to_score(1000), 900);
    assert_eq!(points_to_score(500), 600);
    // 1 × 0.6 = 0.6 → 1; 2 × 0.6 = 1.2 → 1; 615 × 0.6 = 369.
    assert_eq!(points_to_score(1), 301);
    assert_eq!(points_to_score(2), 301);
    assert_eq!(points_to_score(615), 669);
    // Beyond the maximum: clamped.
    assert_eq!(points_to_score(5_000), 900);
    assert_eq!(points_to_score(u32::MAX), 900);
    let mut last = 300;
    for points in 0..=MAX_POINTS {
        let s = points_to_score(points);
        assert!(s >= last && (MIN_SCORE..=MAX_SCORE).contains(&s));
        last = s;
    }
}

fn best() -> Predictors {
    let mut p = Predictors { months: months(6), month_duration: 6, ..Predictors::default() };
    p.monthly.avg_balance = [rs_money(600_000); 6];
    p.monthly.min_balance = [rs_money(200_000); 6];
    p.monthly.income = [rs_money(300_000); 6];
    p.monthly.total_inward_payment_bounce = [rs_money(0); 6];
    p.debits = Money::from_rupees(1_000_000);
    p
}

#[test]
fn the_bounds_are_reachable() {
    let top = score(&best());
    assert_eq!(top.points, 1000, "{:?}", points_of(&top));
    assert_eq!(top.score, 900);
    assert!(top.factors.iter().all(|f| f.points == f.max_points));

    let mut p = best();
    p.month_duration = 1;
    p.monthly.avg_balance = [rs_money(-5_000); 6];
    p.monthly.min_balance = [rs_money(-20_000); 6];
    p.monthly.income = [rs_money(0); 6];
    p.total_emi_ecs_loan = Money::from_rupees(50_000);
    p.outward_chq_bounces = Money::from_rupees(100_000);
    p.total_bounce_or_penal_charge = Money::from_rupees(10_000);
    p.total_cash_withdrawal = p.debits;
    let bottom = score(&p);
    assert_eq!(bottom.points, 0, "{:?}", points_of(&bottom));
    assert_eq!(bottom.score, 300);
    // No income and ₹50,000 owed: the last band.
    let f = factor(&bottom, Factor::Obligations);
    assert_eq!((f.measure, f.band.as_str()), (Some(i64::MAX), "70% or more"));
    assert_eq!(
        f.reason,
        "EMI ₹50,000 and credit card payments ₹0 against no income: band 70% or more, 0 of 150 points."
    );

    // Nothing at all: every factor has no data.
    let empty = score(&Predictors::default());
    assert_eq!(empty.score, 300);
    assert!(empty.factors.iter().all(|f| f.measure.is_none() && f.points == 0 && f.band == "no data"));
    assert_eq!(empty.factors[5].reason, "No month has data: no data, 0 of 150 points.");
}

#[test]
fn null_months_are_skipped_not_zero() {
    // Two months of ₹30,000 and four nulls: mean ₹30,000 → ₹25k–₹1L, 90 points.
    let mut p = best();
    p.monthly.avg_balance = [rs_money(30_000), None, None, rs_money(30_000), None, None];
    let f = factor(&score(&p), Factor::BalanceLevel).clone();
    assert_eq!((f.measure, f.points), (Some(3_000_000), 90));
    assert_eq!(f.reason, "Average EOD balance ₹30,000 over 2 months: band ₹25k–₹1L, 90 of 150 points.");
    // The same months as zeros: (30,000 × 2) / 6 = ₹10,000 → ₹10k–₹25k, 60 points.
    p.monthly.avg_balance = [rs_money(30_000), rs_money(0), rs_money(0), rs_money(30_000), rs_money(0), rs_money(0)];
    let f = factor(&score(&p), Factor::BalanceLevel).clone();
    assert_eq!((f.measure, f.points), (Some(1_000_000), 60));

    // Regularity over the months with a value: 60k, 60k, 2k → 2 of 3 = 66.66%
    // (rounded down) → band 50%–80%, 40 points.
    p.monthly.income = [rs_money(60_000), None, rs_money(60_000), rs_money(2_000), None, None];
    let card = score(&p);
    let f = factor(&card, Factor::IncomeRegularity);
    assert_eq!((f.measure, f.points), (Some(6_666), 40));
    assert_eq!(f.reason, "Income of ₹5,000 or more in 2 of 3 months (66.66%): band 50%–80%, 40 of 100 points.");
    // Mean income (60,000 + 60,000 + 2,000) / 3 = ₹40,666.67 (rounded to the paisa).
    assert_eq!(factor(&card, Factor::IncomeLevel).measure, Some(4_066_667));

    // A predictor null in every month: that factor has no data, the others score.
    p.monthly.min_balance = [None; 6];
    let card = score(&p);
    let f = factor(&card, Factor::BalanceStability);
    assert_eq!((f.measure, f.points, f.band.as_str()), (None, 0, "no data"));
    assert_eq!(f.reason, "No minimum balance in any month: no data, 0 of 100 points.");
    // (The balances are still the zero-month version: ₹10,000 → 60.)
    assert_eq!(factor(&card, Factor::BalanceLevel).points, 60);

    // Income null everywhere: income level, regularity and obligations have no data.
    p.monthly.income = [None; 6];
    let card = score(&p);
    for f in [Factor::IncomeLevel, Factor::IncomeRegularity, Factor::Obligations] {
        assert_eq!(factor(&card, f).measure, None, "{f:?}");
    }
    // Null bounce months add nothing; the totals still count.
    p.monthly.total_inward_payment_bounce = [None; 6];
    p.inward_chq_bounces = Money::from_rupees(6_000);
    assert_eq!(factor(&score(&p), Factor::Bounces).band, "₹5k–₹25k");

    // Data in the arrays but no month has data: nothing is scored.
    let mut p = best();
    p.months = [None; 6];
    assert_eq!(score(&p).score, 300);
}

#[test]
fn band_tables_are_well_formed() {
    let total: u32 = Factor::ALL.iter().map(|f| u32::from(f.max_points())).sum();
    assert_eq!(total, MAX_POINTS);
    for f in Factor::ALL {
        let bands = f.bands();
        assert!(bands.windows(2).all(|w| w[0].from < w[1].from), "{f:?} bounds ascend");
        let up = bands.windows(2).all(|w| w[0].points <= w[1].points);
        let down = bands.windows(2).all(|w| w[0].points >= w[1].points);
        assert!(up || down, "{f:?} points move one way");
        assert!(bands.iter().any(|b| b.points == 0), "{f:?} has a zero band, so 300 is reachable");
        for (i, b) in bands.iter().enumerate() {
            assert_eq!(f.band_of(b.from), i, "{f:?} lower bound is inside its band");
            if i > 0 {
                assert_eq!(f.band_of(b.from - 1), i - 1, "{f:?} upper bound is outside the band below");
            }
        }
        assert_eq!(f.band_of(i64::MIN), 0);
        assert_eq!(f.band_of(i64::MAX), bands.len() - 1);
    }
    let labels = |f: Factor| (0..f.bands().len()).map(|i| f.band_label(i)).collect::<Vec<_>>();
    assert_eq!(
        labels(Factor::BalanceLevel),
        ["below ₹2k", "₹2k–₹10k", "₹10k–₹25k", "₹25k–₹1L", "₹1L–₹5L", "₹5L or more"]
    );
    assert_eq!(labels(Factor::IncomeLevel)[4], "₹1L–₹2.5L");
    assert_eq!(labels(Factor::BalanceStability), ["below 50%", "50%–80%", "80%–100%", "100%"]);
    assert_eq!(labels(Factor::Obligations)[4], "70% or more");
    assert_eq!(labels(Factor::Bounces), ["none", "above ₹0, below ₹5k", "₹5k–₹25k", "₹25k or more"]);
    assert_eq!(labels(Factor::CashIntensity)[4], "75%–100%");
    assert_eq!(labels(Factor::History), ["below 3 months", "3 months", "4–5 months", "6 months or more"]);
    assert_eq!(Factor::History.band_label(9), "");
}

#[test]
fn formatting_of_amounts_and_percentages() {
    assert_eq!(rupees(Money::from_paise(4_231_000)), "₹42,310");
    assert_eq!(rupees(Money::from_paise(2_499_960)), "₹24,999.60");
    assert_eq!(rupees(Money::from_rupees(-1_200)), "-₹1,200");
    assert_eq!(rupees(Money::from_paise(i64::MIN)).chars().next(), Some('-'));
    assert_eq!(percent(2_494), "24.94%");
    assert_eq!(percent(1_250), "12.5%");
    assert_eq!(percent(1_005), "10.05%");
    assert_eq!(percent(0), "0%");
    assert_eq!(format_bound(Unit::Paise, 12_345), "₹123.45");
    assert_eq!(format_bound(Unit::Paise, rs(1_500)), "₹1,500");
    assert_eq!(format_bound(Unit::Paise, rs(1_000_000)), "₹10L");
}

/// SplitMix64: a deterministic pseudo-random sequence (no dependency).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// An amount spread over every band: zero, paise, rupees up to crores,
    /// now and then negative or at the extremes of `i64`.
    fn amount(&mut self) -> Money {
        match self.below(40) {
            0 => Money::ZERO,
            1 => Money::from_paise(i64::MAX),
            2 => Money::from_paise(i64::MIN),
            3..=5 => Money::from_paise(-(self.below(10_000_000) as i64)),
            _ => {
                let scale = 10_i64.pow(self.below(10) as u32);
                Money::from_paise((self.below(10) as i64 + 1) * scale + self.below(100) as i64)
            }
        }
    }

    fn raise(&mut self) -> Money {
        Money::from_paise(self.amount().paise().max(0))
    }

    fn maybe(&mut self) -> Option<Money> {
        if self.chance(15) { None } else { Some(self.amount()) }
    }
}

fn random_predictors(rng: &mut Rng) -> Predictors {
    let mut p = Predictors { months: months(6), ..Predictors::default() };
    for slot in &mut p.months {
        if rng.chance(10) {
            *slot = None;
        }
    }
    let m = &mut p.monthly;
    for i in 0..6 {
        m.avg_balance[i] = rng.maybe();
        m.min_balance[i] = rng.maybe();
        m.max_balance[i] = rng.maybe();
        m.bal_last[i] = rng.maybe();
        m.income[i] = rng.maybe();
        m.total_salary[i] = rng.maybe();
        m.total_inward_payment_bounce[i] = rng.maybe();
        m.debits[i] = rng.maybe();
    }
    p.outward_chq_bounces = rng.amount();
    p.inward_chq_bounces = rng.amount();
    p.total_bounce_or_penal_charge = rng.amount();
    p.total_emi_ecs_loan = rng.amount();
    p.total_creditcard_payment = rng.amount();
    p.total_cash_withdrawal = rng.amount();
    p.debits = rng.amount();
    p.total_income = rng.amount();
    p.month_duration = rng.below(13) as u32;
    p
}

/// Adds to some of the non-null values of a per-month array (or all of them).
fn raise_months(rng: &mut Rng, values: &mut [Option<Money>; 6], all: bool) {
    let delta = rng.raise();
    for v in values.iter_mut().flatten() {
        if all || rng.chance(50) {
            *v += delta;
        }
    }
}

/// Checks that `change` moves the score (and the points) only in the allowed
/// direction, and leaves every factor but `changed` as it was.
fn check_monotone(name: &str, changed: &[Factor], up: bool, change: impl Fn(&mut Rng, &mut Predictors)) {
    let mut rng = Rng(0x5C0F_E5C0_4E00_0001);
    let mut moved = 0;
    for case in 0..3_000 {
        let mut p = random_predictors(&mut rng);
        let mut before = score(&p);
        // Several steps in the same direction.
        for _ in 0..3 {
            change(&mut rng, &mut p);
            let after = score(&p);
            for (b, a) in before.factors.iter().zip(&after.factors) {
                if changed.contains(&b.factor) {
                    let ok = if up { a.points >= b.points } else { a.points <= b.points };
                    assert!(ok, "{name} case {case}: {:?} went {} → {}\n{p:?}", b.factor, b.points, a.points);
                } else {
                    assert_eq!(a.points, b.points, "{name} case {case}: {:?} should not move", b.factor);
                }
            }
            let ok = if up { after.score >= before.score } else { after.score <= before.score };
            assert!(ok, "{name} case {case}: score {} → {}", before.score, after.score);
            moved += usize::from(after.score != before.score);
            before = after;
        }
    }
    // The property is not vacuous: the changes do move scores.
    assert!(moved > 100, "{name}: only {moved} score changes");
}

#[test]
fn more_bounces_never_raise_the_score() {
    check_monotone("bounces", &[Factor::Bounces], false, |rng, p| match rng.below(3) {
        0 => p.outward_chq_bounces = p.outward_chq_bounces.max(Money::ZERO) + rng.raise(),
        1 => p.inward_chq_bounces = p.inward_chq_bounces.max(Money::ZERO) + rng.raise(),
        _ => {
            // A month gains a bounce, a null month included.
            let i = rng.below(6) as usize;
            let was = p.monthly.total_inward_payment_bounce[i].unwrap_or(Money::ZERO).max(Money::ZERO);
            p.monthly.total_inward_payment_bounce[i] = Some(was + rng.raise());
        }
    });
}

#[test]
fn more_penal_charges_never_raise_the_score() {
    check_monotone("penal", &[Factor::PenalCharges], false, |rng, p| {
        p.total_bounce_or_penal_charge = p.total_bounce_or_penal_charge.max(Money::ZERO) + rng.raise();
    });
}

#[test]
fn higher_balances_never_lower_the_score() {
    check_monotone("balances", &[Factor::BalanceLevel, Factor::BalanceStability], true, |rng, p| {
        let all = rng.chance(50);
        let m = &mut p.monthly;
        for values in [&mut m.avg_balance, &mut m.min_balance, &mut m.max_balance, &mut m.bal_last] {
            raise_months(rng, values, all);
        }
    });
}

#[test]
fn higher_income_never_lowers_the_score() {
    let income = [Factor::IncomeLevel, Factor::IncomeRegularity, Factor::Obligations];
    check_monotone("income", &income, true, |rng, p| {
        let all = rng.chance(50);
        raise_months(rng, &mut p.monthly.income, all);
        raise_months(rng, &mut p.monthly.total_salary, all);
        p.total_income += rng.raise();
    });
}

#[test]
fn random_predictors_stay_within_bounds() {
    let mut rng = Rng(42);
    for _ in 0..5_000 {
        let card = score(&random_predictors(&mut rng));
        assert!((MIN_SCORE..=MAX_SCORE).contains(&card.score));
        assert!(card.points <= MAX_POINTS);
        assert_eq!(card.points, card.factors.iter().map(|f| u32::from(f.points)).sum::<u32>());
        assert_eq!(card.score, points_to_score(card.points));
        assert_eq!(card.factors.len(), Factor::ALL.len());
        assert!(card.factors.iter().all(|f| f.points <= f.max_points && !f.reason.is_empty()));
    }
}

/// The worked example's inputs as markdown tables, for the document.
fn example_inputs_markdown(p: &Predictors) -> String {
    use crate::resources::MonthShape;
    let cell = |v: &Option<Money>| v.map_or("null".to_string(), rupees);
    let mut out = String::from("| Predictor |");
    for (i, m) in p.months.iter().enumerate() {
        let label = m.map_or("null".to_string(), |m| m.format(MonthShape::LowerShortLabel));
        out.push_str(&format!(" {i} ({label}) |"));
    }
    out.push_str("\n|---|---:|---:|---:|---:|---:|---:|\n");
    let m = &p.monthly;
    let rows = [
        ("avg_balance_N", &m.avg_balance),
        ("min_balance_N", &m.min_balance),
        ("income_N", &m.income),
        ("total_inward_payment_bounce_N", &m.total_inward_payment_bounce),
    ];
    for (key, values) in rows {
        let cells: Vec<String> = values.iter().map(cell).collect();
        out.push_str(&format!("| `{key}` | {} |\n", cells.join(" | ")));
    }
    out.push_str("\n| Predictor | Value |\n|---|---:|\n");
    let totals = [
        ("total_emi_ecs_loan", p.total_emi_ecs_loan),
        ("total_creditcard_payment", p.total_creditcard_payment),
        ("outward_chq_bounces", p.outward_chq_bounces),
        ("inward_chq_bounces", p.inward_chq_bounces),
        ("total_bounce_or_penal_charge", p.total_bounce_or_penal_charge),
        ("total_cash_withdrawal", p.total_cash_withdrawal),
        ("debits", p.debits),
    ];
    for (key, value) in totals {
        out.push_str(&format!("| `{key}` | {} |\n", rupees(value)));
    }
    out.push_str(&format!("| `month_duration` | {} |\n", p.month_duration));
    out
}

const DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/scorecard.md");

/// `text` with the section between `<!-- begin generated: NAME (...) -->` and
/// `<!-- end generated: NAME -->` replaced by `body`; `None` without the markers.
fn replace_section(text: &str, name: &str, body: &str) -> Option<String> {
    // The space keeps `example` from matching `example-inputs`.
    let begin = format!("<!-- begin generated: {name} ");
    let end = format!("<!-- end generated: {name} -->");
    let start = text.find(&begin)?;
    let open_end = start + text[start..].find("-->")? + 3;
    let close = open_end + text[open_end..].find(&end)?;
    Some(format!("{}\n{body}{}", &text[..open_end], &text[close..]))
}

/// The committed document holds exactly the generated tables and worked
/// example; `UPDATE_GOLDEN=1` rewrites its generated sections.
#[test]
fn the_document_matches_the_code() {
    let committed = std::fs::read_to_string(DOC).unwrap_or_else(|e| panic!("{DOC}: {e}"));
    let tables = scorecard_markdown();
    let example = score(&worked_example()).to_markdown();
    let inputs = example_inputs_markdown(&worked_example());
    let generated = replace_section(&committed, "tables", &tables)
        .and_then(|t| replace_section(&t, "example-inputs", &inputs))
        .and_then(|t| replace_section(&t, "example", &example))
        .unwrap_or_else(|| panic!("{DOC}: generated-section markers missing"));
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(DOC, &generated).unwrap_or_else(|e| panic!("{DOC}: {e}"));
        return;
    }
    assert!(
        committed == generated,
        "docs/scorecard.md differs from the scorecard in code; rerun with UPDATE_GOLDEN=1 \
         (cargo test -p bankscope --lib analysis::score) if the change is intended"
    );
    // And the document's hand-written example totals agree with the code.
    assert!(committed.contains("615 of 1000") && committed.contains("**669**"));
}
