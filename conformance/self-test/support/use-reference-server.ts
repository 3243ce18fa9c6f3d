// One reference server for the enclosing describe block: started before its tests (with fast keys on its target,
// unless the file measures limits), stopped after them. Read `reference` and `target` inside tests only.

import type { Target } from '../../src/targets';
import { withFastKeys } from './fast-keys';
import { startReferenceServer, type ReferenceDeployment, type StartOptions } from './reference';

export interface ReferenceServerHandle {
  readonly reference: ReferenceDeployment;
  /** The fixture target aimed at it, with fast keys unless `fastKeys: false`. */
  readonly target: Target;
}

const START_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 60_000;

export function useReferenceServer(
  options: StartOptions & { readonly fastKeys?: boolean } = {},
): ReferenceServerHandle {
  let reference: ReferenceDeployment | undefined;
  let target: Target | undefined;
  beforeAll(async () => {
    reference = await startReferenceServer(options);
    target = options.fastKeys === false ? reference.target : await withFastKeys(reference.target);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await reference?.stop();
  }, STOP_TIMEOUT_MS);
  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('the reference server is not started: read it inside a test, not while describing');
    return value;
  };
  return {
    get reference() {
      return started(reference);
    },
    get target() {
      return started(target);
    },
  };
}
