import Joi from 'joi';
import { dataEnvelope, isoDate, uuid } from '../../platform/http/schemas';

export const UTILITY_TYPES = ['electricity', 'gas', 'water', 'heat_network', 'oil'] as const;
export const METER_UNITS = ['kWh', 'm3', 'ft3', 'litres'] as const;
export const REGISTERS = ['single', 'day', 'night', 'export', 'heat'] as const;

const reading = Joi.object({
  readingDate: isoDate.required(),
  registers: Joi.array()
    .items(
      Joi.object({
        register: Joi.string()
          .valid(...REGISTERS)
          .required(),
        value: Joi.number().required(),
      }),
    )
    .required(),
}).label('OpeningReading');

const meter = Joi.object({
  id: uuid.required(),
  utilityType: Joi.string()
    .valid(...UTILITY_TYPES)
    .required(),
  locationDescription: Joi.string().allow(null).required(),
  unit: Joi.string()
    .valid(...METER_UNITS)
    .required(),
  mpan: Joi.string().allow(null).required(),
  mprn: Joi.string().allow(null).required(),
  serialNumber: Joi.string().allow(null).required(),
  openingReading: reading.allow(null).required(),
}).label('HandbookMeter');

// Exactly two keys: an account number can never slip into a supplier item.
const supplier = Joi.object({ utilityType: Joi.string().required(), supplierName: Joi.string().required() }).label(
  'HandbookSupplier',
);

export const handbookSchema = Joi.object({
  propertyId: uuid.required(),
  knowledge: Joi.object().unknown(true).allow(null).required(),
  completeness: Joi.object({
    filled: Joi.number().integer().min(0).required(),
    total: Joi.number().integer().min(0).required(),
    missing: Joi.array().items(Joi.string()).required(),
  }).required(),
  meters: Joi.array().items(meter).required(),
  suppliers: Joi.array().items(supplier).required(),
}).label('Handbook');

export const handbookEnvelope = dataEnvelope(handbookSchema, 'HandbookResponse');
