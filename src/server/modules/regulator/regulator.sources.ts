import type { Kysely } from 'kysely';
import type { CodeTable } from '@shared/api/regulator';
import { statusName } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import type { FieldCipher } from '../../lib/field-cipher';
import { companyInfo } from '../company';
import { cylinderRegister, traceDetail } from '../cylinder';
import { materialOptions } from '../material';
import { inspectionById } from '../periodicInspection';
import { orderTransport } from '../storage';
import { fillerOf } from '../user';
import type { Sources } from './regulator.compose';
import { codesOf } from './regulator.repository';

/** Once per key for the pass: a fill burst is many records of one filler, a shipment many of one order. */
function memo<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const seen = new Map<K, Promise<V>>();
  return (key) => {
    let v = seen.get(key);
    if (!v) seen.set(key, (v = load(key)));
    return v;
  };
}

/** What composing a connection's records reads, through the owning modules' exports; kept for one pass. */
export async function sourcesFor(db: Kysely<DB>, cipher: FieldCipher, connectionId: number): Promise<Sources> {
  const codes = await codesOf(db, connectionId);
  const detail = memo((traceId: number) => traceDetail(db, traceId));
  const gasNames = new Map((await materialOptions(db, true)).map((g) => [String(g.id), g.materialName]));
  let company: Awaited<ReturnType<Sources['company']>> | null = null;
  return {
    async company() {
      if (!company) {
        const info = await companyInfo(db);
        company = { companyName: info.companyName, creditCode: info.creditCode, licenceNo: info.licenceNo, areaCode: info.areaCode ?? null };
      }
      return company;
    },
    cylinder: (id) => cylinderRegister(db, id),
    person: memo(async (userId: number) => {
      const f = await fillerOf(db, cipher, userId);
      return f ? { name: f.name, idNo: f.idNo, certNo: f.certNo } : null;
    }),
    transport: memo(async (orderId: number) => {
      const t = await orderTransport(db, cipher, orderId);
      return t ? {
        vehicle: t.vehicle ? { plate: t.vehicle.plate, permitNo: t.vehicle.permitNo } : null,
        driver: t.driver ? { name: t.driver.name, qualificationNo: t.driver.qualificationNo } : null,
        escort: t.escort ? { name: t.escort.name, qualificationNo: t.escort.qualificationNo } : null,
      } : null;
    }),
    detail,
    async inspection(traceId) {
      const facts = await detail(traceId);
      const id = Number(facts?.inspectionId);
      return Number.isSafeInteger(id) && id > 0 ? inspectionById(db, id) : null;
    },
    code: (table: CodeTable, localKey: string) => codes.get(`${table}:${localKey}`),
    localName: (table: CodeTable, localKey: string) =>
      table === 'gas' ? gasNames.get(localKey) ?? `介质 ${localKey}` : table === 'status' ? statusName(Number(localKey)) : localKey,
  };
}
