import type { RelayConfig } from '../../../shared/fill-cycle';
import { ModbusRtuClient, type ModbusRtuOptions } from './modbus-rtu';

/**
 * The filling permission on one coil of a Modbus RTU relay board.
 *
 * Watchdog (the board's timed mode), the Waveshare "Modbus RTU Relay" convention:
 *   function 05, address 0x0200 + coil, value N  → "flash on":  coil on now, off by itself after N × 100 ms;
 *   function 05, address 0x0400 + coil, value N  → "flash off": coil off now, on by itself after N × 100 ms;
 *   function 05, address coil, 0xFF00 / 0x0000   → plain on / off (cancels a running timer).
 * With watchdogSeconds > 0 a grant is written as flash-on with N = watchdogSeconds × 10 (flash-off for a contact
 * wired normally closed, where coil off = allowed), and the fill controller re-arms it about once a second while the
 * fill runs; if the PC stops (crash, killed agent, pulled cable) the board releases the contact within watchdogSeconds.
 * That a repeated flash command restarts the board's timer is what this relies on: check it on the board in use
 * (the test's responder implements it so). watchdogSeconds = 0: plain on/off, no timer on the board.
 */
export const FLASH_ON_BASE = 0x0200;
export const FLASH_OFF_BASE = 0x0400;
/** Largest timed value the convention takes (0x7FFF × 100 ms). */
export const MAX_WATCHDOG_SECONDS = 3276;

export interface PermissionRelay {
  readonly config: RelayConfig;
  /** Grants the permission, or re-arms the board's watchdog when already granted. */
  allow(): Promise<void>;
  /** Withdraws the permission (plain write: cancels the board's timer). */
  release(): Promise<void>;
  /** Whether the contact is closed (filling allowed) now, read back from the board. */
  isAllowed(): Promise<boolean>;
}

export class ModbusRelay implements PermissionRelay {
  constructor(readonly config: RelayConfig, private readonly client: ModbusRtuClient) {}

  async allow(): Promise<void> {
    const { unitId, coil, normallyOpen, watchdogSeconds } = this.config;
    if (watchdogSeconds > 0) {
      const base = normallyOpen ? FLASH_ON_BASE : FLASH_OFF_BASE;
      await this.client.writeCoilValue(unitId, base + coil, Math.round(watchdogSeconds * 10));
    } else await this.client.writeCoil(unitId, coil, normallyOpen);
  }

  release(): Promise<void> {
    return this.client.writeCoil(this.config.unitId, this.config.coil, !this.config.normallyOpen);
  }

  async isAllowed(): Promise<boolean> {
    const [on] = await this.client.readCoils(this.config.unitId, this.config.coil, 1);
    return on === this.config.normallyOpen;
  }
}

/** The relays of this workstation: one Modbus client per serial path (several boards or coils share a bus). */
export class RelayBank {
  private readonly clients = new Map<string, ModbusRtuClient>();

  constructor(
    private readonly configs: () => RelayConfig[],
    private readonly options: Omit<ModbusRtuOptions, 'path' | 'baudRate'> = {},
  ) {}

  names(): string[] {
    return this.configs().map((r) => r.name);
  }

  relay(name: string): PermissionRelay | undefined {
    const config = this.configs().find((r) => r.name === name);
    return config ? this.forConfig(config) : undefined;
  }

  forConfig(config: RelayConfig): PermissionRelay {
    let client = this.clients.get(config.path);
    if (!client) {
      client = new ModbusRtuClient({ ...this.options, path: config.path, baudRate: config.baudRate });
      this.clients.set(config.path, client);
    }
    return new ModbusRelay(config, client);
  }

  /** 测试: the coil on for `ms`, then off; resolves with what the board read back while on. */
  async pulse(config: RelayConfig, ms = 500): Promise<{ readBack: boolean }> {
    const relay = this.forConfig(config);
    try {
      await relay.allow();
      const readBack = await relay.isAllowed();
      await new Promise((r) => setTimeout(r, ms));
      return { readBack };
    } finally {
      await relay.release();
    }
  }

  async closeAll(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(clients.map((c) => c.close()));
  }
}
