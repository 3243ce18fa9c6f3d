#!/usr/bin/env node
// Example command adapter for the provisioning contract (docs/provisioning/README.md, "Command mode"): reads one
// JSON request on stdin, performs the operation against an HTTP server of the contract, writes one JSON answer on
// stdout. Method and path of each operation come from the contract document itself (its operationIds), so the
// adapter follows the document. Replace the HTTP call with your own admin API to adapt another implementation.
//
//   node examples/provisioning-adapter/adapter.mjs http://127.0.0.1:3000/provisioning/v1
//   (the token in the environment: PROVISIONING_TOKEN, which the suite sets from the target's provisioning.token)
//
// Exit 0 with an answer for every HTTP answer (404 and 401 included); exit 1 with a reason on stderr when the
// request is not one of the contract's or no HTTP answer came.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CONTRACT = 'ppapi-provisioning/1';
const DOCUMENT = fileURLToPath(new URL('../../docs/provisioning/openapi.json', import.meta.url));
const METHODS = ['get', 'post', 'patch', 'put', 'delete'];

function die(message) {
  process.stderr.write(`provisioning-adapter: ${message}\n`);
  process.exit(1);
}

/** operationId → { method, path } from the contract document. */
function operations() {
  const doc = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
  const out = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS)
      if (item[method]) out.set(item[method].operationId, { method: method.toUpperCase(), path });
  }
  return out;
}

async function readStdin() {
  let input = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) input += chunk;
  return input;
}

const base = (process.argv[2] ?? process.env.PROVISIONING_URL ?? '').replace(/\/+$/, '');
if (!/^https?:\/\//.test(base))
  die('usage: adapter.mjs <contract base URL> (or PROVISIONING_URL), token in PROVISIONING_TOKEN');

let request;
try {
  request = JSON.parse(await readStdin());
} catch (error) {
  die(`stdin is not one JSON request: ${error.message}`);
}
if (request.contract !== CONTRACT)
  die(`unsupported contract ${JSON.stringify(request.contract)} (this adapter speaks ${CONTRACT})`);
const operation = operations().get(request.operation);
if (!operation) die(`unknown operation ${JSON.stringify(request.operation)}`);

const path = operation.path.replace(/\{(\w+)\}/g, (_, name) => {
  const value = request.params?.[name];
  if (typeof value !== 'string') die(`${request.operation}: missing path parameter ${name}`);
  return encodeURIComponent(value);
});
const url = new URL(`${base}${path}`);
for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, String(value));

const headers = {};
if (process.env.PROVISIONING_TOKEN) headers.authorization = `Bearer ${process.env.PROVISIONING_TOKEN}`;
if (request.body !== undefined) headers['content-type'] = 'application/json';

let res;
try {
  res = await fetch(url, {
    method: operation.method,
    headers,
    ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
  });
} catch (error) {
  die(`${operation.method} ${url}: ${error.cause?.code ?? error.message}`);
}
const contentType = res.headers.get('content-type') ?? '';
const bytes = Buffer.from(await res.arrayBuffer());
let answer;
if (/^application\/(.+\+)?json/i.test(contentType)) {
  answer = { status: res.status, body: JSON.parse(bytes.toString('utf8')) };
} else if (bytes.length === 0) {
  answer = { status: res.status };
} else {
  answer = { status: res.status, contentType: contentType.split(';')[0], bodyBase64: bytes.toString('base64') };
}
process.stdout.write(`${JSON.stringify(answer)}\n`);
