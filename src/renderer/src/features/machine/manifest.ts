import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { machineMessages } from './messages';

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof machineMessages> {}
}

/** This workstation's printers and scales. */
export const machineFeature = defineFeature({
  name: 'machine',
  screens: [
    { path: '/Setting/machine', title: '设备设置', titleEn: 'Devices', permission: ['machine:view'], load: () => import('./MachinePage') },
  ],
  messages: () => import('./messages').then((m) => m.machineMessages),
});
