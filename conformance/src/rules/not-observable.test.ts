// Every rule declared not observable says why no black-box test exists, and the reason holds against the rule's
// own text (not-observable.ts); a rule some check asserts is observable by that very check.
import type { Rule } from '../model';
import { ALL_CHECKS } from '../registry';
import { RULES } from './index';
import { notObservableProblems } from './not-observable';

const NOT_OBSERVABLE = RULES.filter((r) => r.class === 'not-observable');

function rule(text: string, reason: string, extra: Partial<Rule> = {}): Rule {
  return {
    id: 'TEST-1',
    section: 'Test',
    text,
    class: 'not-observable',
    notTestedReason: reason,
    level: 'MUST',
    ...extra,
  };
}

describe('not-observable rules', () => {
  it('the catalogue has some, and each reason holds against its rule', () => {
    expect(NOT_OBSERVABLE.length).toBeGreaterThan(0);
    const problems = NOT_OBSERVABLE.map((r) => [r.id, notObservableProblems(r, RULES)] as const).filter(
      ([, p]) => p.length > 0,
    );
    expect(problems).toEqual([]);
  });

  it('no registered check cites a rule declared not observable (a check that asserts it observes it)', () => {
    const ids = new Set(NOT_OBSERVABLE.map((r) => r.id));
    const citing = ALL_CHECKS.flatMap((c) => c.rules.filter((id) => ids.has(id)).map((id) => `${c.id} → ${id}`));
    expect(citing).toEqual([]);
  });

  // Each problem the holder reports, on a rule made to have it (so none of the assertions above is vacuous).
  it.each([
    ['no reason', rule('Uploads are scanned for viruses.', ''), 'gives no reason'],
    [
      'the not-shown reason',
      rule('Uploads are scanned.', 'The spec leaves this to the implementation (not shown)'),
      'not-shown reason',
    ],
    [
      'a reason naming nothing a client cannot see',
      rule('Uploads are scanned for viruses.', 'It is hard to test this rule in a short run of the suite.'),
      'does not name what a client cannot see',
    ],
    [
      'an answer to a request, with a reason that does not say why no request produces it',
      rule('`GET /team` answers 200 with the roster.', 'The roster is internal to the account owner and its team.'),
      'describes an answer to a request',
    ],
    [
      'guidance claimed for a rule a deployment must follow',
      rule('Invoice numbers increase by one.', 'Guidance to clients: nothing a deployment must do here at all.'),
      'guidance to clients',
    ],
    [
      'a path called not shown while the rule names the route',
      rule(
        '`POST /chat/messages` takes a file.',
        'Its path, parameters or payload are not shown, so the suite cannot build a request.',
      ),
      'the rule names the route',
    ],
    [
      'a cited rule that does not exist',
      rule('Uploads are scanned.', 'Scanning is internal and not visible (see NOPE-404 for the gap).'),
      'NOPE-404',
    ],
    [
      'a gap cited as not shown that is no gap',
      rule('Uploads count against a quota.', 'Quota amounts are not shown (RES-PROP-13), so it cannot be reached.'),
      'RES-PROP-13 is black-box',
    ],
  ])('reports %s', (_name, bad, problem) => {
    expect(notObservableProblems(bad, RULES).join('\n')).toContain(problem);
  });

  it('accepts a reason that fits its rule (the rules above, told well)', () => {
    const good = rule(
      'Status 503 with code `RATE_LIMIT_UNAVAILABLE`: the datastore could not be checked.',
      "Needs the target's rate-limit datastore to fail, which API keys cannot cause.",
    );
    expect(notObservableProblems(good, RULES)).toEqual([]);
  });
});
