import type { BlogInput, BlogRecord, BlogRow } from '@backoffice/shared';
import { createResourceApi } from './resource';

/** News articles, /api/blog/ (spec 1 §7). */
export const blogApi = createResourceApi<BlogRow, BlogRecord, BlogInput>('news', '/api/blog/');
