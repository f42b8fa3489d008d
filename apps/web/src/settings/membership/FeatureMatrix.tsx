import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { PACKAGE_RANK, type PackageFeature, type PackageFeatures, type PackageOffer } from '@tabour/contracts';
import { useFormat } from '../../i18n/format';
import { T } from './membership-keys';

const FEATURES: PackageFeature[] = ['queues', 'counters_per_queue', 'kiosks_and_displays', 'sms', 'statistics_export', 'report_mails', 'team_size'];

function FeatureValue({ value }: { value: PackageFeatures[PackageFeature] }) {
  const translate = useTranslate();
  const f = useFormat();
  if (value === null) return <>{translate(`${T}.unlimited`)}</>;
  if (typeof value === 'boolean') return <>{translate(`${T}.${value ? 'yes' : 'no'}`)}</>;
  return <>{f.number(value)}</>;
}

/** What each package allows, side by side. */
export function Matrix({ offers }: { offers: PackageOffer[] }) {
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
