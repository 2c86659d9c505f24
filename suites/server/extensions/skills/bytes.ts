// The manifest against the files themselves: each sampled file, read back, has the byte
// length of its manifest size and the SHA-256 of its manifest digest. A read that returns
// other than one content item has no bytes to compare (SKILL-A10); a malformed size or digest
// is the format check's (manifest.ts). Judged on the recorded look's sample (look.ts).
import { defineChecks } from '../../../../harness/checks/define.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { isLook, resultOf, seqOf, skillsLook, SKILLS_NEEDS, SKILLS_PAGE } from './look.js';
import { bytesOf, DIGEST, digestOf, isSize } from './rules.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;

export const byteChecks = defineChecks(PAGE, [
  // resources: "Each entry MUST carry size, the length in bytes of the file's raw content (the
  // same bytes the digest covers)."; integrity-and-verification: "Digests are SHA-256 hashes
  // of a file's raw bytes".
  {
    id: 'skills.file-bytes-match-manifest',
    title: 'Each sampled skill file reads back with the byte length and SHA-256 its manifest item states',
    spec: { url: `${SKILLS_PAGE}#resources`, level: 'MUST' },
    requirement: "Each entry MUST carry `size`, the length in bytes of the file's raw content (the same bytes the `digest` covers).",
    digest: ['SKILL-038', 'SKILL-039'],
    faults: ['skills-digest-over-crlf'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      let judged = 0;
      const bad: Violation[] = look.reads.flatMap((read) => {
        const result = resultOf(read.reply);
        const got = result ? bytesOf(result) : undefined;
        if (!read.listed || !got || 'problem' in got) return [];
        const { size, digest } = read.listed;
        const sizeOk = isSize(size);
        const digestOk = typeof digest === 'string' && DIGEST.test(digest);
        if (!sizeOk && !digestOk) return [];
        judged++;
        const out: Violation[] = [];
        if (sizeOk && size !== got.bytes.length) out.push({ text: `${read.uri}: ${got.bytes.length} bytes, size ${size}`, ...seqOf(read.reply) });
        if (digestOk && digest !== digestOf(got.bytes)) out.push({ text: `${read.uri}: ${digestOf(got.bytes)}, digest ${digest}`, ...seqOf(read.reply) });
        return out;
      });
      return expectNone(ctx, bad, {
        expected: 'each file read back: as many bytes as its size, and the SHA-256 its digest names',
        judged,
        nothing: { code: 'nothing-observed', detail: 'no listed file read back with one content item and a well-formed size or digest' },
      });
    },
  },
]);
