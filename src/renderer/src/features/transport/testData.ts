import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Picks day 15 of the month a date field's calendar opens on (this month, when empty) and returns it as yyyy-MM-dd. */
export async function pickDay15(container: HTMLElement, label: string): Promise<string> {
  const group = within(container).getByRole('group', { name: new RegExp(`^${label}`) });
  await userEvent.click(within(group.parentElement!).getByRole('button'));
  await userEvent.click(await screen.findByRole('gridcell', { name: '15' }));
  const ok = screen.queryByRole('button', { name: '确定' });
  if (ok) await userEvent.click(ok);
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-15`;
}
