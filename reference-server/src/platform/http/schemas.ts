// Joi building blocks shared by every resource: ids, dates, envelopes.
import Joi from 'joi';
import { isValidDate } from '../time/dates';
import { metaSchema } from './pagination';

export const uuid = Joi.string().guid({ version: ['uuidv1', 'uuidv2', 'uuidv3', 'uuidv4', 'uuidv5', 'uuidv7', 'uuidv8'] });
export const idParams = Joi.object({ id: uuid.required() });

/** A calendar date 'YYYY-MM-DD' that exists (2026-02-30 is refused). */
export const isoDate = Joi.string().custom((value: string, helpers) => (isValidDate(value) ? value : helpers.error('date.calendar')), 'calendar date')
  .messages({ 'date.calendar': '{{#label}} must be a valid date in YYYY-MM-DD format' });

export const errorBody = Joi.object({ error: Joi.string().required(), code: Joi.string().required() }).label('Error');

export const dataEnvelope = (data: Joi.Schema, label: string): Joi.ObjectSchema => Joi.object({ data: data.required() }).label(label);
export const listEnvelope = (item: Joi.Schema, label: string): Joi.ObjectSchema =>
  Joi.object({ data: Joi.array().items(item).required(), meta: metaSchema.required() }).label(label);

export const deletedBody = Joi.object({ data: Joi.object({ deleted: Joi.boolean().valid(true).required(), id: uuid.required(), sandbox: Joi.boolean() }) }).label('Deleted');

/** Search terms: 1 to 200 characters. */
/** A string of at most `max` characters, counted as code points (Joi's max counts UTF-16 units: 200 emoji would be 400). */
export const characters = (max: number): Joi.StringSchema =>
  Joi.string().custom((value: string, helpers) => (Array.from(value).length > max ? helpers.error('string.max', { limit: max }) : value));

export const searchTerm = characters(200).min(1);

/** Any syntactically valid address: no TLD list (reserved TLDs such as .example are real test addresses). */
export const email = Joi.string().email({ tlds: { allow: false } }).max(320);
