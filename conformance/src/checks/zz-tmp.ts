import { type CheckContext } from '../runner';
import { isInt, type ListPage } from './shared/util';
export function m1(ctx: CheckContext, page: ListPage, field: 'page' | 'limit' | 'total'): number {
  const value = page.meta?.[field];
  ctx.expect(isInt(value), `x`, 'y');
  return value;
}
export function m2(ctx: CheckContext, value: unknown): number {
  ctx.expect(isInt(value), `x`, 'y');
  return value;
}
export function m3(ctx: CheckContext, value: unknown): number {
  ctx.expect(typeof value === 'number', `x`, 'y');
  return value;
}
