// GET /metrics in the Prometheus text format, and the request metrics behind it (every answer, errors and unknown
// routes included, by route pattern). Access by configuration (METRICS): `admin` (the default) needs the admin
// token as a Bearer token, `open` needs nothing (scraped inside a private network), `off` leaves the route out.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Plugin, Request } from '@hapi/hapi';
import { apiError } from '../errors/api-error';
import type { Metrics, MetricsAccess } from './metrics';

export const METRICS_PATH = '/metrics';

export interface MetricsPluginOptions {
  readonly metrics: Metrics;
  readonly access: MetricsAccess;
  readonly adminToken?: string;
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

function assertAdmin(request: Request, adminToken: string | undefined): void {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  // Digests compared, so the comparison takes the same time whatever the lengths.
  if (!adminToken || !match?.[1] || !timingSafeEqual(digest(match[1]), digest(adminToken)))
    throw apiError(
      'UNAUTHORIZED',
      adminToken ? 'Missing or invalid admin token' : 'Metrics need ADMIN_TOKEN to be set',
    );
}

export const metricsPlugin: Plugin<MetricsPluginOptions> = {
  name: 'metrics',
  register(server, { metrics, access, adminToken }) {
    server.events.on('response', (request) => {
      const response = request.response as { statusCode?: number } | null;
      const seconds = ((request.info.completed || Date.now()) - request.info.received) / 1000;
      metrics.request(request.method, request.route.path, response?.statusCode ?? 0, seconds);
    });
    if (access === 'off') return;
    server.route({
      method: 'GET',
      path: METRICS_PATH,
      options: {
        auth: false,
        handler: async (request, h) => {
          if (access === 'admin') assertAdmin(request, adminToken);
          const { text, contentType } = await metrics.scrape();
          return h.response(text).type(contentType).header('cache-control', 'no-store');
        },
      },
    });
  },
};
