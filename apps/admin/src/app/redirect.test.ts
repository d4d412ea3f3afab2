import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('login redirect', () => {
  it('keeps only relative paths inside the signed-in admin', () => {
    expect(safeRedirect('/admin/app/content/text?page=2')).toBe('/admin/app/content/text?page=2');
    expect(safeRedirect('//evil.example/admin/app')).toBeNull();
    expect(safeRedirect('https://evil.example/admin/app')).toBeNull();
    expect(safeRedirect('/admin/login')).toBeNull();
    expect(safeRedirect('/admin/app/\\evil')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});
