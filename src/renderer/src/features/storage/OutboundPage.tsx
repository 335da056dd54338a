import { Stack } from '@mui/material';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { OutOrderList } from './OutOrderList';
import { OutOrderView } from './OutOrderView';

type View = { mode: 'list' } | { mode: 'order'; id: number };
const LIST: View = { mode: 'list' };

/**
 * 出库管理: the outbound orders; an order opens in its own view — scanning while open (扫码), its signature,
 * print record and certificate data — and 返回列表 goes back. The view is kept with the screen's tab.
 */
export default function OutboundPage() {
  const [view, setView] = useScreenState<View>('view', LIST);
  if (view.mode === 'order') {
    return <OutOrderView key={view.id} id={view.id} onBack={() => setView(LIST)} />;
  }
  return (
    <Stack sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <OutOrderList onOpen={(id) => setView({ mode: 'order', id })} />
    </Stack>
  );
}
