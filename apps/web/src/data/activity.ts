/** The activity log's calls beside its list (docs/activity.md): the export and a record's state at a moment. */
import type { ActivityState } from '@tabour/contracts';
import { download } from './files';
import { api } from './http';

export const exportActivity = (query: URLSearchParams, name: string) => download(`/business/activity/export?${query}`, name);
export const activityState = (query: URLSearchParams) => api<ActivityState>(`/business/activity/state?${query}`);
