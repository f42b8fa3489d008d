import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { CardSessionReturn } from '@tabour/contracts';
import { HttpError } from '../../data/http';
import { cardSession } from '../../data/membership';
import { WAIT_FOR_WEBHOOK_MS } from './card-poll';
import { refusalKey } from './money';

const B = 'account.billing';

/**
 * "Add a card" with Stripe: the card holder goes to Stripe's hosted page in this tab (no card
 * data ever passes through the product) and comes back to `returnTo` with `?card=added`.
 */
export function AddCardOnPage({ returnTo, variant = 'outlined' }: { returnTo: CardSessionReturn; variant?: 'outlined' | 'contained' }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      window.location.assign((await cardSession(returnTo)).url);
    } catch (e) {
      const key = e instanceof HttpError ? refusalKey(e.body.code, undefined) : null;
      notify(key ? translate(key) : `${translate(`${B}.card_add_failed`)}: ${e instanceof Error ? e.message : String(e)}`, { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} startIcon={<CreditCardIcon />} onClick={open} disabled={busy} data-testid="card-add-page">
      {translate(`${B}.add_card_secure`)}
    </Button>
  );
}

/**
 * Back from Stripe's card page (`?card=added` or `?card=cancelled`): a notice, said once (the
 * parameter leaves the address). Answers until when the saved cards are fetched again, since
 * the webhook may still be on its way (0: not back from the page).
 */
export function useCardPageReturn(): number {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('card');
  const [until] = useState(() => (outcome === 'added' ? Date.now() + WAIT_FOR_WEBHOOK_MS : 0));
  const seen = useRef(false);
  useEffect(() => {
    if (seen.current || (outcome !== 'added' && outcome !== 'cancelled')) return;
    seen.current = true;
    notify(translate(outcome === 'added' ? `${B}.card_page_added` : `${B}.card_page_cancelled`), { type: outcome === 'added' ? 'success' : 'info' });
    const rest = new URLSearchParams(params);
    rest.delete('card');
    setParams(rest, { replace: true });
    if (outcome === 'added') void queryClient.invalidateQueries({ queryKey: ['billing', 'cards'] });
  }, [outcome, params, setParams, notify, translate, queryClient]);
  return until;
}
