// The baseline of the properties-list benchmark: a bare Hapi route with no auth, limiter or database. `/bare`
// serializes a small list on every request (the baseline the targets are stated against); with BARE_BODY_FILE,
// `/same-bytes` sends that file's bytes as JSON, as the read cache sends a cached answer, so the platform's own cost
// (auth, limiter, validation, cache lookup) can be told apart from the cost of writing a larger body.
import { readFileSync } from 'node:fs';
import Hapi from '@hapi/hapi';

async function main(): Promise<void> {
  const server = Hapi.server({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  const body = {
    data: Array.from({ length: 50 }, (_, i) => ({
      id: String(i),
      address: `${i} Bench Street, Bath, BA1 1AA`,
      status: 'Occupied',
    })),
    meta: { page: 1, limit: 50, total: 50 },
  };
  server.route({ method: 'GET', path: '/bare', handler: () => body });
  const file = process.env.BARE_BODY_FILE;
  if (file) {
    const bytes = readFileSync(file);
    server.route({
      method: 'GET',
      path: '/same-bytes',
      handler: (_request, h) => h.response(bytes).type('application/json; charset=utf-8'),
    });
  }
  await server.start();
  process.stdout.write(`listening on ${server.info.uri}\n`);
  process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
}
void main();
