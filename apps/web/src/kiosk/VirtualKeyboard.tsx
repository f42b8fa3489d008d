import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import BackspaceIcon from '@mui/icons-material/Backspace';
import { useTranslate } from 'react-admin';

const DIGITS = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
  ['+', '0'],
];
const LATIN = [
  ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'],
  ['a', 's', 'd', 'f', 'g', 'h', 'j', 'k', 'l'],
  ['z', 'x', 'c', 'v', 'b', 'n', 'm', '-', "'"],
];
/** The letters each language adds to the Latin rows, or its own alphabet. */
const EXTRA: Record<string, string[][]> = {
  de: [['ä', 'ö', 'ü', 'ß']],
  es: [['ñ', 'á', 'é', 'í', 'ó', 'ú']],
  fr: [['é', 'è', 'ê', 'à', 'ç', 'ô', 'î', 'ë']],
  pt: [['ã', 'õ', 'á', 'é', 'ê', 'ç', 'ó', 'í']],
};
const OWN: Record<string, string[][]> = {
  ar: [
    ['ض', 'ص', 'ث', 'ق', 'ف', 'غ', 'ع', 'ه', 'خ', 'ح', 'ج'],
    ['ش', 'س', 'ي', 'ب', 'ل', 'ا', 'ت', 'ن', 'م', 'ك', 'ط'],
    ['ئ', 'ء', 'ؤ', 'ر', 'ى', 'ة', 'و', 'ز', 'ظ', 'د', 'ذ'],
  ],
  ru: [
    ['й', 'ц', 'у', 'к', 'е', 'н', 'г', 'ш', 'щ', 'з', 'х'],
    ['ф', 'ы', 'в', 'а', 'п', 'р', 'о', 'л', 'д', 'ж', 'э'],
    ['я', 'ч', 'с', 'м', 'и', 'т', 'ь', 'б', 'ю', 'ё', '-'],
  ],
};

export function keyboardRows(layout: 'digits' | 'letters', lang: string): string[][] {
  if (layout === 'digits') return DIGITS;
  return [...(OWN[lang] ?? []), ...LATIN, ...(EXTRA[lang] ?? [])];
}

/**
 * The kiosk's on-screen keyboard, for a touch screen without a physical one: digits for a phone
 * number, the customer's alphabet for a name. Every key is a real button with its own name.
 */
export function VirtualKeyboard({
  layout,
  lang,
  onKey,
  onBackspace,
  label,
}: {
  layout: 'digits' | 'letters';
  lang: string;
  onKey: (k: string) => void;
  onBackspace: () => void;
  label: string;
}) {
  const translate = useTranslate();
  const rows = keyboardRows(layout, lang);
  const keySx = {
    minWidth: layout === 'digits' ? 88 : 52,
    minHeight: layout === 'digits' ? 72 : 56,
    fontSize: layout === 'digits' ? '1.8rem' : '1.3rem',
    textTransform: 'none' as const,
    bgcolor: '#ffffff',
    color: '#1a1a1a',
    '&:hover': { bgcolor: '#e8eef5' },
  };
  return (
    <Box
      role="group"
      aria-label={label}
      data-testid={`keyboard-${layout}`}
      sx={{ display: 'grid', gap: 1, p: 1.5, borderRadius: 2, bgcolor: 'var(--kiosk-v2-numpad, #eceff1)', justifyItems: 'center' }}
    >
      {rows.map((row, i) => (
        <Box
          key={i}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}
          dir={lang === 'ar' && layout === 'letters' && i < 3 ? 'rtl' : 'ltr'}
        >
          {row.map((k) => (
            <Button key={k} variant="contained" disableElevation sx={keySx} onClick={() => onKey(k)} data-testid={`key-${k}`}>
              {k}
            </Button>
          ))}
          {i === rows.length - 1 && (
            <Button
              variant="contained"
              disableElevation
              sx={{ ...keySx, minWidth: 88 }}
              onClick={onBackspace}
              aria-label={translate('kiosk.keyboard.backspace')}
              data-testid="key-backspace"
            >
              <BackspaceIcon />
            </Button>
          )}
        </Box>
      ))}
      {layout === 'letters' && (
        <Button variant="contained" disableElevation sx={{ ...keySx, minWidth: 320 }} onClick={() => onKey(' ')} data-testid="key-space">
          {translate('kiosk.keyboard.space')}
        </Button>
      )}
    </Box>
  );
}
