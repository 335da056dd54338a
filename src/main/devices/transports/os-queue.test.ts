import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendToQueue } from './os-queue';

// A stand-in `lp` on PATH records its arguments and stdin, as CUPS would receive them.
let dir: string;
let savedPath: string | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fake-lp-'));
  savedPath = process.env.PATH;
  process.env.PATH = `${dir}:${savedPath}`;
});
afterEach(async () => {
  process.env.PATH = savedPath;
  await rm(dir, { recursive: true, force: true });
});

async function fakeLp(script: string): Promise<void> {
  await writeFile(join(dir, 'lp'), `#!/bin/sh\n${script}\n`);
  await chmod(join(dir, 'lp'), 0o755);
}

describe('OS print queue (CUPS, raw)', () => {
  it.skipIf(process.platform === 'win32')('pipes the bytes to lp -d <queue> -o raw', async () => {
    await fakeLp(`echo "$@" > "${dir}/args"; cat > "${dir}/job"`);
    const job = Buffer.from([0x5e, 0x58, 0x41, 0xc6, 0xf8, 0x00, 0xff]);
    await sendToQueue('Zebra_GK420', job);
    expect((await readFile(join(dir, 'args'), 'utf8')).trim()).toBe('-d Zebra_GK420 -o raw');
    expect((await readFile(join(dir, 'job'))).equals(job)).toBe(true);
  });

  it.skipIf(process.platform === 'win32')('reports the queue refusing the job with lp’s message', async () => {
    await fakeLp('cat > /dev/null; echo "lp: The printer or class does not exist." >&2; exit 1');
    await expect(sendToQueue('Nope', Buffer.from('x'))).rejects.toThrow(
      '打印队列拒绝了任务：Nope（lp: The printer or class does not exist.）',
    );
  });
});
