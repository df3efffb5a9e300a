/** Reading audit rows (snapshots before and after a change) into what a person would call the change. */

export type FieldChange<Field extends string> = { field: Field; before: unknown; after: unknown };

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function isSame(first: unknown, second: unknown): boolean {
  if (isEmpty(first) && isEmpty(second)) return true;
  if (Array.isArray(first) && Array.isArray(second)) {
    return first.length === second.length && first.every((item, index) => item === second[index]);
  }
  return first === second;
}

export function optionalNumber(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

export function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The fields, of those named, whose value differs between the snapshots before and after a change. */
export function changedFields<Field extends string>(
  before: unknown,
  after: unknown,
  fields: readonly Field[],
): FieldChange<Field>[] {
  const previous = asRecord(before);
  const next = asRecord(after);
  return fields
    .filter((field) => field in next && !isSame(previous[field], next[field]))
    .map((field) => ({ field, before: previous[field], after: next[field] }));
}
