// Endpoints > Properties, POST /properties/{id}/image: multipart `file` (required, images only, max 10 MB);
// the answer is the Property with a public `image` URL that downloads without credentials.

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { UPLOAD_MAX_BYTES } from '../../rules/limits';
import { TINY_PNG } from '../shared/files';
import { expect400 } from '../shared/own-data';
import { expectShape, isUrl } from '../shared/shape';
import { createOwnProperty, isRecord, successData } from '../shared/util';
import { getProperty, PROPERTY_FIELDS } from './fields';

const LIVE = 'enterpriseLive';

export const propertyImageUploadGivesAPublicUrl = defineCheck({
  id: 'properties.imageUploadGivesAPublicUrl',
  title: 'POST /properties/{id}/image answers the Property with a public image URL; a missing file, a non-image or more than 10 MB is refused',
  group: 'Endpoints > Properties',
  rules: ['PROP-19', 'PROP-20', 'PROP-21', 'PROP-22', 'PROP-7', 'RES-PROP-18', 'LIMIT-5'],
  async run(ctx: CheckContext) {
    const own = await createOwnProperty(ctx, LIVE, 'image');
    const id = String(own.id);
    ctx.expect(own.image === undefined || own.image === null, 'no `image` before an upload', () => describeValue(own.image), undefined, { rules: ['PROP-7', 'RES-PROP-18'] });
    const path = `/properties/${id}/image`;

    const res = await ctx.http.request({ method: 'POST', path, key: LIVE, multipart: { file: { filename: 'pixel.png', contentType: 'image/png', content: TINY_PNG } } });
    const data = successData(ctx, res, [200], { rules: ['PROP-19'] });
    expectShape(ctx, data, PROPERTY_FIELDS, 'the property after the upload', res.exchange);
    const image = isRecord(data) ? data.image : undefined;
    ctx.expect(isUrl(image), 'the answer to carry `image`, a URL', () => describeValue(image), res.exchange, { rules: ['PROP-19', 'RES-PROP-18'] });
    const detail = await getProperty(ctx, id);
    ctx.expect(isUrl(detail.data.image), 'GET /properties/{id} to show the `image` URL after the upload', () => describeValue(detail.data.image), detail.res.exchange, { rules: ['RES-PROP-18'] });
    const download = await ctx.http.request({ url: image, auth: 'none' });
    ctx.expect(
      download.status === 200 && download.bytes.byteLength > 0 && /^image\//i.test(download.headers['content-type'] ?? ''),
      'the image URL to be public: 200 with image bytes, without credentials',
      () => describeResponse(download),
      download.exchange,
      { rules: ['PROP-19', 'RES-PROP-18'] },
    );

    const noFile = await ctx.http.request({ method: 'POST', path, key: LIVE, multipart: { name: 'no file here' } });
    expect400(ctx, noFile, 'an image upload without a `file` part', ['PROP-20'], ['VALIDATION_ERROR', 'BAD_REQUEST']);
    const text = await ctx.http.request({ method: 'POST', path, key: LIVE, multipart: { file: { filename: 'notes.txt', contentType: 'text/plain', content: `${ctx.marker} not an image\n` } } });
    expect400(ctx, text, 'a text file as the image', ['PROP-21'], ['VALIDATION_ERROR', 'BAD_REQUEST']);

    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1024);
    big.set(TINY_PNG);
    const tooBig = await ctx.http.request({ method: 'POST', path, key: LIVE, multipart: { file: { filename: 'big.png', contentType: 'image/png', content: big } }, timeoutMs: 60_000 });
    const code = isRecord(tooBig.json) ? tooBig.json.code : undefined;
    ctx.expect(
      (tooBig.status === 400 && typeof code === 'string') || (tooBig.status === 413 && code === 'FILE_TOO_LARGE'),
      'an image over 10 MB to be refused: 400, or 413 FILE_TOO_LARGE',
      () => describeResponse(tooBig),
      tooBig.exchange,
      { rules: ['PROP-22', 'LIMIT-5'] },
    );
    ctx.note('image uploaded and served publicly; missing file, text file and an 11 MB image refused');
  },
});
