// The server's Prometheus metrics, one registry per process (tests run several servers in one process, each with
// its own): requests by route and status, the webhook queue's depth, delivery outcomes and limiter decisions.
// Names follow Prometheus conventions (`_total` counters, `_seconds` histograms); labels stay bounded (route
// patterns, never raw paths or ids).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Who may read GET /metrics: the admin token's holder, anyone (a private network), or nobody (no route). */
export type MetricsAccess = 'admin' | 'open' | 'off';

/** What the limiter decided for one window check of a request. */
export type LimiterDecision = 'allowed' | 'refused' | 'unavailable';
/** Which limit was checked: the key's read or write windows, or a route's per-landlord window. */
export type LimiterScope = 'read' | 'write' | 'landlord';

export interface QueueDepth {
  /** Events written by requests, not yet turned into deliveries. */
  readonly outbox: number;
  /** Delivery attempts due now, not yet made. */
  readonly due: number;
  /** Delivery attempts scheduled for later (retries). */
  readonly scheduled: number;
}

// Request latencies from a cached read (a few ms) to the compliance summary of a large portfolio (seconds).
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Delivery calls: a receiver answering at once, up to the 10 s timeout.
const DELIVERY_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route' | 'status'>;
  private readonly deliveries: Counter<'outcome'>;
  private readonly deliverySeconds: Histogram<'outcome'>;
  private readonly limiter: Counter<'scope' | 'decision'>;

  /** `queueDepth` is asked on each scrape; a failure leaves the gauge without samples for that scrape. */
  constructor(queueDepth?: () => Promise<QueueDepth>, options: { processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'ppapi_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'ppapi_http_request_duration_seconds',
      help: 'Time from receiving a request to answering it, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.deliveries = new Counter({
      name: 'ppapi_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts made by this process, by the state the delivery moved to',
      labelNames: ['outcome'],
      registers,
    });
    this.deliverySeconds = new Histogram({
      name: 'ppapi_webhook_delivery_attempt_duration_seconds',
      help: 'Duration of the HTTP call of a webhook delivery attempt, by outcome',
      labelNames: ['outcome'],
      buckets: DELIVERY_BUCKETS,
      registers,
    });
    this.limiter = new Counter({
      name: 'ppapi_rate_limit_decisions_total',
      help: 'Rate-limit checks, by the limit checked and the decision',
      labelNames: ['scope', 'decision'],
      registers,
    });
    if (queueDepth) {
      new Gauge({
        name: 'ppapi_webhook_queue_depth',
        help: 'Webhook work waiting: outbox events not yet dispatched, attempts due now, attempts scheduled later',
        labelNames: ['state'],
        registers,
        async collect() {
          this.reset();
          const depth = await queueDepth().catch(() => undefined);
          if (!depth) return;
          this.set({ state: 'outbox' }, depth.outbox);
          this.set({ state: 'due' }, depth.due);
          this.set({ state: 'scheduled' }, depth.scheduled);
        },
      });
    }
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'ppapi_' });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method: method.toUpperCase(), route, status: String(status) };
    this.requests.inc(labels);
    this.requestSeconds.observe(labels, seconds);
  }

  deliveryAttempt(outcome: string, seconds: number): void {
    this.deliveries.inc({ outcome });
    this.deliverySeconds.observe({ outcome }, seconds);
  }

  limiterDecision(scope: LimiterScope, decision: LimiterDecision): void {
    this.limiter.inc({ scope, decision });
  }

  /** The exposition text, and its content type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
