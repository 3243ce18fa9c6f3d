// A deployment that is correct but chose differently wherever the spec (or HTTP and JSON) leaves a choice: a
// proxy in front of the reference server that rewrites every exchange into the other allowed form. Each choice
// is one named, documented tolerance (docs/conformance-tolerances.md), kept in the module of its kind; this one
// puts them together. The tolerance self-tests aim the whole suite at this deployment, one choice at a time and all
// together, and every check must still pass.

import type { Fault, ProxyRequest, Transport } from '../support/broken';
import { readJson } from '../support/faults';
import type { Target } from '../../src/targets';
import { FIELD_CHOICES } from './field-choices';
import { HEADER_CHOICES } from './header-choices';
import { HTTP_CHOICES } from './http-choices';
import { MEDIA_CHOICES } from './media-choices';
import { NUMBER_CHOICES } from './number-choices';
import { REFUSAL_CHOICES } from './refusal-choices';
import { isJson, type Tolerance } from './tolerance';

/** Every choice, in the order the deployment applies them (each sees the exchange as the ones before left it). */
export const TOLERANCES: readonly Tolerance[] = [
  ...REFUSAL_CHOICES,
  ...HEADER_CHOICES,
  ...HTTP_CHOICES,
  ...NUMBER_CHOICES,
  ...FIELD_CHOICES,
  // After the field choices: a link another choice moved (a signed download link) is the one these serve.
  ...MEDIA_CHOICES,
];

/** The target a run through the given choices uses: each choice's own declarations laid over the base target. */
export function targetFor(tolerances: readonly Tolerance[], base: Target): Target {
  return tolerances.reduce((t, tolerance) => tolerance.target?.(t) ?? t, base);
}

/** The transports of several choices as one: every flag any of them sets, the shortest idle time, the first early answer. */
function mergedTransport(tolerances: readonly Tolerance[]): Transport {
  const transports = tolerances.map((t) => t.transport).filter((t): t is Transport => t !== undefined);
  const idle = transports.map((t) => t.idleCloseMs).filter((ms): ms is number => ms !== undefined);
  const early = transports.map((t) => t.early).filter((e): e is NonNullable<Transport['early']> => e !== undefined);
  return {
    chunked: transports.some((t) => t.chunked),
    close: transports.some((t) => t.close),
    interim: transports.some((t) => t.interim),
    upperCaseNames: transports.some((t) => t.upperCaseNames),
    compress: transports.flatMap((t) => t.compress ?? []),
    idle408: transports.some((t) => t.idle408),
    ...(idle.length > 0 ? { idleCloseMs: Math.min(...idle) } : {}),
    ...(early.length > 0 ? { early: (head) => early.map((e) => e(head)).find((r) => r !== undefined) } : {}),
  };
}

/** One deployment making the given choices (all of them by default). */
export function otherChoices(tolerances: readonly Tolerance[] = TOLERANCES): Fault & { readonly transport: Transport } {
  const serialise =
    [...tolerances].reverse().find((t) => t.serialise)?.serialise ?? ((b: unknown) => JSON.stringify(b));
  return {
    description: tolerances.map((t) => t.id).join(' + '),
    transport: mergedTransport(tolerances),
    request(req) {
      let current: ProxyRequest = req;
      for (const t of tolerances) {
        const next = t.request?.(current);
        if (next && 'status' in next) return next;
        if (next) current = next;
      }
      return current;
    },
    async response(res, original, ctx) {
      let current = res;
      for (const t of tolerances) current = (await t.response?.(current, original, ctx)) ?? current;
      if (!isJson(current) || !tolerances.some((t) => t.json || t.serialise)) return current;
      let body = readJson(current);
      if (body === undefined) return current;
      for (const t of tolerances) if (t.json) body = t.json(body, current, original);
      return { ...current, body: Buffer.from(serialise(body), 'utf8') };
    },
  };
}
