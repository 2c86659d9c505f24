// basic/lifecycle#initialization: what the server answers to initialize. Judged on the result
// the revision's probe received (no request of its own), so that a broken handshake (no
// protocolVersion, no capabilities) still reaches a verdict: the probe counts such a revision
// as offered, and this is the check that runs there while the others skip.
import { defineChecks } from '../../../../harness/checks/define.js';
import { isObject } from '../../../../harness/rules/json.js';
import { RANGE } from '../../../../harness/revisions.js';
import { expectNone } from '../../../../harness/verify/index.js';

/** serverInfo is an Implementation: name and version required (every legacy revision). */
function serverInfoProblems(info: unknown): string[] {
  if (!isObject(info)) return [`serverInfo is ${info === undefined ? 'absent' : JSON.stringify(info)}, not an object`];
  return (['name', 'version'] as const).filter((m) => typeof info[m] !== 'string').map((m) => `serverInfo.${m} is ${info[m] === undefined ? 'absent' : JSON.stringify(info[m])}, not a string`);
}

export const initializeResultChecks = defineChecks({ page: 'basic/lifecycle', revisions: RANGE.legacy, needs: ['opening-answer'] }, [
  {
    id: 'lifecycle.initialize-result-fields',
    title: 'The initialize result carries protocolVersion, capabilities and serverInfo (name, version)',
    spec: { url: '#initialization', level: 'MUST' },
    requirement: 'The server MUST respond with its own capabilities and information (InitializeResult: protocolVersion, capabilities and serverInfo are required).',
    digest: ['LIFE-003'],
    faults: ['init-missing-server-info', 'initialize-result-no-protocol-version', 'initialize-result-no-capabilities'],
    async run(ctx) {
      const { result, resultSeq, brokenOpening: broken } = ctx.facts.server;
      if (resultSeq !== undefined) ctx.cite(resultSeq);
      // What the harness found broken in it (the revision then ran only checks like this one), and serverInfo.
      const problems = [...(broken?.problems ?? []), ...(broken?.notAnObject ? [] : serverInfoProblems(result.serverInfo))];
      return expectNone(ctx, problems, { expected: 'protocolVersion (string), capabilities (object) and serverInfo {name, version}', show: problems.length });
    },
  },
]);
