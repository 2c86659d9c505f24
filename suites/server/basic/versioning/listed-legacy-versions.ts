// VER-002 where a black box can see it: a server that answers every initialize with its newest
// version looks, to the revision probe, like a server of that one version (it never claims
// the others). A dual-era server names what it supports: server/discover's supportedVersions.
// A handshake version it lists is one it supports, so an initialize asking for it must get it
// back. Judged at 2026-07-28 (where that list is read), each initialize on a connection of its
// own, as a legacy client opens it.
import { defineChecks } from '../../../../harness/checks/define.js';
import { describeReply } from '../../../../harness/jsonrpc/types.js';
import { RANGE, revisionsIn } from '../../../../harness/revisions.js';
import { CLIENT_INFO } from '../../../../harness/sessions/session.js';
import { expectNone } from '../../../../harness/verify/index.js';

export const listedLegacyVersionChecks = defineChecks({ page: 'basic/versioning', revisions: RANGE.modern }, [
  // VER-002 (basic/lifecycle#version-negotiation, every handshake revision): "If the server
  // supports the requested protocol version, it MUST respond with the same version." A
  // dual-era server serves initialize with the handshake's rules (the compatibility matrix).
  {
    id: 'version.listed-legacy-version-echoed',
    title: 'initialize asking for a handshake version the server lists in supportedVersions gets that same version',
    spec: { url: '#backward-compatibility-with-initialization-based-versions', level: 'MUST' },
    requirement: 'If the server supports the requested protocol version, it MUST respond with the same version. (supportedVersions: Protocol versions the server supports.)',
    digest: ['VER-002'],
    // Bare connections, opened as a legacy client opens them.
    needs: ['connection'],
    faults: ['version-always-newest'],
    async run(ctx) {
      const known = revisionsIn(RANGE.legacy) as readonly string[];
      const listed = ctx.facts.server.versions.filter((v) => known.includes(v));
      if (listed.length === 0) return ctx.skip('not-offered', `server/discover lists no handshake version (supportedVersions ${ctx.brief(ctx.facts.server.versions)})`);
      const wrong: { text: string; seq?: number }[] = [];
      const unjudged: string[] = [];
      let refused = false;
      for (const version of listed) {
        // The revision probe already asked for it and got it back: nothing more to ask.
        if (ctx.probe.answers[version]?.version === version) continue;
        const conn = await ctx.connect();
        const reply = await conn.request('initialize', { protocolVersion: version, capabilities: {}, clientInfo: CLIENT_INFO });
        if (reply.kind !== 'result') {
          // A refusal or silence names no version to compare (the sentence judges the version answered).
          unjudged.push(`"${version}": ${describeReply(reply)}`);
          refused ||= reply.kind === 'error' || reply.kind === 'refused';
          continue;
        }
        const answered = (reply.result as { protocolVersion?: unknown } | null)?.protocolVersion;
        if (answered !== version) {
          wrong.push({ text: `initialize asking for "${version}" (listed in supportedVersions) was answered with protocolVersion ${ctx.brief(answered)}`, ...(reply.seq !== undefined ? { seq: reply.seq } : {}) });
        }
      }
      return expectNone(ctx, wrong, {
        expected: 'initialize asking for a listed handshake version is answered with that same version',
        judged: listed.length - unjudged.length,
        note: `listed: ${listed.join(', ')}`,
        nothing: { code: refused ? 'cannot-set-up' : 'no-answer', detail: `no initialize result to judge: ${unjudged.join('; ')}` },
      });
    },
  },
]);
