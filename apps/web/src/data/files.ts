import { readSession } from '../auth/session';
import { HttpError } from './http';

function authHeaders(): Record<string, string> {
  const session = readSession();
  return { 'X-Requested-With': 'XMLHttpRequest', ...(session ? { Authorization: `Bearer ${session.token}` } : {}) };
}

function nameFrom(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) return decodeURIComponent(star[1]);
  const plain = disposition?.match(/filename="?([^";]+)"?/i);
  return plain ? plain[1] : fallback;
}

/** Files need the staff token, so they are fetched and handed to the browser as a blob (no public URL exists). */
export async function download(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(path, { headers: authHeaders(), credentials: 'include' });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    throw new HttpError((body as { message?: string }).message ?? res.statusText, res.status, body as object);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nameFrom(res.headers.get('Content-Disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** XMLHttpRequest rather than fetch: only it reports the upload's progress. */
export function upload<T>(path: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // Not JSON (a proxy's error page): no body.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new HttpError((body as { message?: string } | null)?.message ?? xhr.statusText, xhr.status, (body ?? {}) as object));
    };
    xhr.onerror = () => reject(new HttpError('Network error', 0));
    xhr.send(form);
  });
}

/** The list's filters and sort as the export call reads them. */
export function exportPath(format: 'csv' | 'xlsx', filter: Record<string, unknown>, sort?: { field: string; order: string }): string {
  const q = new URLSearchParams({ format });
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  if (sort?.field && sort.field !== 'id') {
    q.set('sort', sort.field);
    q.set('order', sort.order.toLowerCase() === 'asc' ? 'asc' : 'desc');
  }
  return `/business/customer/export?${q}`;
}
