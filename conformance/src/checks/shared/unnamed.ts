// Fields whose names the spec does not give (targets/unnamed-fields.ts): the name a check writes each under, and the
// name it may read each under. The target file's `fields` names them; without it the suite writes its guess and
// learns a name only when the deployment shows back, under that name, the value the suite wrote (its own contract's
// reference, say). A field never read by a name that is neither is not read at all: the part of the check that
// needs it skips, saying which `fields` entry would let it run. Conventions and verdicts follow the same names.

import type { CheckContext } from '../../runner/check';
import { UNNAMED_FIELDS, type UnnamedField, type UnnamedResource } from '../../targets/unnamed-fields';
type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether the target file names the resource's fields: a body of them refused is then the deployment's failure. */
export function declared(ctx: Pick<CheckContext, 'target'>, resource: UnnamedResource): boolean {
  return ctx.target.fields?.[resource] !== undefined;
}

/** The name the suite writes `field` under: the target's, else its guess. */
export function writeName<R extends UnnamedResource>(
  ctx: Pick<CheckContext, 'target'>,
  resource: R,
  field: UnnamedField<R>,
): string {
  const names: Readonly<Record<string, string | undefined>> | undefined = ctx.target.fields?.[resource];
  const guesses: Readonly<Record<string, string>> = UNNAMED_FIELDS[resource];
  return names?.[field] ?? guesses[field] ?? field;
}

/** Names shown back in a run, per run: `resource.field` → the name. */
const shownBack = new Map<string, Map<string, string>>();

function runKey(ctx: Pick<CheckContext, 'target' | 'runId'>): string {
  return `${ctx.target.baseUrl}\u0000${ctx.runId}`;
}

/**
 * Learns the names an answer shows back: each unnamed field the suite wrote (under `writeName`) whose value the
 * deployment's answer carries under the same name, unchanged. A name the target declares needs no learning.
 */
export function learnShownBack(
  ctx: Pick<CheckContext, 'target' | 'runId'>,
  resource: UnnamedResource,
  sent: Json,
  answer: unknown,
): void {
  if (!isRecord(answer)) return;
  const learned = shownBack.get(runKey(ctx)) ?? new Map<string, string>();
  shownBack.set(runKey(ctx), learned);
  for (const field of Object.keys(UNNAMED_FIELDS[resource])) {
    const name = writeName(ctx, resource, field as UnnamedField<typeof resource>);
    const value = sent[name];
    if (value !== undefined && value !== null && answer[name] === value) learned.set(`${resource}.${field}`, name);
  }
}

/** The name to read `field` under: the target's, or one the deployment showed back in this run; else undefined. */
export function readName<R extends UnnamedResource>(
  ctx: Pick<CheckContext, 'target' | 'runId'>,
  resource: R,
  field: UnnamedField<R>,
): string | undefined {
  const names: Readonly<Record<string, string | undefined>> | undefined = ctx.target.fields?.[resource];
  return names?.[field] ?? shownBack.get(runKey(ctx))?.get(`${resource}.${field}`);
}

/** Why a part of a check cannot run without the name, and how to let it. */
export function unnamedReason<R extends UnnamedResource>(
  ctx: Pick<CheckContext, 'target'>,
  resource: R,
  field: UnnamedField<R>,
  purpose: string,
): string {
  return `${purpose} needs the name of the ${resource}'s ${field} field, which the spec does not give: the target file does not name it (fields.${resource}.${field}) and the deployment did not show back a value written as "${writeName(ctx, resource, field)}"`;
}

/** The name to read `field` under, or the check skips saying why (unnamedReason). */
export function requireReadName<R extends UnnamedResource>(
  ctx: CheckContext,
  resource: R,
  field: UnnamedField<R>,
  purpose: string,
): string {
  return readName(ctx, resource, field) ?? ctx.skip(unnamedReason(ctx, resource, field, purpose));
}
