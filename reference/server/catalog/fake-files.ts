// The reference's fake filesystem, for the file:// reads that a fault or a mode lets through:
// the listed file:// resources and two files every Unix machine has, with made-up contents.
// Never the real disk.
import { posix } from 'node:path';
import { RESOURCES } from './resources.js';

const FAKE_FS: ReadonlyMap<string, string> = new Map([
  ...RESOURCES.flatMap((r): [string, string][] => (r.uri.startsWith('file://') && r.text !== undefined ? [[r.uri.slice('file://'.length), r.text]] : [])),
  ['/etc/passwd', 'root:x:0:0:root:/root:/bin/sh\n'],
  ['/etc/hostname', 'reference\n'],
]);

/** The directory the listed file:// resources are served from. */
export const SERVED_DIR = '/srv/reference/docs/';

/** The path of a file:// URI (after "file://", before any query), as sent; undefined for another URI. */
export function filePath(uri: string): string | undefined {
  return /^file:\/\/([^?#]*)/.exec(uri)?.[1];
}

/** The fake file at `path` once it is percent-decoded and its dot segments resolved. */
export function fakeFile(path: string): string | undefined {
  try {
    return FAKE_FS.get(posix.normalize(decodeURIComponent(path)));
  } catch {
    return undefined;
  }
}
