import { expect } from 'vitest';

/** A list's answer as far as its pages' order goes. */
export type CursoredPage = { data: { id: number }[]; meta: { cursors?: { after: string; before: string } } };

const ids = (page: CursoredPage) => page.data.map((r) => r.id);

/**
 * Steps through pages 2..`pages` of `query` by "next" (the previous page's `after` cursor) and back by "previous"
 * (`before`), expecting each page to hold the rows its number does (docs/api.md Lists, cursors); from page 4 on,
 * also that the cursor decides where a page starts.
 */
export async function expectCursorWalk(
  get: (query: string) => Promise<CursoredPage>,
  query: string,
  pages: number,
): Promise<void> {
  let page = await get(`${query}&page=1`);
  expect(page.meta.cursors, `${query}: cursors`).toBeDefined();
  const byNumber = [page];
  for (let n = 2; n <= pages; n++) {
    const next = await get(`${query}&page=${n}&after=${page.meta.cursors?.after}`);
    byNumber.push(await get(`${query}&page=${n}`));
    expect(ids(next), `${query} page ${n}`).toEqual(ids(byNumber[n - 1] as CursoredPage));
    expect(ids(next), `${query} page ${n} not empty`).not.toEqual([]);
    const back = await get(`${query}&page=${n - 1}&before=${next.meta.cursors?.before}`);
    expect(ids(back), `${query} back to ${n - 1}`).toEqual(ids(page));
    page = next;
  }
  // The cursor, not the number, says where a page starts: "page 2" after page 3's last row is page 4.
  const third = byNumber[2];
  const fourth = byNumber[3];
  if (third && fourth) {
    const jumped = await get(`${query}&page=2&after=${third.meta.cursors?.after}`);
    expect(ids(jumped), `${query}: from page 3's cursor`).toEqual(ids(fourth));
  }
}
