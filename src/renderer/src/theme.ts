import { createTheme } from '@mui/material/styles';
import { enUS as coreEn, zhCN as coreZh } from '@mui/material/locale';
import type { Language } from '@renderer/i18n/i18n';
import { BRAND_COLOR } from '@shared/site';

/** The MUI theme with the locale of the chosen language (zhCN by default). The data grid sets its own (PaginatedTable). */
export function makeTheme(lang: Language) {
  const isZh = lang === 'zh-CN';
  return createTheme(
    {
      palette: { primary: { main: BRAND_COLOR } },
      typography: { fontFamily: '"Noto Sans CJK SC","Microsoft YaHei","PingFang SC",Roboto,Arial,sans-serif' },
    },
    isZh ? coreZh : coreEn,
  );
}
