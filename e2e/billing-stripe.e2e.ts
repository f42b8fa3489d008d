import Stripe from 'stripe';
import { FakeStripe, startFakeStripe } from '../test/support/fake-stripe';
import { PASSWORD } from './support/api';
import { loginThroughForm, newPage } from './support/browser';
import { approvedOwner, browser, server, useE2e } from './support/suite';

const SECRET = 'whsec_e2e_secret';
// Filled before the server starts: the hooks run in the order they are declared.
const env: Record<string, string> = { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: SECRET };
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  env.STRIPE_API_BASE = fake.url;
});
afterAll(() => fake?.close());
useE2e(env);

/** Stripe's word, signed as Stripe signs it, sent to the product's webhook. */
async function tellWebhook(id: string, type: string, object: object): Promise<unknown> {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: 1, data: { object } });
  const signature = new Stripe('sk_test_e2e').webhooks.generateTestHeaderString({ payload, secret: SECRET });
  const res = await fetch(`${server.url}/payment/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return res.json();
}

/**
 * With real keys, a card is entered on Stripe's hosted page (Checkout, here the local fake's
 * session with its page stood in for): the screen sends the card holder there in the same tab,
 * says so on the way back, and shows the card once the webhook has saved it.
 */
describe("cards on Stripe's card page", () => {
  it('adds a card from the billing page, the list catching up with a webhook that lands after the return', async () => {
    const { email } = await approvedOwner('Clinique Stripe');
    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await context.route('https://checkout.stripe.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Checkout</title><h1>Stripe Checkout</h1>' }),
    );
    await loginThroughForm(page, email, PASSWORD);
    await page.goto('/settings/billing');
    await page.getByText('No payment method saved').waitFor();
    // No card number field of ours: only the way to Stripe's page.
    expect(await page.locator('input[name*="card"], input[autocomplete="cc-number"]').count()).toBe(0);
    await page.getByTestId('card-add-page').click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.com\//);
    const session = fake.sessions.at(-1)!;
    expect(page.url()).toBe(session.url);
    expect(session).toMatchObject({ mode: 'setup', payment_method_types: ['card'] });
    expect(session.success_url).toMatch(/\/settings\/billing\?card=added$/);

    // The card holder is back before Stripe's event: the notice at once, the card a moment later.
    const completed = fake.completeSession(session.id, 'pm_card_visa');
    await page.goto('/settings/billing?card=added');
    await page.getByText('Card saved. It appears in the list within a few seconds.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.waitForTimeout(1500);
    expect(await tellWebhook('evt_e2e_card_page', 'checkout.session.completed', completed)).toMatchObject({ applied: 'card_saved' });
    await page.getByTestId('card-row').filter({ hasText: 'visa ending 4242, expires 12/2034' }).waitFor({ timeout: 8000 });
    expect(await page.getByTestId('card-row').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the card page in the payment popup when no card is saved, and says so when the card holder came back without one', async () => {
    const { email } = await approvedOwner('Clinique Sans Carte');
    const { context, page } = await newPage(browser, server.url);
    await loginThroughForm(page, email, PASSWORD);
    await page.goto('/settings/membership?card=cancelled');
    await page.getByText('No card was added').waitFor();
    await page.getByTestId('choose-LIBERUP').click();
    const popup = page.getByTestId('payment-popup');
    await popup.getByTestId('add-card-first').waitFor();
    expect(await page.getByTestId('pay').isDisabled()).toBe(true);
    const before = fake.sessions.length;
    await context.route('https://checkout.stripe.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }),
    );
    await popup.getByTestId('card-add-page').click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.com\//);
    expect(fake.sessions.length).toBe(before + 1);
    expect(fake.sessions.at(-1)!.success_url).toMatch(/\/settings\/membership\?card=added$/);
    await context.close();
  });
});
