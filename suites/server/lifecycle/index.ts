// Lifecycle (LIFE-*): the initialize handshake and capability negotiation (2024-11-05..
// 2025-11-25), and statelessness, which replaces it at 2026-07-28.
import type { Check } from '../../../harness/checks/check.js';
import { handshakeChecks } from './handshake.js';
import { statelessChecks } from './stateless.js';

export const lifecycleChecks: Check[] = [...handshakeChecks, ...statelessChecks];
