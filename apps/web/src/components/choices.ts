import { useTranslate } from 'react-admin';

/**
 * A select's choices from a contract's list of codes, named in the user's language by
 * `<prefix>.<code>`; the inputs take them with `translateChoice={false}`.
 */
export function useChoices(): (codes: readonly string[], prefix: string) => { id: string; name: string }[] {
  const translate = useTranslate();
  return (codes, prefix) => codes.map((id) => ({ id, name: translate(`${prefix}.${id}`) }));
}
