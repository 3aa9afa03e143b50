// The hosted client: check the link, upload PDFs (with passwords) into the
// session, submit, wait for processing, then return to the caller.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const sessionId = params.get('session_id') || '';
  const token = params.get('token') || '';
  const rows = []; // { file, password, state: 'new'|'sending'|'ok'|'bad', el, statementId }
  let info = null;

  // Plain words for the server's codes.
  const WORDS = {
    PASSWORD_INCORRECT: 'This PDF is locked and the password is wrong or missing. Type the password you use to open it, then press Upload again.',
    PDF_IS_IMAGE: 'This PDF is a scan or a photo, so it cannot be read. Download the statement from your bank’s website or app and upload that file.',
    UNSUPPORTED_FILE_TYPE: 'This file is not a PDF. Choose the statement PDF your bank gave you.',
    NOT_A_STATEMENT: 'This PDF does not look like a bank statement.',
    UNSUPPORTED_FORMAT: 'We cannot read statements in this layout yet. Try the PDF downloaded from net banking.',
    BANK_NAME_MISMATCH: 'This statement is from a different bank than the one asked for.',
    BANK_UNDETECTED: 'We could not tell which bank this statement is from.',
    INVALID_BANK_NAME: 'We could not tell which bank this statement is from.',
    DUPLICATE_STATEMENT: 'This statement was already uploaded.',
    LIMIT_EXCEEDED: 'This file is too large or too complex to read.',
    SESSION_EXPIRED: 'This link has expired. Ask for a new one.',
    SESSION_SUBMITTED: 'These statements were already submitted.',
  };
  const words = (code, fallback) => WORDS[code] || fallback || 'Something went wrong with this file. Try again, or choose another file.';

  // v2 links carry a token; v1 links only the session id (its id is the credential).
  const q = (path) => (token ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : path);

  function fatal(text) {
    $('fatal').textContent = text;
    $('fatal').hidden = false;
    $('upload').hidden = true;
    $('asked').hidden = true;
  }

  function date(ddmmyyyy) {
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(ddmmyyyy || '');
    if (!m) return ddmmyyyy || '';
    const d = new Date(Date.UTC(+m[3], +m[2] - 1, +m[1]));
    return d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  }

  async function start() {
    if (!sessionId) return fatal('This link is incomplete. Open the full link you were sent.');
    let r;
    try {
      r = await fetch(q(`/client/session/${encodeURIComponent(sessionId)}/`));
    } catch (e) {
      return fatal('We could not reach the server. Check your connection and reload the page.');
    }
    const body = await r.json().catch(() => ({}));
    if (!r.ok) return fatal(r.status === 403 ? 'This link is not valid. Open the full link you were sent.' : (body.detail || 'This link is not valid.'));
    info = body;
    if (info.expired) return fatal(WORDS.SESSION_EXPIRED);
    if (info.submitted) return fatal(WORDS.SESSION_SUBMITTED);
    const bank = info.bank_display_name || 'your bank';
    $('asked').textContent = `Upload your ${bank} statement from ${date(info.from_date)} to ${date(info.to_date)}. You can add several PDFs.`;
    $('asked').dataset.bank = info.bank_name || '';
    $('upload').hidden = false;
  }

  function render() {
    const list = $('list');
    list.textContent = '';
    rows.forEach((row, i) => {
      const li = document.createElement('li');
      li.className = row.state === 'ok' ? 'ok' : row.state === 'bad' ? 'bad' : '';
      li.dataset.file = row.file.name;
      const name = document.createElement('div');
      name.className = 'name';
      name.textContent = row.file.name;
      li.append(name);
      if (row.state !== 'ok') {
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.textContent = 'Remove';
        remove.className = 'remove';
        remove.disabled = row.state === 'sending';
        remove.onclick = () => { rows.splice(i, 1); render(); };
        li.prepend(remove);
        const pw = document.createElement('input');
        pw.type = 'password';
        pw.placeholder = 'PDF password (if it has one)';
        pw.autocomplete = 'off';
        pw.value = row.password;
        pw.disabled = row.state === 'sending';
        pw.oninput = () => { row.password = pw.value; };
        li.append(pw);
      }
      const state = document.createElement('div');
      state.className = 'state';
      state.setAttribute('role', 'status');
      state.textContent = row.text || 'Ready to upload.';
      li.append(state);
      list.append(li);
      row.el = li;
    });
    const pending = rows.some((r) => r.state === 'new' || r.state === 'bad');
    const sending = rows.some((r) => r.state === 'sending');
    $('send').disabled = !pending || sending;
    $('submit').disabled = sending || !rows.some((r) => r.state === 'ok');
  }

  function send(row) {
    return new Promise((resolve) => {
      const form = new FormData();
      form.append('session_id', sessionId);
      if (token) form.append('token', token);
      form.append('file', row.file, row.file.name);
      if (row.password) form.append('pdf_password', row.password);
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/v1/statement/upload_session/');
      xhr.responseType = 'json';
      xhr.upload.onprogress = (e) => {
        if (!e.lengthComputable || !row.el) return;
        const pct = Math.round((100 * e.loaded) / e.total);
        row.text = pct < 100 ? `Uploading… ${pct}%` : 'Reading the statement…';
        row.el.querySelector('.state').textContent = row.text;
      };
      xhr.onload = () => {
        const body = xhr.response || {};
        if (xhr.status === 200 || xhr.status === 202) {
          row.state = 'ok';
          row.statementId = body.statement_id;
          row.text = body.bank_name ? `Received: ${String(body.bank_name).toUpperCase()} statement.` : 'Received; it is being read.';
        } else {
          row.state = 'bad';
          const err = body.error || {};
          row.text = words(err.code, body.detail);
        }
        resolve();
      };
      xhr.onerror = () => {
        row.state = 'bad';
        row.text = 'The upload did not reach the server. Check your connection and press Upload again.';
        resolve();
      };
      xhr.send(form);
    });
  }

  async function sendAll() {
    for (const row of rows) {
      if (row.state !== 'new' && row.state !== 'bad') continue;
      row.state = 'sending';
      row.text = 'Uploading…';
      render();
      await send(row);
      render();
    }
    const ok = rows.filter((r) => r.state === 'ok').length;
    $('progress').textContent = ok ? `${ok} statement${ok > 1 ? 's' : ''} received. Press Submit when you have added them all.` : '';
  }

  async function submit() {
    $('send').disabled = true;
    $('submit').disabled = true;
    rows.filter((r) => r.state !== 'ok').forEach((r) => rows.splice(rows.indexOf(r), 1));
    render();
    $('send').disabled = true;
    $('submit').disabled = true;
    $('files').disabled = true;
    const r = await fetch(q(`/v1/session_data/${encodeURIComponent(sessionId)}/initiate_processing/`), { method: 'POST' });
    if (!r.ok) {
      const body = await r.json().catch(() => ({}));
      $('progress').textContent = words((body.error || {}).code, 'We could not submit your statements. Try again.');
      $('submit').disabled = false;
      return;
    }
    for (;;) {
      const s = await fetch(q(`/v1/session_data/${encodeURIComponent(sessionId)}/session_upload_status/`)).then((x) => x.json()).catch(() => null);
      const statements = (s && s.statements) || [];
      const finished = statements.filter((x) => x.status !== 'processing');
      $('progress').textContent = `Analysing your statements… ${finished.length} of ${statements.length} done.`;
      if (statements.length && finished.length === statements.length) return done(statements);
      await new Promise((res) => setTimeout(res, 700));
    }
  }

  function done(statements) {
    $('upload').hidden = true;
    $('asked').hidden = true;
    const failed = statements.filter((x) => x.status === 'failed').length;
    $('done-text').textContent = failed
      ? `We received your statements; ${failed} could not be analysed.`
      : `Your ${statements.length > 1 ? `${statements.length} statements were` : 'statement was'} received and analysed.`;
    $('done').hidden = false;
    const message = { source: 'bankscope', event: 'completed', session_id: sessionId, statements: statements.map((x) => ({ statement_id: x.statement_id, status: x.status })) };
    if (window.parent !== window) {
      // iframe mode: the embedding page listens for this message.
      window.parent.postMessage(message, '*');
      return;
    }
    if (info && info.redirect_url) {
      const back = new URL(info.redirect_url);
      back.searchParams.set('session_id', sessionId);
      back.searchParams.set('status', failed ? 'failed' : 'completed');
      $('back').href = back.toString();
      $('back').hidden = false;
      setTimeout(() => location.assign(back.toString()), 1500);
    }
  }

  $('files').addEventListener('change', (e) => {
    for (const file of e.target.files) rows.push({ file, password: '', state: 'new', text: '' });
    e.target.value = '';
    render();
  });
  $('send').addEventListener('click', sendAll);
  $('submit').addEventListener('click', submit);
  start();
})();
