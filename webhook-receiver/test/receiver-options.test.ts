import { parseReceiverOptions } from '../src/server/cli';

describe('receiver options', () => {
  test('defaults: port 4000 on 127.0.0.1', () => {
    expect(parseReceiverOptions(['--secret', 's'], {})).toEqual({ secrets: ['s'], port: 4000, host: '127.0.0.1' });
  });

  test('repeated --secret accepts several (rotation); WEBHOOK_SECRET is the fallback', () => {
    expect(
      parseReceiverOptions(['--secret', 'a', '--secret=b', '--port', '0', '--dedupe-ttl-ms', '90000000'], {}),
    ).toMatchObject({ secrets: ['a', 'b'], port: 0, dedupeTtlMs: 90_000_000 });
    expect(parseReceiverOptions([], { WEBHOOK_SECRET: 'env' })).toMatchObject({ secrets: ['env'] });
  });

  test.each([
    ['no secret', []],
    ['port out of range', ['--secret', 's', '--port', '70000']],
    ['unknown option', ['--secret', 's', '--verbose', '1']],
  ])('%s is refused', (_what, argv) => {
    expect(() => parseReceiverOptions(argv, {})).toThrow();
  });
});
