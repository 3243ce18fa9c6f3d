// A stub of the Property Portfolio API for offline client development, served by Pact's own mock server (the
// native core shipped in @pact-foundation/pact) from the contract in fixtures/pacts/. Every interaction of the
// pact is loaded with its matching rules, so any request the contract allows (any key of the right shape, any
// UUID in an id path) gets the recorded example answer.
//
//   npx tsx scripts/pact-stub.ts --port 8080 [--host 127.0.0.1] [--pact fixtures/pacts/<file>.json]
//
// Then: curl -H 'Authorization: Bearer svc_live_anything123' http://127.0.0.1:8080/api/public/v1/properties?page=1&limit=2
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { makeConsumerPact, type ConsumerInteraction } from '@pact-foundation/pact-core';

process.env.PACT_DO_NOT_TRACK ??= 'true';

const DEFAULT_PACT = join(
  __dirname,
  '..',
  'fixtures',
  'pacts',
  'portfolio-conformance-client-property-portfolio-reference-server.json',
);
const SPECIFICATION_V4 = 5; // pact-core's FfiSpecificationVersion.SPECIFICATION_VERSION_V4

interface PactPart {
  headers?: Record<string, string[] | string>;
  body?: { content?: unknown; contentType?: string; encoded?: boolean | string };
  matchingRules?: Record<string, unknown>;
}
interface PactInteraction {
  type?: string;
  description: string;
  providerStates?: Array<{ name: string; params?: Record<string, unknown> }>;
  request: PactPart & { method: string; path: string; query?: Record<string, string[] | string> };
  response: PactPart & { status: number };
}
interface PactFile {
  consumer: { name: string };
  provider: { name: string };
  interactions: PactInteraction[];
}

const list = (value: string[] | string): string[] => (Array.isArray(value) ? value : [value]);
const bodyText = (body: PactPart['body']): string | undefined =>
  body?.content === undefined
    ? undefined
    : typeof body.content === 'string'
      ? body.content
      : JSON.stringify(body.content);

function load(interaction: ConsumerInteraction, recorded: PactInteraction): void {
  interaction.uponReceiving(recorded.description);
  for (const state of recorded.providerStates ?? []) {
    if (state.params) interaction.givenWithParams(state.name, JSON.stringify(state.params));
    else interaction.given(state.name);
  }
  const { request, response } = recorded;
  interaction.withRequest(request.method, request.path);
  for (const [name, values] of Object.entries(request.query ?? {}))
    list(values).forEach((v, i) => interaction.withQuery(name, i, v));
  for (const [name, values] of Object.entries(request.headers ?? {}))
    list(values).forEach((v, i) => interaction.withRequestHeader(name, i, v));
  const requestBody = bodyText(request.body);
  if (requestBody !== undefined)
    interaction.withRequestBody(requestBody, request.body?.contentType ?? 'application/json');
  if (request.matchingRules) interaction.withRequestMatchingRules(JSON.stringify(request.matchingRules));

  interaction.withStatus(response.status);
  for (const [name, values] of Object.entries(response.headers ?? {}))
    list(values).forEach((v, i) => interaction.withResponseHeader(name, i, v));
  const responseBody = bodyText(response.body);
  if (responseBody !== undefined)
    interaction.withResponseBody(responseBody, response.body?.contentType ?? 'application/json');
  if (response.matchingRules) interaction.withResponseMatchingRules(JSON.stringify(response.matchingRules));
}

/** Starts the stub; resolves with its port and a stop function. */
export function startPactStub(options: { pactFile?: string; host?: string; port?: number } = {}): {
  port: number;
  url: string;
  stop: () => void;
} {
  const pact = JSON.parse(readFileSync(resolve(options.pactFile ?? DEFAULT_PACT), 'utf8')) as PactFile;
  const stub = makeConsumerPact(pact.consumer.name, pact.provider.name, SPECIFICATION_V4, 'error');
  for (const recorded of pact.interactions) {
    if (recorded.type !== undefined && recorded.type !== 'Synchronous/HTTP') continue;
    load(stub.newInteraction(recorded.description), recorded);
  }
  const host = options.host ?? '127.0.0.1';
  const port = stub.createMockServer(host, options.port ?? 0);
  return {
    port,
    url: `http://${host}:${port}`,
    stop: () => {
      stub.cleanupMockServer(port);
    },
  };
}

function main(): void {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      pact: { type: 'string' },
    },
  });
  const stub = startPactStub({ pactFile: values.pact, host: values.host, port: Number(values.port) });
  process.stdout.write(
    `Pact stub of the Property Portfolio API listening on ${stub.url} (base URL ${stub.url}/api/public/v1)\n`,
  );
  const stop = () => {
    stub.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The mock server runs on the native core's own threads: keep the event loop alive until a signal.
  setInterval(() => undefined, 1 << 30);
}

if (require.main === module) main();
