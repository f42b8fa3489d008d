import { isErrorCode, QUEUE_REFUSALS } from '@tabour/contracts';
import { TRANSLATED_CODES } from '../data/http';
import { CATALOGUES } from './catalogues';
import { LANGUAGES } from './languages';

type Tree = { [k: string]: string | Tree };
const text = (lang: (typeof LANGUAGES)[number], key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), CATALOGUES[lang]);

/** The web words a refusal by the contract's code: each code it claims to word has a text in every language. */
describe('the error codes the interface words itself', () => {
  it('are codes the API answers with', () => {
    expect(TRANSLATED_CODES.filter((c) => !isErrorCode(c))).toEqual([]);
  });
  it.each([...LANGUAGES])('have a text in %s', (lang) => {
    const keys = [...TRANSLATED_CODES.map((c) => `app.errors.${c}`), ...QUEUE_REFUSALS.map((c) => `queues.reasons.${c}`)];
    expect(keys.filter((k) => typeof text(lang, k) !== 'string' || !(text(lang, k) as string).trim())).toEqual([]);
  });
});
