/**
 * The notification calls (docs/notifications.md): the bell's notices, a record's messages, the
 * settings and templates of /settings/general. A screen's own shape of an answer is its type
 * argument; the contract's types otherwise.
 */
import type { MessageRecord, MessageTemplate, NoticePage, NotificationSettings, Page, TemplatePreview } from '@tabour/contracts';
import { api } from './http';
import { readList } from './resources';

const N = '/business/notification';

export const latestNotices = () => api<NoticePage>(`${N}?page=1&per_page=10`);
export const markNoticeRead = (id: string) => api(`${N}/${encodeURIComponent(id)}/read`, { method: 'POST' });
export const markAllNoticesRead = () => api(`${N}/read-all`, { method: 'POST' });

/** The messages sent about a customer, ticket or booking (`customer_id`, `ticket_id`, `booking_id`), a page at a time. */
export const messagesAbout = (key: string, id: string, page: number, perPage: number) =>
  api<Page<MessageRecord>>(`${N}/messages?${new URLSearchParams({ [key]: id, page: String(page), per_page: String(perPage) })}`);

export const notificationSettings = () => api<NotificationSettings>(`${N}/settings`);
export const saveNotificationSettings = (body: unknown) => api<NotificationSettings>(`${N}/settings`, { method: 'POST', body });

export const listTemplates = async () => readList<MessageTemplate>(await api(`${N}/templates?pagination=off`)).data;
const template = (s: { type: string; language: string; channel: string }) => `${N}/templates/${s.type}/${s.language}/${s.channel}`;
export const saveTemplate = (s: { type: string; language: string; channel: string }, body: { body: string; subject?: string }) =>
  api<MessageTemplate>(template(s), { method: 'PUT', body });
export const resetTemplate = (s: { type: string; language: string; channel: string }) => api<MessageTemplate>(template(s), { method: 'DELETE' });
export const previewTemplate = (body: unknown) => api<TemplatePreview>(`${N}/templates/preview`, { method: 'POST', body });
