// A Node service's view of bankscope: read statements off the event loop,
// branch on the error code, and pick fields out of the interface's JSON.
//
//   npx tsc -p examples && node ...   (type-checked by scripts/test)
//   usage: underwriting <statement.pdf> [password] [more.pdf ...]

import { readFile } from 'node:fs/promises';

import { Entity, analyze, errorCodes, type StatementSummary } from '../index.js';

/** The first account's holder and transaction count, or why it failed. */
async function summarise(path: string, password?: string): Promise<string> {
  try {
    const entity = await analyze(path, { password });
    const [person] = entity.identity().identity;
    const count: number = entity.transactions().transactions.length;
    return `${person.name} (${person.account_number}): ${count} transactions`;
  } catch (err) {
    const code = (err as { code?: string }).code;
    switch (code) {
      case 'PASSWORD_INCORRECT':
        return `${path}: wrong or missing password`;
      case 'PDF_IS_IMAGE':
        return `${path}: a scanned statement; ask for the bank's PDF`;
      case 'ENOENT':
        return `${path}: no such file`;
      default:
        if (code !== undefined && errorCodes().includes(code)) {
          return `${path}: ${code}: ${(err as Error).message}`;
        }
        throw err;
    }
  }
}

/** Several statements of one customer read concurrently into one entity. */
async function oneCustomer(paths: string[], password?: string): Promise<StatementSummary[]> {
  const entity = new Entity({ linkId: 'customer-42', metadata: { employerNames: ['ACME'] } });
  const buffers = await Promise.all(paths.map((p) => readFile(p)));
  const summaries = await Promise.all(buffers.map((b) => entity.addPdf(b, { password })));
  console.log(`${entity.accounts().accounts.length} account(s), ${summaries.length} statement(s)`);
  return summaries;
}

async function main(): Promise<void> {
  const [path, password, ...more] = process.argv.slice(2);
  if (path === undefined) {
    console.error('usage: underwriting <statement.pdf> [password] [more.pdf ...]');
    process.exitCode = 2;
    return;
  }
  console.log(await summarise(path, password || undefined));
  for (const s of await oneCustomer([path, ...more], password || undefined)) {
    console.log(`${s.bank} ${s.account_number} ${s.period_from ?? '?'}..${s.period_to ?? '?'}: ${s.transactions} rows`);
  }
}

main().catch((err: Error & { code?: string }) => {
  console.error(`${err.code ?? 'ERROR'}: ${err.message}`);
  process.exitCode = 1;
});
