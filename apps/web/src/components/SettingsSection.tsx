import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useNotify } from 'react-admin';

export interface SettingsSectionProps {
  /** Names the section's testid (`<id>-section`) and its heading (`<id>-title`), which labels it. */
  id: string;
  title: ReactNode;
  addLabel: ReactNode;
  onAdd: () => void;
  addTestId: string;
  /** The intro, the table: inside the card's padding. */
  children: ReactNode;
  /** Dialogs: outside the padding, so that they do not add to it. */
  dialogs?: ReactNode;
}

/** A section of a settings page: its heading with an Add button beside it, then its content. */
export function SettingsSection({ id, title, addLabel, onAdd, addTestId, children, dialogs }: SettingsSectionProps) {
  return (
    <Card data-testid={`${id}-section`} component="section" aria-labelledby={`${id}-title`}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h2" id={`${id}-title`}>
            {title}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} data-testid={addTestId}>
            {addLabel}
          </Button>
        </Stack>
        {children}
      </CardContent>
      {dialogs}
    </Card>
  );
}

/** A refusal notified as api() words it (a catalogue key for the codes the interface words itself, else the server's message). */
export function useFailureNotice() {
  const notify = useNotify();
  return (e: unknown) => notify(e instanceof Error ? e.message : String(e), { type: 'error' });
}
