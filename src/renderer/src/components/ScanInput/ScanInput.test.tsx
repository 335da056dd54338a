import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OK_TONE, REFUSED_TONE, resetBeepForTests } from './beep';
import { stubAudio } from '@renderer/test/fakeAudio';
import { ScanInput, type ScanInputProps } from './ScanInput';

configure({ asyncUtilTimeout: 5000 });

const field = () => screen.getByPlaceholderText<HTMLInputElement>('请扫描条码');
const status = () => screen.getByRole('status');

function setup(props: Partial<ScanInputProps> = {}) {
  const onScan = props.onScan ?? vi.fn(() => Promise.resolve());
  render(<ScanInput sound={false} {...props} onScan={onScan} />);
  return onScan as ReturnType<typeof vi.fn>;
}

/**
 * The keys of a scan arrive 1 ms apart, however slowly the test runs: a burst is a burst on a busy machine
 * too (the real clock would make a slow test run read as typing). The clock moves by a key, not by a call: other code
 * reading Date.now between two keys (a library, a timer) must not stretch the burst into typing.
 */
let clockHook: (() => void) | null = null;
function scannerClock() {
  let now = 0;
  clockHook = () => { now += 1; };
  document.addEventListener('keydown', clockHook, true);
  vi.spyOn(Date, 'now').mockImplementation(() => now);
}

afterEach(() => {
  if (clockHook) document.removeEventListener('keydown', clockHook, true);
  clockHook = null;
  vi.restoreAllMocks();
  resetBeepForTests();
});

describe('ScanInput', { timeout: 30_000 }, () => {
  it('takes the focus, ends a scan on Enter, sends the trimmed code once and empties itself', async () => {
    scannerClock();
    const onScan = setup();
    expect(field()).toHaveFocus();
    await userEvent.keyboard('  GP2024001 {Enter}');
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(onScan).toHaveBeenCalledWith('GP2024001', { source: 'scanner' });
    expect(field()).toHaveValue('');
  });

  it('ends a scan on Tab and keeps the focus', async () => {
    scannerClock();
    const onScan = setup();
    await userEvent.keyboard('GP2024002{Tab}');
    expect(onScan).toHaveBeenCalledWith('GP2024002', { source: 'scanner' });
    expect(field()).toHaveFocus();
  });

  it('takes a PDA imager\'s QR code text (the public page address) ending in Tab whole, and keeps the focus', async () => {
    scannerClock();
    const onScan = setup();
    await userEvent.keyboard('http://192.168.1.10:8080/q/GP-7-abcdefgh234567qz{Tab}');
    expect(onScan).toHaveBeenCalledWith('http://192.168.1.10:8080/q/GP-7-abcdefgh234567qz', { source: 'scanner' });
    expect(field()).toHaveFocus();
    expect(field()).toHaveValue('');
  });

  it('ignores an empty Enter', async () => {
    const onScan = setup();
    await userEvent.keyboard('   {Enter}');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('calls slow keys typing and fast bursts a scan', async () => {
    // A clock that moves `step` ms each time it is read: one read per key.
    let now = 0;
    let step = 120;
    vi.spyOn(Date, 'now').mockImplementation(() => (now += step));
    const onScan = setup();
    await userEvent.keyboard('GP2024003{Enter}');
    expect(onScan).toHaveBeenLastCalledWith('GP2024003', { source: 'keyboard' });
    step = 1;
    await userEvent.keyboard('GP2024004{Enter}');
    expect(onScan).toHaveBeenLastCalledWith('GP2024004', { source: 'scanner' });
    // One slow gap inside a burst makes it typing.
    await userEvent.keyboard('GP20');
    now += 200;
    await userEvent.keyboard('24005{Enter}');
    expect(onScan).toHaveBeenLastCalledWith('GP2024005', { source: 'keyboard' });
  });

  it('calls a burst shorter than 4 characters typing', async () => {
    const onScan = setup();
    await userEvent.keyboard('A12{Enter}');
    expect(onScan).toHaveBeenCalledWith('A12', { source: 'keyboard' });
  });

  it('lets a Chinese input method finish: an Enter inside a composition is acted on at compositionend', () => {
    const onScan = setup();
    const el = field();
    fireEvent.compositionStart(el);
    fireEvent.change(el, { target: { value: 'gp2024006' } });
    fireEvent.keyDown(el, { key: 'Enter', keyCode: 229, isComposing: true });
    expect(onScan).not.toHaveBeenCalled();
    fireEvent.compositionEnd(el, { data: 'gp2024006' });
    expect(onScan).toHaveBeenCalledWith('gp2024006', { source: 'keyboard' });
    expect(el).toHaveValue('');
  });

  it('does not scan when a composition ends without Enter (a person picking characters)', () => {
    const onScan = setup();
    const el = field();
    fireEvent.compositionStart(el);
    fireEvent.change(el, { target: { value: '氧气' } });
    fireEvent.compositionEnd(el, { data: '氧气' });
    expect(onScan).not.toHaveBeenCalled();
    expect(el).toHaveValue('氧气');
  });

  it('ignores a new scan while the previous one is in flight', async () => {
    scannerClock();
    let finish: () => void = () => {};
    const onScan = vi.fn(() => new Promise<void>((r) => (finish = r)));
    setup({ onScan });
    await userEvent.keyboard('GP0001{Enter}');
    expect(field()).toHaveAttribute('aria-busy', 'true');
    await userEvent.keyboard('GP0002{Enter}');
    expect(onScan).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(field()).toHaveAttribute('aria-busy', 'false');
    await userEvent.keyboard('GP0003{Enter}');
    expect(onScan).toHaveBeenCalledTimes(2);
    expect(onScan).toHaveBeenLastCalledWith('GP0003', { source: 'scanner' });
  });

  it('shows ok in green when onScan resolves, with its message if any', async () => {
    const onScan = vi.fn().mockResolvedValueOnce(undefined).mockResolvedValueOnce('已入库 GP0002');
    setup({ onScan });
    await userEvent.keyboard('GP0001{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent('扫描成功：GP0001'));
    expect(status()).toHaveAttribute('data-kind', 'ok');
    expect(status()).toHaveAttribute('aria-live', 'polite');
    await userEvent.keyboard('GP0002{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent('已入库 GP0002'));
  });

  it('shows refused in red with the message when onScan rejects', async () => {
    setup({ onScan: vi.fn().mockRejectedValue(new Error('瓶号不存在')) });
    await userEvent.keyboard('GP9999{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent('瓶号不存在'));
    expect(status()).toHaveAttribute('data-kind', 'refused');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a code the accept check turns down, without sending it', async () => {
    const onScan = setup({ accept: (code) => (code.startsWith('GP') ? true : '不是气瓶条码') });
    await userEvent.keyboard('XX0001{Enter}');
    expect(onScan).not.toHaveBeenCalled();
    expect(status()).toHaveTextContent('不是气瓶条码');
    await userEvent.keyboard('GP0001{Enter}');
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it('takes the focus back after a blur, but not from another field', async () => {
    render(
      <>
        <ScanInput sound={false} onScan={() => {}} />
        <button>其他按钮</button>
        <input aria-label="备注" />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: '其他按钮' }));
    await waitFor(() => expect(field()).toHaveFocus());
    await userEvent.click(screen.getByLabelText('备注'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByLabelText('备注')).toHaveFocus();
  });

  it('lets the focus go when keepFocus is off', async () => {
    render(
      <>
        <ScanInput sound={false} keepFocus={false} onScan={() => {}} />
        <button>其他按钮</button>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: '其他按钮' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(field()).not.toHaveFocus();
  });
});

describe('ScanInput sounds', { timeout: 30_000 }, () => {
  let tones: number[] = [];
  beforeEach(() => {
    tones = stubAudio();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('beeps once high for ok and twice low for refused', async () => {
    const onScan = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('重复扫描'));
    render(<ScanInput onScan={onScan} />);
    await userEvent.keyboard('GP0001{Enter}');
    await waitFor(() => expect(tones).toEqual([OK_TONE]));
    await userEvent.keyboard('GP0001{Enter}');
    await waitFor(() => expect(tones).toEqual([OK_TONE, REFUSED_TONE, REFUSED_TONE]));
  });

  it('stays silent without WebAudio', async () => {
    vi.stubGlobal('AudioContext', undefined);
    render(<ScanInput onScan={() => Promise.reject(new Error('无效'))} />);
    await userEvent.keyboard('GP0001{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('无效'));
    expect(tones).toEqual([]);
  });
});
