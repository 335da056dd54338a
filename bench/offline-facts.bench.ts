// The size of a station's local copy (issue 25, "Stations through an outage"): bytes per facts row as the
// feed sends it (JSON) and as the browser keeps it (V8 structured-clone serialization, the form Chromium's
// IndexedDB writes, plus the keys of the copy's two indexes), extrapolated to one million cylinders; and the
// time to build and serialize a feed page. Pure: no database (the rows come from the shared gateFactsOf).
import { serialize } from 'node:v8';
import { FACTS_DEFAULT_PAGE } from '../src/shared/api/offline';
import { gateFactsOf, type GateFacts } from '../src/shared/cylinder/gate';

const ROWS = 100_000;
const MILLION = 1_000_000;
const pad = (n: number, w: number) => String(n).padStart(w, '0');
const day = (y: number, i: number) => `${y}-${pad((i % 12) + 1, 2)}-${pad((i % 28) + 1, 2)}`;

function row(i: number): GateFacts {
  const lpg = i % 3 === 0;
  return gateFactsOf({
    id: 1_000_000 + i, code: `CP${pad(2024000000 + i, 10)}`, status: [2, 3, 4, 5, 6, 7, 9][i % 7]!, materialId: lpg ? 2 : 1,
    materialName: lpg ? '液化石油气' : '氮气', specification: lpg ? 'YSP35.5' : '40L', tareWeight: 15.2 + (i % 10) / 10,
    manufactureDate: day(2016 + (i % 9), i), designLifeYears: null, lastInspectionDate: day(2023, i), nextInspectionDate: day(2027, i),
    ownerType: i % 5 === 0 ? 2 : 1, ownerIsCustomer: true, lastFilledAt: i % 11 === 0 ? null : `${day(2026, i)}T08:00:00`,
    lastPassedInspection: day(2023, i),
  }, {
    id: lpg ? 2 : 1, materialName: lpg ? '液化石油气' : '氮气', flammable: lpg, designLifeYears: lpg ? 8 : 30, extendedLifeYears: lpg ? 12 : null,
    targetNetWeight: lpg ? 14.5 : null, weightTolerance: lpg ? 0.5 : null,
  }, { vacuumSince: i % 4 === 0 ? `${day(2026, i)}T07:00:00.000000` : null });
}

const start = process.hrtime.bigint();
let json = 0;
let clone = 0;
let keys = 0;
for (let i = 0; i < ROWS; i++) {
  const r = row(i);
  json += Buffer.byteLength(JSON.stringify(r));
  clone += serialize(r).length;
  // The copy's primary key (code) and its index on id, each stored once more as an index entry.
  keys += serialize(r.code).length + serialize(r.id).length;
}
const ms = Number(process.hrtime.bigint() - start) / 1e6;
const perRow = { json: json / ROWS, clone: clone / ROWS, stored: (clone + keys) / ROWS };
const mb = (bytesPerRow: number) => ((bytesPerRow * MILLION) / 1024 / 1024).toFixed(0);
console.info(`facts row: ${perRow.json.toFixed(0)} bytes as JSON (the feed), ${perRow.clone.toFixed(0)} bytes structured-clone, ${perRow.stored.toFixed(0)} bytes with its index keys`);
console.info(`one million cylinders: ${mb(perRow.json)} MB to send once, about ${mb(perRow.stored)} MB kept (before IndexedDB's own compression and page overhead)`);
const page = Array.from({ length: FACTS_DEFAULT_PAGE }, (_v, i) => row(i));
const t0 = process.hrtime.bigint();
for (let k = 0; k < 20; k++) JSON.stringify({ cursor: 't.1', reset: false, more: true, cylinders: page, removed: [], gases: [] });
console.info(`page of ${FACTS_DEFAULT_PAGE}: ${(Buffer.byteLength(JSON.stringify(page)) / 1024).toFixed(0)} KB JSON, ${(Number(process.hrtime.bigint() - t0) / 1e6 / 20).toFixed(2)} ms to serialize; ${ROWS.toLocaleString('en-US')} rows built and measured in ${ms.toFixed(0)} ms`);
if (!(perRow.json > 0)) process.exit(1);
