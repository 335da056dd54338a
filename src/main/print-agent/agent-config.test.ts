import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentPort, readAgentConfig } from './agent-config';

describe('standalone print agent configuration', () => {
  it('listens on 9527 unless PRINT_AGENT_PORT says otherwise, and refuses a bad port', () => {
    expect(agentPort({})).toBe(9527);
    expect(agentPort({ PRINT_AGENT_PORT: '9600' })).toBe(9600);
    expect(() => agentPort({ PRINT_AGENT_PORT: 'abc' })).toThrow('PRINT_AGENT_PORT 无效');
  });

  it('reads origins and printers from the environment or a JSON file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'agent-')), 'printers.json');
    writeFileSync(file, JSON.stringify([{ name: 'TSC', lang: 'tspl', transport: 'tcp', address: '10.0.0.5:9100' }]));
    const config = readAgentConfig({ PRINT_AGENT_ORIGINS: 'http://10.0.0.2:8080, https://trace.example', PRINT_AGENT_PRINTERS_FILE: file });
    expect(config.origins).toEqual(['http://10.0.0.2:8080', 'https://trace.example']);
    expect(config.printers).toEqual([{ name: 'TSC', lang: 'tspl', transport: 'tcp', address: '10.0.0.5:9100', dpi: 203 }]);
    expect(() => readAgentConfig({ PRINT_AGENT_PRINTERS: '[{"name":"x","lang":"pcl"}]' })).toThrow('语言无效');
  });
});
