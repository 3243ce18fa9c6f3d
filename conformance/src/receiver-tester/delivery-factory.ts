import fc from 'fast-check';

import { eventCatalogue } from '@ppapi/spec';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, deliveryHeaderValue, sign, type Envelope } from './wire';
import { envelopeArbitrary } from './payload-arbitraries';
import { deriveSeed } from './seeds';

/** What goes on the wire: exact body text and headers. */
export interface OutgoingDelivery {
  readonly envelope: Envelope;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface SignOptions {
  /** Body to send instead of the compact JSON of the envelope (pretty-printed, escaped, tampered...). */
  readonly body?: string;
  /** Bytes the signature covers, when they differ from the body sent (tampering after signing). */
  readonly signedBody?: string;
  /** Secret to sign with instead of the receiver's (forgery). */
  readonly secret?: string;
  /** Signature header to send instead of the computed one; null omits the header. */
  readonly signature?: string | null;
}

/** How long before the run's start a first attempt's event happened: a few seconds, as a live delivery's. */
const MAX_FIRST_ATTEMPT_AGE_MS = 5_000;

/**
 * Seeded envelopes from the catalogue, signed like the service signs them. `created_at` is near the run's start
 * (a delivery's first attempt follows its event within seconds), so a receiver that judges an event's age sees
 * what the service would send; the same seed and start give the same bytes.
 */
export class DeliveryFactory {
  readonly landlordId: string;
  private readonly startedAt: number;

  constructor(
    private readonly seed: number,
    private readonly secret: string,
    now: () => Date = () => new Date(),
  ) {
    this.landlordId = this.sample(fc.uuid({ version: 4 }), 'landlord');
    this.startedAt = now().getTime();
  }

  /** A delivery of `event`; `key` names the purpose so the same (seed, key) gives the same envelope. */
  envelope(event: string, key: string, ageMs?: number): Envelope {
    const spec = eventCatalogue.find((e) => e.event === event);
    if (!spec) throw new Error(`unknown event type ${event}`);
    const envelope = this.sample(envelopeArbitrary(spec, this.landlordId), `${key}:${event}`);
    const age = ageMs ?? this.sample(fc.integer({ min: 0, max: MAX_FIRST_ATTEMPT_AGE_MS }), `${key}:${event}:age`);
    return { ...envelope, created_at: new Date(this.startedAt - age).toISOString() };
  }

  /** An envelope of some event type picked by the seed. */
  anyEnvelope(key: string, ageMs?: number): Envelope {
    const spec = this.sample(fc.constantFrom(...eventCatalogue), `${key}:event`);
    return this.envelope(spec.event, key, ageMs);
  }

  /** The dashboard's test delivery: `_test: true` at top level and inside `data`. */
  testEnvelope(key: string): Envelope {
    const envelope = this.anyEnvelope(key);
    return { ...envelope, data: { ...envelope.data, _test: true }, _test: true };
  }

  signed(envelope: Envelope, options: SignOptions = {}): OutgoingDelivery {
    const body = options.body ?? JSON.stringify(envelope);
    const signature =
      options.signature !== undefined
        ? options.signature
        : sign(options.secret ?? this.secret, options.signedBody ?? body);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      [EVENT_HEADER]: envelope.event,
      [DELIVERY_HEADER]: deliveryHeaderValue(envelope.id),
    };
    if (signature !== null) headers[SIGNATURE_HEADER] = signature;
    return { envelope, body, headers };
  }

  /** A delivery whose signature header is derived from the correct one (malformed shapes need the secret too). */
  signedWithShape(
    envelope: Envelope,
    make: (signed: { readonly secret: string; readonly body: string; readonly header: string }) => string | null,
  ): OutgoingDelivery {
    const body = JSON.stringify(envelope);
    return this.signed(envelope, {
      body,
      signature: make({ secret: this.secret, body, header: sign(this.secret, body) }),
    });
  }

  /** A secret that is certainly not the receiver's. */
  forgerySecret(): string {
    return `forged-${this.secret.length}-${this.landlordId}`;
  }

  private sample<T>(arbitrary: fc.Arbitrary<T>, key: string): T {
    // noBias: a single sample would otherwise lean to edge values (epoch-ish dates, 0000-ids), unlike real data.
    const [value] = fc.sample(fc.noBias(arbitrary), { seed: deriveSeed(this.seed, key), numRuns: 1 });
    if (value === undefined) throw new Error(`no sample for ${key}`);
    return value;
  }
}
