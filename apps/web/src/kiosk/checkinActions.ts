import type { Dispatch, FormEvent } from 'react';
import type { TranslateFunction } from 'react-admin';
import { createCustomer, joinQueue, kioskErrorKey, searchCustomer, sessionEnded } from '../data/kiosk';
import type { FlowAction, FlowState } from './flow';
import { KioskQueue, KioskState, memberChoices, registrationFields } from './model';

/** What the actions work with: the kiosk, the flow and its dispatch, the customer's language, and the screen's state. */
export interface CheckinContext {
  kiosk: KioskState['kiosk'];
  flow: FlowState;
  dispatch: Dispatch<FlowAction>;
  locale: string;
  translate: TranslateFunction;
  setBusy: (busy: boolean) => void;
  toLogin: () => Promise<void>;
  refetch: () => unknown;
}

/**
 * What the check-in's steps do: join a queue (after the services and, where the queue lets
 * customers choose, a team member), find the customer by phone, register them. One call at a
 * time, busy meanwhile; a refusal is shown in the customer's language, an ended session goes to the login.
 */
export function checkinActions({ kiosk, flow, dispatch, locale, translate, setBusy, toLogin, refetch }: CheckinContext) {
  const run = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    dispatch({ type: 'error', message: null });
    try {
      return await call();
    } catch (e) {
      if (sessionEnded(e)) {
        await toLogin();
        return undefined;
      }
      const key = kioskErrorKey(e);
      dispatch({ type: 'error', message: translate(key, { _: key }) });
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const join = async (q: KioskQueue, serviceIds: string[], memberId: string | null = null) => {
    const t = await run(() =>
      joinQueue({
        queue_id: q.id,
        service_ids: serviceIds.length ? serviceIds : undefined,
        member_id: memberId,
        customer_id: flow.customer?.id ?? null,
        language: locale,
      }),
    );
    if (t) {
      dispatch({ type: 'ticket', ticket: t });
      void refetch();
    }
  };
  /** After the services: the team member to ask for, where the queue lets customers choose one. */
  const servicesChosen = (q: KioskQueue, serviceIds: string[]) => {
    if (!memberChoices(q).length) return void join(q, serviceIds);
    dispatch({ type: 'member', services: serviceIds });
  };
  const chooseQueue = (q: KioskQueue) => {
    dispatch({ type: 'queue', queue: q });
    if (q.services.length) dispatch({ type: 'go', step: 'services' });
    else servicesChosen(q, []);
  };
  const search = async (e?: FormEvent) => {
    e?.preventDefault();
    const phone = flow.phone.trim();
    if (!phone) return dispatch({ type: 'error', message: translate('kiosk.identify.phone_required') });
    const found = await run(() => searchCustomer(phone));
    if (!found) return;
    if (found.customer) dispatch({ type: 'identified', customer: found.customer });
    else dispatch({ type: 'unknown' });
  };
  const register = async (e?: FormEvent) => {
    e?.preventDefault();
    const { details } = flow;
    const missing = registrationFields(kiosk).find((f) => f.required && !details[f.field].trim());
    if (missing) return dispatch({ type: 'error', message: translate('kiosk.register.required', { field: translate(`kiosk.register.${missing.field}`) }) });
    const body: Record<string, string | undefined> = { phone: flow.phone.trim(), preferred_language: locale };
    for (const f of registrationFields(kiosk)) if (details[f.field].trim()) body[f.field] = details[f.field].trim();
    const created = await run(() => createCustomer(body));
    if (created) dispatch({ type: 'identified', customer: created.customer });
  };
  return { join, servicesChosen, chooseQueue, search, register };
}
