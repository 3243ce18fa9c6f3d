export { systemClock, manualClock } from './clock';
export type { Clock, ManualClock } from './clock';
export { SeenIds, MIN_DEDUPE_TTL_MS } from './seen-ids';
export { DeliveryLog } from './delivery-log';
export type { DeliveryAttempt, DeliveryFilter, AttemptOutcome } from './delivery-log';
export {
  FailureScripts,
  ScriptValidationError,
  DEFAULT_TIMEOUT_HOLD_MS,
  DEFAULT_SLOW_DELAY_MS,
  DEFAULT_FAILURE_STATUS,
} from './failure-scripts';
export type { FailureScript, FailureScriptInput, ScriptMode, ScriptedAction } from './failure-scripts';
export { ReceiverStore } from './receiver-store';
export { SigningSecrets } from './signing-secrets';
