// The admin token check shared by the JSON admin API (Bearer) and the web dashboard's sign-in form.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Compares digests, so the comparison is constant-time whatever the lengths. */
export const sameToken = (given: string, expected: string): boolean => timingSafeEqual(digest(given), digest(expected));
