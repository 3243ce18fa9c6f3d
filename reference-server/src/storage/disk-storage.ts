// Local-disk storage: `<root>/data/<key>` holds the bytes, `<root>/meta/<key>.json` the content type. Writes go
// to a temp file first and are renamed into place, so a reader never sees half an object.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertValidKey, type ObjectStorage, type StoredObject } from './object-storage';

interface Meta {
  readonly contentType: string;
  readonly size: number;
}

const isMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export class DiskStorage implements ObjectStorage {
  constructor(readonly root: string) {}

  private paths(key: string): { data: string; meta: string } {
    assertValidKey(key);
    return { data: join(this.root, 'data', key), meta: join(this.root, 'meta', `${key}.json`) };
  }

  private static async atomicWrite(path: string, bytes: Buffer | string): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, path);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { data, meta } = this.paths(key);
    // Bytes first, metadata last: an object "exists" only once both are in place.
    await DiskStorage.atomicWrite(data, bytes);
    await DiskStorage.atomicWrite(meta, JSON.stringify({ contentType, size: bytes.length } satisfies Meta));
  }

  async get(key: string): Promise<StoredObject | null> {
    const { data, meta } = this.paths(key);
    try {
      const info = JSON.parse(await readFile(meta, 'utf8')) as Meta;
      return { bytes: await readFile(data), contentType: info.contentType };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    const { data, meta } = this.paths(key);
    try {
      await stat(meta);
      await stat(data);
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { data, meta } = this.paths(key);
    // Metadata first: the object stops "existing" before its bytes go (the reverse of put).
    await rm(meta, { force: true });
    await rm(data, { force: true });
  }
}
