import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** Shown inside the layout when the role may not open a page. */
export function AccessDeniedPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4 }} data-testid="access-denied">
      <Title title="app.pages.denied_title" />
      <Typography variant="h4" component="h2" gutterBottom>
        {translate('app.pages.denied_title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('app.pages.denied_body')}</Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        {translate('app.pages.go_home')}
      </Button>
    </Box>
  );
}
