//! Narration classification and the transaction analyses.
//!
//! - `classify/narrations`: one [`Classifier`] over the labelled narration set
//!   of `core/tests/data/narrations.tsv` (533 narrations of every bank and
//!   channel, hard cases included), in narrations per second. Target: at least
//!   1,000,000 narrations/s on one core.
//! - `analyses/{1k,100k,1M}`: salary, recurring, lender, expense categories
//!   and top credits/debits together on one account of synthetic enriched
//!   transactions. Target: at most 100 ms at 100,000; the three sizes show the
//!   growth is linear. The statement spans 12 months; the mix (see
//!   [`synthetic`]) has monthly salary and EMIs, rent, weekly milk, bills, UPI
//!   to merchants and to a pool of people that grows with the size, business
//!   NEFT, cash, card spends, charges and interest, each narration with its own
//!   reference number as real statements print them.
//! - `analysis_100k/*`: each of the five alone at 100,000, to see where the
//!   time goes.
//!
//! Time is the benchmark thread's CPU time ([`CpuTime`], Linux
//! `CLOCK_THREAD_CPUTIME_ID`), not wall time: the targets are "on one core",
//! and on a shared machine wall time also counts the time other processes held
//! the core. Elsewhere it falls back to wall time and says so.
//! `BANKSCOPE_BENCH_WALL=1` measures wall time.

use std::hint::black_box;

use bankscope::analysis::{categories, recurring, top};
use bankscope::enrich::{Classifier, enrich};
use bankscope::enrich::{lender, salary};
use bankscope::{Metadata, Money, Transaction, TxnType};
use chrono::{Duration, NaiveDate, NaiveDateTime};
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

const NARRATIONS: &str = include_str!("../../core/tests/data/narrations.tsv");
const HOLDER: &str = "ANIL KUMAR VERMA";

/// The benchmark thread's CPU time in nanoseconds (see the module docs).
struct CpuTime {
    wall: WallTime,
    start: std::time::Instant,
    cpu: bool,
}

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
mod thread_clock {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }

    #[allow(unsafe_code)]
    unsafe extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }

    /// `CLOCK_THREAD_CPUTIME_ID` on Linux.
    const THREAD_CPUTIME: i32 = 3;

    /// The calling thread's CPU time in nanoseconds, exact to the call (the
    /// kernel brings the running thread's count up to date).
    pub fn nanos() -> Option<u64> {
        let mut ts = Timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `ts` is a valid, writable timespec for the duration of the
        // call; glibc's clock_gettime writes only it.
        #[allow(unsafe_code)]
        let rc = unsafe { clock_gettime(THREAD_CPUTIME, &mut ts) };
        (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
    }
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
mod thread_clock {
    pub fn nanos() -> Option<u64> {
        None
    }
}

impl CpuTime {
    fn new() -> CpuTime {
        let cpu = std::env::var_os("BANKSCOPE_BENCH_WALL").is_none() && thread_clock::nanos().is_some();
        if !cpu {
            eprintln!("classify bench: measuring wall time");
        }
        CpuTime { wall: WallTime, start: std::time::Instant::now(), cpu }
    }

    fn now(&self) -> u64 {
        let wall = || self.start.elapsed().as_nanos() as u64;
        if self.cpu { thread_clock::nanos().unwrap_or_else(wall) } else { wall() }
    }
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        self.now()
    }
    fn end(&self, start: u64) -> u64 {
        self.now().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        // Nanoseconds, like wall time.
        self.wall.formatter()
    }
}

fn metadata() -> Metadata {
    Metadata {
        names: vec![HOLDER.into()],
        employer_names: vec!["Zenith Softlabs".into()],
        companies_for_self_transfer: vec!["Verma Trading Co".into()],
    }
}

/// (narration, type, amount) of every row of the labelled set.
fn labelled() -> Vec<(String, TxnType, Money)> {
    NARRATIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let kind = match *f.get(1)? {
                "credit" => TxnType::Credit,
                "debit" => TxnType::Debit,
                _ => return None,
            };
            let amount = Money::from_f64_rupees(f.get(2)?.parse().ok()?);
            Some((f.get(3)?.to_string(), kind, amount))
        })
        .collect()
}

fn bench_classify(c: &mut Criterion<CpuTime>) {
    let rows = labelled();
    assert!(rows.len() >= 500, "labelled set has {} rows", rows.len());
    let classifier = Classifier::new(&metadata(), HOLDER);
    let mut g = c.benchmark_group("classify");
    g.throughput(Throughput::Elements(rows.len() as u64));
    g.bench_function("narrations", |b| {
        b.iter(|| {
            for (note, kind, amount) in &rows {
                black_box(classifier.classify(black_box(note), *kind, *amount));
            }
        })
    });
    g.finish();
}

/// A small deterministic generator (xorshift64*), so every run sees the same data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn pick<'a>(&mut self, v: &[&'a str]) -> &'a str {
        v[self.below(v.len() as u64) as usize]
    }
}

const MERCHANTS: &[&str] = &[
    "SWIGGY",
    "ZOMATO",
    "BIGBASKET",
    "AMAZON PAY",
    "FLIPKART",
    "UBER INDIA",
    "OLA CABS",
    "IRCTC",
    "NETFLIX",
    "HPCL",
    "APOLLO PHARMACY",
    "DMART",
    "MYNTRA",
    "BLINKIT",
    "ZEPTO",
    "RELIANCE TRENDS",
];
const FIRST: &[&str] = &[
    "RAHUL", "PRIYA", "AMIT", "SNEHA", "RAJESH", "POOJA", "VIKRAM", "ANITA", "SURESH", "KAVITA", "ARJUN", "MEERA",
    "SANJAY", "NEHA", "DEEPAK", "ASHA",
];
const LAST: &[&str] = &[
    "SHARMA", "SINGH", "GUPTA", "PATEL", "IYER", "RAO", "DESAI", "KULKARNI", "CHAUHAN", "NAIR", "REDDY", "JOSHI",
    "MEHTA",
];
const FIRMS: &[&str] = &[
    "KRISHNA AGENCIES",
    "MEHTA FABRICS PVT LTD",
    "SURAT SILK MILLS",
    "GUJARAT TEXTILES PVT LTD",
    "RAJ TRANSPORT CO",
    "SHREE GANESH TRADERS",
    "ORBIT LOGISTICS LLP",
];

fn at(start: NaiveDateTime, day: i64, secs: i64) -> NaiveDateTime {
    start + Duration::days(day) + Duration::seconds(secs)
}

/// `n` enriched transactions of one account over 12 months (see the module docs).
fn synthetic(n: usize) -> Vec<Transaction> {
    let start = NaiveDate::from_ymd_opt(2024, 4, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ n as u64);
    let people = (n / 200).max(8);
    let mut rows: Vec<(NaiveDateTime, String, TxnType, i64)> = Vec::with_capacity(n + 64);
    // The fixed monthly and weekly patterns of a salaried customer.
    for m in 0..12i64 {
        let r = rng.below(1_000_000_000);
        rows.push((
            at(start, m * 30 + 29, 36_000),
            format!("NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-ANIL KUMAR VERMA-CITIN{r}-SALARY"),
            TxnType::Credit,
            85_000,
        ));
        rows.push((at(start, m * 30 + 4, 3_600), format!("ACH D- BAJAJ FINANCE LTD-{r}"), TxnType::Debit, 4_500));
        rows.push((
            at(start, m * 30, 30_000),
            format!("UPI/DR/{r}/MEERA IYER/SBIN/meera.iyer@oksbi/rent"),
            TxnType::Debit,
            15_000,
        ));
        rows.push((at(start, m * 30 + 11, 40_000), format!("BIL/BPAY/{r}/BESCOM"), TxnType::Debit, 800 + 90 * m));
    }
    for w in 0..52i64 {
        let r = rng.below(1_000_000_000);
        rows.push((
            at(start, w * 7, 25_000),
            format!("UPI/P2M/{r}/COUNTRY DELIGHT/Axis Bank/Pay"),
            TxnType::Debit,
            350 + (w % 3) * 10,
        ));
    }
    while rows.len() < n {
        let day = rng.below(365) as i64;
        let secs = rng.below(86_400) as i64;
        let r = 400_000_000_000 + rng.below(99_999_999_999);
        let person = rng.below(people as u64) as usize;
        let name = format!("{} {}", FIRST[person % FIRST.len()], LAST[(person / FIRST.len()) % LAST.len()]);
        let name = if person >= FIRST.len() * LAST.len() { format!("{name} {}", person) } else { name };
        let (note, kind, rupees) = match rng.below(100) {
            0..=29 => {
                (format!("UPI/P2M/{r}/{}/Axis Bank/Pay", rng.pick(MERCHANTS)), TxnType::Debit, 50 + rng.below(2_000))
            }
            30..=44 => {
                let handle = name.to_ascii_lowercase().replace(' ', ".");
                (format!("UPI/DR/{r}/{name}/SBIN/{handle}@oksbi/UPI"), TxnType::Debit, 100 + rng.below(5_000))
            }
            45..=54 => (format!("UPI/CR/{r}/{name}/HDFC/{r}@okhdfc/payment"), TxnType::Credit, 100 + rng.below(8_000)),
            55..=64 => (
                format!("NEFT CR-HDFC0000240-{}-ANIL KUMAR VERMA-HDFCN{r}", rng.pick(FIRMS)),
                TxnType::Credit,
                5_000 + rng.below(60_000),
            ),
            65..=72 => (
                format!("NEFT DR-SBIN0001234-{}-NETBANK, MUM-N{r}-INVOICE {}", rng.pick(FIRMS), r % 10_000),
                TxnType::Debit,
                2_000 + rng.below(80_000),
            ),
            73..=77 => (format!("MMT/IMPS/{r}/{name}/HDFC BANK"), TxnType::Debit, 500 + rng.below(20_000)),
            78..=81 => {
                (format!("ATW-416021XXXXXX4321-S1ANMU{:02}-MUMBAI", r % 100), TxnType::Debit, 500 * (1 + rng.below(20)))
            }
            82..=86 => {
                (format!("POS 416021XXXXXX4321 {}", rng.pick(MERCHANTS)), TxnType::Debit, 100 + rng.below(6_000))
            }
            87..=89 => ("CASH DEPOSIT BY SELF-SION BRANCH".to_string(), TxnType::Credit, 1_000 * (1 + rng.below(50))),
            90..=92 => (format!("CLG/{:06}/{}/SVC BANK", r % 1_000_000, rng.pick(FIRMS)), TxnType::Credit, {
                10_000 + rng.below(90_000)
            }),
            93..=95 => (format!("SMS CHGS QTR ENDED {}", r % 1000), TxnType::Debit, 15 + rng.below(10)),
            96..=97 => (format!("IMPS-{r}-KREDITBEE-LOAN EMI"), TxnType::Debit, 2_000 + rng.below(3_000)),
            _ => (format!("UPI/REV/{r}/FAILED TXN"), TxnType::Credit, 10 + rng.below(2_000)),
        };
        rows.push((at(start, day, secs), note, kind, rupees as i64));
    }
    rows.truncate(n.max(1));
    rows.sort_by_key(|r| r.0);
    let mut balance = Money::from_rupees(1_000_000);
    let mut txns: Vec<Transaction> = rows
        .into_iter()
        .map(|(date, note, kind, rupees)| {
            let amount = Money::from_rupees(rupees);
            balance += kind.signed(amount);
            Transaction::new(date, note, kind, amount, balance)
        })
        .collect();
    bankscope::model::assign_hashes("hdfc", "50100012345678", &mut txns);
    enrich(&mut txns, &metadata(), HOLDER);
    txns
}

/// The five transaction analyses (salary, recurring, lenders, categories, top) on one account's transactions.
fn all_analyses(t: &[Transaction], md: &Metadata) -> usize {
    let s = salary::detect(t, md);
    let r = recurring::detect(t);
    let l = lender::detect(t);
    let c = categories::expense_shares(t);
    let top = top::top5(t);
    s.len() + r.credit.len() + r.debit.len() + l.len() + c.len() + top.credit.len() + top.debit.len()
}

fn bench_analyses(c: &mut Criterion<CpuTime>) {
    let md = metadata();
    let mut g = c.benchmark_group("analyses");
    for (label, n) in [("1k", 1_000usize), ("100k", 100_000), ("1M", 1_000_000)] {
        if n >= 1_000_000 {
            g.sample_size(10);
        }
        g.throughput(Throughput::Elements(n as u64));
        // Built on first use, so a filtered run (`--bench analyses/1k`) does
        // not build and enrich the million rows.
        let mut data: Option<Vec<Transaction>> = None;
        g.bench_function(BenchmarkId::from_parameter(label), |b| {
            let t = data.get_or_insert_with(|| synthetic(n));
            b.iter(|| black_box(all_analyses(black_box(t), &md)))
        });
    }
    g.finish();
}

/// Each analysis alone at 100,000 transactions, to see where the time goes.
fn bench_each(c: &mut Criterion<CpuTime>) {
    let md = metadata();
    let mut g = c.benchmark_group("analysis_100k");
    g.throughput(Throughput::Elements(100_000));
    g.sample_size(20);
    let mut data: Option<Vec<Transaction>> = None;
    let mut run = |name: &str, f: &dyn Fn(&[Transaction]) -> usize| {
        g.bench_function(name, |b| {
            let t = data.get_or_insert_with(|| synthetic(100_000));
            b.iter(|| black_box(f(black_box(t))))
        });
    };
    run("salary", &|t| salary::detect(t, &md).len());
    run("recurring", &|t| recurring::detect(t).debit.len());
    run("lender", &|t| lender::detect(t).len());
    run("categories", &|t| categories::expense_shares(t).len());
    run("top", &|t| top::top5(t).debit.len());
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime::new());
    targets = bench_classify, bench_analyses, bench_each
}
criterion_main!(benches);
