import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { onSessionCleared } from '@renderer/session/session';
import { setItem, STORAGE_KEYS } from '@renderer/session/browserStorage';
import { api } from './api';
import { appSlice } from './appSlice';
import { authSlice } from './authSlice';
import { menuSlice } from './menuSlice';
import { screenStateSlice } from './screenStateSlice';
import { sessionEnded } from './sessionActions';
import { tabsSlice } from './tabsSlice';
import { unsavedSlice } from './unsavedSlice';

const rootReducer = combineReducers({
  auth: authSlice.reducer,
  menu: menuSlice.reducer,
  tabs: tabsSlice.reducer,
  app: appSlice.reducer,
  screenState: screenStateSlice.reducer,
  unsaved: unsavedSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A store whose initial state comes from session storage, and whose open tabs are kept there. */
export function makeStore() {
  const store = configureStore({
    reducer: rootReducer,
    // Redux Toolkit's development checks (state never mutated, only plain data in state and actions) walk the whole
    // state and every action: not the server's answers in RTK Query's cache, which it keeps immutably itself and
    // which are most of the state (a list page: hundreds of rows per action, 30–100 ms each in the tests). Our slices
    // are still checked.
    middleware: (getDefault) => getDefault({
      immutableCheck: { ignoredPaths: [api.reducerPath] },
      serializableCheck: { ignoredPaths: [api.reducerPath], ignoredActionPaths: ['payload', 'meta.arg', 'meta.baseQueryMeta'] },
    }).concat(api.middleware),
  });
  let tabs = store.getState().tabs.tabs;
  let language = store.getState().app.language;
  store.subscribe(() => {
    const next = store.getState().tabs.tabs;
    if (next !== tabs) {
      tabs = next;
      if (store.getState().auth.user) setItem(STORAGE_KEYS.BREADCRUMB, next);
    }
    // What the server answered holds its texts in the old language (enumeration names, the log's modules):
    // everything on screen is asked again in the new one.
    const lang = store.getState().app.language;
    if (lang !== language) {
      language = lang;
      store.dispatch(api.util.resetApiState());
    }
  });
  onSessionCleared(() => {
    store.dispatch(sessionEnded());
    store.dispatch(api.util.resetApiState());
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** The application's store. */
export const store = makeStore();
