import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MenuItem, NavData } from '@shared/api/auth';
import { getMenuList, getPermissions } from '@renderer/session/session';
import { sessionEnded } from './sessionActions';

export interface MenuState {
  /** The server's menu tree as stored (SET_USER_MENU_LIST_KEY); null until loaded. */
  menuList: MenuItem[] | null;
  /** The user's button keys (SET_USER_PROMISE_KEY). */
  permissions: string[];
}

export const menuSlice = createSlice({
  name: 'menu',
  initialState: (): MenuState => ({ menuList: getMenuList(), permissions: getPermissions() }),
  reducers: {
    navLoaded(state, action: PayloadAction<NavData>) {
      state.menuList = action.payload.menuList;
      state.permissions = action.payload.promise;
    },
  },
  extraReducers: (b) =>
    b.addCase(sessionEnded, (state) => {
      state.menuList = null;
      state.permissions = [];
    }),
});

export const { navLoaded } = menuSlice.actions;
