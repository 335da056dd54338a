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

/** What composing a connection's records reads, through the owning modules' exports; kept for one pass. */
export async function sourcesFor(db: Kysely<DB>, cipher: FieldCipher, connectionId: number): Promise<Sources> {
  const codes = await codesOf(db, connectionId);
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
    async person(userId) {
      const f = await fillerOf(db, cipher, userId);
      return f ? { name: f.name, idNo: f.idNo, certNo: f.certNo } : null;
    },
    async transport(orderId) {
      const t = await orderTransport(db, cipher, orderId);
      return t ? {
        vehicle: t.vehicle ? { plate: t.vehicle.plate, permitNo: t.vehicle.permitNo } : null,
        driver: t.driver ? { name: t.driver.name, qualificationNo: t.driver.qualificationNo } : null,
        escort: t.escort ? { name: t.escort.name, qualificationNo: t.escort.qualificationNo } : null,
      } : null;
    },
    async inspection(traceId) {
      const detail = await traceDetail(db, traceId);
      const id = Number(detail?.inspectionId);
      return Number.isSafeInteger(id) && id > 0 ? inspectionById(db, id) : null;
    },
    code: (table: CodeTable, localKey: string) => codes.get(`${table}:${localKey}`),
    localName: (table: CodeTable, localKey: string) =>
      table === 'gas' ? gasNames.get(localKey) ?? `介质 ${localKey}` : table === 'status' ? statusName(Number(localKey)) : localKey,
  };
}
