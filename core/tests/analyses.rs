//! Hand-checked analyses: for salary, recurring sets, lender
//! transactions, expense categories and top credits/debits, a small statement
//! whose expected output is worked out by hand in the comments.

use bankscope::analysis::recurring::Cadence;
use bankscope::analysis::{categories, recurring, top};
use bankscope::enrich::enrich;
use bankscope::enrich::{lender, salary};
use bankscope::resources::{MonthShape, YearMonth};
use bankscope::taxonomy::Channel;
use bankscope::{Metadata, Money, Transaction, TxnType};
use chrono::{NaiveDate, NaiveDateTime};

const HOLDER: &str = "ANIL KUMAR VERMA";

fn at(y: i32, m: u32, d: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(y, m, d).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default()
}

/// One row: (year, month, day), type, rupees, narration.
type Row<'a> = ((i32, u32, u32), TxnType, f64, &'a str);

/// Builds an enriched statement; the balance is not used by these analyses.
fn statement(rows: &[Row<'_>]) -> Vec<Transaction> {
    let mut v: Vec<Transaction> = rows
        .iter()
        .map(|&((y, m, d), kind, rupees, note)| {
            Transaction::new(at(y, m, d), note, kind, Money::from_f64_rupees(rupees), Money::ZERO)
        })
        .collect();
    enrich(&mut v, &Metadata::default(), HOLDER);
    v
}

use TxnType::{Credit as C, Debit as D};

#[test]
fn salary_by_keyword_and_by_regularity() {
    let mut t = statement(&[
        /* 0 */ ((2025, 1, 3), C, 15_000.0, "UPI/CR/501000000001/RAHUL SHARMA/SBIN/rahul@oksbi/rent"),
        /* 1 */
        ((2025, 1, 7), C, 30_000.0, "NEFT CR-HDFC0000240-ORBIT LOGISTICS LLP-ANIL KUMAR VERMA-HDFCN25010700001"),
        /* 2 */
        ((2025, 1, 15), C, 12_000.0, "NEFT CR-SBIN0001234-KRISHNA AGENCIES-ANIL KUMAR VERMA-SBINN25011500001"),
        /* 3 */
        (
            (2025, 1, 31),
            C,
            85_000.0,
            "NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-ANIL KUMAR VERMA-CITIN1-SALARY JAN 2025",
        ),
        /* 4 */
        ((2025, 2, 2), C, 45_000.0, "NEFT CR-SBIN0001234-KRISHNA AGENCIES-ANIL KUMAR VERMA-SBINN25020200001"),
        /* 5 */ ((2025, 2, 3), C, 15_000.0, "UPI/CR/502000000001/RAHUL SHARMA/SBIN/rahul@oksbi/rent"),
        /* 6 */
        ((2025, 2, 7), C, 30_000.0, "NEFT CR-HDFC0000240-ORBIT LOGISTICS LLP-ANIL KUMAR VERMA-HDFCN25020700001"),
        /* 7 */
        (
            (2025, 2, 10),
            C,
            20_000.0,
            "NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-ANIL KUMAR VERMA-CITIN2-SALARY ADVANCE",
        ),
        /* 8 */
        ((2025, 2, 12), C, 2_500.0, "NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-ANIL KUMAR VERMA-CITIN3-SAL ARREARS"),
        /* 9 */ ((2025, 2, 20), D, 12_000.0, "NEFT DR-SBIN0001234-SUNITA RAO-NETBANK, MUM-N1-MAID SALARY FEB"),
        /* 10 */
        (
            (2025, 3, 1),
            C,
            85_000.0,
            "NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-ANIL KUMAR VERMA-CITIN4-SALARY FEB 2025",
        ),
        /* 11 */ ((2025, 3, 3), C, 15_000.0, "UPI/CR/503000000001/RAHUL SHARMA/SBIN/rahul@oksbi/rent"),
        /* 12 */ ((2025, 4, 3), C, 15_000.0, "UPI/CR/504000000001/RAHUL SHARMA/SBIN/rahul@oksbi/rent"),
        /* 13 */
        ((2025, 4, 8), C, 30_000.0, "NEFT CR-HDFC0000240-ORBIT LOGISTICS LLP-ANIL KUMAR VERMA-HDFCN25040800001"),
        /* 14 */
        ((2025, 4, 20), C, 8_000.0, "NEFT CR-SBIN0001234-KRISHNA AGENCIES-ANIL KUMAR VERMA-SBINN25042000001"),
        /* 15 */ ((2025, 5, 3), C, 15_000.0, "UPI/CR/505000000001/RAHUL SHARMA/SBIN/rahul@oksbi/rent"),
        /* 16 */
        ((2025, 5, 7), C, 31_500.0, "NEFT CR-HDFC0000240-ORBIT LOGISTICS LLP-ANIL KUMAR VERMA-HDFCN25050700001"),
    ]);
    // By hand:
    // - 3 and 10 say SALARY, are above ₹3,000 and are not advances. 3 is paid on
    //   31 Jan → for January (1-2025); 10 on 1 Mar (≤ 5th) → for February (2-2025).
    // - 7 is a salary advance and 8 is below ₹3,000: neither counts. 9 is a debit.
    // - Orbit Logistics LLP (an organisation) credits 30,000 / 30,000 / 30,000 /
    //   31,500 on the 7th, 7th, 8th and 7th of Jan, Feb, Apr, May: median 30,000,
    //   all within ±20%, days within 7 of the usual 7th, March missing once only
    //   → salary by regularity, months 1, 2, 4, 5 of 2025 (paid after the 5th).
    // - Krishna Agencies pays 12,000 / 45,000 / 8,000: median 12,000, only one
    //   amount within ±20% → not regular.
    // - Rahul Sharma pays 15,000 every month by UPI, but is a person and UPI →
    //   not salary.
    let hits = salary::detect(&t, &Metadata::default());
    let got: Vec<(usize, String, &str)> =
        hits.iter().map(|h| (h.index, h.month_year.format(MonthShape::MonthYear), h.employer.as_str())).collect();
    assert_eq!(
        got,
        vec![
            (1, "1-2025".to_string(), "Orbit Logistics LLP"),
            (3, "1-2025".to_string(), "Zenith Softlabs Pvt Ltd"),
            (6, "2-2025".to_string(), "Orbit Logistics LLP"),
            (10, "2-2025".to_string(), "Zenith Softlabs Pvt Ltd"),
            (13, "4-2025".to_string(), "Orbit Logistics LLP"),
            (16, "5-2025".to_string(), "Orbit Logistics LLP"),
        ]
    );
    // The account stage marks them as salary in place.
    salary::apply(&mut t, &hits);
    let marked: Vec<usize> =
        t.iter().enumerate().filter(|(_, x)| x.channel == Channel::Salary).map(|(i, _)| i).collect();
    assert_eq!(marked, vec![1, 3, 6, 10, 13, 16]);

    // Employer names from the metadata: Krishna Agencies becomes an employer, so
    // all three of its credits (each ≥ ₹3,000) count, whatever their amounts.
    let md = Metadata { employer_names: vec!["Krishna Agencies".into()], ..Default::default() };
    let with_employer: Vec<usize> = salary::detect(&t, &md).iter().map(|h| h.index).collect();
    assert_eq!(with_employer, vec![1, 2, 3, 4, 6, 10, 13, 14, 16]);
}

#[test]
fn recurring_sets_monthly_weekly_quarterly() {
    let t = statement(&[
        ((2024, 6, 30), C, 120.0, "SB:Int.Pd:01-04-2024 to 30-06-2024"),
        ((2024, 9, 30), C, 135.0, "SB:Int.Pd:01-07-2024 to 30-09-2024"),
        ((2024, 12, 31), C, 128.0, "SB:Int.Pd:01-10-2024 to 31-12-2024"),
        ((2025, 1, 1), D, 15_000.0, "UPI/DR/501000000010/PRIYA SINGH/SBIN/priya.singh@oksbi/rent"),
        ((2025, 1, 3), D, 250.0, "UPI/P2M/501000000011/SWIGGY/Axis Bank/Pay"),
        ((2025, 1, 4), D, 350.0, "UPI/P2M/501000000012/COUNTRY DELIGHT/Axis Bank/Pay"),
        ((2025, 1, 5), D, 4_500.0, "ACH D- BAJAJ FINANCE LTD-7000111"),
        ((2025, 1, 9), D, 420.0, "UPI/P2M/501000000013/SWIGGY/Axis Bank/Pay"),
        ((2025, 1, 11), D, 380.0, "UPI/P2M/501000000014/COUNTRY DELIGHT/Axis Bank/Pay"),
        ((2025, 1, 12), D, 820.0, "BIL/BPAY/001234501/BESCOM"),
        ((2025, 1, 18), D, 350.0, "UPI/P2M/501000000015/COUNTRY DELIGHT/Axis Bank/Pay"),
        ((2025, 1, 20), D, 380.0, "UPI/P2M/501000000016/SWIGGY/Axis Bank/Pay"),
        ((2025, 1, 25), D, 360.0, "UPI/P2M/501000000017/COUNTRY DELIGHT/Axis Bank/Pay"),
        ((2025, 1, 31), C, 85_000.0, "NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-ANIL KUMAR VERMA-CITIN1-SALARY"),
        ((2025, 2, 1), D, 15_000.0, "UPI/DR/502000000010/PRIYA SINGH/SBIN/priya.singh@oksbi/rent"),
        ((2025, 2, 1), D, 355.0, "UPI/P2M/502000000012/COUNTRY DELIGHT/Axis Bank/Pay"),
        ((2025, 2, 5), D, 4_500.0, "ACH D- BAJAJ FINANCE LTD-7000222"),
        ((2025, 2, 12), D, 1_640.0, "BIL/BPAY/001234502/BESCOM"),
        ((2025, 2, 14), D, 500.0, "UPI/DR/502000000013/PRIYA SINGH/SBIN/priya.singh@oksbi/gift"),
        ((2025, 2, 14), D, 610.0, "UPI/P2M/502000000014/SWIGGY/Axis Bank/Pay"),
        ((2025, 2, 28), C, 85_000.0, "NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-ANIL KUMAR VERMA-CITIN2-SALARY"),
        ((2025, 3, 2), D, 15_000.0, "UPI/DR/503000000010/PRIYA SINGH/SBIN/priya.singh@oksbi/rent"),
        ((2025, 3, 5), D, 4_500.0, "ACH D- BAJAJ FINANCE LTD-7000333"),
        ((2025, 3, 13), D, 2_300.0, "BIL/BPAY/001234503/BESCOM"),
        ((2025, 3, 31), C, 131.0, "SB:Int.Pd:01-01-2025 to 31-03-2025"),
        ((2025, 3, 31), C, 85_000.0, "NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-ANIL KUMAR VERMA-CITIN3-SALARY"),
        ((2025, 4, 1), D, 15_000.0, "UPI/DR/504000000010/PRIYA SINGH/SBIN/priya.singh@oksbi/rent"),
        ((2025, 5, 1), D, 16_500.0, "UPI/DR/505000000010/PRIYA SINGH/SBIN/priya.singh@oksbi/rent"),
        ((2025, 5, 5), D, 4_500.0, "ACH D- BAJAJ FINANCE LTD-7000555"),
    ]);
    // By hand, debits:
    // - Bajaj Finance EMI 4,500 on 5 Jan, 5 Feb, 5 Mar, (April missed), 5 May:
    //   gaps 31, 28, 61 days (61 = two periods, one missed) → monthly, 4 members,
    //   median 4,500, AUTO_DEBIT_PAYMENT.
    // - Priya Singh rent 15,000 ×4 then 16,500 (+10% drift, one cluster) on
    //   1 Jan .. 1 May → monthly, 5 members, median 15,000, UPI. The 500 gift on
    //   14 Feb is its own amount cluster and stays out.
    // - Country Delight 350/380/350/360/355 every 7 days from 4 Jan to 1 Feb →
    //   weekly, 5 members, median 355.
    // - BESCOM 820 / 1,640 / 2,300 (each > 25% above the last: no cluster of 3)
    //   but one a month over 3 months → the whole group chained monthly:
    //   3 members, median 1,640, BILL_PAYMENT.
    // - Swiggy 250/420/380/610 on 3, 9, 20 Jan and 14 Feb: the 380–420 cluster
    //   has 2, and 4 orders in 2 months is more than one a month → not recurring.
    // Credits:
    // - Interest 120/135/128/131 at quarter ends (gaps 92, 92, 90) → quarterly,
    //   median (128 + 131) / 2 = 129.50, BANK_INTEREST.
    // - Salary 85,000 on 31 Jan, 28 Feb, 31 Mar → monthly, median 85,000, SALARY.
    let r = recurring::detect(&t);
    type Summary = (String, usize, String, String, String, Cadence, String);
    let summary = |sets: &[recurring::RecurringSet]| -> Vec<Summary> {
        sets.iter()
            .map(|s| {
                (
                    s.clean_note.clone(),
                    s.indices.len(),
                    s.start.format("%Y-%m-%d").to_string(),
                    s.end.format("%Y-%m-%d").to_string(),
                    s.median.to_string(),
                    s.cadence,
                    s.channel.upper(),
                )
            })
            .collect()
    };
    let s = |x: &str| x.to_string();
    assert_eq!(
        summary(&r.debit),
        vec![
            (s("Priya Singh"), 5, s("2025-01-01"), s("2025-05-01"), s("15000.00"), Cadence::Monthly, s("UPI")),
            (s("Dairy"), 5, s("2025-01-04"), s("2025-02-01"), s("355.00"), Cadence::Weekly, s("UPI")),
            (
                s("Bajaj Finance"),
                4,
                s("2025-01-05"),
                s("2025-05-05"),
                s("4500.00"),
                Cadence::Monthly,
                s("AUTO_DEBIT_PAYMENT")
            ),
            (s("BESCOM"), 3, s("2025-01-12"), s("2025-03-13"), s("1640.00"), Cadence::Monthly, s("BILL_PAYMENT")),
        ]
    );
    assert_eq!(
        summary(&r.credit),
        vec![
            (s("Interest"), 4, s("2024-06-30"), s("2025-03-31"), s("129.50"), Cadence::Quarterly, s("BANK_INTEREST")),
            (
                s("Zenith Softlabs Pvt Ltd"),
                3,
                s("2025-01-31"),
                s("2025-03-31"),
                s("85000.00"),
                Cadence::Monthly,
                s("SALARY")
            ),
        ]
    );
}

#[test]
fn lender_transactions() {
    let t = statement(&[
        /* 0 */ ((2025, 4, 5), D, 4_500.0, "ACH D- BAJAJ FINANCE LTD-7000111"),
        /* 1 */ ((2025, 4, 6), C, 35_000.0, "IMPS-412345678901-KREDITBEE-LOAN DISBURSAL"),
        /* 2 */ ((2025, 4, 7), D, 3_200.0, "ACH D- RETURN-HDB FINANCIAL SERVICES-INSUFF BAL"),
        /* 3 */ ((2025, 4, 7), D, 590.0, "NACH RTN CHGS 070425 INCL GST"),
        /* 4 */ ((2025, 4, 8), D, 350.0, "UPI/P2M/412345678902/SWIGGY/Axis Bank/Pay"),
        /* 5 */ ((2025, 4, 10), D, 22_000.0, "TO TRANSFER-INB SBI HOME LOAN EMI 30123456789"),
        /* 6 */ ((2025, 4, 11), C, 5_000.0, "NEFT CR-HDFC0000240-RAHUL SHARMA-ANIL KUMAR VERMA-HDFCN1"),
        /* 7 */ ((2025, 4, 12), D, 1_200.0, "UPI/P2M/412345678903/NAVI MUMBAI MUNICIPAL CORP/Axis Bank/Pay"),
        /* 8 */ ((2025, 4, 13), D, 6_999.0, "POS 416021XXXXXX4321 BAJAJ ELECTRONICS"),
    ]);
    // By hand: 0 (Bajaj Finance EMI), 1 (KreditBee disbursal), 2 (HDB bounce)
    // and 5 (SBI home-loan EMI) are with lenders. 3 is the bank's charge for the
    // bounce, not a lender's. 6 only has an HDFC IFSC, 7 is Navi Mumbai's
    // municipal corporation (not the lender Navi), 8 is a shop called Bajaj.
    assert_eq!(lender::detect(&t), vec![0, 1, 2, 5]);
    for &i in &[0usize, 1, 2, 5] {
        assert_eq!(t[i].description, "lender_transaction", "{}", t[i].note);
        assert_eq!(t[i].merchant_category.as_str(), "loans", "{}", t[i].note);
    }
    assert_eq!(t[2].channel, Channel::AutoDebitPaymentBounce);
    assert_eq!(t[3].description, "ach_bounce_charge");
    assert_eq!((t[0].clean_note.as_str(), t[1].clean_note.as_str()), ("Bajaj Finance", "KreditBee"));
}

#[test]
fn expense_category_shares() {
    let t = statement(&[
        ((2025, 4, 1), C, 50_000.0, "NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-ANIL KUMAR VERMA-CITIN1-SALARY"),
        ((2025, 4, 2), D, 1_000.0, "UPI/P2M/412345678902/SWIGGY/Axis Bank/Pay"),
        ((2025, 4, 3), D, 500.0, "POS 416021XXXXXX4321 ZOMATO LTD"),
        ((2025, 4, 4), D, 1_500.0, "UPI/P2M/412345678903/BIGBASKET/Axis Bank/Pay"),
        ((2025, 4, 5), D, 3_000.0, "ATW-416021XXXXXX4321-S1ANMU12-MUMBAI"),
        ((2025, 4, 6), D, 2_000.0, "UPI/DR/412345678904/MEERA IYER/SBIN/meera.iyer@oksbi/dinner"),
        ((2025, 4, 7), D, 2_000.0, "ACH D- BAJAJ FINANCE LTD-7000111"),
        ((2025, 4, 8), D, 0.0, "SMS CHGS QTR ENDED MAR-25"),
    ]);
    // By hand: debits total 10,000 (the credit and the zero charge are ignored).
    // food = Swiggy 1,000 + Zomato 500 = 1,500 → 15%; groceries 1,500 → 15%;
    // cash_withdrawl (no merchant: the channel) 3,000 → 30%; upi (a person)
    // 2,000 → 20%; loans (Bajaj) 2,000 → 20%. Exact, sums to 100. Order: share
    // desc, then amount desc, then name.
    let got: Vec<(String, i64)> =
        categories::expense_shares(&t).into_iter().map(|c| (c.category, c.percentage)).collect();
    let s = |x: &str| x.to_string();
    assert_eq!(
        got,
        vec![(s("cash_withdrawl"), 30), (s("loans"), 20), (s("upi"), 20), (s("food"), 15), (s("groceries"), 15)]
    );

    // Rounding: food 1,005, fuel 1,000, travel 995 of 3,000 are 33.5%, 33.33%
    // and 33.17%. Floors 33 + 33 + 33 = 99; the missing point goes to the
    // largest remainder (food, .5) → 34 / 33 / 33, sum 100.
    let r = statement(&[
        ((2025, 4, 1), D, 1_005.0, "POS 416021XXXXXX4321 SWIGGY"),
        ((2025, 4, 2), D, 1_000.0, "POS 416021XXXXXX4321 HPCL KORAMANGALA"),
        ((2025, 4, 3), D, 995.0, "POS 416021XXXXXX4321 IRCTC"),
    ]);
    let got: Vec<(String, i64)> =
        categories::expense_shares(&r).into_iter().map(|c| (c.category, c.percentage)).collect();
    assert_eq!(got, vec![(s("food"), 34), (s("fuel"), 33), (s("travel"), 33)]);

    // Seven equal categories: 100/7 = 14.29 each; floors sum to 98; the two
    // missing points go, all remainders and amounts being equal, to the first
    // two names (alphabetically): entertainment, food.
    let seven = statement(&[
        ((2025, 4, 1), D, 100.0, "POS 416021XXXXXX4321 SWIGGY"),
        ((2025, 4, 1), D, 100.0, "POS 416021XXXXXX4321 HPCL"),
        ((2025, 4, 1), D, 100.0, "POS 416021XXXXXX4321 IRCTC"),
        ((2025, 4, 1), D, 100.0, "POS 416021XXXXXX4321 NETFLIX"),
        ((2025, 4, 1), D, 100.0, "POS 416021XXXXXX4321 APOLLO PHARMACY"),
        ((2025, 4, 1), D, 100.0, "POS 416021XXXXXX4321 BIGBASKET"),
        ((2025, 4, 1), D, 100.0, "POS 416021XXXXXX4321 MYNTRA"),
    ]);
    let got = categories::expense_shares(&seven);
    assert_eq!(got.iter().map(|c| c.percentage).sum::<i64>(), 100);
    assert_eq!((got[0].category.as_str(), got[0].percentage), ("entertainment", 15));
    assert_eq!((got[1].category.as_str(), got[1].percentage), ("food", 15));
    assert!(got[2..].iter().all(|c| c.percentage == 14));

    // No debits: no categories.
    assert!(categories::expense_shares(&t[..1]).is_empty());
}

#[test]
fn top_five_credits_and_debits() {
    let t = statement(&[
        ((2025, 1, 1), D, 3_000.0, "NOTE C"),
        ((2025, 1, 2), D, 3_000.0, "NOTE B"),
        ((2025, 1, 3), D, 5_000.0, "NOTE A"),
        ((2025, 1, 4), D, 1_000.0, "NOTE D"),
        ((2025, 1, 5), D, 1_500.0, "NOTE E"),
        ((2025, 1, 6), D, 1_000.0, "NOTE D"),
        ((2025, 1, 7), D, 500.0, "NOTE F"),
        ((2025, 1, 31), C, 50_000.0, "SALARY JAN"),
        ((2025, 2, 3), C, 100.0, "REFUND X"),
        ((2025, 2, 4), D, 250.0, "NOTE G"),
    ]);
    // By hand, Jan-25 debits: A 5,000; B and C 3,000 each (tie: C appeared first,
    // on 1 Jan); D twice 1,000 → one entry of 2,000; E 1,500; F 500 is sixth and
    // dropped. Jan-25 credits: the salary. Feb-25: the refund; the debit G.
    let r = top::top5(&t);
    let show = |v: &[top::MonthTop]| -> Vec<(String, Vec<(String, String)>)> {
        v.iter()
            .map(|m| {
                (
                    m.month.format(MonthShape::ShortLabel),
                    m.entries.iter().map(|(n, a)| (n.clone(), a.to_string())).collect(),
                )
            })
            .collect()
    };
    let e = |n: &str, a: &str| (n.to_string(), a.to_string());
    assert_eq!(
        show(&r.debit),
        vec![
            (
                "Jan-25".to_string(),
                vec![
                    e("NOTE A", "5000.00"),
                    e("NOTE C", "3000.00"),
                    e("NOTE B", "3000.00"),
                    e("NOTE D", "2000.00"),
                    e("NOTE E", "1500.00")
                ]
            ),
            ("Feb-25".to_string(), vec![e("NOTE G", "250.00")]),
        ]
    );
    assert_eq!(
        show(&r.credit),
        vec![
            ("Jan-25".to_string(), vec![e("SALARY JAN", "50000.00")]),
            ("Feb-25".to_string(), vec![e("REFUND X", "100.00")]),
        ]
    );
    assert_eq!(Some(r.credit[0].month), YearMonth::new(2025, 1));
}

#[test]
fn salary_exclusions_and_the_month_it_is_for() {
    let t = statement(&[
        /* 0 */
        ((2025, 4, 30), C, 60_000.0, "NEFT CR-HDFC0000240-ACME TECH PVT LTD-ANIL KUMAR VERMA-HDFCN1-SALARY APR 2025"),
        /* 1 */
        (
            (2025, 5, 10),
            C,
            8_400.0,
            "NEFT CR-HDFC0000240-ACME TECH PVT LTD-ANIL KUMAR VERMA-HDFCN2-TRAVEL REIMBURSEMENT",
        ),
        /* 2 */ ((2025, 5, 12), C, 60_000.0, "SALARY REVERSAL-ACME TECH PVT LTD-HDFCN1"),
        /* 3 */ ((2025, 5, 15), C, 25_000.0, "IMPS-512345678901-ACME TECH PVT LTD-SALARY ADV MAY"),
        /* 4 */
        ((2025, 6, 2), C, 60_000.0, "NEFT CR-HDFC0000240-ACME TECH PVT LTD-ANIL KUMAR VERMA-HDFCN3-SALARY MAY 2025"),
        /* 5 */ ((2025, 6, 20), D, 60_000.0, "NEFT DR-SBIN0001234-ACME TECH PVT LTD-SALARY REFUND"),
        /* 6 */
        ((2025, 7, 1), C, 61_000.0, "NEFT CR-HDFC0000240-ACME TECH PVT LTD-ANIL KUMAR VERMA-HDFCN25070100004"),
    ]);
    // By hand, without metadata:
    // - 0 says SALARY, paid 30 Apr (after the 5th) → for April, 4-2025.
    // - 4 says SALARY, paid 2 Jun (on or before the 5th) → for May, 5-2025.
    // - 1 is a reimbursement, 2 a reversal, 3 an advance: excluded although
    //   they say SALARY or come from the employer. 5 is a debit.
    // - 6 never says SALARY, but it is a transfer from the payer whose salary
    //   the keyword found (Acme), at the salary's amount, paid 1 Jul → June's
    //   pay, 6-2025, without metadata too (fixtures/entity3: an employer's
    //   month printed without the word, arrears, a bonus).
    let show = |hits: Vec<salary::SalaryHit>| -> Vec<(usize, String)> {
        hits.into_iter().map(|h| (h.index, h.month_year.format(MonthShape::MonthYear))).collect()
    };
    let s = |x: &str| x.to_string();
    assert_eq!(
        show(salary::detect(&t, &Metadata::default())),
        vec![(0, s("4-2025")), (4, s("5-2025")), (6, s("6-2025"))]
    );
    // With employer_names = ["Acme Tech"]: 6 names the employer and is
    // ≥ ₹3,000 → salary by that rule, employer shown as the metadata writes it. 1, 2 and 3 name the employer too but stay excluded.
    let md = Metadata { employer_names: vec!["Acme Tech".into()], ..Default::default() };
    let hits = salary::detect(&t, &md);
    assert_eq!(hits.last().map(|h| h.employer.as_str()), Some("Acme Tech"));
    assert_eq!(show(hits), vec![(0, s("4-2025")), (4, s("5-2025")), (6, s("6-2025"))]);
}

#[test]
fn each_salary_credit_says_why_and_each_lender_transaction_too() {
    let mut t = statement(&[
        /* 0 */ ((2025, 1, 30), C, 52_340.0, "NEFT CR-HDFC0000240-ZENITH SOFTLABS PVT LTD-ANIL KUMAR VERMA"),
        /* 1 */ ((2025, 2, 27), C, 52_340.0, "NEFT CR-HDFC0000240-ZENITH SOFTLABS PVT LTD-ANIL KUMAR VERMA"),
        /* 2 */ ((2025, 3, 28), C, 54_110.0, "NEFT CR-HDFC0000240-ZENITH SOFTLABS PVT LTD-ANIL KUMAR VERMA"),
        /* 3 */ ((2025, 3, 31), C, 41_000.0, "SALARY FOR MAR 2025 ORBIT LOGISTICS"),
        /* 4 */ ((2025, 2, 5), D, 12_430.0, "ACH D- BAJAJ FINANCE LTD-460112"),
        /* 5 */ ((2025, 3, 5), D, 12_430.0, "ACH D- BAJAJ FINANCE LTD-460113"),
    ]);
    let hits = salary::detect(&t, &Metadata::default());
    let why: Vec<(usize, &str)> = hits.iter().map(|h| (h.index, h.reason.as_str())).collect();
    // Zenith: three months, median 52,340.00, "PVT LTD" in the name → regular
    // pay; Orbit's credit says SALARY.
    assert_eq!(why.iter().map(|w| w.0).collect::<Vec<_>>(), vec![0, 1, 2, 3]);
    for &(i, reason) in &why[..3] {
        assert!(
            reason.starts_with("regular pay: 3 monthly credits from ")
                && reason.contains("around ₹52,340.00")
                && reason.ends_with("an employer by a company name"),
            "{i}: {reason}"
        );
    }
    assert_eq!(why[3].1, "the narration says salary, at least ₹3,000.00");
    salary::apply(&mut t, &hits);
    // The mandate EMIs: lender transactions, each with its reason.
    let lenders = lender::detect(&t);
    assert_eq!(lenders, vec![4, 5]);
    for i in lenders {
        let reason = lender::reason(&t[i]);
        assert!(reason.starts_with("EMI collected by mandate (NACH/ACH/ECS/SI) for "), "{reason}");
        assert!(reason.to_ascii_uppercase().contains("BAJAJ"), "{reason}");
    }
}
