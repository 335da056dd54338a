import { readFileSync } from 'node:fs';
import { PRINT_AGENT_DEFAULT_PORT, PRINTER_LANGS, PRINTER_TRANSPORTS, type PrinterConfig, type ScaleConfig } from '../../shared/devices';
import type { FillStationConfig, RelayConfig } from '../../shared/fill-cycle';
import { checkFillStations, checkRelays, checkScale } from '../devices/device-settings';

/**
 * Configuration of the standalone agent (`npm run print-agent`), from the environment:
 *   PRINT_AGENT_PORT           port on 127.0.0.1 (default 9527)
 *   PRINT_AGENT_ORIGINS        comma-separated origins allowed to call it, e.g. http://10.0.0.2:8080
 *   PRINT_AGENT_PRINTERS_FILE  JSON file: [{ "name", "lang", "transport", "address", "dpi" }]
 *   PRINT_AGENT_PRINTERS       the same JSON inline
 * The filling point (issue 34), each as a JSON file (…_FILE) or inline, same fields as 设备设置:
 *   PRINT_AGENT_SCALES         [{ "path", "protocol", "baudRate", "stableCount"? }]   opened at start
 *   PRINT_AGENT_RELAYS         [{ "name", "path", "baudRate", "unitId", "coil", "normallyOpen", "watchdogSeconds" }]
 *   PRINT_AGENT_FILL_STATIONS  [{ "scale", "relay", "allowanceKg", "silenceSeconds" }]
 * Inside the desktop app the port comes from PRINT_AGENT_PORT too, the origin is the configured
 * server URL and the printers are those on the 设备设置 screen.
 */
export interface AgentConfig {
  port: number;
  origins: string[];
  printers: PrinterConfig[];
  scales: ScaleConfig[];
  relays: RelayConfig[];
  fillStations: FillStationConfig[];
}

export function agentPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PRINT_AGENT_PORT;
  if (raw === undefined || raw === '') return PRINT_AGENT_DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PRINT_AGENT_PORT 无效：${raw}`);
  return port;
}

export function checkPrinters(value: unknown): PrinterConfig[] {
  if (!Array.isArray(value)) throw new Error('打印机配置应为数组');
  return value.map((p: Partial<PrinterConfig>, i) => {
    if (!p || typeof p.name !== 'string' || !p.name) throw new Error(`第 ${i + 1} 台打印机缺少名称`);
    if (!PRINTER_LANGS.includes(p.lang as never)) throw new Error(`打印机 ${p.name} 的语言无效`);
    if (!PRINTER_TRANSPORTS.includes(p.transport as never)) throw new Error(`打印机 ${p.name} 的连接方式无效`);
    if (typeof p.address !== 'string' || !p.address) throw new Error(`打印机 ${p.name} 缺少地址`);
    return { name: p.name, lang: p.lang!, transport: p.transport!, address: p.address, dpi: Number(p.dpi) || 203, ...(p.baudRate ? { baudRate: Number(p.baudRate) } : {}) };
  });
}

export function readAgentConfig(env: NodeJS.ProcessEnv = process.env): AgentConfig {
  const origins = (env.PRINT_AGENT_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  let printers: PrinterConfig[] = [];
  if (env.PRINT_AGENT_PRINTERS_FILE) printers = checkPrinters(JSON.parse(readFileSync(env.PRINT_AGENT_PRINTERS_FILE, 'utf8')));
  else if (env.PRINT_AGENT_PRINTERS) printers = checkPrinters(JSON.parse(env.PRINT_AGENT_PRINTERS));
  const list = (name: string): unknown => {
    const file = env[`${name}_FILE`];
    if (file) return JSON.parse(readFileSync(file, 'utf8'));
    const inline = env[name];
    return inline ? JSON.parse(inline) : [];
  };
  const scalesRaw = list('PRINT_AGENT_SCALES');
  if (!Array.isArray(scalesRaw)) throw new Error('电子秤配置应为数组');
  const scales = scalesRaw.map((s) => checkScale(s as Partial<ScaleConfig>));
  const relays = checkRelays(list('PRINT_AGENT_RELAYS'));
  const fillStations = checkFillStations(list('PRINT_AGENT_FILL_STATIONS'), relays);
  return { port: agentPort(env), origins, printers, scales, relays, fillStations };
}
