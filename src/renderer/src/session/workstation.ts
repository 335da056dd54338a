/**
 * The name this PC goes by as a workstation (设备设置 → 工作站名称), e.g. 充装一号工位. Kept in
 * localStorage on this PC; the HTTP client sends it with every request (header WORKSTATION_HEADER,
 * URI-encoded) and the server records it in the trace. No imports: the HTTP client reads it too.
 */
export const WORKSTATION_KEY = 'WORKSTATION';
/** Longest name kept. */
export const WORKSTATION_MAX_LENGTH = 64;

export function readWorkstation(): string {
  try {
    return (localStorage.getItem(WORKSTATION_KEY) ?? '').trim();
  } catch {
    return '';
  }
}

export function saveWorkstation(name: string): void {
  const value = name.trim().slice(0, WORKSTATION_MAX_LENGTH);
  try {
    if (value) localStorage.setItem(WORKSTATION_KEY, value);
    else localStorage.removeItem(WORKSTATION_KEY);
  } catch {
    // A blocked storage only means requests go without a workstation name.
  }
}
