/** Where the server is: same origin in a browser, the configured server URL in the desktop shell. */
export async function serverOrigin(): Promise<string> {
  if (typeof window !== 'undefined' && window.api) {
    return (await window.api.settingsGetServerUrl()).replace(/\/+$/, '');
  }
  return '';
}

export async function apiBaseUrl(): Promise<string> {
  return `${await serverOrigin()}/api`;
}
