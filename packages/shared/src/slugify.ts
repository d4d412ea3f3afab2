/**
 * Builds a title_url from a title (docs/spec-index.md S1.5): lowercased, accents removed, spaces to hyphens,
 * "&" to "-and-", other characters stripped, repeated and edge hyphens trimmed.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, '-and-')
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
