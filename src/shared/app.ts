/** Product identity, served as response headers of GET / (SPEC section 7) and shown by the client. */
export const APP_INFO = {
  title: '气瓶追溯平台',
  description: '气瓶全生命周期信息追溯平台',
  team: '气瓶追溯平台团队',
} as const;

/**
 * Response headers of GET / read by the client. Values are percent-encoded UTF-8, because HTTP header
 * values are Latin-1 and the title is Chinese; the client decodes them with decodeURIComponent.
 */
export const APP_HEADERS = {
  title: 'x-app-title',
  description: 'x-app-description',
  version: 'x-app-version',
  team: 'x-app-team',
} as const;
