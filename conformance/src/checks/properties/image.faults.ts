// The faults of the checks in image.ts: each must make its check FAIL (a broken deployment per fault).
import { mapJson } from '../../../self-test/support/faults';
import { Rec, path, withMultipartPng } from '../../../self-test/support/resource-fault-helpers';
import type { FaultTable } from '../../../self-test/support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'properties.imageUploadGivesAPublicUrl': [
    { fault: () => mapJson('the image upload answers the property without its image URL', (q, r) => q.method === 'POST' && /\/image$/.test(path(q)) && r.status === 200, (b) => ({ ...b, data: { ...(b.data as Rec), image: undefined } })) },
    {
      fault: () => ({
        description: 'text files are accepted as images (served back as the image)',
        request: (req) => (req.method === 'POST' && /\/image$/.test(path(req)) && /content-type: text\/plain/i.test(req.body.toString('latin1')) ? withMultipartPng(req) : undefined),
      }),
    },
  ],
};
