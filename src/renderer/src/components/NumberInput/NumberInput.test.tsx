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

const input = () => screen.getByLabelText<HTMLInputElement>('数量');
const shown = () => screen.getByTestId('value').textContent;

describe('NumberInput', { timeout: 30_000 }, () => {
  it('shows a value outside min and max as an error at the field and never changes it', async () => {
    render(<Harness min={10} max={100} />);
    await userEvent.type(input(), '99999');
    await userEvent.tab();
    expect(input().value).toBe('99999');
    expect(shown()).toBe('99999');
    expect(screen.getByText('数量不能大于 100')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(input());
    await userEvent.type(input(), '3{Enter}');
    expect(input().value).toBe('3');
    expect(screen.getByText('数量不能小于 10')).toBeInTheDocument();
    await userEvent.clear(input());
    await userEvent.type(input(), '42');
    expect(screen.queryByText(/数量不能/)).not.toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'false');
  });

  it.each(['1a2', 'abc14.2x', '1,5', '12 3'])('keeps %s as typed and says it is not a number (nothing dropped or guessed)', async (typed) => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    await userEvent.type(input(), typed);
    await userEvent.tab();
    expect(input().value).toBe(typed);
    expect(screen.getByText('数量必须是数字')).toBeInTheDocument();
    expect(spy).toHaveBeenLastCalledWith(Number.NaN);
  });

  it('says so when there are more decimals than allowed (2 by default, 0: whole numbers)', async () => {
    const { unmount } = render(<Harness />);
    await userEvent.type(input(), '12.3456');
    expect(input().value).toBe('12.3456');
    expect(screen.getByText('数量最多 2 位小数')).toBeInTheDocument();
    unmount();
    render(<Harness decimal={0} />);
    await userEvent.type(input(), '12.5');
    expect(screen.getByText('数量必须是整数')).toBeInTheDocument();
  });

  it('keeps a minus sign and says when the value is below the minimum', async () => {
    const { unmount } = render(<Harness min={0} />);
    await userEvent.type(input(), '-3');
    expect(input().value).toBe('-3');
    expect(shown()).toBe('-3');
    expect(screen.getByText('数量不能小于 0')).toBeInTheDocument();
    unmount();
    render(<Harness min={-10} />);
    await userEvent.type(input(), '-5');
    expect(input().value).toBe('-5');
    expect(screen.queryByText(/数量不能/)).not.toBeInTheDocument();
  });

  it("resets the value to 0 when 'e' is pressed", async () => {
    render(<Harness initial={42.5} />);
    expect(input().value).toBe('42.5');
    await userEvent.type(input(), 'e');
    expect(input().value).toBe('0');
    expect(shown()).toBe('0');
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
