/**
 * Continuous scanning reports each code once while it stays in view: the camera reads the same label many
 * times a second. A code is reported again only after it has been out of view for `awayMs`.
 */
export function repeatGate(awayMs = 2000): (code: string, now: number) => boolean {
  const lastSeen = new Map<string, number>();
  return (code, now) => {
    const last = lastSeen.get(code);
    lastSeen.set(code, now);
    return last === undefined || now - last >= awayMs;
  };
}
