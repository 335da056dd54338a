import { Alert } from '@mui/material';
import { LICENCE_WARN_DAYS, type CompanyInfo } from '@shared/api/company';
import { useT } from '@renderer/i18n/useT';
import { companyApi } from './companyApi';

/** 气瓶充装许可证 expiring within LICENCE_WARN_DAYS days, or expired: a warning, else nothing. */
export function LicenceWarning({ info }: { info: CompanyInfo | null }) {
  const t = useT();
  const days = info?.licenceDaysLeft;
  if (days === null || days === undefined || days > LICENCE_WARN_DAYS) return null;
  const date = info?.licenceExpiry ?? '';
  return days < 0
    ? <Alert severity="error">{t('company.licenceExpired', { date, days: -days })}</Alert>
    : <Alert severity="warning">{t('company.licenceExpiring', { date, days })}</Alert>;
}

/** The same warning where everybody sees it (首页): filling without a valid licence is not allowed. */
export function LicenceNotice() {
  const { data } = companyApi.useCompanyInfoQuery();
  return <LicenceWarning info={data ?? null} />;
}
