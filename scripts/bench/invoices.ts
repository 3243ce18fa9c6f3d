// Invoice PDFs and the invoice email, in process (Hapi inject) on the embedded setup (PGlite, in-process limiter,
// capture mailer), so the figures measure the pipeline, not a network:
//   - cold PDF: median ms per PDF over N distinct payments (each a cache miss: load, render, respond);
//   - render: median ms of pdfkit alone on the same documents;
//   - cached PDF: p50 ms of repeated downloads of one payment (cache hits);
//   - email throughput: emails per second across many distinct payments (render, claim, send, record).
// The per-landlord limits (20 PDFs, 10 emails per minute) stay on: the server runs on a manual clock moved
// forward between requests so each minute window holds no more than the limit. Nothing is disabled or raised.
import { loadavg } from 'node:os';
import pino from 'pino';
import { FIXTURE_KEYS, fixtureId } from '@ppapi/spec';
import { loadConfig } from '../../reference-server/src/platform/config';
import { loadFixtures } from '../../reference-server/src/fixtures/load';
import { loadInvoiceDocument } from '../../reference-server/src/resources/invoices/document';
import { renderInvoicePdf } from '../../reference-server/src/resources/invoices/pdf/render';
import { ManualClock } from '../../reference-server/src/platform/clock';
import { invoicePdfsOf } from '../../reference-server/src/resources/rent/routes';
import { buildServer } from '../../reference-server/src/server/build';
import { openDeps } from '../../reference-server/src/server/deps';
import { median, percentile, type BenchFigure, type BenchSuite } from './types';

const COLD = Number(process.env.BENCH_INVOICE_COLD ?? 50);
const CACHED = Number(process.env.BENCH_INVOICE_CACHED ?? 200);
const EMAILS = Number(process.env.BENCH_INVOICE_EMAILS ?? 100);
const API = '/api/public/v1';
const HARBOUR = fixtureId('landlord:harbour');
const auth = { authorization: `Bearer ${FIXTURE_KEYS.enterpriseLive}` };
/** Spacing that keeps each 60 s window within the limit: 20 PDFs or 10 emails per minute. */
const PDF_SPACING_MS = 3_100;
const EMAIL_SPACING_MS = 6_100;

const ms = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;

async function run(): Promise<BenchFigure[]> {
  const clock = new ManualClock(new Date());
  // Embedded defaults only, whatever the environment says: the capture mailer, PGlite, the in-process limiter.
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_FIXTURES: '0', PORT: '0', WEBHOOK_PROCESSING: '0' });
  const deps = await openDeps(config, pino({ level: 'silent' }), { clock });
  try {
    await loadFixtures(deps.knex, clock);
    const server = await buildServer(deps);
    await server.initialize();
    const pdfs = invoicePdfsOf(server);
    const ids = (
      await deps.knex('rent_payments').where({ landlord_id: HARBOUR }).orderBy('id').select<
        Array<{
          id: string;
        }>
      >('id')
    ).map((r) => r.id);
    if (ids.length < COLD + 3) throw new Error(`only ${ids.length} fixture payments; need ${COLD + 3}`);

    const getPdf = async (id: string): Promise<number> => {
      clock.advance(PDF_SPACING_MS);
      const start = process.hrtime.bigint();
      const res = await server.inject({ method: 'GET', url: `${API}/rent/${id}/invoice/pdf`, headers: auth });
      const elapsed = ms(start);
      if (res.statusCode !== 200) throw new Error(`invoice PDF answered ${res.statusCode}: ${res.payload}`);
      return elapsed;
    };

    // Warm-up (module loading, JIT, font metrics): not counted.
    for (const id of ids.slice(0, 3)) await getPdf(id);

    const coldIds = ids.slice(3, 3 + COLD);
    const rendersBefore = pdfs.renders;
    const cold: number[] = [];
    for (const id of coldIds) cold.push(await getPdf(id));
    if (pdfs.renders - rendersBefore !== coldIds.length) throw new Error('cold requests were not all cache misses');

    const docs = await Promise.all(
      coldIds.map((id) =>
        loadInvoiceDocument({ landlordId: HARBOUR, db: deps.knex }, id, clock.now().toISOString().slice(0, 10), false),
      ),
    );
    const render: number[] = [];
    for (const doc of docs) {
      const start = process.hrtime.bigint();
      await renderInvoicePdf(doc);
      render.push(ms(start));
    }

    const hot = coldIds[0];
    await getPdf(hot);
    const hitsBefore = pdfs.cache.stats.hits;
    const cached: number[] = [];
    for (let i = 0; i < CACHED; i += 1) cached.push(await getPdf(hot));
    if (pdfs.cache.stats.hits - hitsBefore !== CACHED) throw new Error('cached requests were not all cache hits');

    // Email throughput on distinct payments, each rendered afresh.
    pdfs.cache.clear();
    const emailIds = ids.slice(0, Math.min(EMAILS, ids.length));
    const sentBefore = deps.mailCapture!.list().length;
    let busy = 0;
    for (const id of emailIds) {
      clock.advance(EMAIL_SPACING_MS);
      const start = process.hrtime.bigint();
      const res = await server.inject({
        method: 'POST',
        url: `${API}/rent/${id}/invoice/email`,
        headers: auth,
        payload: { email: `bench-${id.slice(0, 8)}@tenant.example` },
      });
      busy += ms(start);
      if (res.statusCode !== 200) throw new Error(`invoice email answered ${res.statusCode}: ${res.payload}`);
    }
    const sent = deps.mailCapture!.list().length - sentBefore;
    if (sent !== emailIds.length) throw new Error(`${sent} emails captured for ${emailIds.length} requests`);

    await server.stop();
    return [
      {
        name: 'invoice-pdf cold ms',
        unit: 'ms',
        value: round(median(cold)),
        extra: `median over ${cold.length} distinct payments (cache misses, inject); target < 100 ms`,
      },
      {
        name: 'invoice-pdf render ms',
        unit: 'ms',
        value: round(median(render)),
        extra: `pdfkit alone, median over ${render.length} documents`,
      },
      {
        name: 'invoice-pdf cached p50 ms',
        unit: 'ms',
        value: round(percentile(cached, 50)),
        extra: `${cached.length} cache hits of one payment (inject); p95 ${round(percentile(cached, 95))} ms; target < 5 ms; load average ${loadavg()[0].toFixed(1)}`,
      },
      {
        name: 'invoice-email emails/s',
        unit: 'emails/s',
        value: round(emailIds.length / (busy / 1000)),
        extra: `${emailIds.length} distinct payments, sequential, capture mailer, PDF rendered per email`,
      },
    ];
  } finally {
    await deps.close();
  }
}

const round = (value: number): number => Math.round(value * 100) / 100;

export const invoiceBench: BenchSuite = { name: 'invoices', run };
