import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { RequiredField } from '../components/RequiredField';

interface Props {
  /** The picture of the current challenge (a data URL), null while it loads. */
  image: string | null;
  code: string;
  onChange: (code: string) => void;
  onRefresh: () => void;
}

/**
 * The captcha's picture, its refresh button and the code typed. Fetched only where the
 * installation asks for a captcha (or a refused login does): the login page's first download
 * goes without it.
 */
export default function CaptchaField({ image, code, onChange, onRefresh }: Props) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ height: 50, minWidth: 150, bgcolor: 'grey.100', borderRadius: 1 }}>
        {image && <img src={image} alt={translate('app.auth.captcha_alt')} height={50} data-testid="captcha-image" />}
      </Box>
      <IconButton onClick={onRefresh} aria-label={translate('app.auth.captcha_refresh')} title={translate('app.auth.captcha_refresh')}>
        <RefreshIcon />
      </IconButton>
      <RequiredField name="captcha" label="app.auth.captcha" value={code} onChange={onChange} size="small" />
    </Box>
  );
}
