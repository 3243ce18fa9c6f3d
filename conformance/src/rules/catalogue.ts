// The rule catalogue: every testable statement of the Property Portfolio Public API spec, in spec order.
// Ids are numbered within each prefix; where the brief fixes a numbering (AUTH-1..9, RENT-POST-1..5,
// RENT-EMAIL-1..9, EVT-DELIVERY-1..6) extra statements take the numbers after it, so a few ids appear
// out of numeric order here (EVT-DELIVERY-7..10, EVT-ENV-9).
// The spec's words live here as data because the spec file itself is not shipped with the project.
import type { Rule } from '../model';
import { AUTH_RULES } from './sections/authentication';
import { CAL_RULES, COMPLIANCE_RULES, DEPRECATED_RULES, OTHER_RULES, TEAM_RULES } from './sections/endpoints-misc';
import { CONTRACT_RULES, ENDPOINTS_RULES, PROP_RULES } from './sections/endpoints';
import { ERR_CODE_RULES, ERR_GENERAL_RULES } from './sections/errors';
import {
  EVT_CAT_RULES,
  EVT_CHANGEOVER_RULE,
  EVT_DATA_RULE,
  EVT_DELIVERY_RULES,
  EVT_ENV_RULES,
  EVT_GAP_RULES,
  EVT_REQ_RULES,
  EVT_TOP_RULES,
  EVT_VERIFY_RULES,
} from './sections/events';
import { LIMIT_RATE_RULES, LIMIT_RULES } from './sections/limits';
import { OVERVIEW_RULES } from './sections/overview';
import { RENT_EMAIL_RULES, RENT_GET_RULES, RENT_PATCH_RULES, RENT_PDF_RULES, RENT_POST_RULES } from './sections/rent';
import {
  ENVELOPE_RULES,
  RES_CAL_RULES,
  RES_COMPLIANCE_RULES,
  RES_CONTRACT_RULES,
  RES_DOC_RULES,
  RES_HANDBOOK_RULES,
  RES_OTHER_RULES,
  RES_PROP_RULES,
  RES_RENT_RULES,
  RES_TEAM_RULES,
} from './sections/resources';
import { STATE_GAP_RULES, STATE_RULES } from './sections/states';
import { VERSION_RULES } from './sections/versioning';

export const RULES: readonly Rule[] = Object.freeze([
  ...OVERVIEW_RULES,
  ...ENVELOPE_RULES,
  ...RES_PROP_RULES,
  ...RES_CONTRACT_RULES,
  ...RES_RENT_RULES,
  ...RES_DOC_RULES,
  ...RES_HANDBOOK_RULES,
  ...RES_COMPLIANCE_RULES,
  ...RES_TEAM_RULES,
  ...RES_CAL_RULES,
  ...RES_OTHER_RULES,
  ...STATE_RULES,
  ...STATE_GAP_RULES,
  ...ENDPOINTS_RULES,
  ...PROP_RULES,
  ...CONTRACT_RULES,
  ...RENT_GET_RULES,
  ...RENT_POST_RULES,
  ...RENT_PATCH_RULES,
  ...RENT_PDF_RULES,
  ...RENT_EMAIL_RULES,
  ...CAL_RULES,
  ...TEAM_RULES,
  ...COMPLIANCE_RULES,
  ...OTHER_RULES,
  ...DEPRECATED_RULES,
  ...AUTH_RULES,
  ...EVT_TOP_RULES,
  ...EVT_ENV_RULES,
  ...EVT_REQ_RULES,
  ...EVT_VERIFY_RULES,
  ...EVT_DELIVERY_RULES,
  EVT_DATA_RULE,
  ...EVT_CAT_RULES,
  EVT_CHANGEOVER_RULE,
  ...EVT_GAP_RULES,
  ...ERR_GENERAL_RULES,
  ...ERR_CODE_RULES,
  ...LIMIT_RATE_RULES,
  ...LIMIT_RULES,
  ...VERSION_RULES,
]);
