import { useEffect, useState } from 'react';
import { Stack, Typography } from '@mui/material';
import type { PrintAgentInfo } from '@shared/devices';
import { StationPrintSection } from '@renderer/features/label';
import { QueuesSection } from '@renderer/features/offline';
import { useT } from '@renderer/i18n/useT';
import { BrowserAgentPanel } from './BrowserAgentPanel';
import { FillDevicesSection } from './FillDevicesSection';
import { PrintersSection } from './PrintersSection';
import { ScalesSection } from './ScalesSection';
import { WorkstationSection } from './WorkstationSection';

/** 设备设置 (/Setting/machine): this workstation's name, scales, fill relays and printers. */
export default function MachinePage() {
  const t = useT();
  const api = window.api;
  const [agent, setAgent] = useState<PrintAgentInfo | null>(null);

  useEffect(() => {
    void api?.devicesGetPrintAgent().then(setAgent, () => setAgent(null));
  }, [api]);

  if (!api) {
    return (
      <Stack spacing={2}>
        <WorkstationSection />
        <BrowserAgentPanel />
        <StationPrintSection />
        <QueuesSection />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <WorkstationSection />
      <ScalesSection api={api} />
      <FillDevicesSection api={api} />
      <PrintersSection api={api} />
      <StationPrintSection />
      <QueuesSection />
      {agent && (
        <Typography color={agent.running ? 'text.secondary' : 'error'}>
          {agent.running ? t('machine.agentRunning', { url: agent.url }) : (agent.error ?? t('machine.agentDown'))}
        </Typography>
      )}
    </Stack>
  );
}
