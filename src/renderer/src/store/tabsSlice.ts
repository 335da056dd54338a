import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { getItem, STORAGE_KEYS } from '@renderer/session/browserStorage';
import { sessionEnded } from './sessionActions';

export const HOME_PATH = '/main/home';

export interface Tab {
  /** Identity of the tab: the path without the query string. */
  path: string;
  /** Where the tab leads: the full path with query. */
  value: string;
  label: string;
  closable: boolean;
}

export const HOME_TAB: Tab = { path: HOME_PATH, value: HOME_PATH, label: '首页', closable: false };

export interface TabsState {
  tabs: Tab[];
}

function initialTabs(): Tab[] {
  const stored = getItem<Tab[]>(STORAGE_KEYS.BREADCRUMB);
  const rest = (Array.isArray(stored) ? stored : []).filter((t) => t.path !== HOME_PATH);
  return [HOME_TAB, ...rest];
}

export const tabsSlice = createSlice({
  name: 'tabs',
  initialState: (): TabsState => ({ tabs: initialTabs() }),
  reducers: {
    /** A route was visited: one tab per path, ignoring the query; revisiting updates the value. */
    tabVisited(state, action: PayloadAction<{ value: string; label: string }>) {
      const { value, label } = action.payload;
      const path = value.split(/[?#]/)[0]!;
      const existing = state.tabs.find((t) => t.path === path);
      if (existing) {
        existing.value = value;
        if (path !== HOME_PATH) existing.label = label;
      } else {
        state.tabs.push({ path, value, label, closable: path !== HOME_PATH });
      }
    },
    tabClosed(state, action: PayloadAction<string>) {
      state.tabs = state.tabs.filter((t) => !t.closable || t.path !== action.payload);
    },
  },
  extraReducers: (b) => b.addCase(sessionEnded, (state) => void (state.tabs = [HOME_TAB])),
});

export const { tabVisited, tabClosed } = tabsSlice.actions;

/** Where to go when the tab at `path` closes: its right neighbour, else its left one. */
export function neighbourOf(tabs: Tab[], path: string): Tab | undefined {
  const i = tabs.findIndex((t) => t.path === path);
  if (i < 0) return undefined;
  return tabs[i + 1] ?? tabs[i - 1];
}
