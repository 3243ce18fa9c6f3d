import { parseCliOptions, UsageError } from '../../src/cli/receiver-test-options';

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
        '--strict',
        '--baseline=known.json',
        '--repeat',
        '3',
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
      strict: true,
      baseline: 'known.json',
      repeat: 3,
      help: false,
    });
  });

  test('without --strict or --repeat: warnings for SHOULD failures, one run', () => {
    expect(parseCliOptions(['--url', 'http://h', '--secret', 's'])).toMatchObject({ strict: false, repeat: 1 });
  });

  test("the suite's report formats, summary and badge included", () => {
    const argv = ['--url', 'http://h', '--secret', 's', '--report', 'summary:s.json', '--report', 'badge:b.json'];
    expect(parseCliOptions(argv).reports.map((r) => r.format)).toEqual(['summary', 'badge']);
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
    ['zero repeats', ['--url', 'http://h', '--secret', 's', '--repeat', '0']],
    ['--strict with a value', ['--url', 'http://h', '--secret', 's', '--strict=yes']],
  ])('%s is a usage error', (_what, argv) => {
    expect(() => parseCliOptions(argv)).toThrow(UsageError);
  });
});
