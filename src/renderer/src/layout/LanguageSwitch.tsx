import { Button } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { rememberLanguage } from '@renderer/i18n/i18n';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { languageChanged } from '@renderer/store/appSlice';
import { useAppDispatch } from '@renderer/store/hooks';

/** Toggles 中文 / English; the choice is remembered in localStorage. */
export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const lang = useLanguage();
  const t = useT();
  const dispatch = useAppDispatch();
  const next = lang === 'zh-CN' ? 'en' : 'zh-CN';
  return (
    <Button
      color={color}
      startIcon={<TranslateIcon />}
      aria-label={t('header.language')}
      data-testid="language-switch"
      onClick={() => {
        rememberLanguage(next);
        dispatch(languageChanged(next));
      }}
    >
      {next === 'en' ? 'English' : '中文'}
    </Button>
  );
}
