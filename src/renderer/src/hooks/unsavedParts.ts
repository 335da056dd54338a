import { createContext, useContext } from 'react';

/**
 * The parts of an open dialog that hold unsaved input (a form inside it), as useUnsavedChanges reports them:
 * the dialog asks before it is closed while one does (see AppDialog).
 */
export interface UnsavedParts {
  report: (part: string, dirty: boolean) => void;
}

export const UnsavedPartsContext = createContext<UnsavedParts | null>(null);

export const useUnsavedParts = (): UnsavedParts | null => useContext(UnsavedPartsContext);
