import { FailureScripts, ScriptValidationError, SeenIds, manualClock, MIN_DEDUPE_TTL_MS } from '../src/store';

describe('SeenIds', () => {
  test('an id is seen until the window ends', () => {
    const clock = manualClock();
    const seen = new SeenIds(1000, clock);
    seen.remember('evt_a');
    clock.advance(999);
    expect(seen.has('evt_a')).toBe(true);
    clock.advance(1);
    expect(seen.has('evt_a')).toBe(false);
  });

  test('remembering again does not extend the window', () => {
    const clock = manualClock();
    const seen = new SeenIds(1000, clock);
    seen.remember('evt_a');
    clock.advance(600);
    seen.remember('evt_a');
    clock.advance(400);
    expect(seen.has('evt_a')).toBe(false);
  });

  test('expired ids are swept from memory', () => {
    const clock = manualClock();
    const seen = new SeenIds(MIN_DEDUPE_TTL_MS, clock);
    for (let i = 0; i < 100; i++) seen.remember(`evt_${i}`);
    clock.advance(MIN_DEDUPE_TTL_MS);
    seen.remember('evt_new');
    expect(seen.size).toBe(1);
  });

  test('a non-positive window is refused', () => {
    expect(() => new SeenIds(0, manualClock())).toThrow(RangeError);
  });
});

describe('FailureScripts', () => {
  test('id scripts win over event scripts', () => {
    const scripts = new FailureScripts();
    scripts.add({ match: { event: 'rent.overdue' }, failFirst: 1, mode: 'status', status: 500 });
    scripts.add({ match: { id: 'abc' }, failFirst: 1, mode: 'status', status: 503 });
    expect(scripts.take({ id: 'evt_abc', event: 'rent.overdue', landlordId: 'l1' })).toMatchObject({ status: 503 });
  });

  test('both event and id must match when both are given', () => {
    const scripts = new FailureScripts();
    scripts.add({ match: { event: 'rent.overdue', id: 'evt_abc' }, failFirst: 1, mode: 'status' });
    expect(scripts.take({ id: 'evt_abc', event: 'rent.created', landlordId: 'l1' })).toBeNull();
    expect(scripts.take({ id: 'evt_abc', event: 'rent.overdue', landlordId: 'l1' })).toMatchObject({
      mode: 'status',
      status: 500,
      attempt: 1,
    });
  });

  test("landlordId narrows a script to one landlord's deliveries", () => {
    const scripts = new FailureScripts();
    scripts.add({ match: { event: 'e', landlordId: 'l1' }, failFirst: 1, mode: 'status' });
    expect(scripts.take({ id: 'evt_x', event: 'e', landlordId: 'l2' })).toBeNull();
    expect(scripts.take({ id: 'evt_x', event: 'e', landlordId: 'l1' })).toMatchObject({ mode: 'status', attempt: 1 });
    expect(scripts.list()[0]?.match).toEqual({ event: 'e', landlordId: 'l1' });
  });

  test('timeout defaults to holding longer than the 10-second delivery timeout', () => {
    const scripts = new FailureScripts();
    scripts.add({ match: { event: 'e' }, failFirst: 1, mode: 'timeout' });
    const action = scripts.take({ id: 'evt_x', event: 'e', landlordId: 'l1' });
    expect(action?.mode === 'timeout' && action.delayMs).toBeGreaterThan(10_000);
  });

  test('listing shows attempts per id', () => {
    const scripts = new FailureScripts();
    scripts.add({ match: { event: 'e' }, failFirst: 2, mode: 'status' });
    scripts.take({ id: 'evt_x', event: 'e', landlordId: 'l1' });
    scripts.take({ id: 'evt_x', event: 'e', landlordId: 'l1' });
    scripts.take({ id: 'evt_y', event: 'e', landlordId: 'l1' });
    expect(scripts.list()[0]?.attemptsById).toEqual({ evt_x: 2, evt_y: 1 });
  });

  test.each([
    ['not an object', 'nope'],
    ['no match', { failFirst: 1, mode: 'status' }],
    ['empty match', { match: {}, failFirst: 1, mode: 'status' }],
    ['landlordId alone', { match: { landlordId: 'l1' }, failFirst: 1, mode: 'status' }],
    ['empty landlordId', { match: { event: 'e', landlordId: '' }, failFirst: 1, mode: 'status' }],
    ['fractional failFirst', { match: { event: 'e' }, failFirst: 1.5, mode: 'status' }],
    ['unknown mode', { match: { event: 'e' }, failFirst: 1, mode: 'crash' }],
    ['status out of range', { match: { event: 'e' }, failFirst: 1, mode: 'status', status: 99 }],
    ['status on a timeout script', { match: { event: 'e' }, failFirst: 1, mode: 'timeout', status: 500 }],
    ['negative delay', { match: { event: 'e' }, failFirst: 1, mode: 'slow', delayMs: -1 }],
  ])('refuses a script with %s', (_what, input) => {
    expect(() => new FailureScripts().add(input)).toThrow(ScriptValidationError);
  });
});
