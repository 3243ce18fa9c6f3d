// POST /properties/{id}/image (multipart `file`), and the public route that serves the uploaded images.
// HTTP shape only: a typed route, a thin handler over the service.
import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import { write } from '../../platform/app-context';
import { idParams } from '../../platform/http/schemas';
import { storageOf } from '../../storage';
import { MEDIA_PREFIX } from '../../storage/public-url';
import { filePart, readUpload, uploadPayload } from '../../storage/upload';
import { presentContext } from '../properties/routes';
import { propertyEnvelope } from '../properties/schemas';
import { route, type IdParams } from '../../platform/http/routes';
import { imageMediaPlugin } from './public-route';
import { checkImage, IMAGE_MAX_BYTES, upload } from './service';

const routes = [
  route<{ Params: IdParams; Payload: { file: unknown } }>({
    method: 'POST',
    path: '/properties/{id}/image',
    options: {
      tags: ['api', 'Properties'],
      description: 'Upload the property image (multipart `file`: PNG, JPEG, GIF or WebP, at most 10 MB)',
      payload: uploadPayload(IMAGE_MAX_BYTES),
      plugins: { errors: { upload: true } },
      validate: {
        params: idParams,
        query: Joi.object({}),
        payload: Joi.object({ file: filePart.required() }).required(),
      },
      response: { schema: propertyEnvelope },
      handler: async (request) => {
        const file = await readUpload(request.payload.file);
        checkImage(file); // 413 and 400 before any database work
        const storage = storageOf(request);
        const present = presentContext(request);
        const data = await write(request, (ctx) => upload(ctx, storage, present, request.params.id, file));
        return { data };
      },
    },
  }),
];

export const imagesPlugin: Plugin<void> = {
  name: 'resources/images',
  async register(server) {
    for (const r of routes) r.register(server);
    // Outside the API prefix (the item's prefix overrides the inherited one): /media/images/{file}.
    await server.register({ plugin: imageMediaPlugin, routes: { prefix: MEDIA_PREFIX } });
  },
};
