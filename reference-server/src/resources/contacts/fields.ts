// The contact's fields, once: column, kind, nullability and request rule (see ../field-table.ts).
import Joi from 'joi';
import type { Contact } from '../../persistence/models';
import { email } from '../../platform/http/schemas';
import { fieldTable, type InputOf, type ViewOf } from '../field-table';

const text = (max: number) => Joi.string().trim().min(1).max(max);

export const contactFields = fieldTable<Contact>()({
  id: { column: 'id', kind: 'uuid' },
  name: { column: 'name', kind: 'string', input: text(200), required: true },
  company: { column: 'company', kind: 'string', nullable: true, input: text(200) },
  email: { column: 'email', kind: 'string', nullable: true, input: email.trim() },
  mobile: { column: 'mobile', kind: 'string', nullable: true, input: text(50) },
  phone: { column: 'phone', kind: 'string', nullable: true, input: text(50) },
  categories: {
    column: 'categories',
    kind: 'strings',
    input: Joi.array()
      .items(text(60))
      .max(20)
      .unique((a: string, b: string) => a.toLowerCase() === b.toLowerCase()),
  },
  // An empty note is accepted and clears it.
  notes: {
    column: 'notes',
    kind: 'string',
    nullable: true,
    input: Joi.string().trim().max(5000).allow(''),
    emptyIsNull: true,
  },
  createdAt: { column: 'created_at', kind: 'timestamp' },
  updatedAt: { column: 'updated_at', kind: 'timestamp' },
});

export type ContactView = ViewOf<typeof contactFields.fields>;
export type ContactInput = InputOf<typeof contactFields.fields>;
