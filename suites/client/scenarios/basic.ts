// The basic scenario: a plain scripted server of the revision under test that offers two
// tools, one resource and one prompt with an optional argument (and completions for it, from
// 2025-03-26). It is the probe (the revisions where the client completes its opening against
// it are the ones it offers), and its recording is judged by every check about ordinary
// traffic: lifecycle order, ids, schemas, `_meta`, stdio framing and shutdown, headers.
import type { ClientScenario } from '../../../harness/client/scenario.js';
import { RANGE, inRange, since } from '../../../harness/revisions.js';

export const BASIC = 'basic.plain-server';

export const basicScenario: ClientScenario = {
  id: BASIC,
  title: 'A plain server: two tools, one resource, one prompt',
  revisions: RANGE.all,
  transports: 'any',
  official: 'initialize',
  server: {
    capabilities: (revision) => ({ tools: {}, resources: {}, prompts: {}, ...(inRange(revision, since('2025-03-26')) ? { completions: {} } : {}) }),
    tools: [
      // `test-tool` is the name the official suite's clients call.
      { name: 'test-tool', description: 'Echoes its arguments', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
      { name: 'second-tool', description: 'Echoes its arguments too', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, annotations: { readOnlyHint: true } },
    ],
    resources: [{ uri: 'mcp-conformance://basic/readme', name: 'readme', mimeType: 'text/plain', text: 'hello' }],
    prompts: [{ name: 'greeting', description: 'A greeting', arguments: [{ name: 'name', description: 'Who to greet', required: false }] }],
  },
};
