// What main() and a run talk to: the process's streams and the injectable parts self-tests replace.

import type { Clock } from '../http/clock';
import type { Catalogue } from '../runner/catalogue';
import type { Check } from '../runner/check';
import type { EmbeddedDeps } from './resolve-target';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly isTTY: boolean;
  readonly color: boolean;
}

/** Everything main() reaches for, injectable so self-tests run it against fakes. */
export interface CliDeps {
  readonly checks?: readonly Check[];
  readonly catalogue?: Catalogue;
  readonly embedded?: Partial<EmbeddedDeps>;
  readonly clock?: Clock;
  readonly fetch?: typeof fetch;
  readonly probeTimeoutMs?: number;
  readonly now?: () => Date;
  /** Called once the embedded server is up, so the entry script can stop it on SIGINT. */
  readonly onStop?: (stop: () => Promise<void>) => void;
}
