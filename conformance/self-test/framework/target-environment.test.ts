// Secrets from the environment: `${NAME}` values, exit-2 reasons naming the variable, and the published schema
// being the one the suite validates with.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadTargetFile, parseTarget, TargetError, TARGET_SCHEMA, UNNAMED_FIELDS } from '../../src/targets';
import { SchemaChecker } from '../../src/targets/schema-check';
import { SecretMasker } from '../../src/http/mask';
import { targetSecrets } from '../../src/targets/roles';

const fromEnv = {
  baseUrl: '${PPAPI_BASE_URL}',
  keys: { enterpriseLive: '${PPAPI_KEY_ENTERPRISE_LIVE}', revoked: 'svc_live_literalRevokedKey0001' },
  provisioning: { url: 'http://127.0.0.1:3000/provisioning/v1', token: '${PPAPI_ADMIN_TOKEN}' },
  webhooks: { receiverUrl: 'http://r/webhooks', receiverAdminUrl: 'http://r/_receiver', secret: '${PPAPI_WH}' },
};
const env = {
  PPAPI_BASE_URL: 'https://staging.example/api/public/v1/',
  PPAPI_KEY_ENTERPRISE_LIVE: 'svc_live_fromTheEnvironment000001',
  PPAPI_ADMIN_TOKEN: 'admin-token-from-env-1234',
  PPAPI_WH: 'webhook-secret-from-env-5678',
};

function reason(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TargetError);
    return (error as Error).message;
  }
  throw new Error('expected a TargetError');
}

describe('${NAME} values in a target file', () => {
  it('reads every whole-string ${NAME} from the environment and lists the names read', () => {
    const { target, environment } = parseTarget(fromEnv, 't.json', env);
    expect(target.baseUrl).toBe('https://staging.example/api/public/v1');
    expect(target.keys.enterpriseLive).toBe(env.PPAPI_KEY_ENTERPRISE_LIVE);
    expect(target.keys.revoked).toBe('svc_live_literalRevokedKey0001');
    expect(target.provisioning).toEqual({ url: 'http://127.0.0.1:3000/provisioning/v1', token: env.PPAPI_ADMIN_TOKEN });
    expect(target.webhooks?.secret).toBe(env.PPAPI_WH);
    expect(environment).toEqual(['PPAPI_BASE_URL', 'PPAPI_KEY_ENTERPRISE_LIVE', 'PPAPI_ADMIN_TOKEN', 'PPAPI_WH']);
  });

  it('leaves a value that only contains ${NAME} as written', () => {
    const { target } = parseTarget({ ...fromEnv, keys: { enterpriseLive: 'svc_live_${NOT_READ}' } }, 't', env);
    expect(target.keys.enterpriseLive).toBe('svc_live_${NOT_READ}');
  });

  it('names the unset variable and the field, in one line', () => {
    const rest = Object.fromEntries(Object.entries(env).filter(([name]) => name !== 'PPAPI_ADMIN_TOKEN'));
    expect(reason(() => parseTarget(fromEnv, 't', rest))).toBe(
      'target file: provisioning.token reads environment variable PPAPI_ADMIN_TOKEN, which is not set',
    );
  });

  it('refuses an empty variable (a CI secret that is not configured arrives empty)', () => {
    expect(reason(() => parseTarget(fromEnv, 't', { ...env, PPAPI_WH: '' }))).toBe(
      'target file: webhooks.secret reads environment variable PPAPI_WH, which is empty',
    );
  });

  it('validates the value read, not the reference', () => {
    expect(reason(() => parseTarget(fromEnv, 't', { ...env, PPAPI_BASE_URL: 'staging' }))).toMatch(
      /^target file: baseUrl must be an http or https URL$/,
    );
  });

  it('masks every secret that came from the environment', () => {
    const { target } = parseTarget(fromEnv, 't', env);
    const masker = new SecretMasker(targetSecrets(target));
    const line = `curl -H 'Authorization: Bearer ${env.PPAPI_KEY_ENTERPRISE_LIVE}' ${env.PPAPI_ADMIN_TOKEN} ${env.PPAPI_WH}`;
    const masked = masker.mask(line);
    for (const value of [env.PPAPI_KEY_ENTERPRISE_LIVE, env.PPAPI_ADMIN_TOKEN, env.PPAPI_WH])
      expect(masked).not.toContain(value);
    expect(masked).toContain('svc_live_****0001');
  });

  it('loads a file from disk with the environment given', () => {
    const path = join(__dirname, '..', '..', '..', 'fixtures', 'reference-target.json');
    expect(loadTargetFile(path, {}).target.keys.enterpriseLive).toMatch(/^svc_live_/);
  });
});

describe('target.schema.json', () => {
  const packageRoot = join(__dirname, '..', '..');

  it('is the schema the suite validates with, and the package ships it', () => {
    const onDisk: unknown = JSON.parse(readFileSync(join(packageRoot, 'target.schema.json'), 'utf8'));
    expect(TARGET_SCHEMA).toEqual(onDisk);
    const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('target.schema.json');
  });

  it('describes every top-level field, for editor completion', () => {
    for (const [name, node] of Object.entries(TARGET_SCHEMA.properties ?? {}))
      expect([name, typeof (node as { description?: unknown }).description]).toEqual([name, 'string']);
  });

  it('refuses a schema keyword the checker does not enforce, so no rule is silently skipped', () => {
    expect(() => new SchemaChecker({ type: 'object', minProperties: 1 } as never)).toThrow(/minProperties/);
  });

  it('names, under `fields`, exactly the fields the suite writes or reads without a name from the spec', () => {
    const fields = (TARGET_SCHEMA.properties?.fields as { properties?: Record<string, { properties?: object }> })
      .properties;
    const inSchema = Object.fromEntries(
      Object.entries(fields ?? {}).map(([resource, node]) => [resource, Object.keys(node.properties ?? {}).sort()]),
    );
    const inSuite = Object.fromEntries(
      Object.entries(UNNAMED_FIELDS).map(([resource, names]) => [resource, Object.keys(names).sort()]),
    );
    expect(inSchema).toEqual(inSuite);
    const parsed = parseTarget(
      { baseUrl: 'http://x/api', keys: { enterpriseLive: 'k' }, fields: { contract: { startDate: 'beginsOn' } } },
      'test',
    );
    expect(parsed.target.fields).toEqual({ contract: { startDate: 'beginsOn' } });
    expect(() =>
      parseTarget(
        { baseUrl: 'http://x/api', keys: { enterpriseLive: 'k' }, fields: { contract: { nickname: 'n' } } },
        'test',
      ),
    ).toThrow(TargetError);
  });

  it('accepts every target file the repository ships', () => {
    for (const file of ['reference-target.json', 'reference-provisioning-target.json']) {
      const path = join(packageRoot, '..', 'fixtures', file);
      expect(loadTargetFile(path, {}).warnings).toEqual([]);
    }
  });
});
