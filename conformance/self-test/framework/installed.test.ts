// The suite installed on its own (npm pack → npm install): embedded mode finds the reference server's bin when it
// is installed beside the suite and names --target/--base-url when it is not; the fixture target comes from
// @ppapi/spec when fixtures/reference-target.json is absent. The tarball itself is checked by scripts/pack-check.sh.

import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findReferenceBin, loadFixtureTarget, loadTargetFile, NO_REFERENCE_SERVER } from '../../src/targets';
import { tempDir } from './helpers';

const REPO_FIXTURE = resolve(__dirname, '..', '..', '..', 'fixtures', 'reference-target.json');

describe('the reference server beside an installed suite', () => {
  it('is found in node_modules/.bin of a folder above the start, symlink resolved, run from that folder', () => {
    const dir = tempDir();
    const script = join(dir, 'node_modules', '@ppapi', 'reference-server', 'bin', 'ppapi-reference.js');
    mkdirSync(join(script, '..'), { recursive: true });
    writeFileSync(script, '');
    mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(script, join(dir, 'node_modules', '.bin', 'ppapi-reference'));
    const start = join(dir, 'node_modules', '@ppapi', 'conformance', 'src', 'cli');
    mkdirSync(start, { recursive: true });
    expect(findReferenceBin([start])).toEqual({ script, root: dir });
  });

  it('is not found where no node_modules above holds it, and the reason names --target and --base-url', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
    expect(findReferenceBin([join(dir, 'node_modules')])).toBeUndefined();
    expect(NO_REFERENCE_SERVER).toMatch(/--target FILE/);
    expect(NO_REFERENCE_SERVER).toMatch(/--base-url URL/);
    expect(NO_REFERENCE_SERVER).not.toMatch(/\n/);
  });
});

describe('the fixture target without fixtures/reference-target.json', () => {
  it('is the same target as the file: the same address and the same key of every role', () => {
    const fromSpec = loadFixtureTarget(join(tempDir(), 'absent.json'));
    const fromFile = loadTargetFile(REPO_FIXTURE);
    expect(fromSpec.warnings).toEqual([]);
    expect({ ...fromSpec.target, source: '' }).toEqual({ ...fromFile.target, source: '' });
  });

  it('is the file when it exists', () => {
    expect(loadFixtureTarget(REPO_FIXTURE).target.source).toBe(REPO_FIXTURE);
  });
});
