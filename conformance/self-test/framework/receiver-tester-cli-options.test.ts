import { parseCliOptions, UsageError } from '../../src/receiver-tester/cli-options';

describe('receiver-test options', () => {
  test('parses every option, in both --name value and --name=value forms', () => {
    expect(
      parseCliOptions([
        '--url',
        'http://127.0.0.1:4000/hooks',
        '--secret=s',
        '--report',
        'json:out/r.json',
        '--report=junit:out/r.xml',
        '--seed',
        '-7',
        '--timeout-ms',
        '250',
        '--concurrency=2',
        '--only',
        'receiver.*',
      ]),
    ).toEqual({
      url: 'http://127.0.0.1:4000/hooks',
      secret: 's',
      reports: [
        { format: 'json', path: 'out/r.json' },
        { format: 'junit', path: 'out/r.xml' },
      ],
      seed: -7,
      timeoutMs: 250,
      concurrency: 2,
      only: ['receiver.*'],
      help: false,
    });
  });

  test('a Windows-style report path keeps its colon', () => {
    expect(parseCliOptions(['--url', 'http://h', '--secret', 's', '--report', 'html:C:\\r.html']).reports).toEqual([
      { format: 'html', path: 'C:\\r.html' },
    ]);
  });

  test.each([
    ['missing --url', ['--secret', 's']],
    ['missing --secret', ['--url', 'http://h']],
    ['non-http URL', ['--url', 'ftp://h', '--secret', 's']],
    ['unknown report format', ['--url', 'http://h', '--secret', 's', '--report', 'xml:r']],
    ['report without a path', ['--url', 'http://h', '--secret', 's', '--report', 'json:']],
    ['non-integer seed', ['--url', 'http://h', '--secret', 's', '--seed', '1.5']],
    ['zero timeout', ['--url', 'http://h', '--secret', 's', '--timeout-ms', '0']],
    ['option without a value', ['--url']],
    ['unknown option', ['--url', 'http://h', '--secret', 's', '--verbose', 'yes']],
    ['stray argument', ['http://h']],
    ['--url twice', ['--url', 'http://a', '--url', 'http://b', '--secret', 's']],
  ])('%s is a usage error', (_what, argv) => {
    expect(() => parseCliOptions(argv)).toThrow(UsageError);
  });
});
