import { RENTAL } from '@shared/api/rental';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** 租赁结算 (src/shared/api/rental.ts): agreements and their versions, statements, notes, the month's run, deposits. */
export const rentalApi = api.injectEndpoints({
  endpoints: (b) => ({
    agreementPage: queryOf(b, RENTAL.agreementPage, { tags: ['RentalAgreement'] }),
    agreementInfo: queryOf(b, RENTAL.agreementInfo, { tags: ['RentalAgreement'] }),
    saveAgreement: mutationOf(b, RENTAL.agreementSave, { tags: ['RentalAgreement'] }),
    saveVersion: mutationOf(b, RENTAL.versionSave, { tags: ['RentalAgreement'] }),
    statementPage: queryOf(b, RENTAL.statementPage, { tags: ['RentalStatement'] }),
    // A preview is computed each time it is asked (nothing is stored), so it is not cached beyond its dialog.
    statementPreview: queryOf(b, RENTAL.statementPreview, { tags: ['RentalStatement'], keepUnusedDataFor: 0 }),
    statementInfo: queryOf(b, RENTAL.statementInfo, { tags: ['RentalStatement'] }),
    issueStatement: mutationOf(b, RENTAL.statementIssue, { tags: ['RentalStatement', 'RentalRun'] }),
    issueNote: mutationOf(b, RENTAL.statementNote, { tags: ['RentalStatement'] }),
    runList: queryOf(b, RENTAL.runList, { tags: ['RentalRun'] }),
    startRun: mutationOf(b, RENTAL.runStart, { tags: ['RentalRun', 'RentalStatement'] }),
    resumeRun: mutationOf(b, RENTAL.runResume, { tags: ['RentalRun', 'RentalStatement'] }),
    depositPage: queryOf(b, RENTAL.depositPage, { tags: ['RentalStatement'] }),
  }),
});
