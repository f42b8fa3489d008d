import { type RefObject, useEffect, useState } from 'react';

/**
 * Rows kept beyond each edge of the screen: Tab from the last row on screen reaches a row that
 * exists (the browser then scrolls to it and the window follows), and a quick scroll shows rows.
 */
export const OVERSCAN = 8;
/** A one-line row of the small table, until the rows on screen are measured. */
const GUESS_HEIGHT = 41;

export interface RowWindow {
  /** The rows [start, end) are in the page; the others are space of their estimated height. */
  start: number;
  end: number;
  /** The space above and below the rows in the page, px. */
  before: number;
  after: number;
}

interface Range {
  start: number;
  end: number;
  height: number;
}

/** Rows of a list whose top is `top` px below the viewport's (negative once scrolled past) that meet the screen, with the margin. */
export function rowsOnScreen(total: number, top: number, height: number, viewport: number): { start: number; end: number } {
  const start = Math.max(0, Math.min(total, Math.floor(-top / height) - OVERSCAN));
  const end = Math.max(start, Math.min(total, Math.ceil((viewport - top) / height) + OVERSCAN));
  return { start, end };
}

/**
 * The rows of a long table the page holds: those on screen and a margin, the rest stood in for
 * by their height. A thousand waiting tickets cost the render of the twenty that can be seen, at
 * the first paint and at each refresh. `body` is the table's body, whose rows carry `data-row`;
 * the page (not the table) scrolls. While `hold` (a row being dragged) the window only grows, so
 * the dragged row and the rows it passes stay in the page.
 */
export function useRowWindow(total: number, body: RefObject<HTMLElement | null>, hold = false): RowWindow {
  const [range, setRange] = useState<Range>(() => ({
    start: 0,
    // Before the table's place is known: as many rows as a screen could show from its top.
    end: Math.min(total, Math.ceil(window.innerHeight / GUESS_HEIGHT)),
    height: GUESS_HEIGHT,
  }));
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = body.current;
      if (!el) return;
      let sum = 0;
      let count = 0;
      for (const row of el.querySelectorAll<HTMLElement>(':scope > tr[data-row]')) {
        sum += row.offsetHeight;
        count += 1;
      }
      setRange((old) => {
        // The average of the rows in the page; kept unless it really changed, so the space above does not wobble.
        const measured = count ? sum / count : old.height;
        const height = Math.abs(measured - old.height) > 2 ? measured : old.height;
        // Row i stands i heights below the body's top, whether it is in the page or not.
        const next = rowsOnScreen(total, el.getBoundingClientRect().top, height, window.innerHeight);
        const start = hold ? Math.min(old.start, next.start) : next.start;
        const end = Math.min(total, hold ? Math.max(old.end, next.end) : next.end);
        return start === old.start && end === old.end && height === old.height ? old : { start, end, height };
      });
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    schedule();
    // Captured: a scroll of any container that holds the table moves it too.
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    // The table also moves without a scroll: a banner or the desk above it grows or shrinks.
    const moved = new ResizeObserver(schedule);
    moved.observe(document.body);
    return () => {
      moved.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [total, body, hold]);
  const start = Math.min(range.start, total);
  const end = Math.min(Math.max(range.end, start), total);
  return { start, end, before: start * range.height, after: (total - end) * range.height };
}
