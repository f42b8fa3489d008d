import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/**
 * Where attachment contents live. The local folder is the only transport today; an
 * S3-compatible store goes behind the same three calls.
 */
export abstract class AttachmentStorage {
  /** Stores the bytes under a fresh random key and returns it. */
  abstract put(tenantId: string, content: Buffer): Promise<string>;
  abstract get(tenantId: string, key: string): Promise<Buffer | null>;
  abstract remove(tenantId: string, key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{32}$/;
const TENANT = /^[0-9a-f-]{36}$/;

/**
 * <dataDir>/attachments/<tenant>/<random 128-bit hex>. The key is made here and checked on the
 * way back, and the customer's file name is never part of a path.
 */
export class LocalAttachmentStorage extends AttachmentStorage {
  constructor(private readonly root: string) {
    super();
  }

  private file(tenantId: string, key: string): string {
    if (!TENANT.test(tenantId) || !KEY.test(key)) throw new Error('invalid attachment key');
    return path.join(this.root, tenantId, key);
  }

  async put(tenantId: string, content: Buffer): Promise<string> {
    const key = randomBytes(16).toString('hex');
    const file = this.file(tenantId, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content, { flag: 'wx' });
    return key;
  }

  async get(tenantId: string, key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(tenantId, key));
    } catch {
      return null;
    }
  }

  async remove(tenantId: string, key: string): Promise<void> {
    await fs.rm(this.file(tenantId, key), { force: true });
  }
}
