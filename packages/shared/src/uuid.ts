/** An id as Muse makes them: a UUID, in either case. Ids that do not match name nothing. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is shaped like an id (checked before a lookup, so a malformed one is a 404). */
export const isUuid = (value: string | null | undefined): value is string =>
  !!value && UUID_PATTERN.test(value);
