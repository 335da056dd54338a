import { PRODUCTION, TRACE } from '@shared/api/production';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/**
 * What a status change makes stale: the production records and timelines, and every cylinder list with
 * its status counts (气瓶档案 shows the new status).
 */
const MOVED = ['Produce', 'Trace', 'Product', 'StatusCount', 'StationCount'] as const;

/**
 * The production life cycle (src/shared/api/production.ts): stations, records, rollback and the trace.
 * The stations' calls are silent: a station shows a refusal (or a lost answer) itself, large, beside the scan.
 */
export const productionApi = api.injectEndpoints({
  endpoints: (b) => ({
    addPicking: mutationOf(b, PRODUCTION.addPicking, { tags: [...MOVED], silent: true, afterPaint: true }),
    returnPicking: mutationOf(b, PRODUCTION.returnPicking, { tags: [...MOVED], silent: true, afterPaint: true }),
    /** Previews change nothing: mutations only so each scan asks afresh (never a cached answer). */
    fillingScan: mutationOf(b, PRODUCTION.fillingScan, { silent: true }),
    filling: mutationOf(b, PRODUCTION.filling, { tags: [...MOVED], silent: true, afterPaint: true }),
    /** The fill cycle (issue 34): a fill that did not end at its target, the decision at the next scan, the suspension poll. */
    fillInterrupted: mutationOf(b, PRODUCTION.fillInterrupted, { tags: [...MOVED], silent: true, afterPaint: true }),
    fillDecision: mutationOf(b, PRODUCTION.fillDecision, { tags: [...MOVED], silent: true, afterPaint: true }),
    /** Asked every half second while a fill runs: a mutation so each poll asks afresh. */
    fillSuspension: mutationOf(b, PRODUCTION.suspension, { silent: true }),
    suspensions: queryOf(b, PRODUCTION.suspension, { tags: ['Suspension'] }),
    suspend: mutationOf(b, PRODUCTION.suspend, { tags: ['Suspension'] }),
    resume: mutationOf(b, PRODUCTION.resume, { tags: ['Suspension'] }),
    testScan: mutationOf(b, PRODUCTION.testScan, { silent: true }),
    testResult: mutationOf(b, PRODUCTION.testResult, { tags: [...MOVED], silent: true, afterPaint: true }),
    metageScan: mutationOf(b, PRODUCTION.metageScan, { silent: true }),
    metage: mutationOf(b, PRODUCTION.metage, { tags: [...MOVED], silent: true, afterPaint: true }),
    rollbackCheck: mutationOf(b, PRODUCTION.rollbackCheck, { silent: true }),
    rollbackSave: mutationOf(b, PRODUCTION.rollbackSave, { tags: [...MOVED], silent: true }),

    fillingHistory: queryOf(b, PRODUCTION.fillingHistory, { tags: ['Produce'] }),
    metageHistory: queryOf(b, PRODUCTION.metageHistory, { tags: ['Produce'] }),
    produceEvents: queryOf(b, PRODUCTION.listProduce, { tags: ['Produce'] }),
    testHistory: queryOf(b, PRODUCTION.testHistory, { tags: ['Produce'] }),
    updateTest: mutationOf(b, PRODUCTION.updateTestById, { tags: ['Produce', 'Trace'] }),
    /** Silent: the import dialog shows the row-by-row report itself. */
    importInspections: mutationOf(b, PRODUCTION.importTest, { tags: [...MOVED], silent: true }),

    cycles: queryOf(b, PRODUCTION.listCycleInfo, { tags: ['Trace'] }),
    /** Silent: the trace screen says "not found" beside the scan. */
    traceInfo: queryOf(b, TRACE.getInfo, { tags: ['Trace'], silent: true }),
    analyse: mutationOf(b, TRACE.productAnalyse, { tags: [...MOVED] }),
    vacuum: mutationOf(b, TRACE.vacuumHandle, { tags: [...MOVED] }),
    /** The 抽真空 station's call (its own key); silent like every station's. */
    vacuumScan: mutationOf(b, PRODUCTION.vacuum, { tags: [...MOVED], silent: true, afterPaint: true }),
    saveNote: mutationOf(b, TRACE.saveOrEdit, { tags: ['Trace'] }),
  }),
});
