import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { HoldsPermission } from '../../lib/access';
import { BusinessError, ForbiddenError } from '../../lib/errors';
import { crewOfUser } from '../transport';
import { tripCrew } from './trip.repository';

/**
 * Who sees what (issue 37, 7): holders of trip:view see every trip; a driver (trip:drive) only the trips whose driver
 * or escort is the person linked to their sign-in. At a stop, that driver or escort acts, or a holder of trip:save.
 */
export interface Viewer {
  userId: number;
  can: HoldsPermission;
}

/** Null: every trip; else the crew member whose trips the caller sees (0: none). */
export async function tripViewer(db: Kysely<DB>, viewer: Viewer): Promise<number | null> {
  if (await viewer.can('trip:view')) return null;
  return (await crewOfUser(db, viewer.userId)) ?? 0;
}

async function onCrew(db: Kysely<DB>, userId: number, tripId: number): Promise<boolean> {
  const trip = await tripCrew(db, tripId);
  if (!trip) throw new BusinessError(`车次不存在：${tripId}`);
  const crewId = await crewOfUser(db, userId);
  return crewId !== null && (trip.driver_id === crewId || trip.escort_id === crewId);
}

/** A single trip's manifest or reconciliation: 403 for a driver who is not on it. */
export async function requireVisible(db: Kysely<DB>, viewer: Viewer, tripId: number): Promise<void> {
  if (await viewer.can('trip:view')) {
    if (!(await tripCrew(db, tripId))) throw new BusinessError(`车次不存在：${tripId}`);
    return;
  }
  if (!(await onCrew(db, viewer.userId, tripId))) throw new ForbiddenError('trip:view');
}

/** An act at a stop of the trip (交付, 回收, 签收): its driver or escort, or a holder of trip:save. */
export async function requireCrew(db: Kysely<DB>, viewer: Viewer, tripId: number): Promise<void> {
  if (await onCrew(db, viewer.userId, tripId)) return;
  if (!(await viewer.can('trip:save'))) throw new ForbiddenError('trip:drive');
}
