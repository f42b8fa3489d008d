import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { AutocompleteInput, Form, Loading, SaveButton, TextInput, Title, email, maxLength, required, useNotify, useTranslate } from 'react-admin';
import { download } from '../../data/files';
import { HttpError } from '../../data/http';
import { LTR_INPUT } from '../../i18n/format';
import { useFormat } from '../../i18n/format';
import {
  addCard,
  deleteCard,
  getBillingConfig,
  getBillingDetails,
  getCards,
  getCountries,
  getInvoices,
  invoicePdfPath,
  makeDefaultCard,
  saveBillingDetails,
} from '../../data/membership';
import { cardsPolledUntil } from './card-poll';
import { AddCardOnPage, useCardPageReturn } from './cardPage';
import { formatMoney, refusalKey } from './money';

const B = 'account.billing';

function Invoices() {
  const translate = useTranslate();
  const notify = useNotify();
  const f = useFormat();
  const [page, setPage] = useState(0);
  const invoices = useQuery({ queryKey: ['billing', 'invoices', page], queryFn: () => getInvoices(page + 1), placeholderData: keepPreviousData });
  return (
    <Box component="section" data-testid="invoices">
      <Typography variant="h6" component="h2">
        {translate(`${B}.invoices`)}
      </Typography>
      {invoices.isPending && <Loading />}
      {invoices.isError && <Alert severity="error">{(invoices.error as Error).message}</Alert>}
      {invoices.data && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['number', 'issued_at', 'total', 'status'].map((k) => (
                  <TableCell key={k}>{translate(`${B}.${k}`)}</TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.data.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography color="text.secondary">{translate(`${B}.no_invoices`)}</Typography>
                  </TableCell>
                </TableRow>
              )}
              {invoices.data.data.map((i) => (
                <TableRow key={i.id} data-testid="invoice-row">
                  <TableCell dir="ltr">{i.number}</TableCell>
                  <TableCell>{f.when(i.issued_at, 'date')}</TableCell>
                  <TableCell>{formatMoney(i.total, i.currency, f.locale)}</TableCell>
                  <TableCell>{translate(`${B}.statuses.${i.status}`)}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      startIcon={<DownloadIcon />}
                      onClick={() => download(invoicePdfPath(i.id), `${i.number}.pdf`).catch((e: Error) => notify(e.message, { type: 'error' }))}
                      data-testid="invoice-pdf"
                    >
                      {translate(`${B}.download`)}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={invoices.data.total}
            page={page}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={25}
            rowsPerPageOptions={[25]}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          />
        </Box>
      )}
    </Box>
  );
}

function Cards() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const awaitCardUntil = useCardPageReturn();
  const cards = useQuery({ queryKey: ['billing', 'cards'], queryFn: getCards, refetchInterval: cardsPolledUntil(awaitCardUntil) });
  const config = useQuery({ queryKey: ['billing', 'config'], queryFn: getBillingConfig });
  const [testCard, setTestCard] = useState('');
  const run = async (call: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await call();
      await queryClient.invalidateQueries({ queryKey: ['billing', 'cards'] });
      notify(done, { type: 'success' });
    } catch (e) {
      const key = e instanceof HttpError ? refusalKey(e.body.code, e.body.errors?.payment ?? e.body.errors?.card_number) : null;
      notify(key ? translate(key) : `${translate(failed)}: ${e instanceof Error ? e.message : String(e)}`, { type: 'error' });
    }
  };
  const chosen = testCard || config.data?.test_cards?.[0]?.number || '';
  return (
    <Box component="section" sx={{ mt: 3 }} data-testid="cards">
      <Typography variant="h6" component="h2">
        {translate(`${B}.cards`)}
      </Typography>
      {cards.data?.data.length === 0 && <Typography color="text.secondary">{translate(`${B}.no_cards`)}</Typography>}
      {cards.data?.data.map((c) => (
        <Box key={c.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 0.5 }} data-testid="card-row">
          <Typography>
            {translate(`${B}.card_line`, { brand: c.brand, last4: c.last4, month: String(c.exp_month).padStart(2, '0'), year: c.exp_year })}
          </Typography>
          {c.is_default ? (
            <Chip size="small" label={translate(`${B}.default_card`)} />
          ) : (
            <Button size="small" onClick={() => run(() => makeDefaultCard(c.id), 'app.toast.saved', `${B}.card_default_failed`)}>
              {translate(`${B}.make_default`)}
            </Button>
          )}
          <Button
            size="small"
            color="error"
            onClick={() => run(() => deleteCard(c.id), `${B}.card_deleted`, `${B}.card_delete_failed`)}
            data-testid="card-delete"
          >
            {translate(`${B}.delete_card`)}
          </Button>
        </Box>
      ))}
      {config.data?.provider === 'test' && config.data.test_cards && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <TextField
            select
            size="small"
            fullWidth={false}
            sx={{ width: 320 }}
            label={translate('account.popup.test_card')}
            value={chosen}
            onChange={(e) => setTestCard(e.target.value)}
          >
            {config.data.test_cards.map((c) => (
              <MenuItem key={c.number} value={c.number} dir="ltr">
                {c.number} · {c.outcome === 'succeeds' ? translate('account.popup.succeeds') : translate(`account.declines.${c.outcome}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            onClick={() =>
              run(
                () => addCard({ card_number: chosen, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' }),
                `${B}.card_added`,
                `${B}.card_add_failed`,
              )
            }
            data-testid="card-add"
          >
            {translate(`${B}.add_card`)}
          </Button>
        </Box>
      )}
      {config.data?.provider === 'stripe' && (
        <Box sx={{ mt: 1 }}>
          <AddCardOnPage returnTo="billing" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate(`${B}.card_page_hint`)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

/** The buyer printed on the invoices: name, address, country and VAT number (checked by the API for the country), and the VAT this makes. */
function Details() {
  const translate = useTranslate();
  const notify = useNotify();
  const f = useFormat();
  const queryClient = useQueryClient();
  const details = useQuery({ queryKey: ['billing', 'details'], queryFn: getBillingDetails });
  const countries = useQuery({ queryKey: ['countries', f.locale], queryFn: getCountries, staleTime: 3_600_000 });
  if (!details.data) return details.isError ? <Alert severity="error">{(details.error as Error).message}</Alert> : <Loading />;
  const d = details.data;
  const save = async (values: Record<string, unknown>) => {
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    try {
      const answer = await saveBillingDetails({
        name: String(values.name ?? '').trim(),
        address: text(values.address),
        country: text(values.country),
        vat_number: text(values.vat_number),
        email: text(values.email),
      });
      queryClient.setQueryData(['billing', 'details'], answer);
      await queryClient.invalidateQueries({ queryKey: ['billing', 'quote'] });
      notify('app.toast.saved', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
      if (e instanceof HttpError && e.body.errors) return e.body.errors;
    }
  };
  return (
    <Box component="section" sx={{ mt: 3 }} data-testid="billing-details">
      <Typography variant="h6" component="h2">
        {translate(`${B}.details`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="billing-vat">
        {translate(d.reverse_charge ? `${B}.reverse_charge` : `${B}.vat_rate`, { rate: f.number(d.vat_rate) })}
      </Typography>
      <Form record={{ ...d, address: d.address ?? '', vat_number: d.vat_number ?? '', email: d.email ?? '' }} onSubmit={save}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', columnGap: 2, maxWidth: 900 }}>
          <TextInput source="name" label={`${B}.buyer_name`} validate={[required(), maxLength(150)]} />
          <TextInput source="address" label={`${B}.address`} validate={maxLength(300)} />
          <AutocompleteInput
            source="country"
            label={`${B}.country`}
            choices={(countries.data?.data ?? []).map((c) => ({ id: c.code, name: c.name }))}
            translateChoice={false}
          />
          <TextInput source="vat_number" label={`${B}.vat_number`} validate={maxLength(40)} inputProps={LTR_INPUT} />
          <TextInput source="email" label={`${B}.email`} validate={email()} inputProps={LTR_INPUT} />
        </Box>
        <SaveButton label="ra.action.save" data-testid="billing-details-save" />
      </Form>
    </Box>
  );
}

/** /settings/billing (ADMIN): the invoices with their PDFs, the payment methods, and the buyer's details on the invoices. */
export function BillingPage() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid="billing-page">
      <Title title={translate(`${B}.title`)} />
      <CardContent>
        <Invoices />
        <Cards />
        <Details />
      </CardContent>
    </Card>
  );
}
