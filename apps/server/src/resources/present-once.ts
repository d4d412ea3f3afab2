// Kept rows presented once (docs/features/lists.md "What a request costs").
/** The presented rows of each page's rows, by viewer (presentOnce): gone with the rows. */
const presentations = new WeakMap<readonly object[], Map<string, unknown[]>>();

/**
 * `rows` presented by `present` for `viewer` (what the presentation reads besides the rows, e.g. the viewer's id and
 * role), once per array of rows: every answer from a kept page hands the same array, and gets what the first made
 * (docs/features/lists.md "What a request costs"). The array is frozen, as it is shared by those answers; the rows
 * `present` makes must not be changed either.
 */
export function presentOnce<Row extends object, Shown>(
  rows: readonly Row[],
  viewer: string,
  present: (row: Row) => Shown,
): Shown[] {
  let byViewer = presentations.get(rows);
  if (!byViewer) {
    byViewer = new Map();
    presentations.set(rows, byViewer);
  }
  let shown = byViewer.get(viewer) as Shown[] | undefined;
  if (!shown) {
    shown = rows.map(present);
    Object.freeze(shown);
    byViewer.set(viewer, shown);
  }
  return shown;
}
