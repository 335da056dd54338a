import { COMPANY } from '@shared/api/company';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** Company calls (src/shared/api/company.ts). The logo goes up through the Upload widget (multipart). */
export const companyApi = api.injectEndpoints({
  endpoints: (b) => ({
    companyInfo: queryOf(b, COMPANY.info),
    saveCompany: mutationOf(b, COMPANY.save),
  }),
});

/** Where the Upload widget sends the logo (under /api). */
export const LOGO_UPLOAD_URL = COMPANY.uploadLogo.path.replace(/^\/api/, '');
