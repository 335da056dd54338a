import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { storedLanguage, type Language } from '@renderer/i18n/i18n';

export interface AppState {
  /** The full-screen overlay while the menu loads after sign-in. */
  menuLoading: boolean;
  language: Language;
  /** The 检测到系统更新 prompt; only one at a time. */
  reloadPromptOpen: boolean;
  changePasswordOpen: boolean;
}

export const appSlice = createSlice({
  name: 'app',
  initialState: (): AppState => ({ menuLoading: false, language: storedLanguage(), reloadPromptOpen: false, changePasswordOpen: false }),
  reducers: {
    menuLoadingChanged(state, action: PayloadAction<boolean>) {
      state.menuLoading = action.payload;
    },
    languageChanged(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
    reloadPromptShown(state) {
      state.reloadPromptOpen = true;
    },
    reloadPromptClosed(state) {
      state.reloadPromptOpen = false;
    },
    changePasswordToggled(state, action: PayloadAction<boolean>) {
      state.changePasswordOpen = action.payload;
    },
  },
});

export const { menuLoadingChanged, languageChanged, reloadPromptShown, reloadPromptClosed, changePasswordToggled } = appSlice.actions;
