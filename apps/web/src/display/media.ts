/** What plays beside the calls: the display's video, its images and videos in turn, or its placeholder. */

import type { MediaItem } from '@tabour/contracts';

export type { MediaItem } from '@tabour/contracts';

/** An image without its own time stays this long. */
export const DEFAULT_IMAGE_SECONDS = 10;

export function playlist(d: {
  media?: MediaItem[] | null;
  video_url?: string | null;
  video_file?: string | null;
  placeholder_image?: string | null;
}): MediaItem[] {
  const items = (d.media ?? []).filter((m) => m && typeof m.url === 'string' && m.url);
  // An uploaded file is the screen's own copy: it wins over a link to the same film elsewhere.
  const video = d.video_file || d.video_url;
  if (video) items.unshift({ kind: 'video', url: video, seconds: null });
  if (!items.length && d.placeholder_image) items.push({ kind: 'image', url: d.placeholder_image, seconds: null });
  return items;
}

/**
 * How long an item stays before the next one: an image its seconds, a video until it ends
 * (null). A single item stays for good: an image is not reloaded, a video loops.
 */
export function holdMs(item: MediaItem, count: number): number | null {
  if (count <= 1 || item.kind === 'video') return null;
  return (item.seconds && item.seconds > 0 ? item.seconds : DEFAULT_IMAGE_SECONDS) * 1000;
}

export const loops = (item: MediaItem, count: number) => item.kind === 'video' && count <= 1;
export const nextIndex = (i: number, count: number) => (count > 0 ? (i + 1) % count : 0);
