import { DICTIONARY } from '@shared/api/dictionary';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';
import type { AppDispatch } from '@renderer/store';

/** Dictionary calls (src/shared/api/dictionary.ts). */
export const dictionaryApi = api.injectEndpoints({
  endpoints: (b) => ({
    dictionaryEntries: queryOf(b, DICTIONARY.entries),
    dictTypePage: queryOf(b, DICTIONARY.typePage),
    dictEntryPage: queryOf(b, DICTIONARY.entryPage),
    saveDictionary: mutationOf(b, DICTIONARY.save),
    deleteDictionary: mutationOf(b, DICTIONARY.delete),
  }),
});

/**
 * Fetches a type's suggestions again after its entries changed, so the forms offering them (cached for
 * every screen) show the change without a reload.
 */
export function refreshDictionaryOptions(dispatch: AppDispatch, typeCode: string): void {
  void dispatch(dictionaryApi.endpoints.dictionaryEntries.initiate({ type: typeCode }, { forceRefetch: true, subscribe: false }));
}
