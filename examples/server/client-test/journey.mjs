// The hosted client page (redirect_url of interface 4.1) through a whole journey
// in headless Chromium: the Debian `chromium` binary driven by playwright-core.
//
// Starts the built server on loopback with a fresh data directory, makes a v2
// session, opens its redirect_url, checks the bank and period shown, uploads
// four files (a locked PDF without its password, a good PDF, a file that is not
// a PDF, another bank's statement) and checks the plain-words errors, fixes the
// password, submits, waits for the completed state, checks its screenshot
// (decoded here: the success banner's green), follows the return to the
// caller's redirect_url, then does a one-file journey in an iframe and receives
// the page's postMessage.
//
//   BANKSCOPE_SERVER_BIN  server binary (default: <repo>/target/debug/bankscope-server)
//   CHROMIUM              browser binary (default: /usr/bin/chromium)

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const bin = process.env.BANKSCOPE_SERVER_BIN || path.join(root, 'target/debug/bankscope-server');
const fixtures = path.join(root, 'fixtures/statements');
const out = path.join(root, 'target/client-test');
fs.mkdirSync(out, { recursive: true });
const started = Date.now();

const env = { ...process.env };
delete env.DATABASE_URL; // SQLite in the temporary directory
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankscope-client-'));
const created = execFileSync(bin, ['org', 'create', 'browser', '--data-dir', dir], { encoding: 'utf8', env });
const key = /api key:\s+(\S+)/.exec(created)[1];

const server = spawn(bin, ['--listen', '127.0.0.1:0', '--data-dir', dir, '--workers', '2'], {
  env, stdio: ['ignore', 'pipe', 'ignore'],
});
const base = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('server did not start')), 60000);
  readline.createInterface({ input: server.stdout }).on('line', (line) => {
    if (line.startsWith('listening on ')) {
      clearTimeout(timer);
      resolve(line.slice('listening on '.length).trim());
    }
  });
  server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
});
const ca = fs.readFileSync(path.join(dir, 'dev-cert.pem'));

function call(method, url, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, headers, ca }, (r) => {
      let data = '';
      r.on('data', (c) => { data += c; });
      r.on('end', () => resolve({ status: r.statusCode, body: data ? JSON.parse(data) : null }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

async function session(link) {
  const form = new URLSearchParams({ api_key: key, link_id: link, bank_name: 'sbi', redirect_url: `${base}/healthz?from=client` });
  const r = await call('POST', `${base}/v2/session/`, form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

/** Minimal PNG decoder (8-bit RGB/RGBA, all five filters): returns the pixels. */
function decodePng(buf) {
  assert.ok(buf.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])), 'a PNG');
  let pos = 8; let width = 0; let height = 0; let depth = 0; let type = 0; const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const kind = buf.toString('ascii', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (kind === 'IHDR') { width = data.readUInt32BE(0); height = data.readUInt32BE(4); depth = data[8]; type = data[9]; }
    if (kind === 'IDAT') idat.push(data);
    if (kind === 'IEND') break;
    pos += 12 + len;
  }
  assert.ok(depth === 8 && (type === 2 || type === 6), `PNG depth ${depth} type ${type}`);
  const bpp = type === 6 ? 4 : 3;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const px = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? px[y * stride + x - bpp] : 0;
      const b = y > 0 ? px[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? px[(y - 1) * stride + x - bpp] : 0;
      let v = line[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c; const pa = Math.abs(p - a); const pb = Math.abs(p - b); const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      px[y * stride + x] = v & 255;
    }
  }
  return { width, height, bpp, px };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
});
try {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 800, height: 900 } });
  const page = await context.newPage();
  const consoleErrors = [];
  // Refused uploads (400) and the favicon (404) log "Failed to load resource"; anything else is a fault.
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));

  // A broken link says so in plain words.
  await page.goto(`${base}/client/?session_id=00000000-0000-0000-0000-000000000000&token=nope`);
  await page.locator('#fatal').filter({ hasText: 'This link is not valid' }).waitFor();

  // The session and what it asks for.
  const s = await session('browser-journey');
  const token = new URL(s.redirect_url).searchParams.get('token');
  await page.goto(s.redirect_url);
  const asked = page.locator('#asked');
  await asked.filter({ hasText: 'State Bank of India' }).waitFor();
  const askedText = await asked.textContent();
  assert.match(askedText, /^Upload your State Bank of India statement from \d{1,2} \w{3} \d{4} to \d{1,2} \w{3} \d{4}\./, askedText);

  // Four files: a locked PDF without its password, a good PDF, not a PDF, another bank's.
  const truth = JSON.parse(fs.readFileSync(path.join(fixtures, 'sbi_fpdf2_encrypted.truth.json'), 'utf8'));
  const file = (name) => ({ name, mimeType: 'application/pdf', buffer: fs.readFileSync(path.join(fixtures, name)) });
  await page.setInputFiles('#files', [
    file('sbi_fpdf2_encrypted.pdf'),
    file('sbi_reportlab.pdf'),
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('these are my notes, not a statement') },
    file('axis_fpdf2.pdf'),
  ]);
  assert.equal(await page.locator('#list li').count(), 4);
  await page.click('#send');
  const settled = () => page.waitForFunction(() => {
    const items = [...document.querySelectorAll('#list li')];
    return items.length > 0 && items.every((li) => li.classList.contains('ok') || li.classList.contains('bad'));
  }, null, { timeout: 60000 });
  await settled();
  const row = (name) => page.locator(`#list li[data-file="${name}"]`);
  const state = async (name) => [await row(name).getAttribute('class'), await row(name).locator('.state').textContent()];
  let [cls, text] = await state('sbi_fpdf2_encrypted.pdf');
  assert.equal(cls, 'bad'); assert.match(text, /password is wrong or missing/);
  [cls, text] = await state('sbi_reportlab.pdf');
  assert.equal(cls, 'ok'); assert.match(text, /^Received/);
  [cls, text] = await state('notes.pdf');
  assert.equal(cls, 'bad'); assert.match(text, /not a PDF/);
  [cls, text] = await state('axis_fpdf2.pdf');
  assert.equal(cls, 'bad'); assert.match(text, /different bank/);

  // Fix the password, drop the other two, upload again.
  await row('sbi_fpdf2_encrypted.pdf').locator('input[type=password]').fill(truth.password);
  await row('notes.pdf').locator('button.remove').click();
  await row('axis_fpdf2.pdf').locator('button.remove').click();
  await page.click('#send');
  await settled();
  [cls, text] = await state('sbi_fpdf2_encrypted.pdf');
  assert.equal(cls, 'ok', text);
  assert.equal(await page.locator('#list li.ok').count(), 2);

  // Submit, wait for the analyses, check the completed state and its screenshot.
  await page.click('#submit');
  await page.locator('#done').waitFor({ state: 'visible', timeout: 120000 });
  assert.equal((await page.locator('#done-text').textContent()).trim(), 'Your 2 statements were received and analysed.');
  await page.screenshot({ path: path.join(out, 'completed.png') });
  const shot = decodePng(await page.locator('#done').screenshot({ path: path.join(out, 'completed-banner.png') }));
  let green = 0;
  for (let i = 0; i < shot.px.length; i += shot.bpp) {
    const [r, g, b] = [shot.px[i], shot.px[i + 1], shot.px[i + 2]];
    if (Math.abs(r - 0x1a) < 12 && Math.abs(g - 0x7f) < 12 && Math.abs(b - 0x37) < 12) green++;
  }
  const share = green / (shot.width * shot.height);
  assert.ok(shot.width > 300 && shot.height > 20, `banner ${shot.width}x${shot.height}`);
  assert.ok(share > 0.6, `the completed banner is mostly the success green (${(share * 100).toFixed(1)}%)`);

  // Back to the caller.
  await page.waitForURL((u) => u.pathname === '/healthz', { timeout: 15000 });
  const back = new URL(page.url());
  assert.equal(back.searchParams.get('from'), 'client');
  assert.equal(back.searchParams.get('session_id'), s.session_id);
  assert.equal(back.searchParams.get('status'), 'completed');
  const status = await call('GET', `${base}/v1/session_data/${s.session_id}/session_upload_status/?token=${token}`);
  assert.equal(status.body.processing_initiated, true);
  assert.deepEqual(status.body.statements.map((x) => x.status), ['completed', 'completed']);

  // Iframe mode: the page posts its result to the embedding page instead of navigating.
  const framed = await session('browser-iframe');
  await page.goto(`${base}/healthz`);
  await page.setContent(`<iframe id="f" src="${framed.redirect_url}" width="700" height="700"></iframe>`);
  const message = page.evaluate(() => new Promise((resolve) => window.addEventListener('message', (e) => resolve(e.data))));
  const frame = page.frameLocator('#f');
  await frame.locator('#asked').filter({ hasText: 'State Bank of India' }).waitFor();
  await frame.locator('#files').setInputFiles(path.join(fixtures, 'sbi_libreoffice.pdf'));
  await frame.locator('#send').click();
  await frame.locator('#list li.ok').waitFor({ timeout: 60000 });
  await frame.locator('#submit').click();
  const data = await message;
  assert.equal(data.source, 'bankscope');
  assert.equal(data.event, 'completed');
  assert.equal(data.session_id, framed.session_id);
  assert.deepEqual(data.statements.map((x) => x.status), ['completed']);
  await frame.locator('#done').waitFor({ state: 'visible' });

  assert.deepEqual(consoleErrors, [], 'no script errors, no CSP violations');
  console.log(`client journey: ok in ${Date.now() - started} ms (screenshots in target/client-test/)`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
}
