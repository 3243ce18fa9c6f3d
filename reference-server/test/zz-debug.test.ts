import { harbour } from './helpers/invoice-mail';
import { KEYS, startTestServer } from './helpers/server';
it('debug', async () => {
  const t = await startTestServer();
  (t.deps.logger as unknown as { level: string }).level = 'error';
  const res = await t.api('GET', `/rent/${harbour.rent(2, 'upcoming')}/invoice/pdf`, KEYS.enterpriseLive);
  console.log(res.statusCode, res.payload.slice(0, 200));
  await t.stop();
});
