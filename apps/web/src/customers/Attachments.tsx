import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { TabourDataProvider } from '../data/dataProvider';
import { addAttachment, downloadAttachment } from '../data/customers';
import { EmptyTab } from './Related';
import { useFormat } from '../i18n/format';

const size = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

export function Attachments({ customerId }: { customerId: string }) {
  const translate = useTranslate();
  const f = useFormat();
  const notify = useNotify();
  const dataProvider = useDataProvider<TabourDataProvider>();
  const client = useQueryClient();
  const key = ['customer-attachments', customerId];
  const { data = [], isPending } = useQuery({
    queryKey: key,
    queryFn: () => dataProvider.listAttachments(customerId),
  });
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const send = async (file: File) => {
    const form = new FormData();
    form.append('customer_id', customerId);
    form.append('file', file);
    setProgress(0);
    try {
      await addAttachment(form, setProgress);
      notify('customers.attachments.uploaded', { type: 'success' });
      await client.invalidateQueries({ queryKey: key });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  const remove = async (id: string) => {
    try {
      await dataProvider.deleteAttachment(id);
      notify('customers.attachments.deleted', { type: 'success' });
      await client.invalidateQueries({ queryKey: key });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };

  return (
    <Box data-testid="attachments">
      <input ref={input} type="file" hidden data-testid="attachment-input" onChange={(e) => e.target.files?.[0] && send(e.target.files[0])} />
      <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()} disabled={progress !== null}>
        {translate('customers.attachments.upload')}
      </Button>
      {progress !== null && <LinearProgress sx={{ mt: 1 }} variant="determinate" value={progress} />}
      {isPending ? (
        <LinearProgress sx={{ mt: 2 }} />
      ) : data.length === 0 ? (
        <EmptyTab text="customers.attachments.empty" />
      ) : (
        <Table size="small" sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('customers.attachments.file_name')}</TableCell>
              <TableCell>{translate('customers.attachments.size')}</TableCell>
              <TableCell>{translate('customers.attachments.created_at')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((a) => (
              <TableRow key={a.id} data-testid="attachment-row">
                <TableCell>{a.file_name}</TableCell>
                <TableCell>{size(a.size)}</TableCell>
                <TableCell>{f.when(a.created_at)}</TableCell>
                <TableCell align="right">
                  <IconButton
                    aria-label={translate('customers.attachments.download')}
                    title={translate('customers.attachments.download')}
                    onClick={() => downloadAttachment(a.id, a.file_name).catch((e: Error) => notify(e.message, { type: 'error' }))}
                  >
                    <DownloadIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={translate('customers.attachments.delete')}
                    title={translate('customers.attachments.delete')}
                    onClick={() => remove(a.id)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
