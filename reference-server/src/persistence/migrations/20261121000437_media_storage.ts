// Property images and document storage: the image's size (counted against the storage quota) and an index for
// the public image route, which finds the live property that references an image key.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('properties', (t) => {
    t.bigInteger('image_size_bytes');
    t.index(['image_key'], 'properties_image_key_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('properties', (t) => {
    t.dropIndex(['image_key'], 'properties_image_key_index');
    t.dropColumn('image_size_bytes');
  });
}
