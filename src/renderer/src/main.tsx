import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerFeatures } from '@renderer/app/features';
import { loadMessages } from '@renderer/i18n/dictionaries';
import { storedLanguage } from '@renderer/i18n/i18n';
import { App } from './App';

registerFeatures();
document.documentElement.lang = storedLanguage();

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// The features' texts first, so no screen shows a raw key.
loadMessages().catch((error: unknown) => console.error('Texts failed to load', error)).finally(render);
