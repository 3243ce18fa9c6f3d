// Target files: interfaces.md's shape plus our extensions (production, dashboard, mail, webhooks, pacing,
// extraKeys), with one-line reasons for anything unusable.

import {
  keyForRole,
  parseTarget,
  targetSecrets,
  TargetError,
  unmetNeed,
  withBaseUrl,
  DEFAULT_PACING,
} from '../../src/targets';

const minimal = { baseUrl: 'http://127.0.0.1:3000/api/public/v1/', keys: { enterpriseLive: 'svc_live_a' } };

describe('parseTarget', () => {
  it("accepts interfaces.md's file with defaults for our extensions", () => {
    const full = {
      baseUrl: 'http://127.0.0.1:3000/api/public/v1',
      keys: {
        enterpriseLive: 'a',
        enterpriseReadOnly: 'b',
        enterpriseSandbox: 'c',
        portfolioLive: 'd',
        professional: 'e',
        revoked: 'f',
        otherLandlord: 'g',
      },
    };
    const { target, warnings } = parseTarget(full, 'f.json');
    expect(warnings).toEqual([]);
    expect(target).toMatchObject({
      baseUrl: full.baseUrl,
      keys: full.keys,
      extraKeys: {},
      production: false,
      pacing: DEFAULT_PACING,
      source: 'f.json',
    });
    expect(target.provisioning).toBeUndefined();
  });

  it('strips a trailing slash from baseUrl and takes --base-url over it', () => {
    const { target } = parseTarget(minimal, 't');
    expect(target.baseUrl).toBe('http://127.0.0.1:3000/api/public/v1');
    expect(withBaseUrl(target, 'https://staging.example/api/public/v1/').baseUrl).toBe(
      'https://staging.example/api/public/v1',
    );
  });

  it('reads every extension', () => {
    const { target } = parseTarget(
      {
        ...minimal,
        production: true,
        dashboard: { url: 'http://127.0.0.1:3000/dashboard/api', token: 't0k3n' },
        mail: { kind: 'mailhog', url: 'http://127.0.0.1:8025' },
        webhooks: {
          receiverUrl: 'http://r/hooks',
          receiverAdminUrl: 'http://r/admin',
          receiverAdminToken: 'receiver-admin-t0k3n',
          secret: 's',
          retryDelaysSeconds: [5, 10],
        },
        extraKeys: { rateLimit: 'svc_live_rl' },
        pacing: {
          headroom: 0.5,
          plans: { portfolio: { readsPerMinute: 50, writesPerMinute: 10 } },
          roles: { rateLimit: 'enterprise' },
        },
      },
      't',
    );
    expect(target).toMatchObject({
      production: true,
      mail: { kind: 'mailhog' },
      webhooks: { retryDelaysSeconds: [5, 10], receiverAdminToken: 'receiver-admin-t0k3n' },
      extraKeys: { rateLimit: 'svc_live_rl' },
    });
    // Masked in reports like every other secret of the target.
    expect(targetSecrets(target)).toContain('receiver-admin-t0k3n');
    expect(target.pacing).toMatchObject({
      enabled: true,
      headroom: 0.5,
      plans: { portfolio: { readsPerMinute: 50 }, enterprise: { readsPerMinute: 500 } },
      roles: { rateLimit: 'enterprise', portfolioLive: 'portfolio' },
    });
    expect(keyForRole(target, 'rateLimit')).toBe('svc_live_rl');
    expect(unmetNeed(target, 'dashboard')).toBeUndefined();
  });

  it('accepts extra roles under keys (interfaces.md allows new roles) and warns about unknown fields', () => {
    const { target, warnings } = parseTarget(
      { ...minimal, keys: { ...minimal.keys, rateLimit: 'svc_live_rl' }, dashbaord: {} },
      't',
    );
    expect(keyForRole(target, 'rateLimit')).toBe('svc_live_rl');
    expect(warnings).toEqual(['target file: unknown field "dashbaord" ignored']);
  });

  it('explains unmet needs', () => {
    const { target } = parseTarget(minimal, 't');
    expect(unmetNeed(target, 'readOnly')).toBe(
      'needs a enterpriseReadOnly key: the target has no keys.enterpriseReadOnly',
    );
    expect(unmetNeed(target, 'mail')).toMatch(/no "mail" section/);
    expect(unmetNeed(target, 'webhook')).toMatch(/no "webhooks" section/);
  });

  it.each([
    [[], /must be a JSON object/],
    [{ ...minimal, baseUrl: 'not a url' }, /baseUrl must be an http or https URL/],
    [{ ...minimal, baseUrl: 'http://[' }, /baseUrl is not a URL/],
    [{ ...minimal, baseUrl: 'ftp://x' }, /baseUrl must be an http or https URL/],
    [{ ...minimal, keys: { enterpriseLive: '' } }, /keys.enterpriseLive must be a non-empty string/],
    [{ ...minimal, keys: { enterpriseLive: 'a', 'bad role': 'x' } }, /keys.bad role is not a valid role name/],
    [{ ...minimal, production: 'yes' }, /production must be a boolean/],
    [{ ...minimal, dashboard: { url: 'http://d' } }, /dashboard.token is required/],
    [{ ...minimal, dashboard: { url: 'http://d', token: ' ' } }, /dashboard.token must be a non-empty string/],
    [{ ...minimal, capabilities: { teleport: false } }, /capabilities.teleport is not an optional feature of the spec/],
    [{ ...minimal, mail: { kind: 'maildev' } }, /mail.url is required for kind maildev/],
    [{ ...minimal, provisioning: { url: 'http://p' } }, /provisioning.token is required/],
    [{ ...minimal, provisioning: { url: 'http://p', command: ['x'] } }, /either url .* or command, not both/],
    [
      { ...minimal, pacing: { plans: { gold: { readsPerMinute: 1, writesPerMinute: 1 } } } },
      /pacing.plans.gold is not one of enterprise, portfolio/,
    ],
    [
      {
        ...minimal,
        webhooks: { receiverUrl: 'http://r', receiverAdminUrl: 'http://a', secret: 's', retryDelaysSeconds: [0] },
      },
      /retryDelaysSeconds\[0\] must be a positive number/,
    ],
    [
      {
        ...minimal,
        webhooks: { receiverUrl: 'http://r', receiverAdminUrl: 'http://a', secret: 's', receiverAdminToken: '' },
      },
      /webhooks.receiverAdminToken must be a non-empty string/,
    ],
    [{ ...minimal, pacing: { headroom: 2 } }, /pacing.headroom must be a fraction/],
    [
      { ...minimal, pacing: { roles: { x: 'gold' } } },
      /pacing.roles.x must be "enterprise", "portfolio" or a rate object/,
    ],
    [{ ...minimal, extraKeys: { enterpriseLive: 'x' } }, /is a standard role/],
  ])('rejects %j with a one-line reason', (raw, reason) => {
    let error: unknown;
    try {
      parseTarget(raw, 't');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TargetError);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toContain('\n');
  });
});
