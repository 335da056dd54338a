import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { CREDIT_CODE_PATTERN } from './enterprise';
import { UploadedFile } from './file';
import { Flag, NoData, OptDate, OptStr } from './schema';

const Text = Type.Union([Type.String(), Type.Null()]);

/** The plant itself (企业信息): what certificates and delivery lists print, and the app name in the title bar. */
export const CompanyInfo = Type.Object({
  companyName: Text,
  /** 统一社会信用代码 */
  creditCode: Text,
  /** 气瓶充装许可证编号 */
  licenceNo: Text,
  /** yyyy-MM-dd the filling licence expires. */
  licenceExpiry: Text,
  address: Text,
  phone: Text,
  /** Stored path of the logo (uploaded through POST /api/company/uploadLogo). */
  logoPath: Text,
  /** 系统名称: the app name in the title bar and on documents; the product name when empty. */
  appTitle: Text,
  /** Days until the filling licence expires (negative: expired); null without an expiry date. */
  licenceDaysLeft: Type.Union([Type.Integer(), Type.Null()]),
  /** 1: the public cylinder page a label's QR opens (/q/…) answers; 0: turned off. */
  publicPage: Type.Optional(Type.Integer()),
  /** The address customers reach the server at, e.g. https://trace.example.cn (a label's QR); null: the address the label was printed from. */
  publicUrl: Type.Optional(Text),
  /** 所在地区: the plant's GB/T 2260 division code (6 digits), for the regulator's platform (issue 36). */
  areaCode: Type.Optional(Text),
  updatedAt: Text,
});
export type CompanyInfo = Static<typeof CompanyInfo>;

/** POST /api/company/save: the whole record (empty fields clear it). */
export const CompanySaveBody = Type.Object({
  companyName: OptStr('企业名称', { maxLength: 128 }),
  creditCode: OptStr('统一社会信用代码', { maxLength: 18, pattern: `(${CREDIT_CODE_PATTERN})|^$` }),
  licenceNo: OptStr('气瓶充装许可证编号', { maxLength: 64 }),
  licenceExpiry: OptDate('许可证有效期至'),
  address: OptStr('地址', { maxLength: 255 }),
  phone: OptStr('电话', { maxLength: 32, pattern: '^([0-9+\\-() ]{3,32})?$' }),
  logoPath: OptStr('企业标志', { maxLength: 512 }),
  appTitle: OptStr('系统名称', { maxLength: 64 }),
  /** Left out: unchanged. */
  publicPage: Type.Optional(Flag('气瓶信息公开查询')),
  publicUrl: OptStr('公开访问地址', { maxLength: 200, pattern: '^(https?://[A-Za-z0-9.\\-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~\\-]*)*)?$' }),
  /** 所在地区: a code of the division tree (GET /api/area/getAreaInfoAllList); the server refuses one not in it. */
  areaCode: OptStr('所在地区', { maxLength: 6, pattern: '^([0-9]{6})?$' }),
});
export type CompanySaveBody = Static<typeof CompanySaveBody>;

/** Largest logo upload (PNG or JPEG). */
export const LOGO_MAX_MB = 2;

/** The licence counts as expiring this many days before its date (the home page and the company screen warn). */
export const LICENCE_WARN_DAYS = 60;

/** Company and lookups (SPEC section 7); screen /Setting/enterpriseInfo. */
export const COMPANY = {
  info: endpoint({ method: 'GET', path: '/api/company/info', summary: '企业信息', permission: 'authenticated', data: CompanyInfo }),
  save: endpoint({ method: 'POST', path: '/api/company/save', summary: '保存企业信息', permission: 'company:save', body: CompanySaveBody, data: NoData }),
  uploadLogo: endpoint({
    method: 'POST', path: '/api/company/uploadLogo', summary: '上传企业标志（multipart，字段 file；PNG/JPEG，最大 2M）', permission: 'company:save',
    kind: 'upload', data: UploadedFile,
  }),
};
