import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { Webhook } from '@tabour/contracts';
import { deleteWebhook, listWebhooks, rotateWebhookSecret, updateWebhook } from '../../data/integrations';
import { SettingsSection, useFailureNotice } from '../../components/SettingsSection';
import { SettingsTable } from '../../components/SettingsTable';
import { DeliveryLog } from './DeliveryLog';
import { SecretDialog } from './SecretDialog';
import { WebhookDialog } from './WebhookDialog';
import { WebhookRow } from './WebhookRow';
import { KEY, T } from './webhooks-keys';

/**
 * The webhooks section of /settings/integrations (docs/integrations-webhooks.md): the business's
 * webhooks, created with their secret shown once, edited, turned off and on, a new secret, and
 * each one's delivery log with "send again" and "replay from a position".
 */
export function WebhooksSection() {
  const translate = useTranslate();
  const failed = useFailureNotice();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => listWebhooks() });
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'rotate' | 'delete' | 'disable'; hook: Webhook } | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  const toggle = async (hook: Webhook, enabled: boolean) => {
    try {
      await updateWebhook(hook.id, { enabled });
      await refresh();
      notify(`${T}.saved`, { type: 'success' });
    } catch (e) {
      failed(e);
    }
  };

  const confirmed = async () => {
    if (!confirm) return;
    const { kind, hook } = confirm;
    setConfirm(null);
    try {
      if (kind === 'disable') return await toggle(hook, false);
      if (kind === 'rotate') {
        const answer = await rotateWebhookSecret(hook.id);
        setSecret({ value: answer.secret, rotated: true });
      } else {
        await deleteWebhook(hook.id);
        notify(`${T}.deleted`, { type: 'success' });
      }
      await refresh();
    } catch (e) {
      failed(e);
    }
  };

  const hooks = list.data?.data ?? [];
  return (
    <SettingsSection
      id="webhooks"
      title={translate(`${T}.title`)}
      addLabel={translate(`${T}.add`)}
      onAdd={() => setEditing('new')}
      addTestId="webhook-add"
      dialogs={
        <>
          {editing && (
            <WebhookDialog
              hook={editing === 'new' ? null : editing}
              onClose={() => setEditing(null)}
              onSaved={async (created) => {
                setEditing(null);
                if (created) setSecret({ value: created.secret, rotated: false });
                notify(`${T}.saved`, { type: 'success' });
                await refresh();
              }}
            />
          )}
          {secret && <SecretDialog secret={secret.value} rotated={secret.rotated} onClose={() => setSecret(null)} />}
          {log && <DeliveryLog hook={log} onClose={() => setLog(null)} onChanged={refresh} />}
          <Confirm
            isOpen={!!confirm}
            title={`${T}.actions.${confirm?.kind ?? 'delete'}`}
            content={`${T}.dialogs.${confirm?.kind ?? 'delete'}_confirm`}
            translateOptions={{ url: confirm?.hook.url ?? '' }}
            onConfirm={() => void confirmed()}
            onClose={() => setConfirm(null)}
          />
        </>
      }
    >
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {translate(`${T}.intro`)}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {translate(`${T}.docs_hint`)}
      </Typography>
      <SettingsTable
        query={list}
        rows={hooks}
        failure={translate(`${T}.loading_failed`)}
        empty={translate(`${T}.empty`)}
        emptyTestId="webhooks-empty"
        testId="webhooks-table"
        columns={['url', 'event_types', 'status', 'pending', 'last_success'].map((k) => translate(`${T}.fields.${k}`))}
        actions
        row={(hook) => (
          <WebhookRow
            key={hook.id}
            hook={hook}
            onLog={() => setLog(hook)}
            onEdit={() => setEditing(hook)}
            onConfirm={(kind) => setConfirm({ kind, hook })}
            onEnable={() => void toggle(hook, true)}
          />
        )}
      />
    </SettingsSection>
  );
}
