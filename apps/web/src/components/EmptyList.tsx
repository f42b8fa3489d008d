import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CreateButton, useResourceDefinition, useTranslate } from 'react-admin';

/** An empty list: the list title's resource name and an empty list's invitation come from the catalogue. */
export function Empty({ resource }: { resource: string }) {
  const translate = useTranslate();
  const { hasCreate } = useResourceDefinition({ resource });
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} data-testid="empty">
      <Typography variant="h6">{translate('ra.page.empty', { name: translate(`resources.${resource}.name`) })}</Typography>
      {hasCreate && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('ra.page.invite')}
          </Typography>
          <CreateButton variant="contained" />
        </>
      )}
    </Box>
  );
}
