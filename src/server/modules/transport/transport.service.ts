import type { Kysely } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import {
  CREW_KINDS, TRANSPORT_WARN_DAYS, type CrewPageQuery, type CrewRow, type CrewSaveBody, type TransportOption, type VehiclePageQuery,
  type VehicleRow, type VehicleSaveBody,
} from '@shared/api/transport';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { today } from '../../lib/dates';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-cipher';
import { idNumberToStore, maskedIdNumber, openIdNumber } from '../../lib/id-number';
import { blankToNull } from '../../lib/paging';
import * as repo from './transport.repository';

type Db = Kysely<DB>;

/* ---------------------------------------------------------------- vehicles */

export const pageVehicles = (db: Db, q: VehiclePageQuery): Promise<PageResult<VehicleRow>> => repo.pageVehicles(db, q, today(), TRANSPORT_WARN_DAYS);

export const vehicleOptions = (db: Db): Promise<TransportOption[]> => repo.vehicleOptions(db, today());

const duplicatePlate = (plate: string) => `车牌号已存在：${plate}`;

/** Creates or (with id) edits a vehicle; plates are unique regardless of letter case (kept in capitals). */
export async function saveVehicle(db: Db, body: VehicleSaveBody): Promise<number> {
  const plate = body.plate.trim().toUpperCase();
  const values: repo.VehicleValues = {
    plate,
    permit_no: body.permitNo.trim(),
    permit_expiry: body.permitExpiry,
    load_kg: body.loadKg ?? null,
    cylinder_capacity: body.cylinderCapacity ?? null,
    tank_volume: body.tankVolume ?? null,
    status: body.status,
    remark: blankToNull(body.remark),
  };
  if (!plate) throw new BusinessError('参数错误：车牌号不能为空');
  if (!values.permit_no) throw new BusinessError('参数错误：道路运输证号不能为空');
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const owner = await repo.plateOwner(trx, plate);
    if (owner && owner.id !== body.id) throw new BusinessError(duplicatePlate(owner.plate));
    if (body.id === undefined) return repo.insertVehicle(trx, values);
    if (!(await repo.updateVehicle(trx, body.id, values))) throw new BusinessError(`车辆不存在：${body.id}`);
    return body.id;
  }), { vehicles_plate_key: () => duplicatePlate(plate) });
}

/* ---------------------------------------------------------------- drivers and escorts */

const kindName = (kind: string) => CREW_KINDS.find((k) => k.code === kind)?.name ?? kind;

export async function pageCrew(db: Db, cipher: FieldCipher, q: CrewPageQuery): Promise<PageResult<CrewRow>> {
  const page = await repo.pageCrew(db, q, today(), TRANSPORT_WARN_DAYS);
  return { total: page.total, list: page.list.map(({ idNoEnc, ...row }) => ({ ...row, idNoMasked: maskedIdNumber(cipher, idNoEnc) })) };
}

export const crewOptions = (db: Db, kind: string): Promise<TransportOption[]> => repo.crewOptions(db, kind, today());

/**
 * Creates or (with id) edits a driver or escort. A qualification number is unique per kind regardless of letter case;
 * the ID number is checked (check digit) and stored encrypted, kept when an edit leaves it out, cleared by ''.
 */
export async function saveCrew(db: Db, cipher: FieldCipher, body: CrewSaveBody): Promise<number> {
  const name = body.name.trim();
  const qualificationNo = body.qualificationNo.trim();
  if (!name) throw new BusinessError('参数错误：姓名不能为空');
  if (!qualificationNo) throw new BusinessError('参数错误：从业资格证号不能为空');
  const idNo = idNumberToStore(cipher, body.idNo);
  const values: repo.CrewValues = {
    name,
    kind: body.kind,
    qualification_no: qualificationNo,
    qualification_expiry: body.qualificationExpiry,
    phone: blankToNull(body.phone),
    status: body.status,
    remark: blankToNull(body.remark),
    // A new person without one has none; an edit that leaves it out keeps it.
    ...(idNo !== undefined || body.id === undefined ? { id_no_enc: idNo ?? null } : {}),
    ...(body.userId !== undefined ? { user_id: body.userId } : {}),
  };
  const linked = (name: string | null) => `该登录用户已关联人员「${name ?? ''}」，一个用户只能关联一名驾驶员或押运员`;
  const duplicate = (no: string) => `${kindName(body.kind)}从业资格证号已存在：${no}`;
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const owner = await repo.qualificationOwner(trx, body.kind, qualificationNo);
    if (owner && owner.id !== body.id) throw new BusinessError(duplicate(owner.no));
    if (body.userId) {
      const link = await repo.userLink(trx, body.userId);
      if (!link.exists) throw new BusinessError(`用户不存在：${body.userId}`);
      if (link.crewId !== null && link.crewId !== body.id) throw new BusinessError(linked(link.crewName));
    }
    if (body.id === undefined) return repo.insertCrew(trx, values);
    if (!(await repo.updateCrew(trx, body.id, values))) throw new BusinessError(`人员不存在：${body.id}`);
    return body.id;
  }), { crew_members_qualification_key: () => duplicate(qualificationNo), crew_members_user_key: () => linked(null) });
}

/* ---------------------------------------------------------------- for other modules */

/** A vehicle of the register as an outbound order and the regulator's records need it. */
export interface VehicleRef {
  id: number;
  plate: string;
  permitNo: string;
  /** yyyy-MM-dd */
  permitExpiry: string;
  status: number;
}

/** A driver or escort of the register, the ID number decrypted. */
export interface CrewRef {
  id: number;
  name: string;
  /** 'driver' or 'escort' */
  kind: string;
  /** null when none was registered (or it cannot be read with this server's key). */
  idNo: string | null;
  qualificationNo: string;
  /** yyyy-MM-dd */
  qualificationExpiry: string;
  status: number;
  /** The linked sign-in (issue 37), or null. */
  userId: number | null;
}

export async function vehicleById(db: Db, id: number): Promise<VehicleRef | null> {
  return (await repo.findVehicle(db, id)) ?? null;
}

export async function crewById(db: Db, cipher: FieldCipher, id: number): Promise<CrewRef | null> {
  const row = await repo.findCrew(db, id);
  if (!row) return null;
  const { idNoEnc, ...rest } = row;
  return { ...rest, idNo: openIdNumber(cipher, idNoEnc) };
}

/** The driver or escort linked to a sign-in (one at most), or null. */
export async function crewOfUser(db: Db, userId: number): Promise<number | null> {
  return (await repo.crewIdOfUser(db, userId)) ?? null;
}
