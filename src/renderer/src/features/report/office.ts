import { callEndpoint } from '@renderer/store/endpoints';
import { OFFICE } from '@shared/api/office';

/** The document editor's config (SPEC section 3): document{fileType,key,title,url}, documentType, editorConfig{callbackUrl}. */
export interface EditorConfig {
  document: { fileType: string; key: string; title: string; url: string };
  documentType: string;
  editorConfig: { callbackUrl: string } & Record<string, unknown>;
  [extra: string]: unknown;
}

interface DocsApi { DocEditor: new (holder: string, config: Record<string, unknown>) => { destroyEditor?: () => void } }

/**
 * The editor's config for a template and the document server's address, or null where the plant has none
 * (the server answers no config).
 */
export async function officeConfig(id: number): Promise<{ config: EditorConfig; host: string } | null> {
  const config = await callEndpoint(OFFICE.config, { documentId: id, versionId: '', isEdit: 1 }, { silent: true });
  if (!config) return null;
  const { host } = await callEndpoint(OFFICE.host, undefined, { silent: true });
  return host ? { config, host } : null;
}

/** Loads the document server's api.js once and answers its DocsAPI. */
export function loadEditorScript(host: string): Promise<DocsApi> {
  const w = window as unknown as { DocsAPI?: DocsApi };
  if (w.DocsAPI) return Promise.resolve(w.DocsAPI);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${host.replace(/\/$/, '')}/web-apps/apps/api/documents/api.js`;
    script.onload = () => (w.DocsAPI ? resolve(w.DocsAPI) : reject(new Error('DocsAPI')));
    script.onerror = () => reject(new Error(script.src));
    document.head.appendChild(script);
  });
}
