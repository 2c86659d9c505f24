// A started server's ready line: `ready` is a substring, or a /regex/flags whose named group
// `url` (else its first group) captures the URL to test, for servers on a random port.

export interface ReadyMatcher {
  /** How the config wrote it, for messages. */
  text: string;
  /** Whether a match yields a URL. */
  capturesUrl: boolean;
  /** undefined: not the ready line; otherwise the captured URL, if any. */
  match(line: string): { url?: string } | undefined;
}

const REGEX_FORM = /^\/(.+)\/([a-z]*)$/s;

/** Throws an Error whose message says what is wrong with the pattern. */
export function readyMatcher(text: string): ReadyMatcher {
  const form = REGEX_FORM.exec(text);
  if (!form) return { text, capturesUrl: false, match: (line) => (line.includes(text) ? {} : undefined) };
  const [, source = '', flags = ''] = form;
  if (/[gy]/.test(flags)) throw new Error('the flags g and y are not allowed');
  const regex = new RegExp(source, flags);
  // An alternative that matches the empty string reveals how many groups the pattern has.
  const groups = (new RegExp(`(?:${source})|`, flags).exec('')?.length ?? 1) - 1;
  return {
    text,
    capturesUrl: groups > 0,
    match(line) {
      const m = regex.exec(line);
      if (!m) return undefined;
      const url = m.groups?.url ?? m[1];
      return url === undefined ? {} : { url };
    },
  };
}
