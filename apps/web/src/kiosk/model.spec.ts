import {
  guestAllowed,
  kioskCssVars,
  localName,
  memberChoices,
  pageOf,
  registrationFields,
  startLanguage,
  styleOf,
  textOn,
  timer,
  toggleService,
} from './model';

describe('kiosk check-in rules', () => {
  it('admits guests only in guest mode and when no login is required', () => {
    expect(guestAllowed({ guest_mode: true, guest_login_required: false })).toBe(true);
    expect(guestAllowed({ guest_mode: true, guest_login_required: true })).toBe(false);
    expect(guestAllowed({ guest_mode: false, guest_login_required: false })).toBe(false);
  });

  it('offers the queue’s team members only when its customers may choose one', () => {
    const members = [{ id: 'm1', name: 'Amira B.' }];
    const q = { id: 'q', name: 'Consultations', paused: false, waiting: 0, services: [], members };
    expect(memberChoices({ ...q, customer_chooses_member: true })).toEqual(members);
    expect(memberChoices({ ...q, customer_chooses_member: false })).toEqual([]);
    expect(memberChoices({ ...q, customer_chooses_member: true, members: undefined })).toEqual([]);
  });

  it('asks for the names when the kiosk collects details, and the internal id when required', () => {
    expect(registrationFields({ collect_customer_details: false, require_internal_id: false })).toEqual([
      { field: 'first_name', required: false },
      { field: 'last_name', required: false },
    ]);
    expect(registrationFields({ collect_customer_details: true, require_internal_id: true })).toEqual([
      { field: 'first_name', required: true },
      { field: 'last_name', required: true },
      { field: 'internal_id', required: true },
    ]);
  });

  it('starts in the kiosk’s language, else the page’s', () => {
    expect(startLanguage({ predefined_language: 'ar' }, 'fr')).toBe('ar');
    expect(startLanguage({ predefined_language: null }, 'de')).toBe('de');
    expect(startLanguage({ predefined_language: null }, 'xx')).toBe('en');
  });

  it('names a queue in the customer’s language when translated', () => {
    expect(localName({ name: 'Accueil', translations: { en: { name: 'Reception' } } }, 'en')).toBe('Reception');
    expect(localName({ name: 'Accueil', translations: { en: { name: ' ' } } }, 'en')).toBe('Accueil');
  });

  it('pages long choice lists only when the kiosk paginates', () => {
    const items = Array.from({ length: 8 }, (_, i) => i);
    expect(pageOf(items, 0, 6, false)).toEqual({ items, page: 0, pages: 1 });
    expect(pageOf(items, 1, 6, true)).toEqual({ items: [6, 7], page: 1, pages: 2 });
    expect(pageOf(items, 9, 6, true).page).toBe(1);
    expect(pageOf([1, 2], 0, 6, true)).toEqual({ items: [1, 2], page: 0, pages: 1 });
  });

  it('chooses one service, or several where allowed', () => {
    expect(toggleService(['a'], 'b', false)).toEqual(['b']);
    expect(toggleService(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleService(['a', 'b'], 'a', true)).toEqual(['b']);
  });

  it('gives the kiosk’s colours as CSS variables, valid ones only, and the second style’s', () => {
    const vars = kioskCssVars({ colours: { primary: '#112233', danger: 'red' }, v2_colours: { header: '#abc' } }, 2);
    expect(vars['--kiosk-primary']).toBe('#112233');
    expect(vars['--kiosk-danger']).toBe('#c62828');
    expect(vars['--kiosk-primary-dark']).toBe('#0d47a1');
    expect(vars['--kiosk-v2-header']).toBe('#abc');
    expect(kioskCssVars({ colours: {}, v2_colours: { header: '#abc' } }, 1)['--kiosk-v2-header']).toBeUndefined();
  });

  it('writes black on light colours and white on dark ones', () => {
    expect(textOn('#ffffff')).toBe('#000000');
    expect(textOn('#0d47a1')).toBe('#ffffff');
    expect(textOn('#ff0')).toBe('#000000');
  });

  it('follows a remote style command over the setting, and ignores timers set to 0', () => {
    expect(styleOf({ config_version: 1 }, 2)).toBe(2);
    expect(styleOf({ config_version: 2 }, null)).toBe(2);
    expect(timer(0)).toBeNull();
    expect(timer(15000)).toBe(15000);
  });
});
