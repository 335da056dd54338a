import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { storedLanguage } from '@renderer/i18n/i18n';
import { App } from './App';

document.documentElement.lang = storedLanguage();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
