// A 2026-07-28 server that rejects the client's first request with
// UnsupportedProtocolVersion although it lists the client's version (the client should retry
// with it, and not fall back to initialize), and rejects the first tools/call with an
// UnsupportedProtocolVersion error that lists only a version the client cannot have (the
// client should give that call up, not retry it with a version the server did not list).
import type { ClientScenario } from '../../../harness/client/scenario.js';
import { META_KEYS } from '../../../harness/sessions/session.js';
import { RANGE } from '../../../harness/revisions.js';
import { isObject } from '../../../harness/rules/json.js';
import { codeText, ErrorCode } from '../../../harness/rules/error-codes.js';

export const VERSION_REJECTED = 'version.version-rejected';
/** A version no client can speak. */
export const FUTURE_VERSION = '2999-01-01';

const tool = (name: string) => ({ name, description: 'Echoes its arguments', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, annotations: { readOnlyHint: true } });

export const versionRejectedScenario: ClientScenario = {
  id: VERSION_REJECTED,
  title: `A 2026-07-28 server that answers ${codeText('UnsupportedProtocolVersion')} to the first request and to the first tool call`,
  revisions: RANGE.modern,
  transports: 'any',
  official: 'initialize',
  server: {
    tools: [tool('test-tool'), tool('second-tool')],
    onRequest(method, ctx) {
      const meta = isObject(ctx.params._meta) ? ctx.params._meta : {};
      const requested = typeof meta[META_KEYS.protocolVersion] === 'string' ? meta[META_KEYS.protocolVersion] : 'none';
      const reject = (supported: string[]) => ({ error: { code: ErrorCode.UnsupportedProtocolVersion, message: 'Unsupported protocol version', data: { supported, requested } } });
      if (ctx.recording.requests()[0]?.message === ctx.message) return reject([ctx.revision]);
      if (method === 'tools/call' && ctx.recording.requests('tools/call')[0]?.message === ctx.message) return reject([FUTURE_VERSION]);
      return undefined;
    },
  },
};
