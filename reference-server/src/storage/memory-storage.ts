// In-process storage: for tests that want to look inside, and for throwaway servers.
import { assertValidKey, type ObjectStorage, type StoredObject } from './object-storage';

export class MemoryStorage implements ObjectStorage {
  private readonly objects = new Map<string, StoredObject>();

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    this.objects.set(key, { bytes: Buffer.from(bytes), contentType });
  }

  async get(key: string): Promise<StoredObject | null> {
    const found = this.objects.get(key);
    return found ? { bytes: Buffer.from(found.bytes), contentType: found.contentType } : null;
  }

  async exists(key: string): Promise<boolean> {
    return this.objects.has(key);
  }

  async delete(key: string): Promise<void> {
    this.objects.delete(key);
  }

  get size(): number {
    return this.objects.size;
  }
}
