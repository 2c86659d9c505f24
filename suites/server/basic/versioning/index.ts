// basic/versioning (and the version negotiation of basic/lifecycle): the initialize
// handshake's negotiation (2024-11-05..2025-11-25), the per-request protocol fields and
// self-reported identities of 2026-07-28, and how a modern server meets a legacy initialize.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { codeText } from '../../../../harness/rules/error-codes.js';
import { initializeNegotiationChecks } from './initialize-negotiation.js';
import { legacyInitializeChecks } from './legacy-initialize.js';
import { listedLegacyVersionChecks } from './listed-legacy-versions.js';
import { perRequestFieldChecks } from './per-request-fields.js';
import { selfReportedIdentityChecks } from './self-reported-identity.js';

export const group: PageGroup<Check> = {
  checks: [...initializeNegotiationChecks, ...perRequestFieldChecks, ...selfReportedIdentityChecks, ...legacyInitializeChecks, ...listedLegacyVersionChecks],
  excluded: {
    'VER-006': { reason: 'judged-elsewhere', side: 'server', detail: 'The sentence of SHTTP-052 (no MCP-Protocol-Version header: assume 2025-03-26 or the negotiated version), judged by http.protocol-version-absent-accepted.' },
    'VER-037': { reason: 'informative', side: 'server', detail: 'A server MAY serve both eras, picking one from how the client opens; each era\'s own checks judge what it serves.' },
    'VER-041': { reason: 'judged-elsewhere', side: 'server', detail: `For the tasks extension of 2026-07-28, TASK-101 and TASK-103 restate it and are judged by tasks.ext-no-task-without-extension and tasks.ext-requires-extension (no task result, ${codeText('MissingRequiredClientCapability')} or core behaviour without the extension declared).` },
  },
};
