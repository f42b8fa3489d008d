import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import { LANGUAGES, NATIVE_NAMES, type Language } from '../../i18n/languages';
import { BigChoice, StepTitle } from './parts';

/** The first step: each language offered in its own name (and its own `lang`, for the screen reader). */
export function LanguageStep({ locale, onChoose }: { locale: string; onChoose: (language: Language) => void }) {
  const translate = useTranslate();
  return (
    <>
      <StepTitle text={translate('kiosk.language.title')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%', maxWidth: 760 }}>
        {LANGUAGES.map((l) => (
          <BigChoice key={l} lang={l} pressed={l === locale} testId={`kiosk-language-${l}`} onClick={() => onChoose(l)}>
            {NATIVE_NAMES[l]}
          </BigChoice>
        ))}
      </Box>
    </>
  );
}
