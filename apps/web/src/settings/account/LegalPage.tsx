import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { LEGAL_TEXT_MAX, type LegalKind, type LegalText } from '@tabour/contracts';
import { readSession } from '../../auth/session';
import { HttpError } from '../../data/http';
import { useFormat } from '../../i18n/format';
import { addLegal, getLegal, getLegalDefault, getLegalVersions } from '../../data/account';

const T = 'account.legal';

/**
 * docs/product.md#terms-and-policy: the terms and policy pages send the user to /dashboard when the business has no
 * organisation id (null or absent); otherwise the usual guard applies.
 */
export function withoutOrganisation(): boolean {
  const org = readSession()?.business.organization_id;
  return org === null || org === undefined || org === '';
}

function Byline({ text }: { text: LegalText }) {
  const translate = useTranslate();
  const f = useFormat();
  return (
    <Typography variant="body2" color="text.secondary">
      {text.version === 0
        ? translate(`${T}.default_version`)
        : `${translate(`${T}.version`, { version: text.version })} · ${translate(`${T}.added_by`, { when: f.when(text.created_at), who: text.created_by ?? '—' })}`}
    </Typography>
  );
}

function Editor({ kind, current }: { kind: LegalKind; current: LegalText }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [content, setContent] = useState(current.content);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await addLegal(kind, content);
      queryClient.setQueryData(['legal', kind, 'current'], saved);
      await queryClient.invalidateQueries({ queryKey: ['legal', kind, 'versions'] });
      notify(`${T}.saved`, { type: 'success' });
    } catch (e) {
      setError(e instanceof HttpError ? (e.body.errors?.content ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };
  const useDefault = async () => setContent((await getLegalDefault(kind)).content);
  return (
    <Box>
      <TextField
        label={translate(`${T}.content`)}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        multiline
        minRows={12}
        maxRows={30}
        fullWidth
        error={!!error}
        helperText={error ?? `${content.length} / ${LEGAL_TEXT_MAX}`}
        slotProps={{ htmlInput: { maxLength: LEGAL_TEXT_MAX, 'data-testid': 'legal-content' } }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" disabled={busy || !content.trim()} onClick={save} data-testid="legal-save">
          {translate(`${T}.save`)}
        </Button>
        <Button onClick={useDefault} data-testid="legal-default">
          {translate(`${T}.use_default`)}
        </Button>
      </Box>
    </Box>
  );
}

function Versions({ kind }: { kind: LegalKind }) {
  const translate = useTranslate();
  const versions = useQuery({ queryKey: ['legal', kind, 'versions'], queryFn: () => getLegalVersions(kind) });
  const earlier = versions.data?.data.slice(1) ?? [];
  const none = versions.data?.data.length === 0;
  // The first version is the current one: nothing earlier to list yet.
  if (!none && earlier.length === 0) return null;
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        {translate(`${T}.versions`)}
      </Typography>
      {none && <Typography color="text.secondary">{translate(`${T}.no_versions`)}</Typography>}
      {earlier.map((v) => (
        <Accordion key={v.version} disableGutters data-testid={`legal-version-${v.version}`}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Byline text={v} />
          </AccordionSummary>
          <AccordionDetails>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{v.content}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

/** /settings/terms and /settings/policy: the text in force, a new version from it or from the default, and the earlier versions. */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const translate = useTranslate();
  const current = useQuery({ queryKey: ['legal', kind, 'current'], queryFn: () => getLegal(kind), enabled: !withoutOrganisation() });
  if (withoutOrganisation()) return <Navigate to="/dashboard" replace />;
  return (
    <Card sx={{ mt: 2 }} data-testid={`legal-${kind}`}>
      <Title title={translate(`${T}.${kind}_title`)} />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${T}.${kind}_hint`)}
        </Typography>
        {current.isPending && <Loading />}
        {current.isError && <Typography color="error">{(current.error as Error).message}</Typography>}
        {current.data && (
          <>
            <Typography variant="subtitle1" component="h2">
              {translate(`${T}.current`)}
            </Typography>
            <Box sx={{ mb: 1 }} data-testid="legal-byline">
              <Byline text={current.data} />
            </Box>
            {/* A new version remounts the editor with its text. */}
            <Editor key={current.data.version} kind={kind} current={current.data} />
          </>
        )}
        <Versions kind={kind} />
      </CardContent>
    </Card>
  );
}

export const TermsSettingsPage = () => <LegalPage kind="terms" />;
export const PolicySettingsPage = () => <LegalPage kind="policy" />;
