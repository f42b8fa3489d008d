import { useEffect, useRef } from 'react';

/** A key pressed while typing in a field, or with a dialog or menu open, is not a shortcut. */
export function isShortcutTarget(e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return false;
  const el = e.target as HTMLElement | null;
  if (el?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="menu"], [role="listbox"]')) return false;
  return !document.querySelector('[role="dialog"], [role="presentation"] [role="menu"]');
}

/** Single-key shortcuts on the whole page, by lower-case key; the latest handlers are the ones a key runs. */
export function useShortcuts(handlers: Record<string, () => void>) {
  const shortcuts = useRef<Record<string, () => void>>({});
  // The latest handlers, read by the one key listener below.
  useEffect(() => {
    shortcuts.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const fn = shortcuts.current[e.key.toLowerCase()];
      if (!fn || !isShortcutTarget(e)) return;
      e.preventDefault();
      fn();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
