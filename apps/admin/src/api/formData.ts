/** True when a File or Blob sits anywhere inside the value: such a body must go as multipart. */
export function containsFile(value: unknown): boolean {
  if (value instanceof Blob) return true;
  if (Array.isArray(value)) return value.some(containsFile);
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    return Object.values(value).some(containsFile);
  }
  return false;
}

function append(form: FormData, key: string, value: unknown): void {
  if (value === undefined) return;
  if (value === null) form.append(key, '');
  else if (value instanceof Blob) form.append(key, value);
  else if (value instanceof Date) form.append(key, value.toISOString());
  else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
  else if (Array.isArray(value)) {
    // An emptied list is still sent, so the server can tell "cleared" from "not sent".
    if (value.length === 0) form.append(key, '');
    for (const [index, item] of value.entries()) append(form, `${key}[${index}]`, item);
  } else if (typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) append(form, `${key}[${name}]`, item);
  } else form.append(key, String(value));
}

/**
 * Serialises an object as multipart form data with bracket keys (docs/api.md):
 * `langs[sk][title]`, `positions[0]`, booleans as 1/0, files as they are.
 */
export function toFormData(value: object): FormData {
  const form = new FormData();
  for (const [key, item] of Object.entries(value)) append(form, key, item);
  return form;
}
