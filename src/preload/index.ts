import { contextBridge } from 'electron';
import { buildApi } from './ipc';

// Sandboxed + context-isolated: the page sees only this frozen copy of window.api.
contextBridge.exposeInMainWorld('api', buildApi());
