/** Attachment kinds allowed, told by their content; the name's extension must agree. */
export const ATTACHMENT_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type AttachmentKind = keyof typeof ATTACHMENT_TYPES;

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

const EXTENSIONS: Record<string, AttachmentKind> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  webp: 'webp',
  gif: 'gif',
  txt: 'txt',
  csv: 'csv',
  docx: 'docx',
  xlsx: 'xlsx',
};

const startsWith = (b: Buffer, bytes: number[]) => b.length >= bytes.length && bytes.every((x, i) => b[i] === x);

/** C0 controls and DEL, tested by code: a regular expression of control characters reads as a mistake. */
const isControl = (code: number) => code < 0x20 || code === 0x7f;
/** Tab, line feed, form feed, carriage return: the controls plain text may hold. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** Text: valid UTF-8 with no control characters other than tab, line feed, carriage return, form feed. */
export function isPlainText(b: Buffer): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(b);
    for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i)) && !TEXT_CONTROLS.has(text.charCodeAt(i))) return false;
    return true;
  } catch {
    return false;
  }
}

/** The kind of file by its first bytes; Office files are ZIPs told apart by their part names. */
export function sniff(b: Buffer): AttachmentKind | 'text' | null {
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 6 && ['GIF87a', 'GIF89a'].includes(b.toString('latin1', 0, 6))) return 'gif';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) {
    // ZIP local headers keep part names in clear text.
    const names = b.toString('latin1');
    if (names.includes('word/')) return 'docx';
    if (names.includes('xl/')) return 'xlsx';
    return null;
  }
  if (b.length > 0 && isPlainText(b)) return 'text';
  return null;
}

/** The allowed kind of an upload, or null: content and extension must both say the same. */
export function attachmentKind(content: Buffer, fileName: string): AttachmentKind | null {
  const ext = EXTENSIONS[(fileName.split('.').pop() ?? '').toLowerCase()];
  if (!ext) return null;
  const kind = sniff(content);
  if (kind === 'text') return ext === 'txt' || ext === 'csv' ? ext : null;
  return kind === ext ? kind : null;
}

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): in a file name they only
 * serve to show it as something else, `\u202Egnp.txt` reading as "txt.png".
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** A name safe in a Content-Disposition header and on screen: no path, no quotes, no control or bidirectional characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const clean = Array.from(base, (ch) => (isControl(ch.charCodeAt(0)) || ch === '"' ? '' : ch))
    .join('')
    .replace(BIDI_CONTROLS, '')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}
