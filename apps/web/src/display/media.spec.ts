import { holdMs, loops, nextIndex, playlist } from './media';

describe('display media', () => {
  it('plays the video first, then the images and videos in their order', () => {
    const list = playlist({
      video_file: '/business/uploads/b/f.mp4',
      video_url: 'https://x/v.mp4',
      media: [{ kind: 'image', url: 'https://x/a.png', seconds: 5 }],
      placeholder_image: '/p.png',
    });
    expect(list.map((m) => m.url)).toEqual(['/business/uploads/b/f.mp4', 'https://x/a.png']);
    expect(playlist({ video_url: 'https://x/v.mp4' }).map((m) => m.url)).toEqual(['https://x/v.mp4']);
  });

  it('shows the placeholder image when nothing else plays, and nothing without it', () => {
    expect(playlist({ placeholder_image: '/p.png', media: [] })).toEqual([{ kind: 'image', url: '/p.png', seconds: null }]);
    expect(playlist({})).toEqual([]);
  });

  it('holds an image for its seconds, a video until its end, and loops a lone video', () => {
    const image = { kind: 'image' as const, url: 'a', seconds: 7 };
    const video = { kind: 'video' as const, url: 'v', seconds: null };
    expect(holdMs(image, 2)).toBe(7000);
    expect(holdMs({ ...image, seconds: null }, 2)).toBe(10000);
    expect(holdMs(image, 1)).toBeNull();
    expect(holdMs(video, 2)).toBeNull();
    expect(loops(video, 1)).toBe(true);
    expect(loops(video, 2)).toBe(false);
    expect([nextIndex(0, 3), nextIndex(2, 3), nextIndex(0, 0)]).toEqual([1, 0, 0]);
  });
});
