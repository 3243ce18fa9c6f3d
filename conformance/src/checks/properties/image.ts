// Endpoints > Properties, POST /properties/{id}/image: multipart `file` (required, images only, max 10 MB);
// the answer is the Property with a public `image` URL that downloads without credentials.

import type { HttpResponse, RequestOptions } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { UPLOAD_MAX_BYTES_READINGS } from '../../rules/limits';
import { TINY_PDF, TINY_PNG } from '../shared/files';
import { fetchLink, isImageAnswer } from '../shared/links';
import { expect400 } from '../shared/own-data';
import { expectShape, isUrl } from '../shared/shape';
import { ownWriteKey } from '../shared/provision';
import { codeOf, createOwnProperty, isRecord, requestRetryingResets, successData } from '../shared/util';
import { getProperty, PROPERTY_FIELDS } from './fields';

const LIVE = 'enterpriseLive';

export const propertyImageUploadGivesAPublicUrl = defineCheck({
  id: 'properties.imageUploadGivesAPublicUrl',
  title:
    'POST /properties/{id}/image answers the Property with a public image URL; a missing file, a non-image or more than 10 MB is refused',
  group: 'Endpoints > Properties',
  rules: ['PROP-19', 'PROP-20', 'PROP-21', 'PROP-22', 'PROP-7', 'RES-PROP-18', 'LIMIT-5'],
  async run(ctx: CheckContext) {
    const own = await createOwnProperty(ctx, LIVE, 'image');
    const id = String(own.id);
    ctx.expect(
      own.image === undefined || own.image === null,
      'no `image` before an upload',
      () => describeValue(own.image),
      undefined,
      { rules: ['PROP-7', 'RES-PROP-18'] },
    );
    const path = `/properties/${id}/image`;

    const res = await ctx.http.request({
      method: 'POST',
      path,
      key: LIVE,
      multipart: { file: { filename: 'pixel.png', contentType: 'image/png', content: TINY_PNG } },
    });
    skipWhenQuotaIsFull(ctx, res, 'a 1×1 PNG');
    const data = successData(ctx, res, [200], { rules: ['PROP-19'] });
    expectShape(ctx, data, PROPERTY_FIELDS, 'the property after the upload', res.exchange);
    const image = isRecord(data) ? data.image : undefined;
    ctx.expect(isUrl(image), 'the answer to carry `image`, a URL', () => describeValue(image), res.exchange, {
      rules: ['PROP-19', 'RES-PROP-18'],
    });
    const detail = await getProperty(ctx, id);
    ctx.expect(
      isUrl(detail.data.image),
      'GET /properties/{id} to show the `image` URL after the upload',
      () => describeValue(detail.data.image),
      detail.res.exchange,
      { rules: ['RES-PROP-18'] },
    );
    const download = await fetchLink(ctx, image);
    ctx.expect(
      isImageAnswer(download),
      'the image URL to be public: 200 with an image (typed image/*, or generically with image bytes), without credentials, redirects followed',
      () => describeResponse(download),
      download.exchange,
      { rules: ['PROP-19', 'RES-PROP-18'] },
    );

    const noFile = await ctx.http.request({ method: 'POST', path, key: LIVE, multipart: { name: 'no file here' } });
    expect400(ctx, noFile, 'an image upload without a `file` part', ['PROP-20'], ['VALIDATION_ERROR', 'BAD_REQUEST']);
    const text = await ctx.http.request({
      method: 'POST',
      path,
      key: LIVE,
      multipart: {
        file: { filename: 'notes.txt', contentType: 'text/plain', content: `${ctx.marker} not an image\n` },
      },
    });
    expect400(ctx, text, 'a text file as the image', ['PROP-21'], ['VALIDATION_ERROR', 'BAD_REQUEST']);

    const big = new Uint8Array(UPLOAD_MAX_BYTES_READINGS.binary + 1024);
    big.set(TINY_PNG);
    const tooBig = await ctx.http.request({
      method: 'POST',
      path,
      key: LIVE,
      multipart: { file: { filename: 'big.png', contentType: 'image/png', content: big } },
      timeoutMs: 60_000,
    });
    ctx.expect(
      refusedAsTooLarge(tooBig),
      `an image over 10 MB to be refused: ${TOO_LARGE_ANSWERS}`,
      () => describeResponse(tooBig),
      tooBig.exchange,
      { rules: ['PROP-22', 'LIMIT-5'] },
    );
    ctx.note(
      `image uploaded and served publicly; missing file, text file and an 11 MB image refused (${tooBig.status} ${String(codeOf(tooBig))})`,
    );
  },
});

/**
 * "Storage quota enforced" names no status and the quota amounts are "not shown": an upload the quota has no room
 * for may be refused with the generic 403 FORBIDDEN ("reserved for cases without a specific code").
 */
function isQuotaRefusal(res: HttpResponse): boolean {
  return res.status === 403 && codeOf(res) === 'FORBIDDEN';
}

const TOO_LARGE_ANSWERS = '413 FILE_TOO_LARGE, 400, or 403 FORBIDDEN as over the storage quota';

/** How an image past the size limit may be refused: too large, invalid, or over the landlord's storage quota. */
function refusedAsTooLarge(res: HttpResponse): boolean {
  const code = codeOf(res);
  return (
    (res.status === 413 && code === 'FILE_TOO_LARGE') ||
    (res.status === 400 && typeof code === 'string') ||
    isQuotaRefusal(res)
  );
}

/**
 * An upload within every limit refused as over the storage quota: the landlord has no room, which the suite cannot
 * make (quota amounts are not shown), so what needs an accepted image cannot be held here.
 */
function skipWhenQuotaIsFull(ctx: CheckContext, res: HttpResponse, what: string): void {
  if (!isQuotaRefusal(res)) return;
  ctx.expectErrorEnvelope(res, 403, 'FORBIDDEN', { rules: ['PROP-22'] });
  ctx.skip(
    `${what} was refused with 403 FORBIDDEN: the landlord's storage quota has no room for it (quota amounts are not shown), so what needs an accepted image cannot be held on this target`,
  );
}

/** A PNG of exactly `size` bytes: a valid 1×1 image followed by padding (what an image's type is judged by comes first). */
function pngOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(TINY_PNG);
  return bytes;
}

/**
 * Sends an upload the deployment should refuse. A server may answer an oversized body before reading it and close
 * the connection; the client reads the answer while still sending, and takes an answer that came before the reset.
 * When no answer came at all (a reset, a time-out), the refusal is not shown: sent again, three sends in all, then
 * the transport error ends the check as an `error`, never as a pass.
 */
function refusedUpload(ctx: CheckContext, options: RequestOptions, resets: string[]): Promise<HttpResponse> {
  return requestRetryingResets(ctx, options, { any: true, onRetry: (error) => resets.push(error.message) });
}

export const propertyImageSizeAndTypeEdges = defineCheck({
  id: 'properties.imageOfExactly10MBAcceptedOneByteMoreAndNonImagesRefused',
  title:
    'POST /properties/{id}/image accepts an image of 10 MB (10,000,000 bytes, and 10,485,760 when it reads MB as MiB), refuses one byte over 10 MiB (413 FILE_TOO_LARGE, 400, or 403 FORBIDDEN over the storage quota), refuses a PDF and a text file (400), and a refused upload leaves the image as it was',
  group: 'Endpoints > Properties',
  rules: ['PROP-19', 'PROP-21', 'PROP-22', 'LIMIT-5', 'RES-PROP-18'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own where provisioning allows: some 20 MB of images count against its storage
    // quota, not the target's landlord's (a nightly run would add them to a staging landlord every night).
    const key = await ownWriteKey(ctx, 'image-edges');
    const own = await createOwnProperty(ctx, key, 'image-edges');
    const id = String(own.id);
    const path = `/properties/${id}/image`;
    const upload = (filename: string, contentType: string, content: Uint8Array | string): RequestOptions => ({
      method: 'POST',
      path,
      key,
      multipart: { file: { filename, contentType, content } },
      timeoutMs: 60_000,
    });

    // "10 MB" is 10,000,000 bytes or 10,485,760: the smaller limit must be accepted, one byte past the larger
    // refused, and in between the deployment must keep to one of the two readings.
    const { decimal, binary } = UPLOAD_MAX_BYTES_READINGS;
    const exact = await ctx.http.request(upload('exactly-10mb.png', 'image/png', pngOfSize(decimal)));
    skipWhenQuotaIsFull(ctx, exact, `an image of ${decimal} bytes (exactly 10 MB)`);
    const data = successData(ctx, exact, [200], { rules: ['PROP-19', 'PROP-22', 'LIMIT-5'] });
    const image = isRecord(data) ? data.image : undefined;
    ctx.expect(
      isUrl(image),
      `an image of ${decimal} bytes (10 MB in SI units) to be accepted: the property with its image URL`,
      () => describeValue(image),
      exact.exchange,
      { rules: ['PROP-19', 'PROP-22', 'LIMIT-5'] },
    );

    const resets: string[] = [];
    let current = image;
    const unchanged = async (after: string): Promise<void> => {
      const detail = await getProperty(ctx, id, key);
      ctx.expect(
        detail.data.image === current,
        `the property's image unchanged after ${after} was refused`,
        () => `image ${describeValue(detail.data.image)}, was ${describeValue(current)}`,
        detail.res.exchange,
        { rules: ['PROP-21', 'PROP-22'] },
      );
    };
    // One byte past the SI reading: a deployment that refuses it holds 10,000,000; one that accepts it, 10 MiB,
    // which must then accept exactly 10,485,760 bytes.
    const past = await refusedUpload(ctx, upload('si-plus-one.png', 'image/png', pngOfSize(decimal + 1)), resets);
    let reading = 'SI (10,000,000 bytes)';
    if (past.status === 200) {
      reading = 'binary (10,485,760 bytes)';
      const mebibytes = await ctx.http.request(upload('exactly-10mib.png', 'image/png', pngOfSize(binary)));
      skipWhenQuotaIsFull(
        ctx,
        mebibytes,
        `an image of ${binary} bytes (exactly 10 MiB, after ${decimal + 1} was accepted)`,
      );
      const accepted = successData(ctx, mebibytes, [200], { rules: ['PROP-19', 'PROP-22', 'LIMIT-5'] });
      ctx.expect(
        isRecord(accepted) && isUrl(accepted.image),
        `an image of ${binary} bytes to be accepted, since ${decimal + 1} was (10 MB read as 10 MiB)`,
        () => describeResponse(mebibytes),
        mebibytes.exchange,
        { rules: ['PROP-22', 'LIMIT-5'] },
      );
      current = isRecord(accepted) ? accepted.image : current;
    } else {
      ctx.expect(
        refusedAsTooLarge(past),
        `an image of ${decimal + 1} bytes to be accepted (200) or refused as too large (${TOO_LARGE_ANSWERS})`,
        () => describeResponse(past),
        past.exchange,
        { rules: ['PROP-22', 'LIMIT-5'] },
      );
      await unchanged(`the image of ${decimal + 1} bytes`);
    }

    // One byte past the larger reading: refused, and nothing stored.
    const over = await refusedUpload(ctx, upload('over-10mib.png', 'image/png', pngOfSize(binary + 1)), resets);
    ctx.expect(
      refusedAsTooLarge(over),
      `an image of ${binary + 1} bytes (over 10 MB however counted) to be refused: ${TOO_LARGE_ANSWERS}`,
      () => describeResponse(over),
      over.exchange,
      { rules: ['PROP-22', 'LIMIT-5'] },
    );
    await unchanged(`the image of ${binary + 1} bytes`);

    // Not images: refused, and nothing stored.
    const pdf = await refusedUpload(ctx, upload('plan.pdf', 'application/pdf', TINY_PDF), resets);
    expect400(ctx, pdf, 'a PDF as the image', ['PROP-21'], ['VALIDATION_ERROR', 'BAD_REQUEST']);
    await unchanged('a PDF');
    const text = await refusedUpload(ctx, upload('notes.txt', 'text/plain', `${ctx.marker} not an image\n`), resets);
    expect400(ctx, text, 'a text file as the image', ['PROP-21'], ['VALIDATION_ERROR', 'BAD_REQUEST']);
    await unchanged('a text file');
    ctx.note(
      `10 MB read as ${reading}: ${decimal} bytes accepted, ${binary + 1} answered ${over.status} ${String(codeOf(over))}; PDF and text refused${resets.length ? `; sent again after ${resets.length} answerless reset(s): ${resets.join('; ')}` : ''}`,
    );
  },
});
