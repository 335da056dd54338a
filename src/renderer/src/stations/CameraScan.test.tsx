import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScanInput } from '@renderer/components/ScanInput';
import { CameraScan } from './CameraScan';

configure({ asyncUtilTimeout: 5000 });

/** What the camera shows, frame after frame: the codes the reader finds in each (then nothing). */
let frames: string[][] = [];
let now = 0;
/**
 * The browser's own reader (barcodeDetector.ts takes it where it reads QR codes), as a phone's Chrome has one. Not a
 * vi.mock of the module: the renderer's test files share one module graph per worker, where another file may have
 * loaded the real module first.
 */
class FakeDetector {
  static getSupportedFormats = () => Promise.resolve(['qr_code', 'code_128']);
  // Each read is half a second after the last (the clock the repeat rule reads).
  detect() {
    now += 500;
    return Promise.resolve((frames.shift() ?? []).map((rawValue) => ({ rawValue })));
  }
}

const stop = vi.fn();
function camera(getUserMedia: () => Promise<unknown>) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(getUserMedia) } });
}

beforeEach(() => {
  frames = [];
  now = 0;
  stop.mockClear();
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  // jsdom plays no video: a playing one, with a picture.
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  camera(() => Promise.resolve({ getTracks: () => [{ stop }] }));
  Object.defineProperty(globalThis, 'BarcodeDetector', { configurable: true, value: FakeDetector });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'BarcodeDetector');
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('CameraScan', { timeout: 30_000 }, () => {
  it('in single mode reports the first code, closes and releases the camera', async () => {
    frames = [[], ['GP2024001']];
    const onCode = vi.fn();
    const onClose = vi.fn();
    const { rerender } = render(<CameraScan open onCode={onCode} onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onCode.mock.calls).toEqual([['GP2024001']]);
    rerender(<CameraScan open={false} onCode={onCode} onClose={onClose} />);
    expect(stop).toHaveBeenCalled();
  });

  it('in continuous mode reports each code once, and again only after 2 s out of view', async () => {
    // 0.5 s a frame: A, A, B, –, –, B (1.5 s away: the same load), –, A (3 s away: scanned again).
    frames = [['A1'], ['A1'], ['B1'], [], [], ['B1'], [], ['A1']];
    const onCode = vi.fn();
    render(<CameraScan open continuous onCode={onCode} onClose={() => {}} />);
    await waitFor(() => expect(frames).toEqual([]));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('已扫描 3 个，最近：A1'));
    expect(onCode.mock.calls).toEqual([['A1'], ['B1'], ['A1']]);
  });

  it('says why the camera cannot be opened, and closes', async () => {
    camera(() => Promise.reject(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' })));
    const onClose = vi.fn();
    render(<CameraScan open onCode={() => {}} onClose={onClose} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('无法打开摄像头：未获得摄像头权限');
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('the scan field\'s camera button', { timeout: 30_000 }, () => {
  it('opens the camera and sends what it read as a scan, the field keeping the focus', async () => {
    frames = [['https://trace.example.com/q/GP2024009-abcdefgh234567qz']];
    const onScan = vi.fn(() => Promise.resolve());
    render(<ScanInput sound={false} onScan={onScan} />);
    await userEvent.click(screen.getByRole('button', { name: '用摄像头扫描' }));
    await waitFor(() => expect(onScan).toHaveBeenCalled());
    expect(onScan).toHaveBeenCalledWith('https://trace.example.com/q/GP2024009-abcdefgh234567qz', { source: 'camera' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stop).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByPlaceholderText('请扫描条码')).toHaveFocus());
  });

  it('is not offered where the browser has no camera API (a plain-HTTP page)', () => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
    render(<ScanInput sound={false} onScan={() => {}} />);
    expect(screen.queryByRole('button', { name: '用摄像头扫描' })).not.toBeInTheDocument();
  });
});
