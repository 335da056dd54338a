import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrinterConfig, ScaleReadingEvent } from '@shared/devices';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderScreen, storeSession } from '@renderer/test/renderApp';

const SCREEN_LOAD = { timeout: 15_000 };

afterEach(() => {
  delete window.api;
  vi.unstubAllGlobals();
  http.setAdapter(undefined);
  localStorage.clear();
});

function desktopApi() {
  const listeners = new Map<string, (payload: unknown) => void>();
  const printers: PrinterConfig[] = [{ name: '灌装标签机', lang: 'zpl', transport: 'tcp', address: '10.0.0.5:9100', dpi: 203 }];
  const api = {
    devicesListPrinters: vi.fn(async () => printers),
    devicesListSystemPrinters: vi.fn(async () => []),
    devicesSavePrinters: vi.fn(async (p: PrinterConfig[]) => p),
    devicesPrintTestPage: vi.fn(async () => ({ printer: '灌装标签机', bytes: 100 })),
    devicesListSerialPorts: vi.fn(async () => [{ path: '/dev/ttyUSB0' }]),
    devicesListScales: vi.fn(async () => []),
    devicesSaveScales: vi.fn(async (s: unknown) => s),
    devicesOpenScale: vi.fn(async () => {}),
    devicesCloseScale: vi.fn(async () => {}),
    devicesGetPrintAgent: vi.fn(async () => ({ url: 'http://127.0.0.1:9527', running: true })),
    devicesListRelays: vi.fn(async () => [{ name: '充装1号阀', path: '/dev/ttyUSB1', baudRate: 9600, unitId: 1, coil: 0, normallyOpen: true, watchdogSeconds: 2 }]),
    devicesSaveRelays: vi.fn(async (r: unknown) => r),
    devicesTestRelay: vi.fn(async () => ({ relay: '充装1号阀', readBack: true })),
    devicesListFillStations: vi.fn(async () => [{ scale: '/dev/ttyUSB0', relay: '充装1号阀', allowanceKg: 0.3, silenceSeconds: 2 }]),
    devicesSaveFillStations: vi.fn(async (f: unknown) => f),
    settingsGetServerUrl: async () => '',
    windowMaximize: async () => {},
    on: vi.fn((event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    }),
  };
  window.api = api as unknown as typeof window.api;
  return { api, emit: (event: string, payload: unknown) => listeners.get(event)?.(payload) };
}

describe('设备设置 /Setting/machine', { timeout: 30_000 }, () => {
  it('in the desktop app: lists the serial ports with protocol and baud rate and shows the live weight', async () => {
    storeSession();
    http.setAdapter(fakeAdapter(() => ok(null)));
    const { api, emit } = desktopApi();
    renderScreen('/Setting/machine');
    expect(await screen.findByText('/dev/ttyUSB0', undefined, SCREEN_LOAD)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '打开' }));
    expect(api.devicesOpenScale).toHaveBeenCalledWith({ path: '/dev/ttyUSB0', protocol: 'yaohua-a9', baudRate: 9600 });
    const reading: ScaleReadingEvent = { path: '/dev/ttyUSB0', weight: 14.5, unit: 'kg', stable: true, raw: '', at: 0 };
    act(() => emit('devices:scaleReading', reading));
    expect(await screen.findByText('14.500 kg 稳定')).toBeInTheDocument();
    expect(screen.getByText('本机打印代理：http://127.0.0.1:9527')).toBeInTheDocument();
  });

  it('in the desktop app: test-prints a configured printer and saves the printers', async () => {
    storeSession();
    http.setAdapter(fakeAdapter(() => ok(null)));
    const { api } = desktopApi();
    renderScreen('/Setting/machine');
    expect(await screen.findByDisplayValue('灌装标签机', undefined, SCREEN_LOAD)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '测试打印' }));
    expect(api.devicesPrintTestPage).toHaveBeenCalledWith(expect.objectContaining({ name: '灌装标签机', lang: 'zpl' }));
    await userEvent.click(screen.getAllByRole('button', { name: '保存' }).at(-1)!);
    await waitFor(() => expect(api.devicesSavePrinters).toHaveBeenCalled());
  });

  it('in a plain browser: says the desktop app or its agent is needed and checks the agent address', async () => {
    storeSession();
    http.setAdapter(fakeAdapter(() => ok(null)));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: { printers: ['TSC'] } })));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen('/Setting/machine');
    expect(await screen.findByText(/需要桌面客户端，或在本机运行打印代理/, undefined, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByLabelText('打印代理地址')).toHaveValue('http://127.0.0.1:9527');
    await userEvent.click(screen.getByRole('button', { name: '检测' }));
    expect(await screen.findByText('打印代理已连接')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('http://127.0.0.1:9527/ping', expect.anything());
    expect(screen.getByLabelText('打印机（名称或地址）')).toHaveValue('TSC');
  });

  it('names this workstation: 工作站名称 is saved as typed, in the browser and in the desktop app', async () => {
    storeSession();
    http.setAdapter(fakeAdapter(() => ok(null)));
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const { unmount } = renderScreen('/Setting/machine');
    const field = await screen.findByLabelText('工作站名称', undefined, SCREEN_LOAD);
    expect(field).toHaveValue('');
    await userEvent.type(field, ' 充装一号工位 ');
    expect(localStorage.getItem('WORKSTATION')).toBe('充装一号工位');
    unmount();
    desktopApi();
    renderScreen('/Setting/machine');
    expect(await screen.findByLabelText('工作站名称', undefined, SCREEN_LOAD)).toHaveValue('充装一号工位');
    await userEvent.clear(screen.getByLabelText('工作站名称'));
    expect(localStorage.getItem('WORKSTATION')).toBeNull();
  });

  it('in a plain browser: reports an agent that does not answer', async () => {
    storeSession();
    http.setAdapter(fakeAdapter(() => ok(null)));
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderScreen('/Setting/machine');
    await userEvent.click(await screen.findByRole('button', { name: '检测' }, SCREEN_LOAD));
    expect(await screen.findByText('无法连接打印代理：请确认本机打印代理已启动（桌面客户端或 npm run print-agent）且地址正确')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
  });

  it('in the desktop app: a failed test print says what failed without the IPC wrapper, and what to check', async () => {
    storeSession();
    http.setAdapter(fakeAdapter(() => ok(null)));
    const { api } = desktopApi();
    api.devicesPrintTestPage.mockRejectedValueOnce(new Error("Error invoking remote method 'devices:printTestPage': Error: 打印机连接被拒绝：10.0.0.5:9100"));
    renderScreen('/Setting/machine');
    await userEvent.click(await screen.findByRole('button', { name: '测试打印' }, SCREEN_LOAD));
    expect(await screen.findByText('打印失败：打印机连接被拒绝：10.0.0.5:9100。请检查打印机地址是否正确、打印机是否开机联网、纸张和碳带是否装好')).toBeInTheDocument();
    expect(screen.queryByText(/invoking remote method/)).toBeNull();
  });

  it('in the desktop app: relays and the filling scale settings, a relay test pulse, and saving both lists', async () => {
    storeSession();
    http.setAdapter(fakeAdapter(() => ok(null)));
    const { api } = desktopApi();
    api.devicesListScales.mockResolvedValue([{ path: '/dev/ttyUSB0', protocol: 'yaohua-a9', baudRate: 9600 }] as never);
    renderScreen('/Setting/machine');
    expect((await screen.findAllByDisplayValue('充装1号阀', undefined, SCREEN_LOAD)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('站号')).toHaveValue(1);
    expect(screen.getByLabelText('提前量(kg)')).toHaveValue(0.3);
    await userEvent.click(screen.getAllByRole('button', { name: '测试' })[0]!);
    expect(api.devicesTestRelay).toHaveBeenCalledWith(expect.objectContaining({ name: '充装1号阀', coil: 0 }));
    expect(await screen.findByText('继电器「充装1号阀」已吸合并断开')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('线圈'));
    await userEvent.type(screen.getByLabelText('线圈'), '3');
    await userEvent.click(screen.getAllByRole('button', { name: '保存' })[1]!);
    await waitFor(() => expect(api.devicesSaveFillStations).toHaveBeenCalledWith([{ scale: '/dev/ttyUSB0', relay: '充装1号阀', allowanceKg: 0.3, silenceSeconds: 2 }]));
    expect(api.devicesSaveRelays).toHaveBeenCalledWith([expect.objectContaining({ name: '充装1号阀', coil: 3 })]);
  });
});
