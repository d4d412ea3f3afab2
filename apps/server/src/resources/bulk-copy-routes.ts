// The bulk actions beyond publish, hide and remove (docs/features/content.md "Duplicate and assign a category"):
// `POST <base>/array/duplicate {rows}` where the resource offers copies, `POST <base>/array/category
// {rows, category_id}` where its records have categories. Registered by registerContentRoutes beside the others.
import { bulkCategorySchema, bulkResultSchema, bulkSchema } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Allow, ContentAction } from '../http/policy.js';
import { t } from '../i18n/index.js';
import { type CategorySpec, categoryAssigner } from './assign-category.js';
import { type DuplicateSpec, duplicator } from './duplicate.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export function registerCopyRoutes<I>(
  app: ZodApp,
  spec: {
    allow: Allow<ContentAction>;
    noun: { many: string };
    /** Offers `array/duplicate` (unset: the resource's records are not copied, e.g. galleries with their images). */
    duplicate?: DuplicateSpec<I>;
    /** Offers `array/category` for a resource whose records have categories. */
    categories?: CategorySpec & { resource: DuplicateSpec<I>['resource'] };
  },
) {
  const { allow, noun } = spec;
  if (spec.duplicate) {
    const duplicate = duplicator(spec.duplicate);
    app.post(
      '/array/duplicate',
      {
        config: { openapiErrors: ['Invalid'], ...allow.roles('create') },
        schema: { summary: `Duplicate many ${noun.many}`, body: bulkSchema, response: { 200: bulkResultSchema } },
      },
      async (request) => {
        const count = await duplicate(allow(request, 'create'), request.body.rows);
        return { message: t(request.lang, 'crud.duplicated', { count }), count };
      },
    );
  }
  if (spec.categories) {
    const assign = categoryAssigner(spec.categories.resource, spec.categories);
    app.post(
      '/array/category',
      {
        config: allow.roles('update'),
        schema: {
          summary: `Assign a category to many ${noun.many}`,
          body: bulkCategorySchema,
          response: { 200: bulkResultSchema },
        },
      },
      async (request) => {
        const { rows, category_id } = request.body;
        const count = await assign(allow(request, 'update'), rows, category_id);
        return { message: t(request.lang, 'crud.categoryAssigned', { count }), count };
      },
    );
  }
}
