// --oauth-cache <file>: tokens and the registered client kept between runs, in that one file
// only, readable by its owner only (0600). Keyed by authorization server and resource.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import type { ClientIdentity } from './types.js';

export interface CachedGrant {
  clientId: string;
  clientSecret?: string;
  identity: ClientIdentity;
  accessToken?: string;
  /** Epoch ms; absent when the server gave no lifetime. */
  expiresAt?: number;
  refreshToken?: string;
}

type CacheFile = { version: 1; entries: Record<string, CachedGrant> };

const keyOf = (issuer: string, resource: string): string => `${issuer} ${resource}`;

async function readCache(file: string): Promise<CacheFile> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<CacheFile>;
    return parsed.version === 1 && typeof parsed.entries === 'object' && parsed.entries !== null ? (parsed as CacheFile) : { version: 1, entries: {} };
  } catch {
    return { version: 1, entries: {} };
  }
}

export async function cachedGrant(file: string, issuer: string, resource: string): Promise<CachedGrant | undefined> {
  return (await readCache(file)).entries[keyOf(issuer, resource)];
}

export async function storeGrant(file: string, issuer: string, resource: string, grant: CachedGrant): Promise<void> {
  const cache = await readCache(file);
  cache.entries[keyOf(issuer, resource)] = grant;
  await writeFile(file, `${JSON.stringify(cache, null, 2)}\n`, { mode: 0o600 });
  // writeFile's mode applies to a new file only.
  await chmod(file, 0o600);
}
