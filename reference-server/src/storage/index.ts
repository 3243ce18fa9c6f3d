// Which storage a server uses: local disk under config.storageDir (STORAGE_DIR, else `${DATA_DIR}/objects`),
// else a temp folder private to this process and removed when it exits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReqRef, Request, Server } from '@hapi/hapi';
import type { ServerConfig } from '../platform/config';
import { depsOf, type AppDeps } from '../platform/app-context';
import { DiskStorage } from './disk-storage';
import type { ObjectStorage } from './object-storage';

export type { ObjectStorage, StoredObject } from './object-storage';
export { DiskStorage } from './disk-storage';
export { MemoryStorage } from './memory-storage';

let processTempDir: string | undefined;

function processTempFolder(): string {
  if (!processTempDir) {
    const dir = mkdtempSync(join(tmpdir(), `ppapi-objects-${process.pid}-`));
    processTempDir = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return processTempDir;
}

export function openStorage(config: Pick<ServerConfig, 'storageDir'>): ObjectStorage {
  return new DiskStorage(config.storageDir ?? processTempFolder());
}

// One storage per server's deps (AppDeps has no storage field yet; this keeps the choice in one place).
const byDeps = new WeakMap<AppDeps, ObjectStorage>();

export function storageFor(deps: AppDeps): ObjectStorage {
  let storage = byDeps.get(deps);
  if (!storage) byDeps.set(deps, (storage = openStorage(deps.config)));
  return storage;
}

/** Replaces the storage of a server (tests: an in-memory one); call before the server starts. */
export function useStorage(deps: AppDeps, storage: ObjectStorage): void {
  byDeps.set(deps, storage);
}

export const storageOf = <Refs extends ReqRef = ReqRef>(requestOrServer: Request<Refs> | Server): ObjectStorage =>
  storageFor(depsOf(requestOrServer));
