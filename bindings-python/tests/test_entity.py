"""bankscope.Entity against real fixture statements: values, errors, threads."""

from __future__ import annotations

import json
import threading
from decimal import Decimal
from pathlib import Path
from typing import Any, Dict, List

import pytest

import bankscope
from conftest import STATEMENTS, one_page_pdf, truth


def test_a_fixture_statement_reads_to_its_truth(sbi):
    data, want = sbi
    entity = bankscope.Entity(link_id="cust-42")
    summary = entity.add_pdf(data, password=want["password"])
    assert summary["bank"] == "sbi"
    assert summary["name"] == "ARJUN MANOJ DAS" == want["identity"]["name"]
    assert summary["account_number"] == "31208104530" == want["identity"]["account_number"]
    assert summary["transactions"] == 150 == len(want["transactions"])
    assert summary["balance_breaks"] == 0
    # The reading report: every row proven by the balance chain.
    assert summary["reconciles"] is True
    assert summary["rows_proven"] == 150
    assert summary["reading"].startswith("150 rows read, 150 proven by the balance chain")

    identity = entity.identity()
    assert identity["entity_id"] == entity.entity_id
    (item,) = identity["identity"]
    assert item["name"] == want["identity"]["name"]
    assert item["address"] == want["identity"]["address"]
    assert item["account_id"] == summary["account_id"]

    rows = entity.transactions()["transactions"]
    assert len(rows) == 150
    # Truth row 0: 2025-01-01, debit 3,116.50 leaving 1,17,228.11.
    first = rows[0]
    assert (first["date"], first["transaction_type"]) == ("2025-01-01 00:00:00", "debit")
    assert (first["amount"], first["balance"]) == (3116.50, 117228.11)
    # Every row matches its truth row on date, direction and amount.
    for got, exp in zip(rows, want["transactions"]):
        assert got["date"] == exp["date"]
        assert got["transaction_type"] == exp["type"]
        assert Decimal(str(got["amount"])) == Decimal(exp["amount"])

    (account,) = entity.accounts()["accounts"]
    assert account["account_number"] == "31208104530"
    assert entity.link_id == "cust-42"


def test_a_path_reads_like_its_bytes(sbi):
    data, want = sbi
    by_path = bankscope.analyze(STATEMENTS / "sbi_fpdf2_encrypted.pdf", password=want["password"])
    by_str = bankscope.analyze(str(STATEMENTS / "sbi_fpdf2_encrypted.pdf"), want["password"], "sbi")
    by_bytes = bankscope.analyze(bytearray(data), password=want["password"])
    counts = [len(e.transactions()["transactions"]) for e in (by_path, by_str, by_bytes)]
    assert counts == [150, 150, 150]


def test_response_json_keeps_two_decimals_for_exact_sums(sbi):
    data, want = sbi
    entity = bankscope.analyze(data, password=want["password"])
    text = entity.response_json("transactions")
    assert '"amount":3116.50,' in text
    exact = json.loads(text, parse_float=Decimal)["transactions"]
    credits = sum(t["amount"] for t in exact if t["transaction_type"] == "credit")
    debits = sum(t["amount"] for t in exact if t["transaction_type"] == "debit")
    # Opening + credits - debits = closing, to the paisa (truth identity block).
    opening = Decimal(want["identity"]["opening_balance"])
    closing = Decimal(want["identity"]["closing_balance"])
    assert opening + credits - debits == closing


def test_transactions_of_one_account_and_unknown_accounts(sbi):
    data, want = sbi
    entity = bankscope.analyze(data, password=want["password"])
    account_id = entity.accounts()["accounts"][0]["account_id"]
    assert len(entity.transactions(account_id)["transactions"]) == 150
    with pytest.raises(bankscope.InvalidArgument, match="no account"):
        entity.transactions("not-an-account")
    with pytest.raises(bankscope.InvalidArgument, match="resource"):
        entity.response_json("no_such_endpoint")


def test_wrong_password_raises_password_incorrect_and_adds_nothing(sbi):
    data, _ = sbi
    entity = bankscope.Entity()
    for password in ("wrong", None):
        with pytest.raises(bankscope.PasswordIncorrect) as info:
            entity.add_pdf(data, password=password)
        assert isinstance(info.value, bankscope.BankscopeError)
    assert entity.accounts()["accounts"] == []
    assert entity.accounts()["progress"] == []


def _letter() -> bytes:
    return one_page_pdf(
        [
            (60.0, 80.0, 11.0, "Dear Sir,"),
            (60.0, 100.0, 11.0, "Thank you for your letter of 3 March. We are glad to confirm"),
            (60.0, 115.0, 11.0, "the booking of the hall for the annual function on 12 April."),
            (60.0, 150.0, 11.0, "Yours sincerely,"),
        ]
    )


def _statement_without_table() -> bytes:
    return one_page_pdf(
        [
            (40.0, 40.0, 16.0, "HDFC BANK"),
            (40.0, 60.0, 10.0, "Statement of Account"),
            (40.0, 80.0, 9.0, "Account No : 50100123456789"),
            (40.0, 92.0, 9.0, "IFSC : HDFC0001234"),
            (40.0, 120.0, 9.0, "Your transactions are available in the mobile app."),
        ]
    )


@pytest.mark.parametrize(
    "make,kwargs,error",
    [
        (lambda: b"hello, not a pdf", {}, bankscope.Malformed),
        (lambda: b"%PDF-1.4\n garbage", {}, bankscope.Malformed),
        (lambda: one_page_pdf([], image=True), {}, bankscope.PdfIsImage),
        (lambda: one_page_pdf([]), {}, bankscope.NotAStatement),
        (_letter, {}, bankscope.NotAStatement),
        (_statement_without_table, {}, bankscope.UnsupportedFormat),
        (lambda: (STATEMENTS / "hdfc_chromium_small.pdf").read_bytes(), {"bank_name": "sbi"}, bankscope.BankNameMismatch),
        (
            lambda: (STATEMENTS.parent / "pdf" / "hostile" / "bomb-1gib.pdf").read_bytes(),
            {},
            bankscope.LimitExceeded,
        ),
    ],
    ids=["garbage", "broken-pdf", "scan", "blank-page", "letter", "no-table", "other-bank", "bomb"],
)
def test_each_bad_input_raises_its_own_subclass(make, kwargs, error):
    with pytest.raises(error) as info:
        bankscope.Entity().add_pdf(make(), **kwargs)
    assert type(info.value) is error
    assert isinstance(info.value, bankscope.BankscopeError)


def test_a_missing_file_is_an_os_error():
    with pytest.raises(FileNotFoundError):
        bankscope.analyze(STATEMENTS / "no-such-file.pdf")


def test_metadata_keys_are_checked():
    entity = bankscope.Entity(metadata={"names": ["ARJUN MANOJ DAS"], "employer_names": ["ACME"]})
    assert entity.accounts()["accounts"] == []
    with pytest.raises(bankscope.InvalidArgument, match="employer_name"):
        bankscope.Entity(metadata={"employer_name": ["ACME"]})  # type: ignore[typeddict-unknown-key]


def _without_entity_ids(rows: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    # account_id derives from the (random) entity id; everything else is the statement's.
    return [{k: v for k, v in r.items() if k != "account_id"} for r in rows]


def test_threads_analyse_concurrently_with_equal_results(sbi):
    data, want = sbi
    results: List[Any] = [None] * 4

    def work(i: int) -> None:
        try:
            results[i] = _without_entity_ids(
                bankscope.analyze(data, password=want["password"]).transactions()["transactions"]
            )
        except BaseException as e:  # surfaced by the assertions below
            results[i] = e

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(isinstance(r, list) for r in results), results
    assert len(results[0]) == 150
    assert all(r == results[0] for r in results[1:])


def test_threads_share_one_entity(sbi):
    data, want = sbi
    entity = bankscope.Entity()
    summaries: List[Any] = [None] * 4

    def work(i: int) -> None:
        try:
            summaries[i] = entity.add_pdf(data, password=want["password"])
        except BaseException as e:
            summaries[i] = e

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(isinstance(s, dict) for s in summaries), summaries
    # Four statements of one account: one account id, four distinct statements.
    assert len({s["account_id"] for s in summaries}) == 1
    assert len({s["statement_id"] for s in summaries}) == 4
    assert len(entity.accounts()["progress"]) == 4
    assert len(entity.accounts()["accounts"]) == 1


def test_aa_data_reads_from_text_bytes_and_path(tmp_path):
    sample = {
        "Account": {
            "type": "deposit",
            "maskedAccNumber": "XXXXXXXX4521",
            "linkedAccRef": "ref-1",
            "Profile": {
                "Holders": {
                    "type": "SINGLE",
                    "Holder": [{"name": "RAHUL KUMAR SHARMA", "address": "12 MG ROAD, PUNE", "pan": "ABCDE1234F"}],
                }
            },
            "Summary": {"currentBalance": "70000.00", "currency": "INR", "branch": "PUNE", "ifscCode": "HDFC0000001"},
            "Transactions": {
                "startDate": "2025-01-01",
                "endDate": "2025-01-31",
                "Transaction": [
                    {
                        "type": "CREDIT",
                        "mode": "UPI",
                        "amount": "65000.00",
                        "currentBalance": "70000.00",
                        "transactionTimestamp": "2025-01-01T10:12:44+05:30",
                        "valueDate": "2025-01-01",
                        "txnId": "T1",
                        "narration": "UPI/CR/ACME",
                        "reference": "R1",
                    }
                ],
            },
        }
    }
    text = json.dumps(sample)
    path = tmp_path / "aa.json"
    path.write_text(text)
    for data in (text, text.encode(), path):
        entity = bankscope.Entity()
        try:
            (summary,) = entity.add_aa(data, bank_name="hdfc")
        except bankscope.BankscopeError as e:  # pragma: no cover - shows the reason
            pytest.fail(f"AA sample refused: {e}")
        assert summary["account_number"] == "XXXXXXXX4521"
        assert summary["transactions"] == 1
        (row,) = entity.transactions()["transactions"]
        assert (row["amount"], row["transaction_type"]) == (65000.0, "credit")
    with pytest.raises(bankscope.BankscopeError):
        bankscope.Entity().add_aa(b"{not json")


# Each read endpoint, the method that reads it and the key only it carries.
ENDPOINTS = [
    ("accounts", "accounts"),
    ("identity", "identity"),
    ("transactions", "transactions"),
    ("salary", "transactions"),
    ("recurring_transactions", "transactions"),
    ("lender_transactions", "transactions"),
    ("expense_categories", "categories"),
    ("top_credits_debits", "top_5_credit_debit"),
    ("monthly_analysis", "monthly_analysis"),
    ("predictors", "predictors"),
    ("score", "score"),
]


@pytest.mark.parametrize("method,key", ENDPOINTS, ids=[m for m, _ in ENDPOINTS])
def test_every_endpoint_returns_its_response(sbi, method, key):
    # Every JSON endpoint is computed by the library: no error is allowed here.
    # (xlsx_report is the exception, see the xlsx tests below.)
    data, want = sbi
    entity = bankscope.analyze(data, password=want["password"])
    response = getattr(entity, method)()
    assert response["entity_id"] == entity.entity_id
    assert key in response
    assert isinstance(response["progress"], list)
    (progress,) = response["progress"]
    assert progress["status"] == "completed"


def _truth_by_month(want: Dict[str, Any], kind: str) -> Dict[str, Decimal]:
    """Truth amounts of one direction summed per month label (Mmm-YYYY)."""
    import datetime

    sums: Dict[str, Decimal] = {}
    for row in want["transactions"]:
        if row["type"] == kind:
            day = datetime.datetime.strptime(row["date"], "%Y-%m-%d %H:%M:%S")
            label = day.strftime("%b-%Y")
            sums[label] = sums.get(label, Decimal(0)) + Decimal(row["amount"])
    return sums


def test_salary_monthly_and_score_values(sbi):
    data, want = sbi
    entity = bankscope.analyze(data, password=want["password"])
    (account,) = entity.accounts()["accounts"]
    account_id = account["account_id"]

    # Salary: the truth has five NEFT credits "INFOSYS LIMITED*SALARY <MON> 2025" of
    # 2,08,500.00 on the last working day of Jan..May 2025; each is the salary of
    # its own month (month_year M-YYYY, no zero padding).
    salary = entity.salary()["transactions"]
    assert [(t["date"][:10], t["amount"], t["transaction_type"]) for t in salary] == [
        ("2025-01-31", 208500.0, "credit"),
        ("2025-02-28", 208500.0, "credit"),
        ("2025-03-31", 208500.0, "credit"),
        ("2025-04-30", 208500.0, "credit"),
        ("2025-05-30", 208500.0, "credit"),
    ]
    assert [t["month_year"] for t in salary] == ["1-2025", "2-2025", "3-2025", "4-2025", "5-2025"]
    assert all(t["account_id"] == account_id for t in salary)
    assert entity.salary(account_id)["transactions"] == salary

    # Monthly: amt_credit / amt_debit per Mmm-YYYY month equal the truth rows
    # summed by month (exact, as Decimal); the period is Jan..May 2025.
    text = entity.response_json("monthly_analysis_updated")
    monthly = json.loads(text, parse_float=Decimal)["monthly_analysis"][account_id]["monthly_analysis"]
    for field, kind in (("amt_credit", "credit"), ("amt_debit", "debit")):
        expected = _truth_by_month(want, kind)
        assert list(expected) == ["Jan-2025", "Feb-2025", "Mar-2025", "Apr-2025", "May-2025"]
        assert monthly[field] == expected, field

    # Score: one per account, a decimal integer string in the range 300..900.
    (score,) = entity.score()["score"]
    assert score["account_id"] == account_id
    assert isinstance(score["score"], str) and score["score"].isdigit(), score
    assert 300 <= int(score["score"]) <= 900, score


# The sheets of a one-account workbook, in order (core/src/report/sheets/mod.rs SHEETS).
ACCOUNT_SHEETS = [
    "Overview",
    "Transactions",
    "Daily EOD Balances",
    "Monthly Analysis",
    "Salary",
    "Recurring Credits",
    "Recurring Debits",
    "Loans and EMIs",
    "Bounces and Penal Charges",
    "Top 5 Credits",
    "Top 5 Debits",
    "Expense Categories",
    "Predictors",
    "Frauds",
    "Fraud Transactions",
]


def _sheet_names(workbook: Path) -> List[str]:
    """The sheet names listed in xl/workbook.xml of an xlsx file, in order."""
    import xml.etree.ElementTree as ET
    import zipfile

    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    with zipfile.ZipFile(workbook) as archive:
        assert archive.testzip() is None
        root = ET.fromstring(archive.read("xl/workbook.xml"))
    return [sheet.attrib["name"] for sheet in root.iter(f"{main}sheet")]


def test_xlsx_report_writes_a_workbook(sbi, tmp_path):
    data, want = sbi
    entity = bankscope.analyze(data, password=want["password"])
    account_id = entity.accounts()["accounts"][0]["account_id"]

    written = entity.xlsx_report(tmp_path / "report.xlsx")
    assert written == tmp_path / "report.xlsx"
    assert written.read_bytes()[:4] == b"PK\x03\x04"
    assert _sheet_names(written) == ACCOUNT_SHEETS

    # A str path and one account by id give the same one-account workbook.
    by_id = entity.xlsx_report(str(tmp_path / "by-id.xlsx"), account_id=account_id)
    assert _sheet_names(by_id) == ACCOUNT_SHEETS

    raw = entity.xlsx_bytes()
    assert isinstance(raw, bytes) and raw[:4] == b"PK\x03\x04"
    # 150 rows in 15 sheets are tens of kilobytes; 4 KiB rules out an empty archive.
    assert len(raw) > 4096
    (tmp_path / "raw.xlsx").write_bytes(raw)
    assert _sheet_names(tmp_path / "raw.xlsx") == ACCOUNT_SHEETS


def test_xlsx_report_errors(sbi, tmp_path):
    data, want = sbi
    with pytest.raises(bankscope.InvalidArgument, match="no statements"):
        bankscope.Entity().xlsx_bytes()
    entity = bankscope.analyze(data, password=want["password"])
    target = tmp_path / "never.xlsx"
    with pytest.raises(bankscope.InvalidArgument, match="no account \"nope\""):
        entity.xlsx_report(target, account_id="nope")
    assert not target.exists()
    with pytest.raises(bankscope.InvalidArgument, match="no account"):
        entity.xlsx_bytes("nope")
    # The JSON endpoint holds links to hosted workbooks: a typed error, not a stub.
    with pytest.raises(bankscope.InvalidArgument, match="xlsx_report"):
        entity.response_json("xlsx_report")


def test_to_dataframe_needs_pandas_only_when_called(sbi):
    data, want = sbi
    rows = bankscope.analyze(data, password=want["password"]).transactions()["transactions"]
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pandas"):
            bankscope.to_dataframe(rows)
        return
    frame = bankscope.to_dataframe(rows)
    assert len(frame) == 150
    assert {"date", "amount", "balance", "transaction_type"} <= set(frame.columns)
    assert frame["amount"].iloc[0] == 3116.50


def test_the_underwriting_example_runs(tmp_path):
    import subprocess
    import sys

    from conftest import REPO

    example = REPO / "examples" / "python" / "underwriting.py"
    run = subprocess.run(
        [sys.executable, str(example), str(STATEMENTS / "hdfc_chromium_small.pdf"), "", str(tmp_path / "m.png")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    want = truth("hdfc_chromium_small")
    assert f"holder:  {want['identity']['name']}" in run.stdout
    assert f"transactions: {len(want['transactions'])}" in run.stdout
    # One table row per statement month (Mmm-YYYY labels): the truth's period is 2025-04-01..2025-06-30.
    table = run.stdout.split("transactions:", 1)[1]
    assert [m for m in ("Mar-2025", "Apr-2025", "May-2025", "Jun-2025", "Jul-2025") if m in table] == [
        "Apr-2025",
        "May-2025",
        "Jun-2025",
    ]
    # Each month's row shows its truth credits and debits; the script formats with
    # ",.2f" (Western grouping, 1,234.50) with or without pandas.
    credits, debits = _truth_by_month(want, "credit"), _truth_by_month(want, "debit")
    rows = {line.split(" ", 1)[0]: line for line in table.splitlines()}
    for month in ("Apr-2025", "May-2025", "Jun-2025"):
        line = rows[month]
        assert f"{credits.get(month, Decimal(0)):,.2f}" in line, line
        assert f"{debits.get(month, Decimal(0)):,.2f}" in line, line
