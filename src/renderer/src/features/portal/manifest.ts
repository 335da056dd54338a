import { defineFeature } from '@renderer/features/feature';
import type { TextsOf } from '@renderer/i18n/messages';
import type { TagsOf } from '@renderer/store/api';
import type { portalMessages } from './messages';

const TAGS = ['PortalAccount', 'PortalPickup'] as const;

declare module '@renderer/i18n/messages' {
  interface Messages extends TextsOf<typeof portalMessages> {}
}
declare module '@renderer/store/api' {
  interface CacheTags extends TagsOf<typeof TAGS> {}
}

/**
 * The customer portal (issue 38): the plant's 门户账号 screen here; the portal's own shell and pages (/portal, for
 * portal accounts only) are routed by router/routes.tsx from portalScreens.ts, as the field app's are.
 */
export const portalFeature = defineFeature({
  name: 'portal',
  screens: [
    { path: '/Setting/portal', title: '门户账号', titleEn: 'Portal accounts', permission: ['portal:view'], load: () => import('./PortalAccountPage') },
  ],
  messages: () => import('./messages').then((m) => m.portalMessages),
  tags: TAGS,
});
