import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** The screen the kiosk sleeps behind (its placeholder image, if any); a touch wakes it. */
export function Hibernation({ image, onWake }: { image: string | null | undefined; onWake: () => void }) {
  const translate = useTranslate();
  return (
    <Box
      role="button"
      tabIndex={0}
      aria-label={translate('kiosk.wake')}
      onClick={onWake}
      onKeyDown={onWake}
      data-testid="kiosk-hibernate"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 1500,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        bgcolor: 'var(--kiosk-primary-dark)',
        color: '#ffffff',
        backgroundImage: image ? `url(${image})` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        cursor: 'pointer',
      }}
    >
      <Typography variant="h2" component="p" sx={{ textShadow: '0 2px 8px rgba(0,0,0,.6)', textAlign: 'center' }}>
        {translate('kiosk.wake')}
      </Typography>
    </Box>
  );
}
