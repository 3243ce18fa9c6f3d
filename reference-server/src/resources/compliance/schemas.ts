import Joi from 'joi';
import { dataEnvelope, isoDate, uuid } from '../../platform/http/schemas';
import { complianceItemSchema } from '../properties/schemas';
import { EPC_BANDS } from './epc';
import { SEVERITY_ORDER } from './severity';

const severity = Joi.string().valid(...SEVERITY_ORDER);
const count = Joi.number().integer().min(0).required();

export const complianceSummarySchema = Joi.object({
  generatedAt: Joi.string().isoDate().required(),
  portfolio: Joi.object({
    propertyCount: count,
    requiredItemsTotal: count,
    attentionCount: count,
    worstSeverity: severity.allow(null).required(),
    counts: Joi.object(Object.fromEntries(SEVERITY_ORDER.map((s) => [s, count]))).required(),
  }).required(),
  epc: Joi.object({
    rated: count,
    unrated: count,
    cOrAbove: count,
    belowC: count,
    distribution: Joi.object()
      .pattern(Joi.string().valid(...EPC_BANDS), Joi.number().integer().min(0))
      .required(),
  }).required(),
  attention: Joi.array()
    .items(
      Joi.object({
        propertyId: uuid.required(),
        propertyName: Joi.string().required(),
        code: Joi.string().required(),
        dueDate: isoDate.allow(null).required(),
        daysUntil: Joi.number().integer().allow(null).required(),
        severity: severity.required(),
      }).label('ComplianceAttentionItem'),
    )
    .required(),
  properties: Joi.array()
    .items(
      Joi.object({
        id: uuid.required(),
        name: Joi.string().required(),
        address: Joi.string().allow(null).required(),
        status: Joi.string().valid('Occupied', 'Vacant', 'Maintenance').allow(null).required(),
        epc: Joi.object({
          rating: Joi.string().allow(null).required(),
          band: Joi.string()
            .valid(...EPC_BANDS)
            .allow(null)
            .required(),
          score: Joi.number().integer().allow(null).required(),
          renewal: isoDate.allow(null).required(),
          compliant: Joi.boolean().allow(null).required(),
        }).required(),
        items: Joi.array().items(complianceItemSchema).required(),
      }).label('PropertyCompliance'),
    )
    .required(),
}).label('ComplianceSummary');

export const complianceSummaryEnvelope = dataEnvelope(complianceSummarySchema, 'ComplianceSummaryResponse');
