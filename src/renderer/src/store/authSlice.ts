import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from '@shared/api/auth';
import { getUser } from '@renderer/session/session';
import { sessionEnded } from './sessionActions';

export interface AuthState {
  user: UserInfo | null;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: (): AuthState => ({ user: getUser() }),
  reducers: {
    userSignedIn(state, action: PayloadAction<UserInfo>) {
      state.user = action.payload;
    },
  },
  extraReducers: (b) => b.addCase(sessionEnded, (state) => void (state.user = null)),
});

export const { userSignedIn } = authSlice.actions;
