// Property image upload: the bytes must be a PNG, JPEG, GIF or WebP (by signature), at most 10 MB, within the
// storage quota. Each upload gets a new random key, so a public URL never changes content; the previous image
// is no longer served (its object is retained) and stops counting against the quota. No field table of its own:
// it writes two columns of the property (see ../properties/fields.ts) from the file, not from request fields.
import { randomUUID } from 'node:crypto';
import { apiError } from '../../platform/errors/api-error';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import type { ObjectStorage } from '../../storage';
import { assertWithinQuota } from '../../storage/quota';
import { sniffImage } from '../../storage/sniff';
import { MB, assertFileSize, type Upload } from '../../storage/upload';
import { recordEvent } from '../../webhooks/outbox/record';
import { propertyEventData } from '../properties/events';
import type { PropertyView } from '../properties/presenter';
import { lockProperty, patchProperty } from '../properties/repository';
import * as properties from '../properties/service';

export const IMAGE_MAX_BYTES = 10 * MB;

/** Checks that need no database: size (413) then type from the bytes (400). */
export function checkImage(file: Upload): NonNullable<ReturnType<typeof sniffImage>> {
  assertFileSize(file, IMAGE_MAX_BYTES, 'The image');
  const kind = sniffImage(file.bytes);
  if (!kind)
    throw apiError(
      'VALIDATION_ERROR',
      'Invalid request: payload.file: must be a PNG, JPEG, GIF or WebP image (checked from its content)',
    );
  return kind;
}

export async function upload(
  ctx: WriteContext,
  storage: ObjectStorage,
  present: properties.PresentContext,
  propertyId: string,
  file: Upload,
): Promise<PropertyView> {
  const kind = checkImage(file);
  const existing = await lockProperty(ctx, propertyId);
  await assertWithinQuota(ctx, file.bytes.length, Number(existing.image_size_bytes ?? 0));
  const key = `images/${randomUUID()}.${kind.extension}`;
  // Sandbox: the property change is rolled back and the object is never written.
  if (!ctx.sandbox) await storage.put(key, file.bytes, kind.contentType);
  await patchProperty(ctx, propertyId, {
    image_key: key,
    image_size_bytes: file.bytes.length,
    updated_at: ctx.clock.now(),
  });
  const view = await properties.get(ctx, present, propertyId);
  await recordEvent(ctx, 'property.updated', propertyEventData(view));
  return view;
}
