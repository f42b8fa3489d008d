import { useEffect, useRef, useState } from 'react';
import type { Step } from './flow';
import { timer, type KioskSettings } from './model';

/** Calls `fire` after `ms` without a touch or a key; any of them starts the wait again. */
export function useIdle(ms: number | null, fire: () => void, active: boolean) {
  const latest = useRef(fire);
  // The newest `fire` is the one called, without restarting the wait on each render.
  useEffect(() => {
    latest.current = fire;
  });
  useEffect(() => {
    if (!ms || !active) return;
    let timerId = setTimeout(() => latest.current(), ms);
    const again = () => {
      clearTimeout(timerId);
      timerId = setTimeout(() => latest.current(), ms);
    };
    const events = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
    events.forEach((e) => window.addEventListener(e, again, { passive: true }));
    return () => {
      clearTimeout(timerId);
      events.forEach((e) => window.removeEventListener(e, again));
    };
  }, [ms, active]);
}

/**
 * The kiosk's clocks: an idle customer is sent back to the start, an unused start screen
 * hibernates, and the ticket is printed after a moment (when the kiosk prints) before the
 * screen goes back to the start. Answers whether the kiosk hibernates, and how to wake it.
 */
export function useCheckinTimers(kiosk: KioskSettings | undefined, step: Step, reset: () => void): { hibernating: boolean; wake: () => void } {
  const [hibernating, setHibernating] = useState(false);

  useIdle(timer(kiosk?.idle_timeout_ms), reset, step !== 'language');
  useIdle(timer(kiosk?.anonymous_hibernate_ms), () => setHibernating(true), step === 'language' && !hibernating);

  useEffect(() => {
    if (step !== 'ticket' || !kiosk) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const afterPrint = () => {
      const back = timer(kiosk.print_timeout_ms);
      if (back) timers.push(setTimeout(reset, back));
    };
    window.addEventListener('afterprint', afterPrint);
    const autoPrint = timer(kiosk.auto_print_ms);
    if (kiosk.print_ticket && autoPrint) timers.push(setTimeout(() => window.print(), autoPrint));
    const navigateBack = timer(kiosk.auto_navigate_ms);
    if (navigateBack) timers.push(setTimeout(reset, navigateBack));
    return () => {
      window.removeEventListener('afterprint', afterPrint);
      timers.forEach(clearTimeout);
    };
  }, [step, kiosk, reset]);

  return { hibernating, wake: () => setHibernating(false) };
}
