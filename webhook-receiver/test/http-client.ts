// Small helpers for talking to receivers in tests: deliveries go through test/support/send-delivery.ts (exact bytes,
// optional headers), admin calls through fetch.
import type { OutgoingDelivery } from './support/delivery-factory';
import { sendDelivery, type DeliveryExchange } from './support/send-delivery';

export function post(
  url: string,
  delivery: Pick<OutgoingDelivery, 'body' | 'headers'>,
  timeoutMs = 5000,
): Promise<DeliveryExchange> {
  return sendDelivery({ url, body: delivery.body, headers: delivery.headers }, timeoutMs);
}

export async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as T };
}

export async function sendJson<T>(
  method: 'POST' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T | null }> {
  const res = await fetch(url, {
    method,
    ...(body !== undefined
      ? {
          headers: { 'Content-Type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }
      : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as T) : null };
}
