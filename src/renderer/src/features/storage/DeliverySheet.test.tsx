import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { CompanyInfo } from '@shared/api/company';
import { http } from '@renderer/http/client';
import { makeStore } from '@renderer/store';
import { deferred, fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { DeliverySheet } from './DeliverySheet';
import { itemRow, outOrder } from './testData';

const company: CompanyInfo = {
  companyName: '某某气体有限公司', creditCode: null, licenceNo: 'TS4233001-2027', licenceExpiry: '2027-01-01', address: null,
  phone: '0571-88888888', logoPath: null, appTitle: null, licenceDaysLeft: 300, updatedAt: '2026-01-01 00:00:00',
};

afterEach(() => (http.setAdapter(undefined), vi.unstubAllGlobals()));

function sheet() {
  const printed = vi.fn();
  render(
    <Provider store={makeStore()}>
      <DeliverySheet order={outOrder()} items={[itemRow(1, 'GP0001')]} sign={undefined} onPrinted={printed} />
    </Provider>,
  );
  return printed;
}

describe('发货清单', () => {
  it('prints the company name, licence number and phone at its head, once they are known', async () => {
    const answer = deferred();
    http.setAdapter(fakeAdapter(async (c) => (c.url === '/company/info' ? (await answer.promise, ok(company)) : ok(null))));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const printed = sheet();
    // Not before the head is there.
    expect(print).not.toHaveBeenCalled();
    answer.resolve();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(printed).toHaveBeenCalledTimes(1);
    // The sheet is shown by the print style only: hidden on screen.
    expect(screen.getByRole('heading', { name: '某某气体有限公司', hidden: true })).toBeInTheDocument();
    expect(screen.getByTestId('delivery-company')).toHaveTextContent('气瓶充装许可证编号：TS4233001-2027');
    expect(screen.getByTestId('delivery-company')).toHaveTextContent('电话：0571-88888888');
    expect(screen.getByText('GP0001')).toBeInTheDocument();
  });

  it('still prints, without a head, when the company record cannot be read', async () => {
    http.setAdapter(fakeAdapter((c) => (c.url === '/company/info' ? { status: 500, data: {} } : ok(null))));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    sheet();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('delivery-company')).not.toBeInTheDocument();
  });
});
