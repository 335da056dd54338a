/**
 * The offline feature's public file: what other features may use of it. Loading it gives the stations kit
 * its offline half (stations/offline.ts), so every station screen, which takes its offline rule from here,
 * runs with the local queue and the connection header.
 */
import { provideStationOffline } from '@renderer/stations/offline';
import { stationOffline } from './stationOffline';

provideStationOffline(stationOffline);

export { copyReady, LOCAL_RULES, weighVerdict } from './localChecks';
export { inspectionRule, inspectionScanLocally } from './localInspection';
export { keepLabelFormat, offlineCylinderData, plainLabel, scanWaiting } from './offlineLabel';
export { chooseLine, saveLocalOrder } from './orderRule';
export { offlineDb, offlineResetHooks, readMeta, writeMeta, type KeptHousehold, type KeptProof, type KeptTrip, type ProofBodyRow, type SavedTrip, type TripAct } from './db';
export { fieldActWaiting, fieldActsWaiting, keepFieldAct, writeTripEffect, type FieldAct, type TripEffect } from './fieldActs';
export { FieldStatus } from './FieldStatus';
export { QueuesSection } from './QueuesSection';
export { unanswered, useQueueSummary } from './queue';
export { stationRule } from './stationRule';
export { onReplayed, stopSyncForTests } from './sync';
