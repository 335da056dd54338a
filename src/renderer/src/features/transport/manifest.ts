import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { transportMessages } from './messages';

const TAGS = ['Vehicle', 'Crew'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof transportMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 运输车辆 and 驾驶员与押运员: the registers of hazardous-goods transport an outbound order is put on (issue 36). */
export const transportFeature = defineFeature({
  name: 'transport',
  screens: [
    { path: '/Setting/Vehicle', title: '运输车辆', titleEn: 'Vehicles', permission: ['vehicle:view'], load: () => import('./VehicleListPage') },
    { path: '/Setting/Crew', title: '驾驶员与押运员', titleEn: 'Drivers & escorts', permission: ['crew:view'], load: () => import('./CrewListPage') },
  ],
  messages: () => import('./messages').then((m) => m.transportMessages),
  tags: TAGS,
});
