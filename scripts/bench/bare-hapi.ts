// The baseline of the properties-list benchmark: a bare Hapi route with no auth, limiter or database.
import Hapi from '@hapi/hapi';

async function main(): Promise<void> {
  const server = Hapi.server({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  const body = { data: Array.from({ length: 50 }, (_, i) => ({ id: String(i), address: `${i} Bench Street, Bath, BA1 1AA`, status: 'Occupied' })), meta: { page: 1, limit: 50, total: 50 } };
  server.route({ method: 'GET', path: '/bare', handler: () => body });
  await server.start();
  process.stdout.write(`listening on ${server.info.uri}\n`);
  process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
}
void main();
