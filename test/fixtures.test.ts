// fixtures/reference-target.json (the target of ../docs/spec/interfaces.md for the reference server on
// 127.0.0.1:3000) names exactly the fixture keys that @ppapi/spec publishes and the reference server seeds.
import { FIXTURE_KEYS } from '@ppapi/spec';
import target from '../fixtures/reference-target.json';

describe('fixtures/reference-target.json', () => {
  it('names exactly the fixture keys of every interface role, and of every extra role', () => {
    for (const [role, key] of Object.entries(target.keys))
      expect(FIXTURE_KEYS[role as keyof typeof FIXTURE_KEYS]).toBe(key);
    for (const [role, key] of Object.entries(target.extraKeys))
      expect(FIXTURE_KEYS[role as keyof typeof FIXTURE_KEYS]).toBe(key);
    expect(Object.keys(target.keys).sort()).toEqual([
      'enterpriseLive',
      'enterpriseReadOnly',
      'enterpriseSandbox',
      'otherLandlord',
      'portfolioLive',
      'professional',
      'revoked',
    ]);
  });
});
