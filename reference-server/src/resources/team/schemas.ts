import Joi from 'joi';
import { dataEnvelope, uuid } from '../../platform/http/schemas';

export const teamMemberSchema = Joi.object({
  id: uuid.required(),
  name: Joi.string().required(),
  email: Joi.string().required(),
  role: Joi.string().required(),
  status: Joi.string().valid('active', 'invited').required(),
  isOwner: Joi.boolean().required(),
}).label('TeamMember');

/** No parameters: the roster is small and returned whole (no paging). */
export const teamQuery = Joi.object({});

export const teamEnvelope = dataEnvelope(Joi.array().items(teamMemberSchema), 'TeamList');
