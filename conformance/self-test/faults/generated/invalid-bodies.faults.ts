// The faults of invalid-bodies.ts: each makes a deployment take one kind of invalid body field on one write route
// only, repairing it as a lenient server would (the generated check must find it on whichever route it is).
import type { Fault } from '../../support/broken';
import { bodyOf, multipartField, path, withBody, withMultipartField } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** POST /contracts with a status outside the spec's set: the status is dropped and the contract created. */
function contractUnknownStatusIgnored(): Fault {
  return {
    description: 'POST /contracts ignores a status outside Active, Pending, Notice Served, Ended',
    request: (req) => {
      if (req.method !== 'POST' || path(req) !== '/contracts') return undefined;
      const body = bodyOf(req);
      if (typeof body.status !== 'string' || ['Active', 'Pending', 'Notice Served', 'Ended'].includes(body.status))
        return undefined;
      const rest = { ...body };
      delete rest.status;
      return withBody(req, rest);
    },
  };
}

/** POST /contracts/{id}/documents with a name over 500 characters: the name is cut to 500 and the upload taken. */
function contractDocumentNameCut(): Fault {
  return {
    description: 'POST /contracts/{id}/documents cuts a name over 500 characters instead of refusing it',
    request: (req) => {
      if (req.method !== 'POST' || !/^\/contracts\/[^/]+\/documents$/.test(path(req))) return undefined;
      const name = multipartField(req.body, 'name');
      return name !== undefined && name.length > 500 ? withMultipartField(req, 'name', name.slice(0, 500)) : undefined;
    },
  };
}

/** POST /properties with a non-integer bedrooms: the field is dropped and the property created. */
function propertyBedroomsDropped(): Fault {
  return {
    description: 'POST /properties drops a bedrooms value that is not an integer',
    request: (req) => {
      if (req.method !== 'POST' || path(req) !== '/properties') return undefined;
      const body = bodyOf(req);
      if (!('bedrooms' in body) || Number.isInteger(body.bedrooms)) return undefined;
      const rest = { ...body };
      delete rest.bedrooms;
      return withBody(req, rest);
    },
  };
}

export const faults: FaultTable = {
  'generated.invalidBodyOnEveryWriteIsRefused': [
    redTeamFault('validation-message-first-issue-only-on-writes-but-properties'),
    redTeamFault('document-upload-day-overflow-accepted'),
    { fault: contractUnknownStatusIgnored },
    { fault: contractDocumentNameCut },
    { fault: propertyBedroomsDropped },
  ],
};
