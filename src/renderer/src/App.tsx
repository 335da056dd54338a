import { useMemo } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useLanguage } from '@renderer/i18n/useT';
import { routes } from '@renderer/router/routes';
import { store } from '@renderer/store';
import { makeTheme } from './theme';

const router = createBrowserRouter(routes);

function Themed() {
  const lang = useLanguage();
  const theme = useMemo(() => makeTheme(lang), [lang]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}

export function App() {
  return (
    <Provider store={store}>
      <Themed />
    </Provider>
  );
}
