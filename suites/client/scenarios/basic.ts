// The basic scenario: a plain scripted server of the revision under test that offers one tool,
// one resource and one prompt. It is the probe (the revisions where the client completes its
// opening against it are the ones it offers), and its recording is judged by every check about
// ordinary traffic: lifecycle order, ids, schemas, headers.
import type { ClientScenario } from '../../../harness/client/scenario.js';
import { RANGE } from '../../../harness/revisions.js';

export const BASIC = 'basic.plain-server';

export const basicScenario: ClientScenario = {
  id: BASIC,
  title: 'A plain server: one tool, one resource, one prompt',
  revisions: RANGE.all,
  transports: 'any',
  official: 'initialize',
  server: {
    tools: [
      // `test-tool` is the name the official suite's clients call.
      { name: 'test-tool', description: 'Echoes its arguments', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
    ],
    resources: [{ uri: 'mcp-conformance://basic/readme', name: 'readme', mimeType: 'text/plain', text: 'hello' }],
    prompts: [{ name: 'greeting', description: 'A greeting' }],
  },
};
