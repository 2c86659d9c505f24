// WWW-Authenticate challenges (RFC 9110 §11.6.1): schemes with auth-params. Pure parsing,
// shared by the auth checks and the tests.

export interface Challenge {
  scheme: string;
  /** Parameter names lower-cased, values unquoted. */
  params: Record<string, string>;
}

/** Parse a WWW-Authenticate value (RFC 9110 §11.6.1): schemes with auth-params. Tolerant. */
export function parseChallenges(value: string | undefined): Challenge[] {
  if (!value) return [];
  const out: Challenge[] = [];
  const re = /\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:\s*=\s*("(?:[^"\\]|\\.)*"|[^,\s]*))?\s*,?/gy;
  let m: RegExpExecArray | null;
  let current: Challenge | undefined;
  while ((m = re.exec(value)) !== null && m[0] !== '') {
    const [, name, raw] = m;
    if (raw === undefined) {
      // A token without "=": a new scheme (token68 credentials are not expected in challenges).
      current = { scheme: name as string, params: {} };
      out.push(current);
    } else if (current) {
      current.params[(name as string).toLowerCase()] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    }
  }
  return out;
}

export function bearerChallenge(value: string | undefined): Challenge | undefined {
  return parseChallenges(value).find((c) => c.scheme.toLowerCase() === 'bearer');
}
