import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerFeatures } from '@renderer/app/features';
import { storedLanguage } from '@renderer/i18n/i18n';
import { App } from './App';
import { registerServiceWorker } from './pwa/register';
import { servesServiceWorker } from './pwa/serviceWorkerHost';

registerFeatures();
document.documentElement.lang = storedLanguage();
// The web UI offline (a plant's browser station reloading with the server away, the field app on a phone).
if (servesServiceWorker(window)) registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
