// The Link header as RFC 8288 writes it: the suite reads every allowed form, and refuses what is not the syntax.
import { parseLinks, targetPath } from '../../src/http/link';

const BASE = 'http://127.0.0.1:3000/api/public/v1/maintenance/1';

describe('parseLinks', () => {
  it('reads several links, parameters in any order, quoted or not, relative and encoded targets', () => {
    const links = parseLinks(
      '<https://docs.example.com/x>; rel="help", </api/public/v1/maintenance/issues/%7Bid%7D>; title="a, b; c"; REL=successor-version',
      BASE,
    );
    expect(links?.map((l) => [targetPath(l), l.params])).toEqual([
      ['/x', { rel: 'help' }],
      ['/api/public/v1/maintenance/issues/{id}', { title: 'a, b; c', rel: 'successor-version' }],
    ]);
    expect(parseLinks('<issues/abc>;rel=next', BASE)?.[0]?.target).toBe(
      'http://127.0.0.1:3000/api/public/v1/maintenance/issues/abc',
    );
  });

  it('refuses what is not a link', () => {
    expect(parseLinks('/maintenance/issues/{id}', BASE)).toBeUndefined();
    expect(parseLinks('<a>; rel="unterminated', BASE)).toBeUndefined();
    expect(parseLinks('<a> junk', BASE)).toBeUndefined();
  });
});
