/** Any 8-4-4-4-12 hex id PostgreSQL takes as a uuid; anything else would fail the cast with a 500. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
