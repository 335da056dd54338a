import { useState, type ComponentType } from 'react';
import { Box, Stack, Tab, Tabs } from '@mui/material';
import type { MessageKey } from '@renderer/i18n/messages';
import { useT } from '@renderer/i18n/useT';

/** One tab of a page: its label's message key and the screen under it (mounted only while its tab is chosen). */
export interface PageTab {
  label: MessageKey;
  Screen: ComponentType;
}

/** A page of tabs filling the content area: the tab row, and under it the chosen tab's screen. */
export function TabbedPage({ tabs }: { tabs: readonly PageTab[] }) {
  const t = useT();
  const [tab, setTab] = useState(0);
  const Screen = tabs[tab]?.Screen;
  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 1 }}>
        {tabs.map(({ label }) => <Tab key={label} label={t(label)} />)}
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {Screen && <Screen key={tab} />}
      </Box>
    </Stack>
  );
}
