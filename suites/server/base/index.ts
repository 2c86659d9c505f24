// JSON-RPC base (BASE-*): envelopes, responses and notifications in every era; what every
// result carries and the error-code policy of 2026-07-28.
// Spec: basic/messages (2024-11-05), basic (2025-03-26 on); JSON-RPC 2.0 for the codes.
import type { Check } from '../../../harness/checks/check.js';
import { envelopeChecks } from './envelope.js';
import { errorCodeChecks } from './error-codes.js';
import { responseChecks } from './responses.js';
import { resultChecks } from './results.js';

export const baseChecks: Check[] = [...envelopeChecks, ...responseChecks, ...resultChecks, ...errorCodeChecks];
