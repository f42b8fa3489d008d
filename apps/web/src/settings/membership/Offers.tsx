import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { PACKAGE_RANK, type BillingMembership, type PackageOffer, type Plan } from '@tabour/contracts';
import { useFormat } from '../../i18n/format';
import { T } from './membership-keys';
import { formatMoney } from './money';

/** The packages on sale, monthly or yearly, with their prices before and after VAT. */
export function Offers({ offers, current, onChoose }: { offers: PackageOffer[]; current: BillingMembership; onChoose: (o: PackageOffer, plan: Plan) => void }) {
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
