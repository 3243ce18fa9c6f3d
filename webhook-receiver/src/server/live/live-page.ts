import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { eventCatalogue } from '@ppapi/spec';

/** Scripts and styles from the receiver itself only; no inline code, no other origin. */
export const LIVE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export const LIVE_SCRIPT = readFileSync(join(__dirname, 'live.js'), 'utf8');
export const LIVE_STYLES = readFileSync(join(__dirname, 'live.css'), 'utf8');

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, adminPrefix: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · mock webhook receiver</title>
<link rel="stylesheet" href="${adminPrefix}/live.css">
${head}
</head>
${body}
</html>`;
}

export function signInPage(adminPrefix: string, error?: string): string {
  return page(
    'Sign in',
    adminPrefix,
    `<body>
<main id="main">
<h1>Mock webhook receiver: sign in</h1>
<p>This receiver was started with an admin token (<code>--admin-token</code> or <code>RECEIVER_ADMIN_TOKEN</code>); type it to see what arrived.</p>
${error ? `<div class="alert" role="alert"><p>${escapeHtml(error)}</p></div>` : ''}
<form method="post" action="${adminPrefix}/live/sign-in" class="card">
<label for="token">Admin token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
<button type="submit">Sign in</button>
</form>
</main>
</body>`,
  );
}

export function livePage(options: {
  readonly adminPrefix: string;
  readonly deliveryUrl: string;
  readonly csrf: string;
  readonly signOut: boolean;
}): string {
  const { adminPrefix } = options;
  const events = eventCatalogue.map((e) => `<option value="${escapeHtml(e.event)}"></option>`).join('');
  return page(
    'Live',
    adminPrefix,
    `<body data-admin="${escapeHtml(adminPrefix)}">
<a class="skip" href="#main">Skip to content</a>
<header class="bar">
<p class="brand">Mock webhook receiver · <span id="connection">connecting</span></p>
${
  options.signOut
    ? `<form method="post" action="${adminPrefix}/live/sign-out"><input type="hidden" name="csrf" value="${escapeHtml(options.csrf)}"><button type="submit">Sign out</button></form>`
    : ''
}
</header>
<main id="main">
<h1>What arrived</h1>
<p>Deliveries are POSTed to any path of <code>${escapeHtml(options.deliveryUrl)}</code> outside <code>${escapeHtml(adminPrefix)}/</code>. This page follows them as they arrive, newest first.</p>
<p id="status" role="status"></p>
<p id="announce" class="sr-only" aria-live="polite"></p>
<section aria-labelledby="deliveries-h">
<h2 id="deliveries-h">Deliveries (<span id="deliveries-count">0</span>)</h2>
<p><button type="button" id="clear-deliveries">Clear deliveries and seen ids</button></p>
<p id="no-deliveries">Nothing has arrived yet.</p>
<table>
<caption class="sr-only">Every request to the delivery path, newest first</caption>
<thead><tr><th scope="col">#</th><th scope="col">Received</th><th scope="col">Event type</th><th scope="col">Id</th><th scope="col">Signature</th><th scope="col">Duplicate</th><th scope="col">Test or real</th><th scope="col">Answered</th><th scope="col">Outcome</th><th scope="col">Raw</th></tr></thead>
<tbody id="deliveries-body"></tbody>
</table>
</section>
<section aria-labelledby="scripts-h" class="card">
<h2 id="scripts-h">Failure scripts</h2>
<p>Each matching delivery id fails its first N attempts as scripted, then is processed normally.</p>
<p id="no-scripts">No scripts: every verified delivery is accepted.</p>
<table>
<caption class="sr-only">Failure scripts</caption>
<thead><tr><th scope="col">Script</th><th scope="col">Matches</th><th scope="col">Fails</th><th scope="col">How</th><th scope="col">Attempts seen per id</th><th scope="col">Actions</th></tr></thead>
<tbody id="scripts-body"></tbody>
</table>
<form id="script-form">
<h3>Add or edit a script</h3>
<datalist id="event-types">${events}</datalist>
<p><label for="script-event">Event type</label><input id="script-event" list="event-types" aria-describedby="match-help"></p>
<p><label for="script-id">Delivery id (optional)</label><input id="script-id" aria-describedby="match-help"></p>
<p><label for="script-landlord">Landlord id (optional)</label><input id="script-landlord"></p>
<p id="match-help" class="help">Give an event type, a delivery id, or both.</p>
<p><label for="script-fail-first">Fail the first N attempts</label><input id="script-fail-first" type="number" min="0" max="1000" value="1" required></p>
<p><label for="script-mode">How</label><select id="script-mode"><option value="status">answer a status</option><option value="timeout">hold, then drop (a timeout)</option><option value="slow">answer slowly (2xx)</option></select></p>
<p><label for="script-status">Status (mode status; default 500)</label><input id="script-status" type="number" min="200" max="599"></p>
<p><label for="script-delay">Delay in ms (modes timeout and slow)</label><input id="script-delay" type="number" min="0"></p>
<button type="submit" id="script-submit">Add script</button> <button type="button" id="script-cancel" hidden>Cancel</button>
</form>
</section>
<section aria-labelledby="secrets-h" class="card">
<h2 id="secrets-h">Signing secrets (<span id="secret-count">?</span> accepted)</h2>
<p>A dashboard shows each subscription's signing secret once: paste it here so deliveries signed with it verify.</p>
<form id="secret-form">
<p><label for="secret-value">Signing secret</label><input id="secret-value" type="password" autocomplete="off" required></p>
<button type="submit">Add secret</button>
</form>
</section>
</main>
<script src="${adminPrefix}/live.js"></script>
</body>`,
    `<meta name="receiver-csrf" content="${escapeHtml(options.csrf)}">`,
  );
}
