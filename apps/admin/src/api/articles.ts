import type { ArticleInput, ArticleRecord, ArticleRow } from '@backoffice/shared';
import { createResourceApi } from './resource';

/** News articles, /api/blog/ (docs/spec-index.md S1.7). */
export const articleApi = createResourceApi<ArticleRow, ArticleRecord, ArticleInput>('news', '/api/blog/');
