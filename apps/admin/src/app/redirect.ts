/**
 * The `?redirect=` target after login, only when it is a relative path inside the signed-in part of
 * /admin (DESIGN §8); anything else (other origins, `//host`, backslashes, public routes) is dropped.
 */
export function safeRedirect(value: string | null): string | null {
  if (!value?.startsWith('/admin/app') || value.startsWith('//') || value.includes('\\')) return null;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin || !url.pathname.startsWith('/admin/app')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
