// The mock receiver's live page: reads the admin API once, then follows /_receiver/events (server-sent events).
// Every value is put in the page with textContent, never as HTML.
'use strict';

(function live() {
  const base = document.body.dataset.admin;
  const csrf = document.querySelector('meta[name="receiver-csrf"]')?.getAttribute('content') ?? '';
  const attempts = new Map();
  let scripts = [];
  let editing = null;

  const $ = (id) => document.getElementById(id);
  const el = (tag, text, attrs = {}) => {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  };

  async function api(method, path, body) {
    const headers = { 'x-receiver-csrf': csrf };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    const json = text ? JSON.parse(text) : null;
    if (!res.ok) throw new Error(json && json.error ? `${json.error} (${json.code})` : `HTTP ${res.status}`);
    return json;
  }

  const verdict = (a) => (a.verified ? 'verified' : `not verified: ${a.verifyFailure ?? 'unknown'}`);

  function renderDeliveries() {
    const body = $('deliveries-body');
    body.replaceChildren();
    const list = [...attempts.values()].sort((x, y) => y.seq - x.seq);
    $('deliveries-count').textContent = String(list.length);
    $('no-deliveries').hidden = list.length > 0;
    for (const a of list) {
      const row = el('tr', undefined, { 'data-seq': String(a.seq) });
      row.append(
        el('th', a.seq, { scope: 'row' }),
        el('td', a.receivedAt),
        el('td', a.event ?? 'none'),
        el('td', a.id ?? 'none'),
        el('td', verdict(a), { class: a.verified ? 'good' : 'bad' }),
        el('td', a.duplicate ? 'duplicate' : 'first'),
        el('td', a.test ? 'test' : 'real'),
        el('td', a.status === null ? (a.outcome === 'pending' ? 'pending' : 'none (dropped)') : a.status, {
          class: a.status !== null && a.status < 300 ? 'good' : 'bad',
        }),
        el('td', a.outcome),
      );
      const cell = el('td');
      const toggle = el('button', 'Show raw', {
        type: 'button',
        'aria-expanded': 'false',
        'aria-controls': `raw-${a.seq}`,
      });
      cell.append(toggle);
      row.append(cell);
      const raw = el('tr', undefined, { id: `raw-${a.seq}`, class: 'raw' });
      raw.hidden = true;
      const rawCell = el('td', undefined, { colspan: '10' });
      const headers = Object.entries(a.headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n');
      rawCell.append(
        el('h3', `Request ${a.seq}: ${a.method} ${a.path}`),
        el('pre', headers, { 'aria-label': `Headers of request ${a.seq}` }),
        el('pre', a.rawBody, { 'aria-label': `Body of request ${a.seq}` }),
      );
      raw.append(rawCell);
      toggle.addEventListener('click', () => {
        raw.hidden = !raw.hidden;
        toggle.setAttribute('aria-expanded', String(!raw.hidden));
        toggle.textContent = raw.hidden ? 'Show raw' : 'Hide raw';
      });
      body.append(row, raw);
    }
  }

  function describeMatch(m) {
    return Object.entries(m)
      .map(([k, v]) => `${k} = ${v}`)
      .join(', ');
  }

  function renderScripts() {
    const body = $('scripts-body');
    body.replaceChildren();
    $('no-scripts').hidden = scripts.length > 0;
    for (const s of scripts) {
      const row = el('tr');
      const answer = s.mode === 'status' ? `answer ${s.status ?? 500}` : `${s.mode} ${s.delayMs ?? 'default'} ms`;
      const counts = Object.entries(s.attemptsById)
        .map(([id, n]) => `${id}: ${n}`)
        .join('; ');
      row.append(
        el('th', s.scriptId, { scope: 'row' }),
        el('td', describeMatch(s.match)),
        el('td', `first ${s.failFirst}`),
        el('td', answer),
        el('td', counts || 'none yet'),
      );
      const actions = el('td');
      const edit = el('button', 'Edit', { type: 'button', 'aria-label': `Edit ${s.scriptId}` });
      edit.addEventListener('click', () => startEdit(s));
      const remove = el('button', 'Delete', { type: 'button', 'aria-label': `Delete ${s.scriptId}` });
      remove.addEventListener('click', () =>
        api('DELETE', `/scripts/${encodeURIComponent(s.scriptId)}`).catch((e) => say(e.message, true)),
      );
      actions.append(edit, ' ', remove);
      row.append(actions);
      body.append(row);
    }
  }

  function say(message, bad = false) {
    const status = $('status');
    status.textContent = message;
    status.className = bad ? 'bad' : 'good';
  }

  function startEdit(s) {
    editing = s.scriptId;
    $('script-event').value = s.match.event ?? '';
    $('script-id').value = s.match.id ?? '';
    $('script-landlord').value = s.match.landlordId ?? '';
    $('script-fail-first').value = String(s.failFirst);
    $('script-mode').value = s.mode;
    $('script-status').value = s.status === undefined ? '' : String(s.status);
    $('script-delay').value = s.delayMs === undefined ? '' : String(s.delayMs);
    $('script-submit').textContent = `Save ${s.scriptId}`;
    $('script-cancel').hidden = false;
    $('script-event').focus();
  }

  function stopEdit() {
    editing = null;
    $('script-form').reset();
    $('script-submit').textContent = 'Add script';
    $('script-cancel').hidden = true;
  }

  $('script-cancel').addEventListener('click', stopEdit);
  $('script-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const match = {};
    for (const [key, id] of [
      ['event', 'script-event'],
      ['id', 'script-id'],
      ['landlordId', 'script-landlord'],
    ]) {
      const value = $(id).value.trim();
      if (value) match[key] = value;
    }
    const script = { match, failFirst: Number($('script-fail-first').value), mode: $('script-mode').value };
    const status = $('script-status').value.trim();
    const delay = $('script-delay').value.trim();
    if (status) script.status = Number(status);
    if (delay) script.delayMs = Number(delay);
    try {
      // The receiver's validation decides; a refused script leaves the one being edited in place.
      const added = await api('POST', '/scripts', script);
      if (editing) await api('DELETE', `/scripts/${encodeURIComponent(editing)}`);
      say(`Saved ${added.data.scriptId}.`);
      stopEdit();
    } catch (e) {
      say(`Script refused: ${e.message}`, true);
    }
  });

  $('secret-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const input = $('secret-value');
    try {
      const added = await api('POST', '/secrets', { secret: input.value });
      input.value = '';
      $('secret-count').textContent = String(added.data.secrets);
      say(`Secret added (${added.data.id}); ${added.data.secrets} accepted now.`);
    } catch (e) {
      say(`Secret refused: ${e.message}`, true);
    }
  });

  $('clear-deliveries').addEventListener('click', () =>
    api('DELETE', '/deliveries').catch((e) => say(e.message, true)),
  );

  async function load() {
    const [deliveries, current] = await Promise.all([api('GET', '/deliveries'), api('GET', '/scripts')]);
    attempts.clear();
    for (const a of deliveries.data) attempts.set(a.seq, a);
    scripts = current.data;
    renderDeliveries();
    renderScripts();
  }

  const stream = new EventSource(`${base}/events`);
  stream.addEventListener('hello', (e) => {
    const hello = JSON.parse(e.data);
    $('secret-count').textContent = String(hello.secrets);
    $('connection').textContent = 'live';
    load().catch((err) => say(err.message, true));
  });
  stream.addEventListener('attempt', (e) => {
    const a = JSON.parse(e.data);
    const fresh = !attempts.has(a.seq);
    attempts.set(a.seq, a);
    renderDeliveries();
    if (fresh) $('announce').textContent = `Delivery ${a.seq} arrived: ${a.event ?? 'no event type'}`;
    else if (a.status !== null) $('announce').textContent = `Delivery ${a.seq} answered ${a.status}`;
  });
  stream.addEventListener('scripts', (e) => {
    scripts = JSON.parse(e.data);
    renderScripts();
  });
  stream.addEventListener('cleared', () => {
    attempts.clear();
    renderDeliveries();
  });
  stream.addEventListener('error', () => {
    $('connection').textContent = 'reconnecting';
  });
})();
