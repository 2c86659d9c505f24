// basic/versioning, client side (2026-07-28, VER-010, VER-011, VER-040): the per-request
// `_meta` every request carries (spec: basic#meta) and the extension ids a client declares.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { META_KEYS } from '../../../../harness/sessions/session.js';
import { BASIC } from '../../scenarios/basic.js';
import { metaKeyProblem } from '../../support/meta-keys.js';
import { isObject } from '../../../../harness/rules/json.js';
import { metaOf } from '../../support/wire.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';

export const requestMetaClientChecks = defineClientChecks({ page: 'basic/versioning', revisions: RANGE.modern }, [
  // VER-010: "Client requests carry the following io.modelcontextprotocol/* fields in _meta;
  // fields marked as required MUST be included on every request." (protocolVersion, clientCapabilities)
  {
    id: 'version.request-meta',
    title: 'Every request carries _meta protocolVersion and clientCapabilities',
    spec: { url: 'basic#meta', level: 'MUST' },
    requirement: 'Client requests carry the following io.modelcontextprotocol/* fields in _meta; fields marked as required MUST be included on every request. (io.modelcontextprotocol/protocolVersion: string, required; io.modelcontextprotocol/clientCapabilities: ClientCapabilities, required)',
    fix: 'Put io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities in params._meta of every request, the probe and retries included.',
    digest: ['VER-010'],
    scenario: BASIC,
    faults: ['meta-protocol-version-missing', 'meta-client-capabilities-missing'],
    async run(ctx) {
      const requests = ctx.recording.requests();
      if (requests.length === 0) return ctx.skip('nothing-observed', 'the client sent no request');
      const violations = requests.flatMap((m) => {
        const meta = metaOf(m);
        const missing: string[] = [];
        if (typeof meta?.[META_KEYS.protocolVersion] !== 'string') missing.push(META_KEYS.protocolVersion);
        if (!isObject(meta?.[META_KEYS.clientCapabilities])) missing.push(META_KEYS.clientCapabilities);
        return missing.length === 0 ? [] : [{ text: `${String(m.message.method)} lacks ${missing.join(' and ')}`, seq: m.seq }];
      });
      return expectNone(ctx, violations, { expected: 'protocolVersion (string) and clientCapabilities (object) in every request _meta', judged: requests.length });
    },
  },

  // VER-011: "Clients SHOULD include io.modelcontextprotocol/clientInfo on every request unless
  // specifically configured not to do so." (Its shape is judged by schema.client-messages-valid.)
  {
    id: 'version.client-info-sent',
    title: 'Every request carries _meta clientInfo',
    spec: { url: 'basic#meta', level: 'SHOULD' },
    requirement: 'Clients SHOULD include io.modelcontextprotocol/clientInfo on every request unless specifically configured not to do so.',
    digest: ['VER-011'],
    scenario: BASIC,
    faults: ['meta-client-info-missing'],
    async run(ctx) {
      const requests = ctx.recording.requests();
      if (requests.length === 0) return ctx.skip('nothing-observed', 'the client sent no request');
      const without = requests.filter((m) => metaOf(m)?.[META_KEYS.clientInfo] === undefined);
      return expectNone(
        ctx,
        without.map((m) => ({ text: `${String(m.message.method)} without it`, seq: m.seq })),
        { expected: `${META_KEYS.clientInfo} in every request _meta`, judged: requests.length, reason: `${without.length} of ${requests.length} request(s) without it` },
      );
    },
  },

  // VER-040: "Extension identifiers MUST follow the _meta key naming rules, with a mandatory prefix."
  {
    id: 'version.extension-ids',
    title: 'Extension ids in clientCapabilities.extensions have a prefix and follow the _meta key rules',
    spec: { url: '#extension-negotiation', level: 'MUST' },
    requirement: 'Extension identifiers MUST follow the _meta key naming rules, with a mandatory prefix.',
    digest: ['VER-040'],
    scenario: BASIC,
    faults: ['extension-id-no-prefix'],
    async run(ctx) {
      let seen = 0;
      const violations: Violation[] = [];
      for (const m of ctx.recording.requests()) {
        const caps = metaOf(m)?.[META_KEYS.clientCapabilities];
        const extensions = isObject(caps) && isObject(caps.extensions) ? caps.extensions : undefined;
        for (const id of Object.keys(extensions ?? {})) {
          seen++;
          const problem = metaKeyProblem(id, true);
          if (problem) violations.push({ text: `extension id ${ctx.brief(id)}: ${problem}`, seq: m.seq });
        }
      }
      return expectNone(ctx, violations, { expected: 'extension ids like io.modelcontextprotocol/tasks', judged: seen, nothing: { code: 'nothing-observed', detail: 'the client declared no extension' } });
    },
  },
]);
