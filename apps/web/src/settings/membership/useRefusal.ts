import { useTranslate } from 'react-admin';
import { HttpError } from '../../data/http';
import { refusalKey } from './money';

/** The words of an error answer: a decline or a billing refusal in the interface language, else the server's message. */
export function useRefusal() {
  const translate = useTranslate();
  return (e: unknown) => {
    if (e instanceof HttpError) {
      const key = refusalKey(e.body.code, e.body.errors?.payment);
      return key ? translate(key) : e.message;
    }
    return e instanceof Error ? e.message : String(e);
  };
}
