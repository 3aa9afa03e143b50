// bankscope.Entity against real fixture statements: values, error codes,
// concurrent addPdf calls, every read endpoint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const bankscope = require('../index.js');
const { Entity, analyze } = bankscope;

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STATEMENTS = join(REPO, 'fixtures', 'statements');
const SBI = join(STATEMENTS, 'sbi_fpdf2_encrypted.pdf');
const sbiBytes = readFileSync(SBI);
const truth = (name) => JSON.parse(readFileSync(join(STATEMENTS, `${name}.truth.json`), 'utf8'));
const want = truth('sbi_fpdf2_encrypted');
const password = want.password;

/** A one-page PDF with Helvetica text, as core/tests/extract_errors.rs builds it. */
function onePagePdf(lines, { image = false } = {}) {
  // image: a 1x1 grey image drawn over the page (what a scan is).
  let content = image ? 'q 595 0 0 842 0 0 cm /Im1 Do Q\n' : '';
  for (const [x, y, size, text] of lines) {
    const esc = text.replaceAll('\\', '\\\\').replaceAll('(', '\\(').replaceAll(')', '\\)');
    content += `BT /F1 ${size} Tf 1 0 0 1 ${x} ${842 - y} Tm (${esc}) Tj ET\n`;
  }
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
    '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\nA\nendstream',
  ];
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const withoutAccountIds = (rows) => rows.map(({ account_id, ...rest }) => rest);

test('a fixture statement reads to its truth', async () => {
  const entity = new Entity({ linkId: 'cust-42' });
  const summary = await entity.addPdf(sbiBytes, { password });
  assert.equal(summary.bank, 'sbi');
  assert.equal(summary.name, 'ARJUN MANOJ DAS');
  assert.equal(summary.name, want.identity.name);
  assert.equal(summary.account_number, '31208104530');
  assert.equal(summary.transactions, 150);
  assert.equal(want.transactions.length, 150);
  assert.equal(summary.balance_breaks, 0);
  assert.equal(summary.reconciles, true);
  assert.equal(summary.rows_proven, summary.transactions);
  assert.ok(summary.reading.startsWith(`${summary.transactions} rows read, ${summary.transactions} proven`), summary.reading);
  assert.equal(summary.period_from, want.identity.period_from);
  assert.equal(summary.opening_balance, 120344.61);
  assert.equal(entity.linkId, 'cust-42');

  const identity = entity.identity();
  assert.equal(identity.entity_id, entity.entityId);
  assert.equal(identity.identity[0].address, want.identity.address);
  assert.equal(identity.identity[0].account_id, summary.account_id);

  const rows = entity.transactions().transactions;
  assert.equal(rows.length, 150);
  // Truth row 0: 2025-01-01, debit 3,116.50 leaving 1,17,228.11.
  assert.deepEqual(
    [rows[0].date, rows[0].transaction_type, rows[0].amount, rows[0].balance],
    ['2025-01-01 00:00:00', 'debit', 3116.5, 117228.11],
  );
  rows.forEach((row, i) => {
    const exp = want.transactions[i];
    assert.equal(row.date, exp.date, `row ${i}`);
    assert.equal(row.transaction_type, exp.type, `row ${i}`);
    assert.equal(row.amount.toFixed(2), exp.amount, `row ${i}`);
  });
  assert.equal(entity.transactions(summary.account_id).transactions.length, 150);
  assert.match(entity.responseJson('transactions'), /"amount":3116\.50,/);
});

test('addPdfSync and analyze read like addPdf', async () => {
  const sync = new Entity();
  assert.equal(sync.addPdfSync(sbiBytes, { password, bankName: 'sbi' }).transactions, 150);
  const analysed = await analyze(SBI, { password, linkId: 'x' });
  assert.ok(analysed instanceof Entity);
  assert.equal(analysed.linkId, 'x');
  assert.deepEqual(
    withoutAccountIds(analysed.transactions().transactions),
    withoutAccountIds(sync.transactions().transactions),
  );
});

test('a wrong password rejects with PASSWORD_INCORRECT and adds nothing', async () => {
  const entity = new Entity();
  for (const options of [{ password: 'wrong' }, undefined]) {
    await assert.rejects(entity.addPdf(sbiBytes, options), (err) => {
      assert.ok(err instanceof Error);
      assert.equal(err.code, 'PASSWORD_INCORRECT');
      return true;
    });
  }
  assert.throws(() => entity.addPdfSync(sbiBytes, { password: 'wrong' }), { code: 'PASSWORD_INCORRECT' });
  assert.deepEqual(entity.accounts().accounts, []);
  assert.deepEqual(entity.accounts().progress, []);
});

const letter = () =>
  onePagePdf([
    [60, 80, 11, 'Dear Sir,'],
    [60, 100, 11, 'Thank you for your letter of 3 March. We are glad to confirm'],
    [60, 115, 11, 'the booking of the hall for the annual function on 12 April.'],
    [60, 150, 11, 'Yours sincerely,'],
  ]);
const noTable = () =>
  onePagePdf([
    [40, 40, 16, 'HDFC BANK'],
    [40, 60, 10, 'Statement of Account'],
    [40, 80, 9, 'Account No : 50100123456789'],
    [40, 92, 9, 'IFSC : HDFC0001234'],
    [40, 120, 9, 'Your transactions are available in the mobile app.'],
  ]);
const BAD = [
  ['garbage', () => Buffer.from('hello, not a pdf'), {}, 'MALFORMED'],
  ['broken pdf', () => Buffer.from('%PDF-1.4\n garbage'), {}, 'MALFORMED'],
  ['scan', () => onePagePdf([], { image: true }), {}, 'PDF_IS_IMAGE'],
  ['blank page', () => onePagePdf([]), {}, 'NOT_A_STATEMENT'],
  ['letter', letter, {}, 'NOT_A_STATEMENT'],
  ['no table', noTable, {}, 'UNSUPPORTED_FORMAT'],
  ['other bank', () => readFileSync(join(STATEMENTS, 'hdfc_chromium_small.pdf')), { bankName: 'sbi' }, 'BANK_NAME_MISMATCH'],
  ['bomb', () => readFileSync(join(REPO, 'fixtures', 'pdf', 'hostile', 'bomb-1gib.pdf')), {}, 'LIMIT_EXCEEDED'],
];

for (const [name, make, options, code] of BAD) {
  test(`bad input (${name}) rejects with ${code}`, async () => {
    await assert.rejects(new Entity().addPdf(make(), options), (err) => {
      assert.ok(err instanceof Error);
      assert.equal(err.code, code);
      assert.ok(bankscope.errorCodes().includes(err.code));
      return true;
    });
  });
}

test('analyze of a missing file rejects with ENOENT', async () => {
  await assert.rejects(analyze(join(STATEMENTS, 'no-such-file.pdf')), { code: 'ENOENT' });
});

test('concurrent addPdf calls on separate entities give equal results', async () => {
  const entities = [0, 1, 2, 3].map(() => new Entity());
  const summaries = await Promise.all(entities.map((e) => e.addPdf(sbiBytes, { password })));
  assert.deepEqual(
    summaries.map((s) => s.transactions),
    [150, 150, 150, 150],
  );
  const results = entities.map((e) => withoutAccountIds(e.transactions().transactions));
  for (const r of results.slice(1)) assert.deepEqual(r, results[0]);
});

test('concurrent addPdf calls on one entity all land', async () => {
  const entity = new Entity();
  const summaries = await Promise.all([0, 1, 2, 3].map(() => entity.addPdf(sbiBytes, { password })));
  assert.equal(new Set(summaries.map((s) => s.account_id)).size, 1);
  assert.equal(new Set(summaries.map((s) => s.statement_id)).size, 4);
  assert.equal(entity.accounts().progress.length, 4);
  assert.equal(entity.accounts().accounts.length, 1);
});

test('AA data reads from text and bytes', () => {
  const sample = JSON.stringify({
    Account: {
      type: 'deposit',
      maskedAccNumber: 'XXXXXXXX4521',
      Profile: { Holders: { type: 'SINGLE', Holder: [{ name: 'RAHUL KUMAR SHARMA', pan: 'ABCDE1234F' }] } },
      Summary: { currentBalance: '70000.00', currency: 'INR', ifscCode: 'HDFC0000001' },
      Transactions: {
        startDate: '2025-01-01',
        endDate: '2025-01-31',
        Transaction: [
          {
            type: 'CREDIT',
            mode: 'UPI',
            amount: '65000.00',
            currentBalance: '70000.00',
            transactionTimestamp: '2025-01-01T10:12:44+05:30',
            valueDate: '2025-01-01',
            txnId: 'T1',
            narration: 'UPI/CR/ACME',
          },
        ],
      },
    },
  });
  for (const data of [sample, Buffer.from(sample)]) {
    const entity = new Entity();
    const [summary] = entity.addAa(data, 'hdfc');
    assert.equal(summary.account_number, 'XXXXXXXX4521');
    assert.equal(summary.source, 'online');
    const [row] = entity.transactions().transactions;
    assert.deepEqual([row.amount, row.transaction_type], [65000, 'credit']);
  }
  assert.throws(() => new Entity().addAa('{not json'), { code: 'MALFORMED' });
});

test('metadata is read by the core: camelCase keys work, unknown keys are INVALID_ARGUMENT', () => {
  const entity = new Entity({ metadata: { names: ['ARJUN DAS'], employerNames: ['ACME'], companiesForSelfTransfer: [] } });
  assert.equal(typeof entity.entityId, 'string');
  assert.throws(() => new Entity({ metadata: { employerName: ['ACME'] } }), { code: 'INVALID_ARGUMENT' });
  assert.throws(() => new Entity({ metadata: { names: 'ARJUN DAS' } }), { code: 'INVALID_ARGUMENT' });
});

test('unknown accounts and endpoints are INVALID_ARGUMENT', () => {
  const entity = new Entity();
  assert.throws(() => entity.transactions('not-an-account'), { code: 'INVALID_ARGUMENT' });
  assert.throws(() => entity.responseJson('no_such_endpoint'), { code: 'INVALID_ARGUMENT' });
});

// Each read method and the key only its response carries.
const ENDPOINTS = [
  ['accounts', 'accounts'],
  ['identity', 'identity'],
  ['transactions', 'transactions'],
  ['salary', 'transactions'],
  ['recurringTransactions', 'transactions'],
  ['lenderTransactions', 'transactions'],
  ['expenseCategories', 'categories'],
  ['topCreditsDebits', 'top_5_credit_debit'],
  ['monthlyAnalysis', 'monthly_analysis'],
  ['predictors', 'predictors'],
  ['score', 'score'],
];
const analysed = analyze(SBI, { password });

// Every JSON endpoint is computed by the library: no error is allowed here
// (xlsx_report is the exception, read through xlsxReport below).
for (const [method, key] of ENDPOINTS) {
  test(`endpoint ${method} returns its response`, async () => {
    const entity = await analysed;
    const response = entity[method]();
    assert.equal(response.entity_id, entity.entityId);
    assert.ok(key in response, `${key} in ${Object.keys(response)}`);
    assert.ok(Array.isArray(response.progress));
    assert.deepEqual(
      response.progress.map((p) => p.status),
      ['completed'],
    );
  });
}

/** Truth amounts of one direction summed per month label (Mmm-YYYY), in paise. */
function truthByMonth(kind) {
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  const sums = {};
  for (const row of want.transactions) {
    if (row.type !== kind) continue;
    const [y, m] = row.date.split('-');
    const label = `${months[Number(m) - 1]}-${y}`;
    sums[label] = (sums[label] ?? 0) + paise(row.amount);
  }
  return sums;
}

/** Rupees with two decimals ("3116.50") as integer paise, exactly. */
function paise(rupees) {
  const text = typeof rupees === 'number' ? rupees.toFixed(2) : rupees;
  const [whole, frac] = text.split('.');
  assert.equal(frac?.length, 2, `amount ${text}`);
  return Number(whole + frac);
}

test('salary, monthly analysis and score carry real values', async () => {
  const entity = await analysed;
  const [account] = entity.accounts().accounts;
  // The truth has five NEFT credits "INFOSYS LIMITED*SALARY <MON> 2025" of
  // 2,08,500.00 on the last working day of Jan..May 2025; month_year is M-YYYY.
  const salary = entity.salary().transactions;
  assert.deepEqual(
    salary.map((t) => [t.date.slice(0, 10), t.amount, t.transaction_type, t.month_year]),
    [
      ['2025-01-31', 208500, 'credit', '1-2025'],
      ['2025-02-28', 208500, 'credit', '2-2025'],
      ['2025-03-31', 208500, 'credit', '3-2025'],
      ['2025-04-30', 208500, 'credit', '4-2025'],
      ['2025-05-30', 208500, 'credit', '5-2025'],
    ],
  );
  assert.ok(salary.every((t) => t.account_id === account.account_id));

  // amt_credit / amt_debit per month equal the truth rows summed by month (in paise).
  const fields = entity.monthlyAnalysis().monthly_analysis[account.account_id].monthly_analysis;
  for (const [field, kind] of [['amt_credit', 'credit'], ['amt_debit', 'debit']]) {
    const expected = truthByMonth(kind);
    assert.deepEqual(Object.keys(expected), ['Jan-2025', 'Feb-2025', 'Mar-2025', 'Apr-2025', 'May-2025']);
    const got = Object.fromEntries(Object.entries(fields[field]).map(([m, v]) => [m, paise(v)]));
    assert.deepEqual(got, expected, field);
  }

  // One score per account: a decimal integer string in 300..900.
  const [score] = entity.score().score;
  assert.equal(score.account_id, account.account_id);
  assert.match(score.score, /^[0-9]+$/);
  const n = Number(score.score);
  assert.ok(n >= 300 && n <= 900, `score ${score.score}`);
});

// The sheets of a one-account workbook, in order (core/src/report/sheets/mod.rs SHEETS).
const ACCOUNT_SHEETS = [
  'Overview',
  'Transactions',
  'Daily EOD Balances',
  'Monthly Analysis',
  'Salary',
  'Recurring Credits',
  'Recurring Debits',
  'Loans and EMIs',
  'Bounces and Penal Charges',
  'Top 5 Credits',
  'Top 5 Debits',
  'Expense Categories',
  'Predictors',
  'Frauds',
  'Fraud Transactions',
];

test('xlsxReport returns the workbook as a Buffer', async () => {
  const entity = await analysed;
  const accountId = entity.accounts().accounts[0].account_id;
  for (const book of [entity.xlsxReport(), entity.xlsxReport(accountId)]) {
    assert.ok(Buffer.isBuffer(book));
    // A zip archive: local file header "PK\x03\x04"; 150 rows in 15 sheets are
    // tens of kilobytes, so 4 KiB rules out an empty archive.
    assert.deepEqual([...book.subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04]);
    assert.ok(book.length > 4096, `${book.length} bytes`);
    // Zip entry names are stored uncompressed, so the parts show in the bytes.
    assert.ok(book.includes('xl/workbook.xml'));
    assert.ok(book.includes('xl/worksheets/sheet15.xml'), 'fifteen sheets');
    assert.ok(!book.includes('xl/worksheets/sheet16.xml'), 'not sixteen');
    // The workbook part itself is deflated: inflate it from its local header
    // (30 bytes + name + extra field) and read the sheet names in order.
    const names = sheetNames(book);
    assert.deepEqual(names, ACCOUNT_SHEETS);
  }
});

/** The sheet names of xl/workbook.xml inside an xlsx Buffer. */
function sheetNames(book) {
  const { inflateRawSync } = require('node:zlib');
  const name = Buffer.from('xl/workbook.xml');
  // Find the local file header whose name is xl/workbook.xml.
  for (let at = book.indexOf('PK\x03\x04'); at >= 0; at = book.indexOf('PK\x03\x04', at + 4)) {
    const nameLen = book.readUInt16LE(at + 26);
    if (!book.subarray(at + 30, at + 30 + nameLen).equals(name)) continue;
    const method = book.readUInt16LE(at + 8);
    const flags = book.readUInt16LE(at + 6);
    const extraLen = book.readUInt16LE(at + 28);
    const start = at + 30 + nameLen + extraLen;
    let xml;
    if (method === 0 && (flags & 8) === 0) {
      xml = book.subarray(start, start + book.readUInt32LE(at + 18));
    } else {
      assert.equal(method, 8, 'deflate');
      // With a data descriptor the size may be absent here; raw inflate stops
      // at the end of the deflate stream whatever follows.
      xml = inflateRawSync(book.subarray(start));
    }
    return [...xml.toString('utf8').matchAll(/<sheet name="([^"]*)"/g)].map((m) => m[1]);
  }
  assert.fail('no xl/workbook.xml entry');
}

test('xlsxReport errors are INVALID_ARGUMENT', async () => {
  assert.throws(() => new Entity().xlsxReport(), { code: 'INVALID_ARGUMENT', message: /no statements/ });
  const entity = await analysed;
  assert.throws(() => entity.xlsxReport('not-an-account'), {
    code: 'INVALID_ARGUMENT',
    message: /no account "not-an-account"/,
  });
  // The JSON endpoint holds links to hosted workbooks: a typed error, not a stub.
  assert.throws(() => entity.responseJson('xlsx_report'), { code: 'INVALID_ARGUMENT', message: /xlsx_report/ });
});
