// The web dashboard and the mock receiver's live page in a real browser (Debian's Chromium driven by
// playwright-core): the whole flow of an integrator, an axe-core scan of every page, and a screenshot of each
// (reports/screenshots/). Skipped, saying so, only when no Chromium executable exists.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startReceiver, type RunningReceiver } from '@ppapi/webhook-receiver';
import { FIXTURE_KEYS } from '@ppapi/spec';
import type { BrowserContext, Page } from 'playwright-core';
import type { AttemptResult } from '../src/webhooks/delivery/executor';
import { ADMIN_TOKEN, startTestServer, type TestServer } from './helpers/server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = resolve(__dirname, '../../reports/screenshots');
const RECEIVER_TOKEN = 'browser-test-receiver-token-0123456789';
const RECEIVER_SECRET = 'whsec_browser_test_start_up';

const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  // The one reason to skip: said once, plainly, in the test output.
  console.warn(
    `dashboard browser test skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
  );
}
const describeInBrowser = haveChromium ? describe : describe.skip;

describeInBrowser('the dashboard in a browser', () => {
  let t: TestServer;
  let receiver: RunningReceiver;
  let context: BrowserContext;
  let userDataDir: string;
  const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const scanned: string[] = [];
  const waiting: Array<{ readonly outcome: AttemptResult; readonly recorded: () => void }> = [];
  /** The next delivery attempt the server records with `outcome` (its webhook runtime tells its observers). */
  const nextAttempt = (outcome: AttemptResult): Promise<void> =>
    new Promise((recorded) => waiting.push({ outcome, recorded }));

  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    // The captured-mail page exists in embedded mail mode only: with SMTP_URL set (CI's real-services run) mail
    // leaves the process, so this walk-through keeps its mail in-process whatever the environment says.
    t = await startTestServer({ listen: true, env: { SMTP_URL: '' } });
    // As a running server does (server/main.ts): deliveries go out on their own, as they would for a user.
    await t.deps.webhooks.start();
    t.deps.webhooks.observeAttempts((outcome) => {
      for (const w of waiting.filter((x) => x.outcome === outcome)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.recorded();
      }
    });
    receiver = await startReceiver({ secret: RECEIVER_SECRET, adminToken: RECEIVER_TOKEN });
    mkdirSync(SHOTS, { recursive: true });
    userDataDir = mkdtempSync(join(tmpdir(), 'ppapi-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
      viewport: { width: 1280, height: 900 },
    });
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    await receiver?.close();
    await t?.deps.webhooks.discardQueue();
    await t?.stop();
  });

  /** axe-core on the page as it is: no serious or critical violation; then a full-page screenshot. */
  async function check(page: Page, name: string): Promise<void> {
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const result = await (
        globalThis as unknown as {
          axe: { run: () => Promise<{ violations: Array<{ id: string; impact: string | null; help: string }> }> };
        }
      ).axe.run();
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help }));
    });
    expect({
      page: name,
      serious: violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    }).toEqual({
      page: name,
      serious: [],
    });
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    scanned.push(name);
  }

  it('signs in, provisions, subscribes the mock receiver, and follows deliveries through a failure and a retry', async () => {
    const dash = await context.newPage();
    const base = t.url;

    // Sign in with the keyboard alone: the token field has focus, Enter submits.
    await dash.goto(`${base}/dashboard`);
    expect(new URL(dash.url()).pathname).toBe('/dashboard/sign-in');
    await check(dash, '01-sign-in');
    await dash.keyboard.type('wrong-token');
    await dash.keyboard.press('Enter');
    await dash.getByRole('alert').waitFor();
    expect(await dash.getByRole('alert').textContent()).toContain('not the admin token');
    await dash.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await dash.keyboard.press('Enter');
    await dash.getByRole('heading', { name: 'Landlords', level: 1 }).waitFor();
    await check(dash, '02-landlords');

    // Create a landlord on a plan.
    await dash.getByLabel('Name').fill('Browser Lets');
    await dash.getByLabel('Email').fill('browser@lets.example');
    await dash.getByLabel('Plan').selectOption('Enterprise');
    await dash.getByRole('button', { name: 'Create landlord' }).press('Enter');
    await dash.getByRole('heading', { name: 'Browser Lets', level: 1 }).waitFor();
    const landlordUrl = dash.url().split('?')[0];

    // Issue a key: shown once.
    await dash.getByLabel('Name', { exact: true }).fill('browser key');
    await dash.getByRole('button', { name: 'Issue key' }).click();
    const key = await dash.getByLabel(/API key “browser key”/).inputValue();
    expect(key).toMatch(/^svc_live_/);
    await check(dash, '03-key-shown-once');
    expect((await t.api('GET', '/properties', key)).statusCode).toBe(200);
    await dash.goto(landlordUrl);
    expect(await dash.content()).not.toContain(key);

    // Bad input is a message on the page: a URL that is not http(s).
    await dash.getByLabel('Endpoint URL (http or https)').fill('ftp://example.com/hook');
    await dash.getByLabel('property.created').check();
    await dash.getByRole('button', { name: 'Create subscription' }).click();
    expect(await dash.getByRole('alert').textContent()).toMatch(/"url" must be a valid uri/);
    await check(dash, '04-refused-subscription');

    // Subscribe the mock receiver: the secret is shown once.
    await dash.getByLabel('Endpoint URL (http or https)').fill(`${receiver.url}/hooks`);
    await dash.getByLabel('property.created').check();
    await dash.getByLabel('rent.overdue').check();
    await dash.getByRole('button', { name: 'Create subscription' }).click();
    const secret = await dash.getByLabel(/Signing secret of subscription/).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await check(dash, '05-secret-shown-once');

    // The receiver's live page: sign in, hand it the secret.
    const live = await context.newPage();
    await live.goto(`${receiver.adminUrl}/live`);
    await check(live, '06-receiver-sign-in');
    await live.getByLabel('Admin token').fill(RECEIVER_TOKEN);
    await live.keyboard.press('Enter');
    await live.getByRole('heading', { name: 'What arrived' }).waitFor();
    await live.getByText('live', { exact: true }).waitFor();
    await live.getByLabel('Signing secret', { exact: true }).fill(secret);
    await live.getByRole('button', { name: 'Add secret' }).click();
    await live.getByText(/Secret added/).waitFor();

    // A test delivery: in the history with its code and latency, and on the live page without a reload.
    await dash.goto(landlordUrl);
    await dash.getByRole('link', { name: `${receiver.url}/hooks` }).click();
    const subscriptionUrl = dash.url().split('?')[0];
    await dash.getByLabel('Event type').selectOption('property.created');
    const delivered = nextAttempt('succeeded');
    await dash.getByRole('button', { name: 'Send test delivery' }).click();
    await delivered;
    await dash.goto(subscriptionUrl);
    const first = dash.locator('.delivery').first();
    expect(await first.textContent()).toContain('succeeded');
    expect(await first.locator('td.code-cell').first().textContent()).toBe('200');
    expect(await first.locator('tbody tr').first().textContent()).toMatch(/\d+ ms/);
    await check(dash, '07-history-succeeded');
    const row = live.locator('#deliveries-body tr[data-seq]').first();
    await row.getByText('verified').waitFor();
    expect(await row.textContent()).toMatch(/property\.created.*verified.*first.*test.*200/s);
    await live.getByRole('button', { name: 'Show raw' }).first().press('Enter');
    await live.getByText('x-service-signature-256').first().waitFor();
    await check(live, '08-receiver-live');

    // Script the receiver to fail once; the next test delivery fails, a retry by hand succeeds.
    await live.getByLabel('Event type', { exact: true }).fill('property.created');
    await live.getByLabel('Fail the first N attempts').fill('1');
    await live.getByLabel('How', { exact: true }).selectOption('status');
    await live.getByLabel(/^Status/).fill('503');
    await live.getByRole('button', { name: 'Add script' }).click();
    await live.locator('#scripts-body tr').first().waitFor();
    expect(await live.locator('#scripts-body').textContent()).toContain('answer 503');
    await check(live, '09-receiver-script');

    await dash.goto(subscriptionUrl);
    await dash.getByLabel('Event type').selectOption('property.created');
    const failed = nextAttempt('permanently_failed');
    await dash.getByRole('button', { name: 'Send test delivery' }).click();
    await failed;
    await dash.goto(subscriptionUrl);
    expect(await dash.locator('.delivery').first().textContent()).toContain('permanently_failed');
    expect(await dash.locator('.delivery').first().locator('td.code-cell').first().textContent()).toBe('503');
    await check(dash, '10-history-failed');
    const retried = nextAttempt('succeeded');
    await dash
      .getByRole('button', { name: /^Retry now/ })
      .first()
      .click();
    await dash.getByRole('status').waitFor();
    await retried;
    await dash.goto(subscriptionUrl);
    const retriedDelivery = dash.locator('.delivery').first();
    expect(await retriedDelivery.textContent()).toContain('succeeded');
    expect(await retriedDelivery.locator('td.code-cell').allTextContents()).toEqual(['503', '200']);
    expect(await retriedDelivery.locator('tbody').textContent()).toMatch(/manual/);
    await check(dash, '11-history-retried');
    await live.locator('#deliveries-body tr[data-seq]').filter({ hasText: '503' }).first().waitFor();
    expect(await live.locator('#deliveries-body').textContent()).toMatch(/200[\s\S]*503[\s\S]*200/);

    // Embedded mode: the invoice mail the server sent, with its PDF.
    const [rent] = (
      JSON.parse((await t.api('GET', '/rent?limit=1', FIXTURE_KEYS.enterpriseLive)).payload) as {
        data: Array<{ id: string }>;
      }
    ).data;
    const sent = await t.api('POST', `/rent/${rent.id}/invoice/email`, FIXTURE_KEYS.enterpriseLive, {});
    expect(sent.statusCode).toBe(200);
    await dash.getByRole('link', { name: 'Captured mail' }).click();
    const attachment = dash.getByRole('link', { name: /\.pdf$/ }).first();
    await attachment.waitFor();
    const pdf = await dash.request.get(`${base}${await attachment.getAttribute('href')}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await check(dash, '12-captured-mail');

    // Sign out: the dashboard asks for the token again.
    await dash.getByRole('button', { name: 'Sign out' }).click();
    await dash.goto(`${base}/dashboard`);
    expect(new URL(dash.url()).pathname).toBe('/dashboard/sign-in');
    expect(scanned).toHaveLength(12);
  }, 300_000);
});
