// A content resource's operations together with its image fields and their kept files: what the generic routes
// (crud-routes.ts) and the demo seed (seed/demo/seeding.ts) both write through, so that a record's files are stored,
// kept and released the same way whoever saves it.
import type { Config } from '../config.js';
import { imageFields } from './image-fields.js';
import { keptFiles } from './kept-files.js';
import { type ContentWrites, contentOperations } from './operations.js';

export function contentWriter<I>(resource: ContentWrites<I>, config: Config) {
  const { db, table, model } = resource;
  const fields = resource.image ? (resource.image.fields ?? ['image']) : [];
  const media = resource.image?.media;
  // A record's image files stay while a revision of it names them (kept-files.ts), so a restore brings them back.
  const kept = media === undefined ? undefined : keptFiles(db, { table, model, media, config, fields });
  return {
    operations: contentOperations(resource, kept),
    /** The image columns' uploads (image-fields.ts); undefined for a resource without images. */
    image: media === undefined ? undefined : imageFields(db, table, { media, config, fields, release: kept?.release }),
    /** Where the record's files go and the columns that hold them; undefined without images. */
    media: media === undefined ? undefined : { media, config, fields },
  };
}
