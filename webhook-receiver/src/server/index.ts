export { startReceiver, DEFAULT_MAX_BODY_BYTES } from './start-receiver';
export type { ReceiverOptions, RunningReceiver } from './start-receiver';
export { ADMIN_PREFIX } from './admin-api';
