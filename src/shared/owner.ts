/**
 * 产权单位 of a cylinder: the plant's own cylinders (产权 自有, ownerType 1) read 自有, a customer's
 * (ownerType 2) read the customer's enterprise name — the same in the cylinder list, its details, the
 * stations and the trace (the server computes it in one place, see ownerName in src/server/lib/sql.ts).
 */
export const OWN_OWNER_NAME = '自有';
