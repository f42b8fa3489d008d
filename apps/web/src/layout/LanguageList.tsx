import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type Language, LANGUAGES, NATIVE_NAMES } from '../i18n/languages';

/** The languages of the language menu, each named in itself. */
export default function LanguageList({
  anchor,
  locale,
  onClose,
  onPick,
}: {
  anchor: HTMLElement;
  locale: string;
  onClose: () => void;
  onPick: (l: Language) => void;
}) {
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {LANGUAGES.map((l) => (
        <MenuItem key={l} selected={l === locale} lang={l} data-testid={`language-${l}`} onClick={() => onPick(l)}>
          {NATIVE_NAMES[l]}
        </MenuItem>
      ))}
    </Menu>
  );
}
