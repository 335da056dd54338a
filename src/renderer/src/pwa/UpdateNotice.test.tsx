import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@renderer/store';
import { languageChanged } from '@renderer/store/appSlice';
import { servesServiceWorker } from './serviceWorkerHost';
import { UpdateNotice } from './UpdateNotice';
import { clearUpdateOffer, offerUpdate } from './updateOffer';

afterEach(() => act(() => clearUpdateOffer()));

function mount() {
  const store = makeStore();
  render(<Provider store={store}><UpdateNotice /></Provider>);
  return store;
}

describe('新版本可用 — 刷新', () => {
  it('shows nothing until a new release waits, then refreshes only when the operator asks', async () => {
    mount();
    expect(screen.queryByTestId('update-notice')).toBeNull();
    const apply = vi.fn(async () => undefined);
    act(() => offerUpdate(apply));
    const notice = screen.getByTestId('update-notice');
    expect(notice).toHaveTextContent('新版本可用');
    expect(apply).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '刷新' })));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('speaks English when the user chose it', () => {
    const store = mount();
    act(() => {
      store.dispatch(languageChanged('en'));
      offerUpdate(async () => undefined);
    });
    expect(screen.getByTestId('update-notice')).toHaveTextContent('A new version is available');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });
});

describe('where the service worker is registered', () => {
  const page = (o: { protocol: string; api?: boolean; secure?: boolean; sw?: boolean }) =>
    ({
      api: o.api ? {} : undefined,
      location: { protocol: o.protocol },
      isSecureContext: o.secure ?? true,
      navigator: o.sw === false ? {} : { serviceWorker: {} },
    }) as unknown as Window;

  it('in a browser on the server\'s http(s) address only', () => {
    expect(servesServiceWorker(page({ protocol: 'http:' }))).toBe(true);
    expect(servesServiceWorker(page({ protocol: 'https:' }))).toBe(true);
    // The desktop shell: app://renderer/, or its dev server with the bridge.
    expect(servesServiceWorker(page({ protocol: 'app:', api: true }))).toBe(false);
    expect(servesServiceWorker(page({ protocol: 'http:', api: true }))).toBe(false);
    // A plain-HTTP LAN address the browser does not trust; a browser without service workers.
    expect(servesServiceWorker(page({ protocol: 'http:', secure: false }))).toBe(false);
    expect(servesServiceWorker(page({ protocol: 'http:', sw: false }))).toBe(false);
  });
});
