import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { GlobalStyles } from '@mui/material';
import type { OrderItemRow, OutOrderInfo, SignInfo } from '@shared/api/storage';
import { companyApi } from '@renderer/features/company/companyApi';
import { dateTime } from '@renderer/features/production/format';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { typeLabel } from './orders';

const cell = { border: '1px solid #000', padding: '2px 6px', textAlign: 'left' as const };

/**
 * 发货清单 for the browser's print: mounted only while printing, beside the app (a portal into body), the
 * print style hiding everything else. Calls window.print() once the company's name, licence and phone (its
 * head) are known, then tells the caller.
 */
export function DeliverySheet({ order, items, sign, onPrinted }: { order: OutOrderInfo; items: OrderItemRow[]; sign: SignInfo | undefined; onPrinted: () => void }) {
  const t = useT();
  const lang = useLanguage();
  const printed = useRef(false);
  // A refusal or a network failure prints the sheet without its head rather than not at all.
  const { data: company, isLoading } = companyApi.useCompanyInfoQuery();
  useEffect(() => {
    // Once, also where effects run twice (development).
    if (printed.current || isLoading) return;
    printed.current = true;
    try {
      window.print();
    } finally {
      onPrinted();
    }
  }, [onPrinted, isLoading]);
  const shipped = items.filter((i) => !i.reverted);
  return createPortal(
    <div className="delivery-sheet">
      <GlobalStyles styles={{
        '.delivery-sheet': { display: 'none' },
        '@media print': { 'body > *:not(.delivery-sheet)': { display: 'none !important' }, '.delivery-sheet': { display: 'block', color: '#000', fontSize: 12 } },
      }} />
      {company?.companyName && <h3 style={{ textAlign: 'center', margin: '0 0 4px' }}>{company.companyName}</h3>}
      <h2 style={{ textAlign: 'center', margin: '0 0 8px' }}>{t('storage.deliveryNote')}</h2>
      {(company?.licenceNo || company?.phone) && (
        <p style={{ display: 'flex', justifyContent: 'center', gap: '4px 16px', margin: '0 0 8px' }} data-testid="delivery-company">
          {company.licenceNo && <span>{t('company.licenceNo')}：{company.licenceNo}</span>}
          {company.phone && <span>{t('company.phone')}：{company.phone}</span>}
        </p>
      )}
      <p style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px' }}>
        {([
          ['storage.orderNo', order.orderNo], ['storage.outType', typeLabel(lang, order.type)], ['storage.customer', order.customerName ?? ''],
          ['storage.vehicle', order.vehicle ?? ''], ['storage.driver', order.driver ?? ''], ['storage.createdAt', dateTime(order.createdAt)],
        ] as const).map(([label, value]) => <span key={label}>{t(label)}：{value}</span>)}
      </p>
      <table style={{ borderCollapse: 'collapse', width: '100%', marginBottom: 8 }}>
        <thead><tr><th style={cell}>{t('storage.gas')}</th><th style={cell}>{t('storage.spec')}</th><th style={cell}>{t('storage.quantity')}</th><th style={cell}>{t('storage.scannedCount')}</th></tr></thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.id}><td style={cell}>{l.materialName ?? ''}</td><td style={cell}>{l.specification ?? ''}</td><td style={cell}>{l.quantity}</td><td style={cell}>{l.scanned}</td></tr>
          ))}
        </tbody>
      </table>
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead><tr><th style={cell}>{t('storage.no')}</th><th style={cell}>{t('storage.code')}</th><th style={cell}>{t('storage.gas')}</th><th style={cell}>{t('storage.spec')}</th></tr></thead>
        <tbody>
          {shipped.map((i, n) => (
            <tr key={i.id}><td style={cell}>{n + 1}</td><td style={cell}>{i.code}</td><td style={cell}>{i.materialName ?? ''}</td><td style={cell}>{i.specification ?? ''}</td></tr>
          ))}
        </tbody>
      </table>
      <p style={{ marginTop: 16 }}>
        {t('storage.signName')}：{sign?.signName ?? ''}
        {sign && <img src={sign.image} alt={t('storage.signImage')} style={{ height: 60, verticalAlign: 'middle', marginLeft: 8 }} />}
      </p>
    </div>,
    document.body,
  );
}
