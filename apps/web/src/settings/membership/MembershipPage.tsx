import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useTranslate } from 'react-admin';
import type { PackageOffer, Plan } from '@tabour/contracts';
import { getBillingConfig, getCards, getMembership, getPackages } from '../../data/membership';
import { cardsPolledUntil } from './card-poll';
import { useCardPageReturn } from './cardPage';
import { Current } from './Current';
import { Matrix } from './FeatureMatrix';
import { T } from './membership-keys';
import { Offers } from './Offers';
import { PaymentPopup } from './PaymentPopup';

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
