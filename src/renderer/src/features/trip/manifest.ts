import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { tripMessages } from './messages';

const TAGS = ['Trip'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof tripMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 车次 (issue 37): the driver's field screens (field/); the office's 车次管理 joins them here. */
export const tripFeature = defineFeature({
  name: 'trip',
  screens: [
    { path: '/storage/trip', title: '车次管理', titleEn: 'Trips', permission: ['trip:view'], load: () => import('./office/TripListPage') },
  ],
  fieldScreens: [
    { path: '/field/trips', title: '我的车次', titleEn: 'My trips', permission: ['trip:drive'], load: () => import('./field/MyTripsPage') },
    { path: '/field/trip/:id', title: '车次', titleEn: 'Trip', permission: ['trip:drive'], load: () => import('./field/TripPage') },
    { path: '/field/trip/:id/stop/:stopId', title: '站点', titleEn: 'Stop', permission: ['trip:drive'], load: () => import('./field/StopPage') },
  ],
  messages: () => import('./messages').then((m) => m.tripMessages),
  tags: TAGS,
});
