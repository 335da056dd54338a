import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from './sessionActions';
import { tabClosed } from './tabsSlice';

/**
 * Which open tabs hold unsaved changes: per tab path, the parts of the screen (a form, a dialog) that
 * reported them (see useUnsavedChanges). Closing the tab asks first; closing it or signing out forgets them.
 */
export type UnsavedState = Record<string, string[]>;

const initialState: UnsavedState = {};

export const unsavedSlice = createSlice({
  name: 'unsaved',
  initialState,
  reducers: {
    unsavedChanged(state, action: PayloadAction<{ path: string; part: string; dirty: boolean }>) {
      const { path, part, dirty } = action.payload;
      const parts = (state[path] ?? []).filter((p) => p !== part);
      if (dirty) parts.push(part);
      if (parts.length) state[path] = parts;
      else delete state[path];
    },
  },
  extraReducers: (b) => b
    .addCase(tabClosed, (state, action) => void delete state[action.payload])
    .addCase(sessionEnded, () => ({})),
});

export const { unsavedChanged } = unsavedSlice.actions;

/** Whether the tab at `path` has unsaved changes. */
export const hasUnsaved = (state: { unsaved: UnsavedState }, path: string): boolean => !!state.unsaved[path]?.length;
