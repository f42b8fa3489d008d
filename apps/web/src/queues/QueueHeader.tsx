import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** Back to the list of queues; the arrow turns with the page direction. */
export function BackToQueues() {
  const translate = useTranslate();
  return (
    <Button
      component={Link}
      to="/queues"
      size="small"
      startIcon={<ArrowBackIcon sx={{ transform: (t) => (t.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />}
      sx={{ mb: 1 }}
    >
      {translate('queues.back')}
    </Button>
  );
}
