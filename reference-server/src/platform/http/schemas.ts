// Joi building blocks shared by every resource: ids, dates, envelopes.
import Joi from 'joi';
import { isValidDate } from '../time/dates';
import { metaSchema } from './pagination';

/**
 * Ids in canonical form only: lower-case, hyphenated (RFC 9562 text form), versions 1 to 8. Braced, unhyphenated
 * or upper-case forms are refused with 400 VALIDATION_ERROR rather than accepted and echoed back as given.
 */
export const uuid = Joi.string()
  .pattern(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'canonical UUID')
  .messages({ 'string.pattern.name': '{{#label}} must be a UUID in canonical form (lower-case, hyphenated)' });
export const idParams = Joi.object({ id: uuid.required() });

/** A calendar date 'YYYY-MM-DD' that exists (2026-02-30 is refused). */
export const isoDate = Joi.string()
  .custom((value: string, helpers) => (isValidDate(value) ? value : helpers.error('date.calendar')), 'calendar date')
  .messages({ 'date.calendar': '{{#label}} must be a valid date in YYYY-MM-DD format' });

export const errorBody = Joi.object({ error: Joi.string().required(), code: Joi.string().required() }).label('Error');

export const dataEnvelope = (data: Joi.Schema, label: string): Joi.ObjectSchema =>
  Joi.object({ data: data.required() }).label(label);
export const listEnvelope = (item: Joi.Schema, label: string): Joi.ObjectSchema =>
  Joi.object({ data: Joi.array().items(item).required(), meta: metaSchema.required() }).label(label);

export const deletedBody = Joi.object({
  data: Joi.object({ deleted: Joi.boolean().valid(true).required(), id: uuid.required(), sandbox: Joi.boolean() }),
}).label('Deleted');

/** Characters as the spec counts them: Unicode code points, not UTF-16 units (an emoji is one character). */
export const codePoints = (text: string): number => [...text].length;

/** A string of `min` to `max` characters (code points); Joi's own min/max count UTF-16 units. */
export const chars = (min: number, max: number): Joi.StringSchema =>
  Joi.string()
    .custom((value: string, helpers) => {
      const length = codePoints(value);
      if (length < min) return helpers.error('chars.min', { limit: min });
      if (length > max) return helpers.error('chars.max', { limit: max });
      return value;
    }, 'length in characters')
    .messages({
      'chars.min': '{{#label}} must be at least {{#limit}} characters long',
      'chars.max': '{{#label}} must be at most {{#limit}} characters long',
    });

/** Search terms: 1 to 200 characters. */
export const searchTerm = chars(1, 200);

/** Any syntactically valid address: no TLD list (reserved TLDs such as .example are real test addresses). */
export const email = Joi.string()
  .email({ tlds: { allow: false } })
  .max(320);
