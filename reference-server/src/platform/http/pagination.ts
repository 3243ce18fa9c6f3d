// Common list parameters: `page` from 1, `limit` 1..500 (spec maximum). Defaults (not shown by the spec):
// page 1, limit 50.
import Joi from 'joi';

export const LIMIT_MAX = 500;
export const LIMIT_DEFAULT = 50;

export const paginationQuery = {
  page: Joi.number().integer().min(1).max(1_000_000).default(1),
  limit: Joi.number().integer().min(1).max(LIMIT_MAX).default(LIMIT_DEFAULT),
};

export interface PageRequest {
  readonly page: number;
  readonly limit: number;
}

export interface ListMeta {
  page: number;
  limit: number;
  total: number;
  hasNextPage?: boolean;
}

export const offsetOf = ({ page, limit }: PageRequest): number => (page - 1) * limit;

export function listMeta(request: PageRequest, total: number, withHasNextPage = false): ListMeta {
  const meta: ListMeta = { page: request.page, limit: request.limit, total };
  if (withHasNextPage) meta.hasNextPage = request.page * request.limit < total;
  return meta;
}

export const metaSchema = Joi.object({
  page: Joi.number().integer().required(),
  limit: Joi.number().integer().required(),
  total: Joi.number().integer().required(),
  hasNextPage: Joi.boolean(),
});
