import type { ComponentType } from 'react';
import type { PermissionKey } from '@shared/menus';
import type { MessagesPart } from '@renderer/i18n/messages';
import type { TagType } from '@renderer/store/api';

type Loader = () => Promise<{ default: ComponentType }>;

/** A screen that exists. Menu items pointing elsewhere are not shown. */
export interface ScreenDef {
  path: string;
  /** Route meta: the tab label. */
  title: string;
  titleEn: string;
  load: Loader;
  /** Keys that open the screen (any one); without one the user is sent to /403 and no tab opens. */
  permission?: readonly PermissionKey[];
  /** The tab label of the create form (the path without ?id=). */
  newTitle?: string;
  newTitleEn?: string;
}

/**
 * What a feature brings to the app, declared once in its manifest.ts and named in the one list
 * (app/features.ts). Its text keys and tag names are typed by the augmentations beside it
 * (`declare module '@renderer/i18n/messages'`, `declare module '@renderer/store/api'`).
 */
export interface FeatureManifest {
  name: string;
  /** Its screens: route, tab title and the keys that open it. */
  screens?: readonly ScreenDef[];
  /** Its screens in the phone-sized field app (issue 37), under /field: route, title and the keys that open it. */
  fieldScreens?: readonly ScreenDef[];
  /**
   * Its texts: a loader (fetched with the signed-in shell, kept out of the login route), or the texts
   * themselves for a feature shown before sign-in (start-up check, version floor, initial password).
   */
  messages?: MessagesPart | (() => Promise<MessagesPart>);
  /** The cache tags its queries provide (other features may invalidate them). */
  tags?: readonly TagType[];
}

export const defineFeature = (manifest: FeatureManifest): FeatureManifest => manifest;
