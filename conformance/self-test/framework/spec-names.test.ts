// Only names the spec gives: a field the spec leaves unnamed (a contract's dates and tenancy reference, a tenant's
// names) is never read by the reference server's name. Those names may appear in the checks only as guesses for
// request bodies, whose field names the spec does not show either (a deployment that refuses the guess makes the
// check skip with the reason), in the files listed here; a read such as `contract.startDate` anywhere fails. Naming
// the logical field to the unnamed-fields lookup (`readName(ctx, 'contract', 'startDate')`, which answers the
// target's name or the one the deployment showed back) is not a read by the reference server's name.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const SPEC = readFileSync(join(ROOT, 'docs', 'spec', 'property-portfolio-api.md'), 'utf8');
const CHECKS = join(ROOT, 'conformance', 'src', 'checks');

/** Field names of the reference server that the spec does not give. */
const UNNAMED_BY_THE_SPEC = ['startDate', 'endDate', 'tenancyReference', 'firstName', 'lastName'];

/** Where a guess for a write body may use them, and why. */
const BODY_GUESSES: Readonly<Record<string, string>> = {
  'shared/own-data.ts':
    "fallbacks for contract and tenant POST bodies when the deployment's own records show no such field",
  'access/requests.ts': 'the body of a tenant POST in the access matrix (refused or accepted, never read back)',
  'webhooks/setup.ts': 'fallbacks for the tenant POST body that makes a delivery happen',
};

/** The unnamed-fields lookup (shared/unnamed.ts) and its descriptors: logical field ids, not answer members. */
const LOOKUPS = [
  /\b(?:readName|writeName|requireReadName|unnamedReason)\(ctx, '\w+', [^)]*\)/g,
  /\bfield: '\w+'/g,
  /f\.unnamed\.field === '\w+'/g,
];

const withoutLookups = (text: string): string => LOOKUPS.reduce((t, lookup) => t.replace(lookup, ''), text);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(entry) && !/\.faults\.ts$/.test(entry) ? [path] : [];
  });
}

describe('names the spec does not give', () => {
  it.each(UNNAMED_BY_THE_SPEC)('the spec indeed does not name %s (else it leaves this list)', (name) => {
    expect(new RegExp(`\\b${name}\\b`).test(SPEC)).toBe(false);
  });

  it('no check reads them from an answer, and only the listed body guesses mention them', () => {
    const found: string[] = [];
    for (const file of sources(CHECKS)) {
      const text = withoutLookups(readFileSync(file, 'utf8'));
      const name = relative(CHECKS, file).split('\\').join('/');
      for (const field of UNNAMED_BY_THE_SPEC) {
        if (new RegExp(`(\\.|\\[['"])${field}\\b`).test(text)) found.push(`${name}: reads ${field}`);
        else if (new RegExp(`\\b${field}\\b`).test(text) && BODY_GUESSES[name] === undefined)
          found.push(`${name}: names ${field}`);
      }
    }
    expect(found).toEqual([]);
  });
});
