const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);
type Tree = { [key: string]: unknown };

/**
 * Turns flat multipart fields with bracket keys (`langs[sk][title]`, `positions[0]`, `rows[]`) into the
 * nested object the JSON body would have been, so one zod schema validates both.
 */
export function unflatten(fields: Record<string, unknown>): Tree {
  const root: Tree = {};
  for (const [name, value] of Object.entries(fields)) {
    const parts = name.replace(/\]/g, '').split('[');
    if (parts.some((p) => FORBIDDEN_KEYS.has(p))) continue;
    // A repeated field (`rows[]=1&rows[]=2`) arrives as one array of values: each is appended in turn.
    const values = parts[parts.length - 1] === '' && Array.isArray(value) ? value : [value];
    for (const item of values) assign(root, parts, item);
  }
  return arraysFromIndexedObjects(root) as Tree;
}

function assign(root: Tree, parts: string[], value: unknown) {
  let node: Tree = root;
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    const key = part === '' ? String(Object.keys(node).length) : part;
    if (last) {
      node[key] = value;
      return;
    }
    const next = node[key];
    node[key] = next && typeof next === 'object' && !Buffer.isBuffer(next) ? next : {};
    node = node[key] as Tree;
  });
}

/** `{0: a, 1: b}` → `[a, b]`, recursively. */
function arraysFromIndexedObjects(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || Array.isArray(value)) return value;
  const entries = Object.entries(value as Tree).map(([k, v]) => [k, arraysFromIndexedObjects(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (indexed) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}
