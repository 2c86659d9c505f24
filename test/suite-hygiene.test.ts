// The server suites hold rules, not plumbing (issue 38), checked on the text itself, comments
// included (the lint rules see only code): no numeric JSON-RPC error code (a code is named:
// ErrorCode.X, {code:X}, codeText), no verdict written by hand (.fail( / .warn(: verifiers
// write them), and no private copy of the shared helpers. The client suites join once they use
// the verifiers (their lint rules are warnings until then: eslint.config.js).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

const SERVER_SUITES = filesUnder('suites/server');

/** Each file's lines matching `pattern`, as "file:line: text". */
function linesMatching(pattern: RegExp): string[] {
  return SERVER_SUITES.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('server suites', () => {
  it('are many files (the walk found them)', () => {
    expect(SERVER_SUITES.length).toBeGreaterThan(100);
  });

  it('name every JSON-RPC error code, in code and in comments', () => {
    expect(linesMatching(/-32[0-9]{3}/)).toEqual([]);
  });

  it('write no verdict by hand', () => {
    expect(linesMatching(/\.(fail|warn)\(/)).toEqual([]);
  });

  it('keep no private copy of the shared helpers', () => {
    expect(linesMatching(/(function|const)\s+(isObject|isObj|isPlainObject|replyLine|sleep)\b|type\s+Json\s*=/)).toEqual([]);
  });

  it('give every skip a code and a detail', () => {
    // A one-argument skip would be a free sentence filed as not-applicable.
    expect(linesMatching(/\.skip\((['"`])[^'"`]*\1\s*\)/)).toEqual([]);
  });
});
