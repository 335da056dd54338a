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

  it('reads scales, relays and fill stations, and checks the fill station names a relay', () => {
    const relay = { name: '充装1号阀', path: '/dev/ttyUSB1', baudRate: 9600, unitId: 1, coil: 0, normallyOpen: true, watchdogSeconds: 2 };
    const config = readAgentConfig({
      PRINT_AGENT_SCALES: JSON.stringify([{ path: '/dev/ttyUSB0', protocol: 'yaohua-a9', baudRate: 9600 }]),
      PRINT_AGENT_RELAYS: JSON.stringify([relay]),
      PRINT_AGENT_FILL_STATIONS: JSON.stringify([{ scale: '/dev/ttyUSB0', relay: '充装1号阀', allowanceKg: 0.3, silenceSeconds: 2 }]),
    });
    expect(config.scales).toEqual([{ path: '/dev/ttyUSB0', protocol: 'yaohua-a9', baudRate: 9600 }]);
    expect(config.relays).toEqual([relay]);
    expect(config.fillStations).toEqual([{ scale: '/dev/ttyUSB0', relay: '充装1号阀', allowanceKg: 0.3, silenceSeconds: 2 }]);
    expect(() => readAgentConfig({ PRINT_AGENT_RELAYS: JSON.stringify([{ ...relay, unitId: 0 }]) })).toThrow('站号应为 1–247');
    expect(() => readAgentConfig({ PRINT_AGENT_FILL_STATIONS: JSON.stringify([{ scale: '/dev/ttyUSB0', relay: 'x', allowanceKg: 0, silenceSeconds: 2 }]) })).toThrow('未配置继电器「x」');
  });
});
