// Versioning (VER-*): the initialize handshake's negotiation (2024-11-05..2025-11-25), the
// per-request protocol fields and identities of 2026-07-28, and how the eras meet.
import type { Check } from '../../../harness/checks/check.js';
import { eraChecks } from './eras.js';
import { handshakeChecks } from './handshake.js';
import { identityChecks } from './identity.js';
import { perRequestChecks } from './per-request.js';

export const versionChecks: Check[] = [...handshakeChecks, ...perRequestChecks, ...identityChecks, ...eraChecks];
