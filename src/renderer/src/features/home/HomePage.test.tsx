import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CompanyInfo } from '@shared/api/company';
import { http } from '@renderer/http/client';
import { fakeAdapter, ok } from '@renderer/test/fakeAdapter';
import { renderApp, storeSession } from '@renderer/test/renderApp';

const company = (licenceDaysLeft: number | null): CompanyInfo => ({
  companyName: '某某气体有限公司', creditCode: null, licenceNo: 'TS4232001-2027', licenceExpiry: '2026-12-03', address: null, phone: null,
  logoPath: null, appTitle: null, licenceDaysLeft, updatedAt: null,
});

function serve(info: CompanyInfo) {
  http.setAdapter(fakeAdapter((c) => (c.url === '/company/info' ? ok(info) : c.url?.startsWith('/file/') ? ok({ list: [], total: 0 }) : ok(null))));
}

afterEach(() => http.setAdapter(undefined));

describe('首页', () => {
  it('warns everybody when the filling licence expires within 60 days', async () => {
    storeSession();
    serve(company(10));
    renderApp('/main/home');
    expect(await screen.findByText('气瓶充装许可证将于 2026-12-03 到期（剩余 10 天），请及时办理延续。', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('says nothing while the licence is far from its date', async () => {
    storeSession();
    serve(company(200));
    renderApp('/main/home');
    await screen.findByTestId('greeting', undefined, { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText(/气瓶充装许可证/)).not.toBeInTheDocument();
  });
});
