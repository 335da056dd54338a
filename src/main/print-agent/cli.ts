// `npm run print-agent`: the local print agent without Electron, for PCs using the product in a browser. With scales
// and relays configured it is also the station's device agent (live weight, the fill cycle and its permission relay).
import { DeviceStation } from '../devices/fill/device-station';
import { readAgentConfig } from './agent-config';
import { startPrintAgent } from './agent-server';

const config = readAgentConfig();
const log = (message: string) => console.error(`[print-agent] ${message}`);
const station =
  config.scales.length > 0 || config.relays.length > 0
    ? new DeviceStation({
        scales: () => config.scales,
        relays: () => config.relays,
        fillStations: () => config.fillStations,
        onError: (e) => log(`${e.source} ${e.target}: ${e.message}`),
        onFillChange: (s) => log(`fill ${s.fillId} ${s.code}: ${s.phase}${s.reason ? ` (${s.reason})` : ''} net ${s.netKg ?? '—'} kg`),
      })
    : undefined;
await station?.openAllScales();
const agent = await startPrintAgent({
  port: config.port,
  origins: () => config.origins,
  printers: () => config.printers,
  station: () => station,
  onError: log,
});
console.info(
  `[print-agent] listening on ${agent.url}; origins: ${config.origins.join(', ') || '(none: browsers refused)'}; printers: ${config.printers.map((p) => p.name).join(', ') || '(addresses only)'}` +
    `; scales: ${config.scales.map((s) => s.path).join(', ') || '(none)'}; relays: ${config.relays.map((r) => r.name).join(', ') || '(none)'}`,
);
let stopping = false;
// Permissions off before anything else: a relay left on would keep a valve open.
const stop = () => {
  if (stopping) return;
  stopping = true;
  void (station?.close() ?? Promise.resolve())
    .catch((err: Error) => log(`closing devices: ${err.message}`))
    .then(() => agent.close())
    .then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);
