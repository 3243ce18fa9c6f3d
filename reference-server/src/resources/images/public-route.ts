// Public image URLs (the spec's Property `image`): no API key. Only the current image of a live property is
// served; replaced images and images of deleted properties answer 404 although their objects are retained.
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { notFound } from '../../platform/errors/api-error';
import { depsOf } from '../../platform/app-context';
import { storageOf } from '../../storage';

const IMAGE_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

async function serveImage(request: Request, h: ResponseToolkit) {
  const file = String(request.params.file);
  if (!IMAGE_FILE.test(file)) throw notFound('Image');
  const key = `images/${file}`;
  // Not landlord-scoped on purpose: the URL is public and the random key is all it carries.
  const live = await depsOf(request)
    .knex('properties')
    .where({ image_key: key })
    .whereNull('deleted_at')
    .first<{ id: string } | undefined>('id');
  if (!live) throw notFound('Image');
  const object = await storageOf(request).get(key);
  if (!object) throw notFound('Image');
  return h
    .response(object.bytes)
    .type(object.contentType)
    .header('cache-control', 'public, max-age=3600')
    .header('x-content-type-options', 'nosniff');
}

export const imageMediaPlugin: Plugin<void> = {
  name: 'media/images',
  register(server) {
    server.route({
      method: 'GET',
      path: '/images/{file}',
      options: { auth: false, tags: ['media'], description: 'A property image (public)', handler: serveImage },
    });
  },
};
