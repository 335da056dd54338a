import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerFeatures } from '@renderer/app/features';
import { storedLanguage } from '@renderer/i18n/i18n';
import { App } from './App';

registerFeatures();
document.documentElement.lang = storedLanguage();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
