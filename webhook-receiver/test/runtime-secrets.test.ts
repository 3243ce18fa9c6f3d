// Secrets added while the receiver runs (a dashboard shows each subscription's secret once, so whoever creates
// subscriptions at run time hands the secret over), and removing one failure script by its id.
import { startReceiver, type RunningReceiver } from '../src/server';
import { DeliveryFactory } from './support/delivery-factory';
import { post, sendJson } from './http-client';

const SECRET = 'whsec_start_up';
const ADDED = 'whsec_added_at_run_time';
let receiver: RunningReceiver;
let n = 0;

const signedWith = (secret: string, event = 'property.created') => {
  const factory = new DeliveryFactory(11, secret);
  return factory.signed(factory.envelope(event, `runtime-secrets-${n++}`));
};

beforeEach(async () => {
  receiver = await startReceiver({ secret: SECRET });
});
afterEach(() => receiver.close());

describe('signing secrets added at run time', () => {
  test('POST /_receiver/secrets makes deliveries signed with that secret verify; DELETE removes it again', async () => {
    expect((await post(receiver.url, signedWith(ADDED))).status).toBe(401);

    const added = await sendJson<{ data: { id: string; secrets: number } }>('POST', `${receiver.adminUrl}/secrets`, {
      secret: ADDED,
    });
    expect(added.status).toBe(201);
    expect(added.body?.data).toEqual({ id: expect.stringMatching(/^secret_\d+$/), secrets: 2 });
    expect(JSON.stringify(added.body)).not.toContain(ADDED);

    expect((await post(receiver.url, signedWith(ADDED))).status).toBe(200);
    expect((await post(receiver.url, signedWith(SECRET))).status).toBe(200);

    const id = added.body?.data.id as string;
    expect((await sendJson('DELETE', `${receiver.adminUrl}/secrets/${id}`)).status).toBe(204);
    expect((await sendJson('DELETE', `${receiver.adminUrl}/secrets/${id}`)).status).toBe(404);
    expect((await post(receiver.url, signedWith(ADDED))).status).toBe(401);
    expect((await post(receiver.url, signedWith(SECRET))).status).toBe(200);
  });

  test('bad bodies answer 400; start-up secrets cannot be removed', async () => {
    expect((await sendJson('POST', `${receiver.adminUrl}/secrets`, { secret: '' })).status).toBe(400);
    expect((await sendJson('POST', `${receiver.adminUrl}/secrets`, 'not json')).status).toBe(400);
    expect((await sendJson('POST', `${receiver.adminUrl}/secrets`, {})).status).toBe(400);
    expect((await sendJson('DELETE', `${receiver.adminUrl}/secrets/secret_0`)).status).toBe(404);
    expect((await post(receiver.url, signedWith(SECRET))).status).toBe(200);
  });

  test('in code: addSecret / removeSecret', async () => {
    const id = receiver.addSecret(ADDED);
    expect((await post(receiver.url, signedWith(ADDED))).status).toBe(200);
    expect(receiver.removeSecret(id)).toBe(true);
    expect(receiver.removeSecret(id)).toBe(false);
    expect((await post(receiver.url, signedWith(ADDED))).status).toBe(401);
  });
});

describe('removing one failure script', () => {
  test('DELETE /_receiver/scripts/:scriptId removes that script only', async () => {
    const a = await sendJson<{ data: { scriptId: string } }>('POST', `${receiver.adminUrl}/scripts`, {
      match: { event: 'property.created' },
      failFirst: 5,
      mode: 'status',
      status: 503,
    });
    const b = await sendJson<{ data: { scriptId: string } }>('POST', `${receiver.adminUrl}/scripts`, {
      match: { event: 'property.deleted' },
      failFirst: 5,
      mode: 'status',
      status: 503,
    });
    expect((await post(receiver.url, signedWith(SECRET, 'property.created'))).status).toBe(503);

    expect((await sendJson('DELETE', `${receiver.adminUrl}/scripts/${a.body?.data.scriptId}`)).status).toBe(204);
    expect((await sendJson('DELETE', `${receiver.adminUrl}/scripts/${a.body?.data.scriptId}`)).status).toBe(404);
    expect((await post(receiver.url, signedWith(SECRET, 'property.created'))).status).toBe(200);
    expect((await post(receiver.url, signedWith(SECRET, 'property.deleted'))).status).toBe(503);
    expect(receiver.store.scripts.list().map((s) => s.scriptId)).toEqual([b.body?.data.scriptId]);
  });
});
