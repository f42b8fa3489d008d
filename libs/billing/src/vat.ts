import { checkVAT, countries as jsvatCountries } from 'jsvat';

/**
 * Standard VAT rates in percent by the buyer's country (ISO 3166 alpha-2), as of 2026: the EU
 * member states, and the other countries the product sells in. A country not listed pays 0 %:
 * the operator registers for VAT there before selling, and adds the rate here then.
 */
export const VAT_RATES: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
  GB: 20,
  CH: 8.1,
  NO: 25,
  MA: 20,
  TN: 19,
  DZ: 19,
  IL: 18,
  US: 0,
};

export const EU_COUNTRIES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

/** Greece's VAT numbers start with EL, not its ISO code. */
const vatPrefix = (country: string) => (country === 'GR' ? 'EL' : country);

/**
 * Countries jsvat does not know, by the format of their tax number: Morocco's ICE (15 digits),
 * Tunisia's matricule fiscal (7 digits, a key letter, then the VAT code, category and
 * establishment: 1234567A/A/M/000), Algeria's NIF (15 digits), Israel's 9-digit number and the
 * US EIN (12-3456789).
 */
const OTHER_FORMATS: Record<string, RegExp> = {
  MA: /^\d{15}$/,
  TN: /^\d{7}[A-Z][ABDNP][MPCNE]\d{3}$/,
  DZ: /^\d{15}$/,
  IL: /^\d{9}$/,
  US: /^\d{9}$/,
};

/** The number as written without spaces, dots, dashes or slashes, upper case, its country prefix removed. */
export function normaliseVatNumber(country: string, raw: string): string {
  const clean = raw.replace(/[\s.\-/]/g, '').toUpperCase();
  const prefix = vatPrefix(country.toUpperCase());
  return clean.startsWith(prefix) && !/^\d/.test(prefix) ? clean.slice(prefix.length) : clean;
}

export type VatNumberCheck = 'valid' | 'invalid' | 'unchecked';

/**
 * Whether a VAT number has the format and check digits of its country: jsvat for the countries
 * it knows (the EU, GB, CH, NO…), a pattern for the others above; any other country's number is
 * kept as written ('unchecked').
 */
export function checkVatNumber(country: string, raw: string): VatNumberCheck {
  const c = country.toUpperCase();
  const number = normaliseVatNumber(c, raw);
  if (!number) return 'invalid';
  const known = jsvatCountries.find((x) => x.codes[0] === c || x.codes.includes(vatPrefix(c)));
  if (known) {
    const r = checkVAT(`${vatPrefix(c)}${number}`, [known]);
    return r.isValid ? 'valid' : 'invalid';
  }
  const pattern = OTHER_FORMATS[c];
  if (pattern) return pattern.test(number) ? 'valid' : 'invalid';
  return /^[A-Z0-9]{4,20}$/.test(number) ? 'unchecked' : 'invalid';
}

export interface VatTreatment {
  rate: number;
  /** The buyer accounts for the VAT (an EU business of another member state with a valid number). */
  reverse_charge: boolean;
}

/**
 * The VAT on a sale to a business: its country's standard rate; none (reverse charge) when the
 * seller is in the EU and the buyer is an EU business of another member state with a valid VAT
 * number (Council Directive 2006/112/EC, art. 196).
 */
export function vatFor(sellerCountry: string, buyerCountry: string | null, vatNumber: string | null): VatTreatment {
  const buyer = (buyerCountry ?? '').toUpperCase();
  const seller = sellerCountry.toUpperCase();
  if (vatNumber && EU_COUNTRIES.includes(seller) && EU_COUNTRIES.includes(buyer) && buyer !== seller && checkVatNumber(buyer, vatNumber) === 'valid') {
    return { rate: 0, reverse_charge: true };
  }
  return { rate: VAT_RATES[buyer] ?? 0, reverse_charge: false };
}

/** The VAT on a net amount in minor units, rounded half up to the unit. */
export const vatOn = (net: number, rate: number): number => Math.round((net * rate) / 100);
