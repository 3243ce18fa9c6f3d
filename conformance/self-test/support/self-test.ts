// The shape of a check's faults (its `<module>.faults.ts` beside the check module): for each check id, one or
// more broken deployments it must FAIL against. Faults are functions of the self-test target, so they can name
// its keys.

import type { Profile } from '../../src/runner';
import type { Target } from '../../src/targets';
import type { Fault } from './broken';
import type { FaultKind } from './faulty-receivers';
import type { WebhookFaultPair, WebhookShared } from './webhook-deployment';

export interface SelfTest {
  readonly fault: (target: Target) => Fault;
  /** The deployment the proxy fronts: the ordinary reference server (default) or the production one (REQUIRE_HTTPS). */
  readonly upstream?: 'reference' | 'production';
  /** Full-profile checks are run with --profile full against their fault. */
  readonly profile?: Profile;
  /** The dashboard is reached through the broken deployment too (faults of the dashboard API); default: directly. */
  readonly proxyDashboard?: boolean;
}

export type FaultTable = Readonly<Record<string, readonly SelfTest[]>>;

/** A webhook check's fault: `broken` builds the pair of proxies (before the server, before the receiver). */
export interface WebhookSelfTest extends SelfTest {
  readonly broken: (shared: WebhookShared) => WebhookFaultPair;
}

export type WebhookFaultTable = Readonly<Record<string, readonly WebhookSelfTest[]>>;

/** A receiver check's fault: a receiver broken in one way (support/faulty-receivers.ts) it must FAIL against. */
export interface ReceiverSelfTest {
  readonly receiver: FaultKind;
}

export type ReceiverFaultTable = Readonly<Record<string, readonly ReceiverSelfTest[]>>;
