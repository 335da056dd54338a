import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { householdMessages } from './messages';

const TAGS = ['Household'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof householdMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/** 液化气用户 (issue 37, 瓶装液化气实名制): the office's register, checks, hazards and deliveries; the field pages at the door. */
export const householdFeature = defineFeature({
  name: 'household',
  screens: [
    { path: '/storage/household', title: '液化气用户', titleEn: 'LPG households', permission: ['household:view'], load: () => import('./HouseholdPage') },
  ],
  fieldScreens: [
    { path: '/field/household', title: '液化气用户', titleEn: 'LPG households', permission: ['household:view'], load: () => import('./field/FieldHouseholdPage') },
    { path: '/field/household/:id/check', title: '入户安检', titleEn: 'Home safety check', permission: ['household:check'], load: () => import('./field/FieldCheckPage') },
    { path: '/field/household/:id/deliver', title: '配送到户', titleEn: 'Deliver', permission: ['household:deliver'], load: () => import('./field/FieldDeliverPage') },
  ],
  messages: () => import('./messages').then((m) => m.householdMessages),
  tags: TAGS,
});
