import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify, useTranslate } from 'react-admin';
import type { BillingConfig, PackageOffer, Plan } from '@tabour/contracts';
import { HttpError } from '../../data/http';
import { useFormat } from '../../i18n/format';
import { addCard, checkCoupon, checkout, getCards, getQuote } from '../../data/membership';
import { AddCardOnPage } from './cardPage';
import { P, T, type Paid } from './membership-keys';
import { formatMoney } from './money';
import { QuoteLines } from './QuoteLines';
import { rememberMembership } from './rememberMembership';
import { useRefusal } from './useRefusal';

/** The payment popup: the plan, a coupon, the price with VAT, the card, and the answer. */
export function PaymentPopup({ offer, plan, config, onClose }: { offer: PackageOffer; plan: Plan; config: BillingConfig; onClose: () => void }) {
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
