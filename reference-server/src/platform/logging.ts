// Structured logs (pino): one line per request with its id; credentials are never logged.
import pino, { type Logger } from 'pino';
import type { Plugin } from '@hapi/hapi';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'reference-server' },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'headers.authorization',
        'headers["x-api-key"]',
        '*.key',
        'key',
      ],
      censor: '[redacted]',
    },
  });
}

export const requestLogPlugin: Plugin<{ logger: Logger }> = {
  name: 'request-log',
  register(server, { logger }) {
    server.events.on('response', (request) => {
      const response = request.response as { statusCode?: number } | null;
      const status = response?.statusCode ?? 0;
      const ms = (request.info.completed || Date.now()) - request.info.received;
      logger[status >= 500 ? 'error' : 'info'](
        { requestId: request.info.id, method: request.method.toUpperCase(), path: request.path, status, ms },
        'request',
      );
    });
  },
};
