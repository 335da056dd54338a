import { REGULATOR } from '@shared/api/regulator';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** 监管平台对接 (src/shared/api/regulator.ts). */
export const regulatorApi = api.injectEndpoints({
  endpoints: (b) => ({
    regulatorAdapters: queryOf(b, REGULATOR.adapters),
    regulatorConnections: queryOf(b, REGULATOR.connections, { keepUnusedDataFor: 0, tags: ['RegulatorConnection'] }),
    saveRegulatorConnection: mutationOf(b, REGULATOR.saveConnection, { tags: ['RegulatorConnection', 'RegulatorRecord'] }),
    enableRegulatorConnection: mutationOf(b, REGULATOR.enableConnection, { tags: ['RegulatorConnection'] }),
    regulatorCodeMap: queryOf(b, REGULATOR.codeMap, { keepUnusedDataFor: 0, tags: ['RegulatorCodeMap'] }),
    // Held records of the connection are tried again: the board and the counts change too.
    saveRegulatorCodeMap: mutationOf(b, REGULATOR.saveCodeMap, { tags: ['RegulatorCodeMap', 'RegulatorRecord', 'RegulatorConnection'] }),
    regulatorRecords: queryOf(b, REGULATOR.records, { keepUnusedDataFor: 0, tags: ['RegulatorRecord'] }),
    regulatorRecord: queryOf(b, REGULATOR.record, { keepUnusedDataFor: 0, tags: ['RegulatorRecord'] }),
    resendRegulatorRecords: mutationOf(b, REGULATOR.resend, { tags: ['RegulatorRecord', 'RegulatorConnection'] }),
    backfillRegulatorRecords: mutationOf(b, REGULATOR.backfill, { tags: ['RegulatorRecord', 'RegulatorConnection'] }),
  }),
});
