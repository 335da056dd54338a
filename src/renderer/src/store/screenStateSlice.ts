import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from './sessionActions';
import { tabClosed } from './tabsSlice';

/**
 * What a screen keeps while its tab stays open (filters, page, sort), keyed `<path>#<name>`: switching
 * to another tab and back finds the list as it was left. Closing the tab or signing out forgets it.
 */
export type ScreenState = Record<string, unknown>;

const initialState: ScreenState = {};

export const screenStateSlice = createSlice({
  name: 'screenState',
  initialState,
  reducers: {
    screenValueSet(state, action: PayloadAction<{ key: string; value: unknown }>) {
      state[action.payload.key] = action.payload.value;
    },
  },
  extraReducers: (b) => b
    .addCase(tabClosed, (state, action) => {
      for (const key of Object.keys(state)) if (key.startsWith(`${action.payload}#`)) delete state[key];
    })
    .addCase(sessionEnded, () => ({})),
});

export const { screenValueSet } = screenStateSlice.actions;
