import { rmSync } from 'node:fs';

/** The server has been stopped (SIGTERM) by now; drop this run's data directory. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('.tmp')) rmSync(dir, { recursive: true, force: true });
}
