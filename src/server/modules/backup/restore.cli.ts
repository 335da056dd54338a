// `npm run restore [-- --to "2026-11-27 10:15"]`: rebuilds DATA_DIR/pg from the newest base backup in BACKUP_DIR
// and the archived WAL, to the end of the archive or to a moment (local time). Refuses while a server runs on
// DATA_DIR; the folder it replaces is moved aside, never deleted. Prints the newest trace event it restored.
import { ConfigError, loadConfig } from '../../config';
import { restoreCluster, RestoreRefused } from './backup.engine';

/** "2026-11-27 10:15" (local time), "2026-11-27T10:15:30", or an ISO time with its zone. */
function parseMoment(raw: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(raw.trim());
  const d = m ? new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)) : new Date(raw);
  return Number.isNaN(d.getTime()) ? null : d;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === '--to' || a.startsWith('--to='));
  let to: Date | undefined;
  if (at >= 0) {
    const raw = args[at]!.startsWith('--to=') ? args[at]!.slice(5) : args[at + 1];
    const parsed = raw ? parseMoment(raw) : null;
    if (!parsed) {
      console.error(`--to 需要一个时间，例如 --to "2026-11-27 10:15"，收到 "${raw ?? ''}"`);
      return 2;
    }
    to = parsed;
  }
  const config = loadConfig();
  if (!config.backup) {
    console.error(config.databaseUrl
      ? 'DATABASE_URL 指向外部 PostgreSQL：其备份与恢复由数据库管理员负责，本命令只恢复内置数据库。'
      : 'BACKUP=off：没有备份可以恢复。');
    return 2;
  }
  const result = await restoreCluster({
    dataDir: config.dataDir,
    backupDir: config.backup.dir,
    port: config.embeddedPgPort,
    to,
    archiveTimeoutSeconds: config.backup.archiveTimeoutSeconds,
    timeoutMs: config.backup.verifyTimeoutSeconds * 1000,
    log: (line) => console.info(line),
  });
  console.info(`已从基础备份 ${result.backupId} 及归档的 WAL 恢复${to ? `到 ${to.toLocaleString()}` : '到最新状态'}。`);
  if (result.movedAside) console.info(`被替换的数据目录保存在 ${result.movedAside}（未删除）。`);
  console.info(result.newestTrace
    ? `最新的追溯记录：#${result.newestTrace.id}，时间 ${new Date(result.newestTrace.at).toLocaleString()}`
    : '恢复的数据库中没有追溯记录。');
  console.info('现在可以启动服务器（npm start）。');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof RestoreRefused || error instanceof ConfigError) console.error(`恢复被拒绝：${(error).message}`);
    else console.error(`恢复失败：${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
