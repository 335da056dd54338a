import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '@renderer/store';
import { appSlice } from '@renderer/store/appSlice';
import { useWidgetT } from './useWidgetT';

function Text() {
  const t = useWidgetT();
  return <span>{t('widget.confirm')}</span>;
}

describe('useWidgetT', () => {
  it('speaks Chinese without a store', () => {
    render(<Text />);
    expect(screen.getByText('确认')).toBeInTheDocument();
  });

  it("follows the store's language", () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <Text />
      </Provider>,
    );
    expect(screen.getByText('确认')).toBeInTheDocument();
    act(() => void store.dispatch(appSlice.actions.languageChanged('en')));
    expect(screen.getByText('Confirm')).toBeInTheDocument();
  });
});
