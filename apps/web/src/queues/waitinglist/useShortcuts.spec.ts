import { isShortcutTarget } from './useShortcuts';

/** A key event on a target inside the given selector's matches (none by default), as the page sees it. */
const key = (init: Partial<KeyboardEvent> & { inside?: string } = {}) => {
  const { inside, ...rest } = init;
  const target = { closest: (selector: string) => (inside && selector.split(', ').includes(inside) ? {} : null) };
  return { key: 'n', ctrlKey: false, metaKey: false, altKey: false, repeat: false, target, ...rest } as unknown as KeyboardEvent;
};

describe('isShortcutTarget', () => {
  let open: string | null = null;
  beforeAll(() => {
    (globalThis as { document?: unknown }).document = { querySelector: (selector: string) => (open && selector.includes(open) ? {} : null) };
  });
  afterAll(() => delete (globalThis as { document?: unknown }).document);
  afterEach(() => (open = null));

  it('takes a plain key pressed on the page', () => {
    expect(isShortcutTarget(key())).toBe(true);
  });

  it('leaves a key with a modifier, or held down, to the browser', () => {
    expect(isShortcutTarget(key({ ctrlKey: true }))).toBe(false);
    expect(isShortcutTarget(key({ metaKey: true }))).toBe(false);
    expect(isShortcutTarget(key({ altKey: true }))).toBe(false);
    expect(isShortcutTarget(key({ repeat: true }))).toBe(false);
  });

  it('leaves a key typed in a field, an editable text, a dialog or a menu to it', () => {
    for (const inside of ['input', 'textarea', 'select', '[contenteditable="true"]', '[role="dialog"]', '[role="menu"]', '[role="listbox"]'])
      expect(isShortcutTarget(key({ inside }))).toBe(false);
  });

  it('takes no key while a dialog or a menu is open elsewhere on the page', () => {
    open = '[role="dialog"]';
    expect(isShortcutTarget(key())).toBe(false);
    open = '[role="menu"]';
    expect(isShortcutTarget(key())).toBe(false);
  });
});
