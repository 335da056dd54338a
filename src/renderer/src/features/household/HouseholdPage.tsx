import { useState } from 'react';
import { Box, Stack, Tab, Tabs } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { ChecklistTab } from './ChecklistTab';
import { ChecksTab, DeliveriesTab, HazardsTab } from './HouseholdRecordsTabs';
import { HouseholdUsersTab } from './HouseholdUsersTab';

const TABS = ['household.tabUsers', 'household.tabChecks', 'household.tabHazards', 'household.tabDeliveries', 'household.tabItems'] as const;

/** 液化气用户 (/storage/household): the register, its safety checks, hazards, deliveries and the checklist. */
export default function HouseholdPage() {
  const t = useT();
  const [tab, setTab] = useState(0);
  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 1 }}>
        {TABS.map((key) => <Tab key={key} label={t(key)} />)}
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {tab === 0 && <HouseholdUsersTab />}
        {tab === 1 && <ChecksTab />}
        {tab === 2 && <HazardsTab />}
        {tab === 3 && <DeliveriesTab />}
        {tab === 4 && <ChecklistTab />}
      </Box>
    </Stack>
  );
}
