// Which deployment the run aims at: a target file (--target), the fixture keys at --base-url, or an
// embedded reference server started as a child process (never imported: the independence rule).

import { join } from 'node:path';
import {
  embeddedTarget,
  loadFixtureTarget,
  loadTargetFile,
  startEmbeddedReceiver,
  startEmbeddedReference,
  withBaseUrl,
  type EmbeddedOptions,
  type Target,
} from '../targets';

export interface ResolvedTarget {
  readonly target: Target;
  readonly warnings: readonly string[];
  /** Set when the suite started the server itself. */
  readonly stop?: () => Promise<void>;
  readonly embedded: boolean;
}

export interface EmbeddedDeps {
  /** Repository root (cwd of the child, home of fixtures/reference-target.json). */
  readonly root: string;
  readonly command?: string;
  readonly args?: readonly string[];
  readonly startTimeoutMs?: number;
  /** Extra environment for the child. */
  readonly env?: Readonly<Record<string, string>>;
  /** Default <root>/fixtures/reference-target.json, or the same keys from @ppapi/spec when that file is absent. */
  readonly fixture?: string;
  /** false: no embedded mock receiver (and so no `webhooks` section). Default true. */
  readonly webhooks?: boolean;
}

export async function resolveTarget(
  options: { readonly target?: string; readonly baseUrl?: string },
  embedded: EmbeddedDeps,
): Promise<ResolvedTarget> {
  if (options.target !== undefined) {
    const parsed = loadTargetFile(options.target);
    const target = options.baseUrl !== undefined ? withBaseUrl(parsed.target, options.baseUrl) : parsed.target;
    return { target, warnings: parsed.warnings, embedded: false };
  }
  const fixture = embedded.fixture ?? join(embedded.root, 'fixtures', 'reference-target.json');
  if (options.baseUrl !== undefined) {
    // A reference server someone started by hand: the fixture's fixed keys, at the given address.
    const parsed = loadFixtureTarget(fixture);
    return {
      target: { ...withBaseUrl(parsed.target, options.baseUrl), source: fixture },
      warnings: parsed.warnings,
      embedded: false,
    };
  }
  // The mock receiver runs in this process; the server gets the short retry delays the target then declares.
  const receiver = embedded.webhooks === false ? undefined : await startEmbeddedReceiver();
  const env = { ...receiver?.env, ...embedded.env };
  const startOptions: EmbeddedOptions = {
    root: embedded.root,
    ...(embedded.command !== undefined ? { command: embedded.command } : {}),
    ...(embedded.args !== undefined ? { args: embedded.args } : {}),
    ...(embedded.startTimeoutMs !== undefined ? { startTimeoutMs: embedded.startTimeoutMs } : {}),
    ...(Object.keys(env).length > 0 ? { env } : {}),
  };
  let server;
  try {
    server = await startEmbeddedReference(startOptions);
  } catch (error) {
    await receiver?.stop();
    throw error;
  }
  const stop = async (): Promise<void> => {
    await server.stop();
    await receiver?.stop();
  };
  try {
    const parsed = embeddedTarget(fixture, server, receiver?.webhooks);
    return { target: parsed.target, warnings: parsed.warnings, stop, embedded: true };
  } catch (error) {
    await stop();
    throw error;
  }
}
