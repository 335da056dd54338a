import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NumberInput, type NumberInputProps } from './NumberInput';

// MUI renders slowly on a busy machine: wait longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

function Harness({ initial = null, spy, ...props }: Partial<NumberInputProps> & { initial?: number | null; spy?: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <NumberInput label="数量" value={value} onChange={(v) => (setValue(v), spy?.(v))} {...props} />
      <output data-testid="value">{String(value)}</output>
    </>
  );
}

const input = () => screen.getByLabelText('数量') as HTMLInputElement;
const shown = () => screen.getByTestId('value').textContent;

describe('NumberInput', { timeout: 30_000 }, () => {
  it('clamps to max and min when the entry is committed', async () => {
    render(<Harness min={10} max={100} />);
    await userEvent.type(input(), '150');
    expect(input().value).toBe('150');
    await userEvent.tab();
    expect(input().value).toBe('100');
    expect(shown()).toBe('100');
    await userEvent.clear(input());
    await userEvent.type(input(), '3{Enter}');
    expect(input().value).toBe('10');
    expect(shown()).toBe('10');
  });

  it('allows at most 2 decimals by default', async () => {
    render(<Harness />);
    await userEvent.type(input(), '12.3456');
    expect(input().value).toBe('12.34');
    await userEvent.tab();
    expect(shown()).toBe('12.34');
  });

  it('takes digits only when decimal is 0', async () => {
    render(<Harness decimal={0} />);
    await userEvent.type(input(), '12.5a');
    expect(input().value).toBe('125');
  });

  it('takes as many decimals as decimal says', async () => {
    render(<Harness decimal={4} />);
    await userEvent.type(input(), '1.234567');
    expect(input().value).toBe('1.2345');
  });

  it("resets the value to 0 when 'e' is pressed", async () => {
    render(<Harness initial={42.5} />);
    expect(input().value).toBe('42.5');
    await userEvent.type(input(), 'e');
    expect(input().value).toBe('0');
    expect(shown()).toBe('0');
  });

  it('refuses a minus sign when min is not negative, accepts it otherwise', async () => {
    const { unmount } = render(<Harness min={0} />);
    await userEvent.type(input(), '-5');
    expect(input().value).toBe('5');
    unmount();
    render(<Harness min={-10} />);
    await userEvent.type(input(), '-5');
    expect(input().value).toBe('-5');
  });

  it('steps with the arrow keys, within the bounds and without float noise', async () => {
    render(<Harness initial={0.1} step={0.2} max={0.5} />);
    await userEvent.type(input(), '{ArrowUp}');
    expect(input().value).toBe('0.3');
    await userEvent.type(input(), '{ArrowUp}{ArrowUp}');
    expect(input().value).toBe('0.5');
    await userEvent.type(input(), '{ArrowDown}');
    expect(input().value).toBe('0.3');
  });

  it('follows a new value from outside and reports typing as numbers', async () => {
    const spy = vi.fn();
    const { rerender } = render(<NumberInput label="数量" value={5} onChange={spy} />);
    expect(input().value).toBe('5');
    rerender(<NumberInput label="数量" value={7} onChange={spy} />);
    expect(input().value).toBe('7');
    await userEvent.clear(input());
    expect(spy).toHaveBeenLastCalledWith(null);
  });

  it('cannot be edited when disabled', async () => {
    const spy = vi.fn();
    render(<Harness initial={3} disabled spy={spy} />);
    expect(input()).toBeDisabled();
    await userEvent.type(input(), '9e');
    expect(input().value).toBe('3');
    expect(spy).not.toHaveBeenCalled();
  });
});
