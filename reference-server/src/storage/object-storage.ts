// The one interface every stored object (property images, documents) goes through. Objects are immutable
// once written and never deleted by the public API: soft deletes hide the row and keep the bytes. Only the
// dashboard's landlord deletion removes objects (those of the landlord it deletes).

export interface StoredObject {
  readonly bytes: Buffer;
  readonly contentType: string;
}

export interface ObjectStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; nothing stored under the key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are relative slash-separated paths of safe characters; no `..`, no leading slash (they become file paths). */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (
    key.length > 300 ||
    !KEY_PATTERN.test(key) ||
    key.split('/').some((segment) => segment === '..' || segment === '.')
  ) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
