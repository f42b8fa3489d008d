import unhomoglyph from 'unhomoglyph';

/** Zero-width spaces and joiners, bidirectional controls, soft hyphens: invisible in an address. */
const FORMAT = /\p{Cf}/gu;
const ASCII = /^[\x20-\x7e]+$/;

/**
 * An e-mail as it is stored: compatibility forms folded (NFKC: a full-width `ｅ` is `e`),
 * invisible format characters removed, spaces at either end trimmed. What is left is what a
 * mail server delivers to.
 */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').replace(FORMAT, '').trim();
}

/**
 * The key an e-mail is unique by (the users' `email_lower`): the normalised address in lower
 * case, each letter outside ASCII that looks like an ASCII one (Cyrillic `а`, Greek `ο`, …,
 * from Unicode's confusables table through `unhomoglyph`) replaced by it, so a look-alike of a
 * taken address is taken too. ASCII is left as it is: `l` and `1`, `rn` and `m` stay distinct
 * addresses, and every plain address keeps the key it had.
 */
export function emailKey(email: string): string {
  let key = '';
  for (const ch of normaliseEmail(email).toLowerCase()) {
    if (ch.charCodeAt(0) < 0x80) {
      key += ch;
      continue;
    }
    const like = unhomoglyph(ch);
    // The table writes an `m` as `rn`, the way it is faked in ASCII: a look-alike of `m` is an `m`.
    key += ASCII.test(like) ? (like === 'rn' ? 'm' : like.toLowerCase()) : ch;
  }
  return key;
}
