import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';

const COLOUR = { BASIC: 'default', VIP: 'warning', BLACKLISTED: 'error' } as const;

export function CategoryChip(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ category?: keyof typeof COLOUR }>();
  const translate = useTranslate();
  if (!record?.category) return null;
  return (
    <Chip size="small" color={COLOUR[record.category] ?? 'default'} label={translate(`customers.categories.${record.category}`)} data-testid="category-chip" />
  );
}

/** Phone numbers read left to right in every language ("+216…" must not become "…216+" in Arabic). */
export function PhoneField({ source }: { source: 'phone' | 'second_phone'; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Record<string, string | null>>();
  const value = record?.[source];
  return (
    <Typography variant="body2" component="span" dir={value ? 'ltr' : undefined}>
      {value || '—'}
    </Typography>
  );
}
