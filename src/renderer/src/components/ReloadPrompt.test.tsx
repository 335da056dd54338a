import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { lazyScreen } from '@renderer/router/chunkErrors';
import { RootLayout } from '@renderer/router/RootLayout';
import { makeStore } from '@renderer/store';

const failingImport = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Foo-abc.js'));

/** Two screens whose chunks fail to load, under the real root layout (which hosts the prompt). */
function renderFailingScreens() {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const A = lazyScreen(failingImport, () => <p>failed A</p>);
  const B = lazyScreen(failingImport, () => <p>failed B</p>);
  const router = createMemoryRouter(
    [{ element: <RootLayout />, children: [{ path: '/401', element: <Suspense><A /><B /></Suspense> }] }],
    { initialEntries: ['/401'] },
  );
  return render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  delete window.api;
});

describe('a route chunk that fails to load', () => {
  it('asks once 检测到系统更新，是否立即刷新？ however many chunks fail', async () => {
    renderFailingScreens();
    expect(await screen.findByText('failed A')).toBeInTheDocument();
    expect(await screen.findByText('failed B')).toBeInTheDocument();
    const dialogs = screen.getAllByRole('dialog');
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]).toHaveTextContent('确认信息');
    expect(dialogs[0]).toHaveTextContent('检测到系统更新，是否立即刷新？');
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('确定 reloads through the desktop bridge when present', async () => {
    const windowReload = vi.fn();
    window.api = { windowReload, windowMaximize: vi.fn(async () => {}) } as unknown as typeof window.api;
    renderFailingScreens();
    await userEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(windowReload).toHaveBeenCalledTimes(1);
  });
});
