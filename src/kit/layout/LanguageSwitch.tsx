import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALES } from '../../../core/constants';

/** English / Español; the i18nProvider keeps the choice in localStorage. */
export function LanguageSwitch() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={locale}
      onChange={(_event, next: string | null) => next && setLocale(next)}
      aria-label={translate('app.language')}
    >
      {LOCALES.map(({ locale: value, name }) => (
        <ToggleButton key={value} value={value} lang={value} sx={{ textTransform: 'none', px: 1.5 }}>
          {name}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
