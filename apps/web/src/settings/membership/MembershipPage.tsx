import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import {
  FEATURE_MATRIX,
  PACKAGE_RANK,
  type BillingConfig,
  type BillingMembership,
  type PackageFeature,
  type PackageFeatures,
  type PackageOffer,
  type Plan,
  type Quote,
} from '@tabour/contracts';
import { readSession, saveSession } from '../../auth/session';
import { HttpError } from '../../data/http';
import { useFormat } from '../../i18n/format';
import { addCard, changeRenewal, checkCoupon, checkout, getBillingConfig, getCards, getMembership, getPackages, getQuote } from './api';
import { cardsPolledUntil } from './card-poll';
import { AddCardOnPage, useCardPageReturn } from './cardPage';
import { countdown } from './countdown';
import { formatMoney, refusalKey } from './money';

const T = 'account.membership';
const P = 'account.popup';
type Paid = 'LIBERUP' | 'LIBERPRO';
const FEATURES: PackageFeature[] = ['queues', 'counters_per_queue', 'kiosks_and_displays', 'sms', 'statistics_export', 'report_mails', 'team_size'];

/** The session's package follows a purchase at once, so the guarded screens (kiosks, displays) open without a new login. */
function rememberMembership(membership: BillingMembership) {
  const session = readSession();
  // The permissions follow the package as the login computes them: kiosks and displays where the matrix allows any.
  const devices = FEATURE_MATRIX[membership.package].kiosks_and_displays !== 0;
  if (session)
    saveSession({
      ...session,
      business: { ...session.business, membership, permissions: { ...session.business.permissions, kiosks: devices, displays: devices } },
    });
}

/** The words of an error answer: a decline or a billing refusal in the interface language, else the server's message. */
function useRefusal() {
  const translate = useTranslate();
  return (e: unknown) => {
    if (e instanceof HttpError) {
      const key = refusalKey(e.body.code, e.body.errors?.payment);
      return key ? translate(key) : e.message;
    }
    return e instanceof Error ? e.message : String(e);
  };
}

function FeatureValue({ value }: { value: PackageFeatures[PackageFeature] }) {
  const translate = useTranslate();
  const f = useFormat();
  if (value === null) return <>{translate(`${T}.unlimited`)}</>;
  if (typeof value === 'boolean') return <>{translate(`${T}.${value ? 'yes' : 'no'}`)}</>;
  return <>{f.number(value)}</>;
}

function Matrix({ offers }: { offers: PackageOffer[] }) {
  const translate = useTranslate();
  const shown = [...offers].sort((a, b) => PACKAGE_RANK[a.id] - PACKAGE_RANK[b.id]);
  return (
    <Box component="section" sx={{ mt: 3, overflowX: 'auto' }}>
      <Typography variant="h6" component="h2">
        {translate(`${T}.features`)}
      </Typography>
      <Table size="small" data-testid="feature-matrix">
        <TableHead>
          <TableRow>
            <TableCell>{translate(`${T}.feature`)}</TableCell>
            {shown.map((o) => (
              <TableCell key={o.id}>{o.name}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {FEATURES.map((feature) => (
            <TableRow key={feature}>
              <TableCell component="th" scope="row">
                {translate(`${T}.feature_names.${feature}`)}
              </TableCell>
              {shown.map((o) => (
                <TableCell key={o.id}>
                  <FeatureValue value={o.features[feature]} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Current({ m }: { m: BillingMembership }) {
  const translate = useTranslate();
  const notify = useNotify();
  const f = useFormat();
  const refusal = useRefusal();
  const queryClient = useQueryClient();
  const left = m.package === 'TRIAL' ? countdown(m.trial.ends_at) : null;
  const renewal = async (action: 'cancel' | 'resume') => {
    try {
      const answer = await changeRenewal(m.package as Paid, action);
      rememberMembership(answer.membership);
      queryClient.setQueryData(['billing', 'membership'], answer.membership);
      notify('app.toast.saved', { type: 'success' });
    } catch (e) {
      notify(refusal(e), { type: 'error' });
    }
  };
  return (
    <Box component="section" data-testid="membership-current">
      <Typography variant="h6" component="h2">
        {translate(`${T}.current`)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, my: 1 }}>
        <Typography variant="h5" component="p" data-testid="membership-package">
          {m.package}
        </Typography>
        {m.plan && <Chip label={translate(`${T}.plans.${m.plan}`)} />}
        <Chip label={translate(`${T}.statuses.${m.status}`)} color={m.status === 'grace' ? 'error' : 'default'} data-testid="membership-status" />
      </Box>
      {left && (
        <Typography data-testid="membership-trial">
          {left.days === 0 && left.hours === 0 ? translate(`${T}.trial_over`) : translate(`${T}.trial_left`, left)}
        </Typography>
      )}
      {m.period_ends_at && <Typography>{translate(`${T}.ends_at`, { when: f.when(m.period_ends_at, 'date') })}</Typography>}
      <Typography color="text.secondary">{translate(`${T}.sms`, { consumed: f.number(m.sms.consumed), allowance: f.number(m.sms.allowance) })}</Typography>
      {m.locked.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="membership-locked">
          {translate(`${T}.locked`, { features: m.locked.map((x) => translate(`${T}.feature_names.${x}`)).join(', ') })}
        </Alert>
      )}
      {m.status === 'active' && (m.package === 'LIBERUP' || m.package === 'LIBERPRO') && (
        <Button sx={{ mt: 1 }} color="error" onClick={() => renewal('cancel')} data-testid="membership-cancel">
          {translate(`${T}.cancel`)}
        </Button>
      )}
      {(m.status === 'cancelling' || m.scheduled_change) && (m.package === 'LIBERUP' || m.package === 'LIBERPRO') && (
        <Button sx={{ mt: 1 }} onClick={() => renewal('resume')} data-testid="membership-resume">
          {translate(`${T}.resume`)}
        </Button>
      )}
    </Box>
  );
}

function Offers({ offers, current, onChoose }: { offers: PackageOffer[]; current: BillingMembership; onChoose: (o: PackageOffer, plan: Plan) => void }) {
  const translate = useTranslate();
  const f = useFormat();
  const [plan, setPlan] = useState<Plan>('yearly');
  const sold = offers.filter((o) => o.prices).sort((a, b) => PACKAGE_RANK[a.id] - PACKAGE_RANK[b.id]);
  const money = (minor: number, currency: string) => formatMoney(minor, currency, f.locale);
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {translate(`${T}.upgrade`)}
        </Typography>
        <ToggleButtonGroup exclusive size="small" value={plan} onChange={(_, v: Plan | null) => v && setPlan(v)} aria-label={translate(`${T}.plan`)}>
          {(['monthly', 'yearly'] as const).map((p) => (
            <ToggleButton key={p} value={p} data-testid={`plan-${p}`}>
              {translate(`${T}.plans.${p}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 2, mt: 1 }}>
        {sold.map((o) => {
          const price = o.prices![plan];
          const same = current.package === o.id && current.plan === plan && current.status !== 'trial';
          return (
            <Card key={o.id} variant="outlined" data-testid={`offer-${o.id}`}>
              <CardContent>
                <Typography variant="h6" component="h3">
                  {o.name}
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>
                  {money(price.gross, o.currency)} {translate(`${T}.per.${plan}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(`${T}.price`, { net: money(price.net, o.currency), vat: money(price.vat, o.currency), gross: money(price.gross, o.currency) })}
                </Typography>
                <Button variant="contained" sx={{ mt: 1 }} disabled={same} onClick={() => onChoose(o, plan)} data-testid={`choose-${o.id}`}>
                  {translate(`${T}.choose`, { name: o.name })}
                </Button>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}

function QuoteLines({ quote }: { quote: Quote }) {
  const translate = useTranslate();
  const f = useFormat();
  const money = (minor: number) => formatMoney(minor, quote.currency, f.locale);
  const line = (label: string, value: string, testid?: string, strong = false) => (
    <TableRow>
      <TableCell>{label}</TableCell>
      <TableCell align="right" sx={strong ? { fontWeight: 700 } : undefined} data-testid={testid}>
        {value}
      </TableCell>
    </TableRow>
  );
  return (
    <Table size="small" data-testid="quote">
      <TableBody>
        {line(translate(`${P}.subtotal`), money(quote.list_price))}
        {quote.discount > 0 && line(translate(`${P}.discount`), `−${money(quote.discount)}`, 'quote-discount')}
        {quote.proration_credit > 0 && line(translate(`${P}.proration`), `−${money(quote.proration_credit)}`)}
        {line(translate(`${P}.vat`, { rate: f.number(quote.vat_rate) }), money(quote.vat))}
        {line(translate(`${P}.total`), money(quote.total), 'quote-total', true)}
      </TableBody>
    </Table>
  );
}

/** The payment popup: the plan, a coupon, the price with VAT, the card, and the answer. */
function PaymentPopup({ offer, plan, config, onClose }: { offer: PackageOffer; plan: Plan; config: BillingConfig; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const f = useFormat();
  const refusal = useRefusal();
  const queryClient = useQueryClient();
  const pkg = offer.id as Paid;
  const [couponText, setCouponText] = useState('');
  const [coupon, setCoupon] = useState<string | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [needsCard, setNeedsCard] = useState(false);
  const [busy, setBusy] = useState(false);
  // One choice: a saved card (`saved:<id>`) or, with the local test provider, a new test card (`test:<number>`).
  const [chosen, setChosen] = useState('');
  const quote = useQuery({
    queryKey: ['billing', 'quote', pkg, plan, coupon],
    queryFn: async () => (coupon ? (await checkCoupon(coupon, pkg, plan)).quote! : getQuote(pkg, plan)),
  });
  const cards = useQuery({ queryKey: ['billing', 'cards'], queryFn: getCards });
  const saved = cards.data?.data ?? [];
  const testCards = config.provider === 'test' ? (config.test_cards ?? []) : [];
  const fallback = saved.find((c) => c.is_default) ?? saved[0];
  const card = chosen || (fallback ? `saved:${fallback.id}` : testCards[0] ? `test:${testCards[0].number}` : '');
  const applyCoupon = async () => {
    setCouponError(null);
    try {
      await checkCoupon(couponText.trim(), pkg, plan);
      setCoupon(couponText.trim());
      notify(translate(`${P}.coupon_ok`, { code: couponText.trim() }), { type: 'success' });
    } catch (e) {
      setCouponError(refusal(e));
    }
  };
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      let paymentMethod = card.startsWith('saved:') ? card.slice(6) : '';
      if (card.startsWith('test:')) {
        const year = new Date().getFullYear() + 3;
        paymentMethod = (await addCard({ card_number: card.slice(5), exp_month: 12, exp_year: year, cvc: '123', make_default: true })).id;
        setChosen(`saved:${paymentMethod}`);
        await queryClient.invalidateQueries({ queryKey: ['billing', 'cards'] });
      }
      const answer = await checkout({ package: pkg, plan, coupon, payment_method_id: paymentMethod || null });
      rememberMembership(answer.membership);
      queryClient.setQueryData(['billing', 'membership'], answer.membership);
      await queryClient.invalidateQueries({ queryKey: ['billing'] });
      if (answer.status === 'requires_action') setError(translate('account.declines.authentication_required'));
      else {
        notify(`${P}.succeeded`, { type: 'success' });
        onClose();
      }
    } catch (e) {
      // With Stripe and no saved card, the answer is the way to add one, not only a failure.
      setNeedsCard(e instanceof HttpError && e.body.code === 'card_setup_required');
      setError(`${translate(`${P}.failed`)}: ${refusal(e)}`);
    } finally {
      setBusy(false);
    }
  };
  const noCard = saved.length === 0 && testCards.length === 0;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="payment-popup-title">
      <DialogTitle id="payment-popup-title">{translate(`${P}.title`, { name: offer.name })}</DialogTitle>
      <DialogContent data-testid="payment-popup">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${T}.plans.${plan}`)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}>
          <TextField
            size="small"
            label={translate(`${P}.coupon`)}
            value={couponText}
            onChange={(e) => setCouponText(e.target.value)}
            error={!!couponError}
            helperText={couponError ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'coupon-input', dir: 'ltr' } }}
          />
          <Button onClick={applyCoupon} disabled={!couponText.trim()} data-testid="coupon-apply">
            {translate(`${P}.apply`)}
          </Button>
        </Box>
        {quote.isPending && <Loading />}
        {quote.isError && <Alert severity="error">{refusal(quote.error)}</Alert>}
        {quote.data && <QuoteLines quote={quote.data} />}
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          {translate(`${P}.card`)}
        </Typography>
        {config.provider === 'test' && (
          <Alert severity="info" sx={{ my: 1 }} data-testid="test-provider">
            {translate(`${P}.test_provider`)}
          </Alert>
        )}
        {!noCard && (
          <TextField
            select
            size="small"
            fullWidth
            label={translate(`${P}.card`)}
            value={card}
            onChange={(e) => setChosen(e.target.value)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'card-select' } as object } }}
          >
            {saved.map((c) => (
              <MenuItem key={c.id} value={`saved:${c.id}`}>
                {translate('account.billing.card_line', { brand: c.brand, last4: c.last4, month: String(c.exp_month).padStart(2, '0'), year: c.exp_year })}
              </MenuItem>
            ))}
            {testCards.map((c) => (
              <MenuItem key={c.number} value={`test:${c.number}`} dir="ltr">
                {translate(`${P}.test_card`)} {c.number} · {c.outcome === 'succeeds' ? translate(`${P}.succeeds`) : translate(`account.declines.${c.outcome}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {noCard && config.provider !== 'stripe' && <Alert severity="warning">{translate(`${P}.add_card_first`)}</Alert>}
        {(noCard || needsCard) && config.provider === 'stripe' && (
          <Alert severity="warning" action={<AddCardOnPage returnTo="membership" variant="contained" />} data-testid="add-card-first">
            {translate(`${P}.add_card_on_page`)}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="payment-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="cancel-popup">
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={pay} disabled={busy || !quote.data || noCard} data-testid="pay">
          {translate(`${P}.pay`, { total: quote.data ? formatMoney(quote.data.total, quote.data.currency, f.locale) : '' })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /settings/membership (ADMIN): the plan in force, the countdown, the feature matrix, and the upgrade with its payment popup. */
export function MembershipPage() {
  const translate = useTranslate();
  const membership = useQuery({ queryKey: ['billing', 'membership'], queryFn: getMembership });
  const packages = useQuery({ queryKey: ['billing', 'packages'], queryFn: getPackages });
  const config = useQuery({ queryKey: ['billing', 'config'], queryFn: getBillingConfig });
  const awaitCardUntil = useCardPageReturn();
  // Back from Stripe's card page: the popup, opened again, lists the new card once the webhook has saved it.
  useQuery({ queryKey: ['billing', 'cards'], queryFn: getCards, enabled: awaitCardUntil > 0, refetchInterval: cardsPolledUntil(awaitCardUntil) });
  const [choice, setChoice] = useState<{ offer: PackageOffer; plan: Plan } | null>(null);
  const failed = membership.error ?? packages.error;
  return (
    <Card sx={{ mt: 2 }} data-testid="membership-page">
      <Title title={translate(`${T}.title`)} />
      <CardContent>
        {(membership.isPending || packages.isPending) && !failed && <Loading />}
        {failed && <Alert severity="error">{(failed as Error).message}</Alert>}
        {membership.data && <Current m={membership.data} />}
        {membership.data && packages.data && (
          <Offers offers={packages.data.data} current={membership.data} onChoose={(offer, plan) => setChoice({ offer, plan })} />
        )}
        {packages.data && <Matrix offers={packages.data.data} />}
        {choice && config.data && <PaymentPopup offer={choice.offer} plan={choice.plan} config={config.data} onClose={() => setChoice(null)} />}
      </CardContent>
    </Card>
  );
}
