import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The operating system's print queue, raw (the queue passes our TSPL/ZPL/ESC-POS bytes untouched).
 *
 * Linux and macOS: CUPS, `lp -d <queue> -o raw` with the job on stdin.
 * Windows: the spooler has no raw mode on the command line (PowerShell Out-Printer renders text
 * through the driver, which breaks printer languages). The maintained way without a native addon is
 * to share the printer (a "Generic / Text Only" or the vendor driver, shared as e.g. TSC) and copy the
 * bytes to the share in binary: `copy /b job.bin \\127.0.0.1\TSC`; the spooler forwards a copied file
 * as a RAW job. That path is implemented below but cannot be tested on the Linux build machines.
 */
export interface QueueOptions {
  timeoutMs?: number;
  platform?: NodeJS.Platform;
}

function run(command: string, args: string[], input: Buffer | null, timeoutMs: number, label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'], windowsHide: true });
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`打印队列无响应（超时）：${label}`));
    }, timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new Error(err.code === 'ENOENT' ? `找不到打印命令 ${command}（未安装 CUPS？）` : err.message));
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`打印队列拒绝了任务：${label}（${stderr.trim() || `退出码 ${code}`}）`));
    });
    if (input && child.stdin) {
      child.stdin.on('error', () => undefined);
      child.stdin.end(input);
    }
  });
}

export async function sendToQueue(queue: string, data: Buffer, options: QueueOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 30000;
  if ((options.platform ?? process.platform) !== 'win32') {
    await run('lp', ['-d', queue, '-o', 'raw'], data, timeoutMs, queue);
    return;
  }
  const file = join(tmpdir(), `label-${randomUUID()}.bin`);
  await writeFile(file, data);
  try {
    const share = queue.startsWith('\\\\') ? queue : `\\\\127.0.0.1\\${queue}`;
    await run('cmd.exe', ['/d', '/c', 'copy', '/b', file, share], null, timeoutMs, queue);
  } finally {
    await unlink(file).catch(() => undefined);
  }
}
