/**
 * The file fields that hold something to send (a File or the delete marker); untouched ones are left out. A form
 * starts with none, so whatever this finds was picked by the user.
 */
export function fileValues(values: Record<string, unknown>, names: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries(names.flatMap((name) => (values[name] == null ? [] : [[name, values[name]]])));
}
