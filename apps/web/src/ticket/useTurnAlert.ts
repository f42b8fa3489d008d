import { useEffect, useEffectEvent, useRef } from 'react';
import { alertFor, type Stage } from './model';

/** A short beep where the browser allows sound; silence where it does not. */
function beep() {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 880;
    gain.gain.value = 0.2;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.4);
    osc.onended = () => void ctx.close();
  } catch {
    // no sound allowed before a tap on this browser: the banner and the vibration remain
  }
}

/** Sound and vibration when the ticket comes near or is called; `onCalled` runs at the call. */
export function useTurnAlert(stage: Stage | null, onCalled?: () => void) {
  const previous = useRef<Stage | null>(null);
  const called = useEffectEvent(() => onCalled?.());
  useEffect(() => {
    if (!stage) return;
    const alert = alertFor(previous.current, stage);
    previous.current = stage;
    if (!alert) return;
    if (alert === 'called') called();
    try {
      navigator.vibrate?.(alert === 'called' ? [300, 100, 300, 100, 300] : [200, 100, 200]);
    } catch {
      // vibration is refused on some browsers without a tap first
    }
    beep();
  }, [stage]);
}
