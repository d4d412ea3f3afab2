const PLACEHOLDER_ORIGIN = 'http://admin.invalid';

/**
 * The `?redirect=` target after login, only when it is a relative path inside the signed-in part of
 * /admin (SECURITY.md); anything else (other origins, `//host`, backslashes, public routes) is dropped.
 */
export function safeRedirect(value: string | null): string | null {
  if (!value?.startsWith('/admin/app') || value.startsWith('//') || value.includes('\\')) return null;
  try {
    // Resolved against a placeholder origin: anything that leaves it was not a relative path.
    const url = new URL(value, PLACEHOLDER_ORIGIN);
    if (url.origin !== PLACEHOLDER_ORIGIN || !url.pathname.startsWith('/admin/app')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
