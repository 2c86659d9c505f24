// The reference server's Skills extension (SEP-2640) at 2026-07-28 over stdio: declared in
// server/discover, skills/list and skills/get, and every manifest entry's size and sha256
// equal to the bytes resources/read serves. Needs dist/ (built by `npm test`).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const MAIN = resolve('dist/reference/server/main.js');
type Msg = Record<string, unknown>;
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'skills-test', version: '1' },
};

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** One request, one answer (frames are newline-delimited JSON). */
function client(): (method: string, params?: Msg) => Promise<Msg> {
  const child = spawn(process.execPath, [MAIN], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, MCP_REF_FAULTS: '' } });
  children.push(child);
  child.stdout.setEncoding('utf8');
  const waiting = new Map<number, (m: Msg) => void>();
  let buf = '';
  child.stdout.on('data', (d: string) => {
    buf += d;
    for (let i = buf.indexOf('\n'); i !== -1; i = buf.indexOf('\n')) {
      const m = JSON.parse(buf.slice(0, i)) as Msg;
      buf = buf.slice(i + 1);
      waiting.get(m.id as number)?.(m);
    }
  });
  let next = 0;
  return (method, params = {}) =>
    new Promise((done) => {
      const id = ++next;
      waiting.set(id, done);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } })}\n`);
    });
}

describe('Skills extension at 2026-07-28', () => {
  it('declares the extension beside resources and serves consistent entries and files', async () => {
    const ask = client();
    const caps = ((await ask('server/discover')).result as Msg).capabilities as Msg;
    expect(caps.extensions).toMatchObject({ 'io.modelcontextprotocol/skills': {} });
    expect(caps.resources).toBeDefined();
    // One entry per page: follow the cursors to the end.
    const skills: { uri: string; frontmatter: Msg; resources: { uri: string; digest: string; size: number }[] }[] = [];
    for (let cursor: unknown, pages = 0; pages === 0 || cursor !== undefined; pages++) {
      const list = (await ask('skills/list', cursor === undefined ? {} : { cursor })).result as Msg;
      expect(list).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
      skills.push(...(list.skills as typeof skills));
      cursor = list.nextCursor;
      expect(pages).toBeLessThan(10);
    }
    expect(skills.length).toBeGreaterThan(1);
    expect(skills.map((s) => s.uri)).toContain('skill://acme/billing/refunds/SKILL.md');
    // The nested disputes skill's files are supporting files of refunds too.
    const manifest = (uri: string) => skills.find((s) => s.uri === uri)?.resources.map((r) => r.uri) ?? [];
    expect(manifest('skill://acme/billing/refunds/SKILL.md')).toEqual(expect.arrayContaining(manifest('skill://acme/billing/refunds/disputes/SKILL.md')));
    expect(manifest('skill://acme/billing/refunds/disputes/SKILL.md')).toHaveLength(2);
    for (const s of skills) {
      expect(s.uri.split('/').at(-2)).toBe(s.frontmatter.name);
      expect(s.resources.map((r) => r.uri)).toContain(s.uri);
      for (const r of s.resources) {
        const read = (await ask('resources/read', { uri: r.uri })).result as { contents: { text: string; mimeType: string }[] };
        const bytes = Buffer.from(read.contents[0]?.text ?? '', 'utf8');
        expect(r.size).toBe(bytes.length);
        expect(r.digest).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
        if (r.uri === s.uri) {
          expect(read.contents[0]?.mimeType).toBe('text/markdown');
          const front = /^---\n([\s\S]*?)\n---\n/.exec(read.contents[0]?.text ?? '')?.[1] ?? '';
          expect(parse(front)).toEqual(s.frontmatter);
        }
      }
      const got = (await ask('skills/get', { uri: s.uri })).result as Msg;
      expect(got).toMatchObject({ resultType: 'complete', skill: s, ttlMs: 60_000, cacheScope: 'public' });
    }
    expect(((await ask('skills/get', { uri: 'skill://nothing/SKILL.md' })).error as Msg).code).toBe(-32602);
  });

  it('declares directoryRead and lists the direct children of each directory, two per page', async () => {
    const ask = client();
    const caps = ((await ask('server/discover')).result as Msg).capabilities as Msg;
    expect(caps.extensions).toEqual(expect.objectContaining({ 'io.modelcontextprotocol/skills': { directoryRead: true } }));
    const read = async (uri: string) => {
      const out: Msg[] = [];
      for (let cursor: unknown, pages = 0; pages === 0 || cursor !== undefined; pages++) {
        const r = (await ask('resources/directory/read', cursor === undefined ? { uri } : { uri, cursor })).result as Msg;
        expect(r.resultType).toBe('complete');
        out.push(...(r.resources as Msg[]));
        cursor = r.nextCursor;
      }
      return out;
    };
    const root = await read('skill://acme/billing/refunds');
    expect(root.map((c) => [c.uri, c.mimeType])).toEqual([
      ['skill://acme/billing/refunds/SKILL.md', 'text/markdown'],
      ['skill://acme/billing/refunds/disputes', 'inode/directory'],
      ['skill://acme/billing/refunds/policy.md', 'text/markdown'],
      ['skill://acme/billing/refunds/templates', 'inode/directory'],
    ]);
    // A SKILL.md child is named and described from its frontmatter.
    expect(root[0]).toMatchObject({ name: 'refunds', description: 'Issue a refund for an ACME invoice, following the policy.' });
    expect((await read('skill://acme/billing/refunds/templates')).map((c) => c.uri)).toEqual(['skill://acme/billing/refunds/templates/credit-note.md']);
    expect((await read('skill://acme')).map((c) => c.uri)).toEqual(['skill://acme/billing']);
    for (const uri of ['skill://acme/billing/refunds/SKILL.md', 'skill://nothing', 'skill://acme/billing/refunds/']) {
      expect(((await ask('resources/directory/read', { uri })).error as Msg).code).toBe(-32602);
    }
  });
});
