import { describe, expect, it, vi } from 'vitest';
import { render, screen, within, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RangePicker } from './RangePicker';
import { DateField } from './DateField';

// MUI renders slowly on a busy machine: wait longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

/** The text a picker field shows (its sections joined), found by its label. */
const shown = (label: string) => screen.getByRole('group', { name: label }).querySelector('.MuiPickersSectionList-root')?.textContent?.replace(/\u2066|\u2067|\u2068|\u2069/g, '');

describe('RangePicker', { timeout: 30_000 }, () => {
  it('shows 开始日期 至 结束日期 for dates, in YYYY-MM-DD', () => {
    render(<RangePicker value={['2024-01-02', '2024-01-05']} />);
    expect(screen.getByText('至')).toBeInTheDocument();
    expect(shown('开始日期')).toBe('2024-01-02');
    expect(shown('结束日期')).toBe('2024-01-05');
  });

  it('shows 开始时间 至 结束时间 for times, in HH:mm:ss', () => {
    render(<RangePicker kind="time" value={['08:30:00', '17:45:10']} />);
    expect(shown('开始时间')).toBe('08:30:00');
    expect(shown('结束时间')).toBe('17:45:10');
  });

  it('shows date-times as YYYY-MM-DD HH:mm:ss', () => {
    render(<RangePicker kind="datetime" value={['2024-01-02 08:30:00', null]} />);
    expect(shown('开始时间')).toBe('2024-01-02 08:30:00');
  });

  it('reads and writes yyyy-MM-dd style formats', () => {
    render(<RangePicker value={['2024/01/02', null]} format="yyyy/MM/dd" />);
    expect(shown('开始日期')).toBe('2024/01/02');
  });

  it('hands the chosen day to onChange as text, keeping the other end', async () => {
    const onChange = vi.fn();
    render(<RangePicker value={['2024-01-02', '2024-01-05']} onChange={onChange} />);
    const start = screen.getByRole('group', { name: '开始日期' });
    await userEvent.click(within(start.parentElement!).getByRole('button'));
    await userEvent.click(await screen.findByRole('gridcell', { name: '3' }));
    const ok = screen.queryByRole('button', { name: '确定' });
    if (ok) await userEvent.click(ok);
    expect(onChange).toHaveBeenLastCalledWith(['2024-01-03', '2024-01-05']);
  });
});

describe('DateField', { timeout: 30_000 }, () => {
  it('shows a month in YYYY-MM and a year in YYYY', () => {
    render(
      <>
        <DateField kind="month" label="月份" value="2024-03" />
        <DateField kind="year" label="年份" value="2024" />
      </>,
    );
    expect(shown('月份')).toBe('2024-03');
    expect(shown('年份')).toBe('2024');
  });
});
