// The authorization-server checks (issue 40): what MCP requires of an OAuth AS at each revision,
// judged from raw, deliberate HTTP requests (harness/authorization), one file per concept.
// Features the AS does not advertise are skipped `not-offered`; exchanges that need a code skip
// `cannot-set-up` when no code can be had without a login.
import type { AsCheck } from '../../harness/authorization/check.js';
import { metadataChecks } from './metadata.js';
import { pkceChecks } from './pkce.js';
import { registrationChecks } from './registration.js';
import { resourceChecks } from './resource.js';
import { responseChecks } from './response.js';
import { tokenChecks } from './tokens.js';

export const authorizationChecks: AsCheck[] = [...metadataChecks, ...pkceChecks, ...resourceChecks, ...registrationChecks, ...tokenChecks, ...responseChecks];
