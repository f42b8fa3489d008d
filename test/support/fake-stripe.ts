import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Stripe's API the product calls through the `stripe` SDK
 * (customers, payment methods, PaymentIntents, refunds, Checkout Sessions in setup mode and their
 * SetupIntents), pointed at by STRIPE_API_BASE so nothing leaves the machine. Its test payment methods behave as Stripe's documented ones do:
 * pm_card_visa pays, pm_card_chargeDeclined and pm_card_chargeDeclinedInsufficientFunds are
 * declined when charged, pm_card_authenticationRequired asks for 3-D Secure, pm_card_invalid
 * cannot be saved. It honours Idempotency-Key like Stripe: the same key answers the same.
 */

export interface FakeIntent {
  id: string;
  amount: number;
  currency: string;
  customer: string;
  payment_method: string;
  status: string;
  off_session: boolean;
  metadata: Record<string, string>;
}

/** A Checkout Session as Stripe keeps it: open until the card holder completes the page. */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  customer: string;
  currency: string | null;
  payment_method_types: string[];
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
  status: 'open' | 'complete';
  setup_intent: string | null;
}

export interface FakeStripe {
  url: string;
  intents: FakeIntent[];
  sessions: FakeSession[];
  /**
   * The card holder enters one of the test cards on the page: as Stripe does, a payment method is
   * made and attached to the session's customer by a succeeded SetupIntent; answers the session as
   * the `checkout.session.completed` event carries it.
   */
  completeSession(sessionId: string, testCard: string): FakeSession;
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** Charges of a saved card are declined with this code from now on (a card that expired, was blocked). */
  decline: Map<string, string>;
  close(): Promise<void>;
}

const BEHAVIOUR: Record<string, { brand: string; last4: string; outcome: 'succeeds' | 'card_declined' | 'insufficient_funds' | 'requires_action' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'card_declined' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'insufficient_funds' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'requires_action' },
};

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

/** Stripe's form encoding, flat keys kept as written (`metadata[plan]`). */
const form = (body: string): Record<string, string> => Object.fromEntries(new URLSearchParams(body));
const metadata = (f: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(f)
      .filter(([k]) => k.startsWith('metadata['))
      .map(([k, v]) => [k.slice(9, -1), v]),
  );

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents: FakeIntent[] = [];
  const refunds: FakeStripe['refunds'] = [];
  const decline = new Map<string, string>();
  /** Saved cards: the id Stripe gave, and the test card it was made from. */
  const saved = new Map<string, string>();
  const byKey = new Map<string, { status: number; body: unknown }>();
  const sessions: FakeSession[] = [];
  const setupIntents = new Map<string, { id: string; customer: string; payment_method: string; metadata: Record<string, string> }>();
  /** The customer each saved payment method is attached to. */
  const owners = new Map<string, string>();
  const noSuch = (what: string, ref: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${ref}'` } },
  });
  const cardOf = (pm: string) => {
    const b = BEHAVIOUR[saved.get(pm) ?? ''];
    return {
      id: pm,
      object: 'payment_method',
      type: 'card',
      customer: owners.get(pm) ?? null,
      card: { brand: b.brand, last4: b.last4, exp_month: 12, exp_year: 2034 },
    };
  };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };
  const cardError = (code: string, decline_code: string | null, pi?: FakeIntent) => ({
    error: { type: 'card_error', code, decline_code, message: 'Your card was declined.', ...(pi ? { payment_intent: pi } : {}) },
  });

  const route = (method: string, path: string, f: Record<string, string>): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: { id: id('cus'), object: 'customer', email: f.email, name: f.name } };
    let m = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (method === 'POST' && m) {
      const b = BEHAVIOUR[m[1]];
      if (!b) return { status: 402, body: cardError('card_declined', 'generic_decline') };
      const pm = id('pm');
      saved.set(pm, m[1]);
      owners.set(pm, f.customer);
      return {
        status: 200,
        body: { id: pm, object: 'payment_method', type: 'card', customer: f.customer, card: { brand: b.brand, last4: b.last4, exp_month: 12, exp_year: 2034 } },
      };
    }
    m = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (method === 'POST' && m) {
      if (!saved.has(m[1])) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } } };
      saved.delete(m[1]);
      owners.delete(m[1]);
      return { status: 200, body: { id: m[1], object: 'payment_method', customer: null } };
    }
    m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) return saved.has(m[1]) ? { status: 200, body: cardOf(m[1]) } : noSuch('PaymentMethod', m[1]);
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (f.mode !== 'setup') return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Only setup mode is faked' } } };
      if (!f.customer || !f.success_url || !f.cancel_url)
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Missing a required param' } } };
      const types = Object.entries(f)
        .filter(([k]) => k.startsWith('allowed_payment_method_types['))
        .map(([, v]) => v);
      // Stripe: setup mode needs a currency unless the payment method types are listed.
      if (!f.currency && !types.length)
        return { status: 400, body: { error: { type: 'invalid_request_error', param: 'currency', message: 'Missing currency' } } };
      const sid = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: FakeSession = {
        id: sid,
        object: 'checkout.session',
        mode: 'setup',
        customer: f.customer,
        currency: f.currency ?? null,
        payment_method_types: types,
        client_reference_id: f.client_reference_id ?? null,
        metadata: metadata(f),
        success_url: f.success_url,
        cancel_url: f.cancel_url,
        url: `https://checkout.stripe.com/c/pay/${sid}`,
        status: 'open',
        setup_intent: null,
      };
      sessions.push(session);
      return { status: 200, body: session };
    }
    m = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const si = setupIntents.get(m[1]);
      if (!si) return noSuch('setup_intent', m[1]);
      return { status: 200, body: { ...si, object: 'setup_intent', status: 'succeeded', usage: 'off_session', payment_method_types: ['card'] } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const from = saved.get(f.payment_method) ?? f.payment_method;
      const outcome = decline.get(f.payment_method) ?? BEHAVIOUR[from]?.outcome ?? 'card_declined';
      const pi: FakeIntent = {
        id: id('pi'),
        amount: Number(f.amount),
        currency: f.currency,
        customer: f.customer,
        payment_method: f.payment_method,
        status: 'succeeded',
        off_session: f.off_session === 'true',
        metadata: metadata(f),
      };
      if (outcome === 'requires_action') {
        pi.status = 'requires_action';
        intents.push(pi);
        if (pi.off_session) return { status: 402, body: cardError('authentication_required', 'authentication_required', pi) };
        return { status: 200, body: { ...pi, object: 'payment_intent', client_secret: `${pi.id}_secret_x` } };
      }
      if (outcome !== 'succeeds') {
        pi.status = 'requires_payment_method';
        intents.push(pi);
        return { status: 402, body: cardError('card_declined', outcome === 'insufficient_funds' ? 'insufficient_funds' : outcome, pi) };
      }
      intents.push(pi);
      return { status: 200, body: { ...pi, object: 'payment_intent', client_secret: `${pi.id}_secret_x` } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const r = { id: id('re'), payment_intent: f.payment_intent, amount: Number(f.amount) };
      refunds.push(r);
      return { status: 200, body: { ...r, object: 'refund', status: 'succeeded' } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  };

  const server = createServer((req, res) => {
    void read(req).then((body) => {
      const key = req.headers['idempotency-key'];
      const cacheKey = typeof key === 'string' ? `${req.method} ${req.url} ${key}` : null;
      const known = cacheKey ? byKey.get(cacheKey) : undefined;
      const out = known ?? route(req.method ?? 'GET', (req.url ?? '').split('?')[0], form(body));
      if (cacheKey && !known) byKey.set(cacheKey, out);
      answer(res, out.status, out.body);
    });
  });
  const url = await new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
  return {
    url,
    intents,
    sessions,
    completeSession(sessionId, testCard) {
      const session = sessions.find((x) => x.id === sessionId);
      if (!session || !BEHAVIOUR[testCard]) throw new Error(`no open session ${sessionId} or no test card ${testCard}`);
      if (session.status === 'open') {
        const pm = id('pm');
        saved.set(pm, testCard);
        owners.set(pm, session.customer);
        const seti = id('seti');
        setupIntents.set(seti, { id: seti, customer: session.customer, payment_method: pm, metadata: session.metadata });
        Object.assign(session, { status: 'complete', setup_intent: seti });
      }
      return { ...session };
    },
    refunds,
    decline,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
