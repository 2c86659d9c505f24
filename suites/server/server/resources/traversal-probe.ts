// The probe URIs of resources.read-invalid-uri-refused: from a listed file:// resource, URIs
// that climb out of its directory with ../ segments (as is, and percent-encoded %2e%2e/) to a
// file every Unix machine has. Built on the URI string, never through a URL parser, so that the
// server receives the dot segments themselves; where such a URI lands is worked out here by
// RFC 3986's remove_dot_segments (section 5.2.4) on the path, %2e read as ".".

/** Files that exist on any Unix machine: what a traversing read would reveal. */
export const TARGETS = ['/etc/passwd', '/etc/hostname'] as const;

/** The ways a probe spells a ".." segment. */
export const FORMS = [
  { name: 'plain', up: '../' },
  { name: 'percent-encoded', up: '%2e%2e/' },
] as const;

/** A file:// URI taken apart: "file://" and its authority, and the directory of its path (with its trailing "/"). */
export interface FileBase {
  uri: string;
  /** "file://" and the authority ("file://" for file:///...). */
  origin: string;
  /** The directory of the path, dot segments removed, ending in "/". */
  dir: string;
}

/** RFC 3986 section 5.2.4 on an absolute path (%2e read as "."): where a path with dot segments lands. */
export function removeDotSegments(path: string): string {
  const segments = path.replace(/%2e/gi, '.').split('/').slice(1);
  const out: string[] = [];
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (segment === '..') out.pop();
    if (segment !== '.' && segment !== '..') out.push(segment);
    else if (last) out.push('');
  }
  return `/${out.join('/')}`;
}

/** The directory a file:// URI's resource sits in; undefined for another scheme or a path that is not absolute. */
export function fileBase(uri: string): FileBase | undefined {
  const m = /^(file:\/\/[^/?#]*)(\/[^?#]*)/i.exec(uri);
  if (!m) return undefined;
  const path = removeDotSegments(m[2] ?? '/');
  return { uri, origin: m[1] ?? 'file://', dir: path.slice(0, path.lastIndexOf('/') + 1) };
}

/** How many "/"-separated names a directory has ("/srv/x/": 2). */
export const depth = (dir: string): number => dir.split('/').filter(Boolean).length;

/** Is `path` in `dir` or below it? */
export const within = (path: string, dir: string): boolean => path.startsWith(dir);

export interface Probe {
  uri: string;
  /** Where the URI lands once its dot segments are removed. */
  lands: string;
  form: (typeof FORMS)[number]['name'];
}

/**
 * The probes from `base`: each target reached from the base's directory by enough ".." to reach
 * the root and two more (a ".." at the root stays there), in each form; only targets outside
 * every directory in `served` (a target a server lists a directory of is its own business).
 */
export function traversalProbes(base: FileBase, served: readonly string[]): Probe[] {
  const climbs = depth(base.dir) + 2;
  return TARGETS.filter((target) => !served.some((dir) => within(target, dir))).flatMap((target) =>
    FORMS.map(({ name, up }) => {
      const uri = `${base.origin}${base.dir}${up.repeat(climbs)}${target.slice(1)}`;
      return { uri, lands: removeDotSegments(`${base.dir}${up.repeat(climbs)}${target.slice(1)}`), form: name };
    }),
  );
}
