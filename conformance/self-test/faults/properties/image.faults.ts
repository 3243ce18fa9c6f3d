// The faults of the checks in image.ts: each must make its check FAIL (a broken deployment per fault).
import { UPLOAD_MAX_BYTES_READINGS } from '../../../src/rules/limits';

const { decimal, binary } = UPLOAD_MAX_BYTES_READINGS;
import type { Fault, ProxyRequest, ProxyResponse } from '../../support/broken';
import { errorResponse, isRec, mapJson } from '../../support/faults';
import { carried, carriedUrl, relinked } from '../../tolerances/media-choices';
import { Rec, path, withMultipartPng } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';

const isImageUpload = (req: ProxyRequest): boolean => req.method === 'POST' && /\/image$/.test(path(req));

/** Size of the `file` part of a multipart upload (its bytes between the part headers and the next boundary). */
function filePartBytes(req: ProxyRequest): number {
  const text = req.body.toString('latin1');
  const start = text.search(/filename="[^"]*"[^]*?\r\n\r\n/);
  if (start < 0) return 0;
  const bodyStart = text.indexOf('\r\n\r\n', start) + 4;
  const end = text.indexOf('\r\n--', bodyStart);
  return (end < 0 ? text.length : end) - bodyStart;
}

/** The upload with its file part replaced by a 1×1 PNG (a small, valid image the server stores). */
function withSmallPng(req: ProxyRequest): ProxyRequest {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ).toString('latin1');
  const text = req.body.toString('latin1');
  const m = /(filename="[^"]*"[^]*?\r\n\r\n)([^]*?)(\r\n--)/.exec(text);
  if (!m) return req;
  const replaced = `${text.slice(0, m.index)}${m[1].replace(/content-type: [^\r]+/i, 'content-type: image/png')}${png}${text.slice(m.index + m[1].length + m[2].length)}`;
  return { ...req, body: Buffer.from(replaced, 'latin1') };
}

/** An image over 10 MiB stored (as a small PNG) and then answered with `refusal`. */
function refusedButStored(description: string, refusal: ProxyResponse): Fault {
  return {
    description,
    async request(req, ctx) {
      if (!isImageUpload(req) || filePartBytes(req) <= binary) return undefined;
      await ctx.upstream(withSmallPng(req));
      return refusal;
    },
  };
}

/**
 * The property's `image` link moved under `prefix` of the deployment's own, where every request gets `answer`: a
 * public image URL that does not give the image.
 */
function imageLinkServedBy(description: string, prefix: string, answer: ProxyResponse): Fault {
  return {
    request: (req) => (carriedUrl(req, prefix) ? answer : undefined),
    ...mapJson(
      description,
      (_q, r) => r.status < 300,
      (b, q) => {
        const out = relinked(b, 'image', (url) => carried(q, prefix, url));
        return isRec(out) ? out : b;
      },
    ),
  };
}

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'properties.imageUploadGivesAPublicUrl': [
    {
      fault: () =>
        mapJson(
          'the image upload answers the property without its image URL',
          (q, r) => q.method === 'POST' && /\/image$/.test(path(q)) && r.status === 200,
          (b) => ({ ...b, data: { ...(b.data as Rec), image: undefined } }),
        ),
    },
    {
      fault: () => ({
        description: 'text files are accepted as images (served back as the image)',
        request: (req) =>
          req.method === 'POST' &&
          /\/image$/.test(path(req)) &&
          /content-type: text\/plain/i.test(req.body.toString('latin1'))
            ? withMultipartPng(req)
            : undefined,
      }),
    },
    {
      fault: () => ({
        description: 'an image over 10 MB is refused with 403 and a code the errors table does not have',
        request: (req) =>
          isImageUpload(req) && filePartBytes(req) > binary
            ? errorResponse(403, 'STORAGE_QUOTA_EXCEEDED', 'storage quota exceeded')
            : undefined,
      }),
    },
    {
      // Redirects are followed: one that leads nowhere (a relative Location to a path nothing serves) still fails.
      fault: () =>
        imageLinkServedBy('the image URL redirects to a path that answers 404', '/gone/', {
          status: 302,
          headers: { location: '/nowhere/image.png' },
          body: Buffer.alloc(0),
        }),
    },
    {
      // A generic media type is taken for an image only when the bytes are one.
      fault: () =>
        imageLinkServedBy('the image URL serves a text file as application/octet-stream', '/text/', {
          status: 200,
          headers: { 'content-type': 'application/octet-stream' },
          body: Buffer.from('this is not an image\n'),
        }),
    },
  ],
  'properties.imageOfExactly10MBAcceptedOneByteMoreAndNonImagesRefused': [
    {
      fault: () => ({
        description: 'an image of exactly 10,000,000 bytes is refused (the limit is applied as "less than 10 MB")',
        request: (req) =>
          isImageUpload(req) && filePartBytes(req) >= decimal
            ? errorResponse(413, 'FILE_TOO_LARGE', 'the image must be smaller than 10 MB')
            : undefined,
      }),
    },
    {
      fault: () => ({
        description:
          'an image of 10,000,001 bytes is accepted but one of exactly 10,485,760 refused (neither reading of 10 MB)',
        request: (req) =>
          isImageUpload(req) && filePartBytes(req) >= binary
            ? errorResponse(413, 'FILE_TOO_LARGE', 'the image must be smaller than 10 MiB')
            : undefined,
      }),
    },
    {
      fault: () => ({
        description:
          'an image one byte over 10 MiB is accepted (the limit counts the whole body, multipart framing included)',
        request: (req) => (isImageUpload(req) && filePartBytes(req) > binary ? withSmallPng(req) : undefined),
      }),
    },
    {
      fault: () =>
        refusedButStored(
          'an image over 10 MB is answered 413 FILE_TOO_LARGE but stored anyway',
          errorResponse(413, 'FILE_TOO_LARGE', 'the image exceeds 10 MB'),
        ),
    },
    {
      fault: () =>
        refusedButStored(
          'an image over 10 MiB is refused with 403 FORBIDDEN as over the quota, but stored anyway',
          errorResponse(403, 'FORBIDDEN', 'this upload would exceed your storage quota'),
        ),
    },
    {
      fault: () => ({
        description: 'PDF files are accepted as images',
        request: (req) =>
          isImageUpload(req) && /content-type: application\/pdf/i.test(req.body.toString('latin1'))
            ? withSmallPng(req)
            : undefined,
      }),
    },
    {
      fault: () => ({
        description: 'a refused PDF is answered 400 but stored as the image anyway',
        async request(req, ctx) {
          if (!isImageUpload(req) || !/content-type: application\/pdf/i.test(req.body.toString('latin1')))
            return undefined;
          await ctx.upstream(withSmallPng(req));
          return errorResponse(400, 'VALIDATION_ERROR', 'file must be an image');
        },
      }),
    },
  ],
};
