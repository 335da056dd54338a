// `npm run print-agent`: the local print agent without Electron, for PCs using the product in a browser.
import { readAgentConfig } from './agent-config';
import { startPrintAgent } from './agent-server';

const config = readAgentConfig();
const agent = await startPrintAgent({
  port: config.port,
  origins: () => config.origins,
  printers: () => config.printers,
  onError: (message) => console.error(`[print-agent] ${message}`),
});
console.info(`[print-agent] listening on ${agent.url}; origins: ${config.origins.join(', ') || '(none: browsers refused)'}; printers: ${config.printers.map((p) => p.name).join(', ') || '(addresses only)'}`);
const stop = () => void agent.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
