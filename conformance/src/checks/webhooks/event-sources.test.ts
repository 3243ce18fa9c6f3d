// The event-source table covers the catalogue, names only routes the spec shows, and hands each API-fired type to
// a registered check that cites its catalogue rule.
import { EVENT_TYPE_COUNT, eventCatalogue } from '@ppapi/spec';
import { EVENT_TYPE_NAMES } from '../../rules/event-types';
import { ALL_CHECKS } from '../../registry';
import { routeName, WRITE_ROUTES } from '../../spec-routes';
import { API_FIRED, EVENT_SOURCES } from './event-sources';

describe('event sources', () => {
  it('has one row per catalogue event type', () => {
    expect(Object.keys(EVENT_SOURCES).sort()).toEqual([...EVENT_TYPE_NAMES].sort());
    expect(eventCatalogue.map((e) => e.event).sort()).toEqual([...EVENT_TYPE_NAMES].sort());
    expect(EVENT_TYPE_NAMES).toHaveLength(EVENT_TYPE_COUNT);
  });

  it('names only write routes the spec details as the writes that fire an event', () => {
    const shown = new Set(WRITE_ROUTES.filter((r) => r.detail === 'full').map(routeName));
    const unknown = Object.values(EVENT_SOURCES)
      .flatMap((s) => (s.kind === 'api-write' ? s.writes : []))
      .filter((w) => !shown.has(w));
    expect(unknown).toEqual([]);
  });

  it('gives each API-fired type to a registered check citing its catalogue rule', () => {
    const missing = API_FIRED.filter((type) => {
      const source = EVENT_SOURCES[type];
      const check = source?.kind === 'api-write' ? ALL_CHECKS.find((c) => c.id === source.heldBy) : undefined;
      return !check?.rules.includes(`EVT-CAT-${type}`);
    });
    expect(missing).toEqual([]);
    expect(API_FIRED.length).toBeGreaterThan(0);
  });

  it('says why for every type no shown write fires', () => {
    const silent = Object.entries(EVENT_SOURCES).filter(
      ([, s]) => s.kind !== 'api-write' && s.reason.trim().length < 20,
    );
    expect(silent).toEqual([]);
  });
});
