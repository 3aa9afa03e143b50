//! EOD balances, monthly analysis and predictors over one account of 1k, 100k
//! and 1M synthetic enriched transactions (transactions per second).
//!
//! The transactions span twelve months whatever their number (a busy current
//! account), with a salary on the 1st of each month, EMIs, charges, bounces,
//! cash, UPI and card spend, so every branch of the tally runs. The target for
//! monthly analysis + predictors + score + fraud together is at most 2 s for
//! 1M transactions on one core, and linear (10x transactions, at most 11x time).
//!
//! `cargo bench -p bankscope-benches --bench analytics`; add e.g.
//! `-- analytics/monthly/1000000` for one size.

use std::hint::black_box;

use bankscope::Money;
use bankscope::analysis::{eod, fraud, monthly, predictors, score};
use bankscope::enrich::{lender, salary};
use bankscope::model::{Identity, Metadata, Transaction, TxnType};
use bankscope::resources::{MonthlyAnalysis, YearMonth};
use bankscope::taxonomy::{Channel, description};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// Deterministic pseudo-random numbers (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % below.max(1)
    }
}

/// `n` enriched transactions of one account over twelve months, in date order.
fn synthetic(n: usize) -> Vec<Transaction> {
    // Dates without naming chrono (not a dependency of this crate): the
    // 365 days from 1 July 2024, 19,905 days after the Unix epoch.
    let epoch = Transaction::new(Default::default(), "", TxnType::Credit, Money::ZERO, Money::ZERO).date.date();
    let days: Vec<_> = epoch.iter_days().skip(19_905).take(365).collect();
    assert_eq!(days.first().and_then(YearMonth::of), YearMonth::new(2024, 7));
    let mut rng = Lcg(42);
    let mut balance = Money::from_rupees(1_000_000);
    let mut out = Vec::with_capacity(n);
    let mut last_salary_month = None;
    for i in 0..n {
        // Evenly spread over the year, in order, with a time of day.
        let secs = (i as u64 * 365 * 86_400 / n.max(1) as u64) as usize;
        let (day, s) = (secs / 86_400, (secs % 86_400) as u32);
        let date = days[day].and_hms_opt(s / 3600, s % 3600 / 60, s % 60).unwrap_or_default();
        let month = YearMonth::of(&date);
        let (kind, channel, desc, clean, amount) = if month != last_salary_month {
            last_salary_month = month;
            (TxnType::Credit, Channel::Salary, "", "ACME SOFTWARE PVT LTD", 85_000)
        } else {
            match rng.next(20) {
                0..=6 => (TxnType::Debit, Channel::Upi, "", "SWIGGY", 100 + rng.next(2_000) as i64),
                7 => (TxnType::Credit, Channel::Upi, "Transfer from RAHUL", "RAHUL", 200 + rng.next(5_000) as i64),
                8 => (TxnType::Debit, Channel::DebitCard, "", "DMART", 500 + rng.next(5_000) as i64),
                9 => (TxnType::Debit, Channel::CashWithdrawl, "", "", 2_000 + rng.next(8_000) as i64),
                10 => (TxnType::Credit, Channel::CashDeposit, "", "", 5_000 + rng.next(20_000) as i64),
                11 => (
                    TxnType::Debit,
                    Channel::AutoDebitPayment,
                    description::LENDER_TRANSACTION,
                    "BAJAJ FINANCE",
                    12_450,
                ),
                12 => (TxnType::Debit, Channel::BillPayment, description::CREDIT_CARD_BILL, "HDFC CARD", 8_000),
                13 => (TxnType::Debit, Channel::BankCharge, description::ACH_BOUNCE_CHARGE, "", 590),
                14 => (
                    TxnType::Credit,
                    Channel::AutoDebitPaymentBounce,
                    description::LENDER_TRANSACTION,
                    "BAJAJ FINANCE",
                    12_450,
                ),
                15 => (
                    TxnType::Credit,
                    Channel::NetBankingTransfer,
                    "",
                    "KUMAR TRADERS PVT LTD",
                    10_000 + rng.next(90_000) as i64,
                ),
                16 => (TxnType::Debit, Channel::NetBankingTransfer, "", "SUPPLIER", 5_000 + rng.next(50_000) as i64),
                17 => (TxnType::Debit, Channel::Chq, "", "", 10_000),
                18 => (TxnType::Credit, Channel::Refund, "", "AMAZON", 649),
                _ => (TxnType::Debit, Channel::SelfTransfer, description::SELF_TRANSFER, "", 20_000),
            }
        };
        let amount = Money::from_rupees(amount);
        balance += kind.signed(amount);
        let mut t = Transaction::new(date, "SYNTHETIC NARRATION", kind, amount, balance);
        t.channel = channel;
        t.description = desc.to_string();
        t.clean_note = clean.to_string();
        t.hash = format!("{i:032x}");
        out.push(t);
    }
    out
}

fn bench(c: &mut Criterion) {
    let metadata = Metadata::default();
    let identity =
        Identity { name: "PRIYA SHARMA".into(), account_number: "50100234567891".into(), ..Identity::default() };
    let mut g = c.benchmark_group("analytics");
    for n in [1_000usize, 100_000, 1_000_000] {
        let txns = synthetic(n);
        g.throughput(Throughput::Elements(n as u64));
        if n >= 100_000 {
            g.sample_size(10);
        }
        g.bench_with_input(BenchmarkId::new("eod", n), &txns, |b, t| b.iter(|| black_box(eod::eod_balances(t))));
        // Each with the account's salary and lender transactions decided
        // first, as the account's analysis does once for all of them.
        g.bench_with_input(BenchmarkId::new("monthly", n), &txns, |b, t| {
            b.iter(|| {
                let (s, l) = (salary::detect(t, &metadata), lender::detect(t));
                black_box(MonthlyAnalysis::from_tally(&monthly::tally(t, &s, &l)))
            })
        });
        g.bench_with_input(BenchmarkId::new("predictors", n), &txns, |b, t| {
            b.iter(|| {
                let (s, l) = (salary::detect(t, &metadata), lender::detect(t));
                black_box(predictors::from_tally(&monthly::tally(t, &s, &l), "hdfc", &identity))
            })
        });
        // What a caller that needs both gets from one tally.
        g.bench_with_input(BenchmarkId::new("monthly+predictors", n), &txns, |b, t| {
            b.iter(|| {
                let (s, l) = (salary::detect(t, &metadata), lender::detect(t));
                let tally = monthly::tally(t, &s, &l);
                black_box((MonthlyAnalysis::from_tally(&tally), predictors::from_tally(&tally, "hdfc", &identity)))
            })
        });
        // The detections the tally starts from (not in this crate's control).
        g.bench_with_input(BenchmarkId::new("salary+lender_detect", n), &txns, |b, t| {
            b.iter(|| black_box((salary::detect(t, &metadata), lender::detect(t))))
        });
    }
    g.finish();
}

/// One figure for the whole month-level work: what the monthly analysis, predictors,
/// score and fraud responses compute for one account, together (one tally
/// shared by monthly analysis, predictors and score, as the responses share
/// it; fraud's transaction and behavioural checks). Goal: at most 2 s for
/// 1,000,000 transactions on one core, and linear from 100k to 1M.
fn bench_issue6(c: &mut Criterion) {
    let metadata = Metadata::default();
    let identity =
        Identity { name: "PRIYA SHARMA".into(), account_number: "50100234567891".into(), ..Identity::default() };
    let mut g = c.benchmark_group("issue6");
    g.sample_size(10);
    for n in [100_000usize, 1_000_000] {
        let txns = synthetic(n);
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::new("monthly+predictors+score+fraud", n), &txns, |b, t| {
            b.iter(|| {
                // Salary and lenders decided once, as the account's analysis does.
                let (s, l) = (salary::detect(t, &metadata), lender::detect(t));
                let tally = monthly::tally(t, &s, &l);
                let analysis = MonthlyAnalysis::from_tally(&tally);
                let p = predictors::from_tally(&tally, "hdfc", &identity);
                let card = score::score(&p);
                let mut findings = fraud::transaction_checks(t, Money::ZERO);
                findings.extend(fraud::behavioural_checks(t, &s));
                black_box((analysis, card, findings))
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench, bench_issue6);
criterion_main!(benches);
