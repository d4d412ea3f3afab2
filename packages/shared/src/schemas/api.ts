import { z } from 'zod';
import type { Abilities, BulkResponse, ErrorResponse, ListMeta } from '../api.js';

/**
 * The reusable pieces of the API's answers (docs/api.md), as zod schemas: the server serializes its answers
 * through them and the OpenAPI document names them as components (`.meta({ id })`, docs/api.md "OpenAPI
 * document"). The types in `api.ts` say the same; the checks at the end keep the two in step.
 */

/** A list's `meta` (docs/api.md Lists). Loose: a field the list machinery adds passes through. */
export const listMetaSchema = z
  .looseObject({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    total_approximate: z.literal(true).optional(),
    cursors: z
      .object({ after: z.string(), before: z.string() })
      .optional()
      .meta({ description: 'Where the next (`after`) and previous (`before`) pages start (docs/api.md Lists).' }),
  })
  .meta({ id: 'ListMeta', description: 'Paging of a list (docs/api.md Lists).' });

/** What the signed-in user may do with a resource, so the admin hides what the server would refuse. */
export const abilitiesSchema = z
  .object({ create: z.boolean(), update: z.boolean(), destroy: z.boolean(), restore: z.boolean() })
  .meta({ id: 'Abilities' });

/** Every error answer (docs/api.md Errors): `error` repeats `message`; `errors` maps a dotted field to keys. */
export const errorBodySchema = z
  .object({
    message: z.string(),
    error: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    request_id: z.string().optional(),
  })
  .meta({ id: 'Error' });

/** `{message}`: a removal, a sign-out, a reset request. */
export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

/** A bulk action's answer: `{message, count}` with the number of rows changed. */
export const bulkResultSchema = z.object({ message: z.string(), count: z.number().int() }).meta({ id: 'BulkResult' });

/** `GET <base>/preview/{id}` → `{url}`: a signed link to the record on the public site. */
export const previewUrlSchema = z.object({ url: z.string() }).meta({ id: 'PreviewUrl' });

/** A record or row whose own schema is not written yet: an object with an id, every other field passed through. */
export const anyRecordSchema = z.looseObject({ id: z.number().int() });

/** `{data: Row[], meta, abilities}` (docs/api.md Lists). */
export const listResponse = <T extends z.ZodType>(row: T) =>
  // The meta is loose (above); typed as `ListMeta` so a handler's `ListMeta` needs no index signature.
  z.object({ data: z.array(row), meta: listMetaSchema as unknown as z.ZodType<ListMeta>, abilities: abilitiesSchema });

/** `{data: Record, abilities}` (docs/api.md Records). */
export const recordResponse = <T extends z.ZodType>(record: T) =>
  z.object({ data: record, abilities: abilitiesSchema });

/**
 * The unpublished changes of a published record (docs/features/drafts.md): the record as its form loads it once the
 * draft is published, when and by whom the draft was saved.
 */
export const draftSchema = <T extends z.ZodType>(record: T) =>
  z.object({ data: record, updated_at: z.iso.datetime(), user_name: z.string().nullable() });

/** The records of a resource that have a draft (`GET {resource}/drafts`), newest draft first. */
export const draftListSchema = z
  .object({ data: z.array(z.object({ id: z.number().int(), updated_at: z.iso.datetime() })) })
  .meta({ id: 'DraftList' });

/** `{message, data}`: a create, an update, a restore, an order change. */
export const writeResponse = <T extends z.ZodType>(record: T) => z.object({ message: z.string(), data: record });

/** `{data: [...]}`: option lists. */
export const dataResponse = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

// The schemas above and the interfaces of api.ts describe the same answers (a compile-time check).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const apiShapesAgree: [
  z.output<typeof listMetaSchema> extends ListMeta ? true : false,
  Same<z.output<typeof abilitiesSchema>, Abilities>,
  Same<z.output<typeof bulkResultSchema>, BulkResponse>,
  z.output<typeof errorBodySchema> extends ErrorResponse ? true : false,
] = [true, true, true, true];
