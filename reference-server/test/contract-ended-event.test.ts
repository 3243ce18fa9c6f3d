// A PATCH that ends a contract fires contract.ended at once, and the scheduler never fires it a second time.
import { KEYS, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

const endedEvents = async (contractId: string) =>
  (await t.deps.knex('outbox_events').where({ event_type: 'contract.ended' }).select('data'))
    .map(
      (r: { data: unknown }) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
    )
    .filter((d) => d.contract_id === contractId);

it('fires contract.ended once when a PATCH moves the end date into the past', async () => {
  const list = JSON.parse((await t.api('GET', '/contracts?status=Active&limit=1', KEYS.enterpriseLive)).payload) as {
    data: Array<{ id: string; startDate: string }>;
  };
  const contract = list.data[0];
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const res = await t.api('PATCH', `/contracts/${contract.id}`, KEYS.enterpriseLive, { endDate: yesterday });
  expect(res.statusCode).toBe(200);
  expect((JSON.parse(res.payload) as { data: { status: string } }).data.status).toBe('Ended');
  const events = await endedEvents(contract.id);
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({ contract_id: contract.id, status: 'Ended', end_date: yesterday });

  await t.deps.webhooks.runScheduler();
  await t.api('PATCH', `/contracts/${contract.id}`, KEYS.enterpriseLive, { rentAmount: 999 });
  expect(await endedEvents(contract.id)).toHaveLength(1);
});

it('fires nothing for a sandbox PATCH', async () => {
  const list = JSON.parse((await t.api('GET', '/contracts?status=Active&limit=1', KEYS.enterpriseLive)).payload) as {
    data: Array<{ id: string }>;
  };
  const contract = list.data[0];
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  expect(
    (await t.api('PATCH', `/contracts/${contract.id}`, KEYS.enterpriseSandbox, { endDate: yesterday })).statusCode,
  ).toBe(200);
  expect(await endedEvents(contract.id)).toHaveLength(0);
});
