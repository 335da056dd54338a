import type { ReactNode } from 'react';
import 'dayjs/locale/zh-cn';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { zhCN, enUS } from '@mui/x-date-pickers/locales';
import { useWidgetLanguage } from '@renderer/hooks/useWidgetT';

/** dayjs adapter with the zh-cn locale (or English), so any picker can stand alone without an app-level provider. */
export function PickerProvider({ children }: { children: ReactNode }) {
  const isZh = useWidgetLanguage() === 'zh-CN';
  const texts = (isZh ? zhCN : enUS).components.MuiLocalizationProvider.defaultProps.localeText;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={isZh ? 'zh-cn' : 'en'} localeText={texts}>
      {children}
    </LocalizationProvider>
  );
}
