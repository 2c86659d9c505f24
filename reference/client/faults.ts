// The fault registry of the reference client. Each fault breaks exactly one client-side rule
// of the spec digest and is honoured in exactly one place, behind `isOn('<id>')`. Adding a
// fault is one entry in faults/<area>.ts plus one guard where the rule is implemented.
// Ids are frozen: client checks name them.
import { FaultRegistry } from '../fault-registry.js';
import { COV_MESSAGES_FAULTS } from './faults/cov-messages.js';
import { COV_LIFECYCLE_FAULTS } from './faults/cov-lifecycle.js';
import { COV_UTILITIES_FAULTS } from './faults/cov-utilities.js';
import { COV_FEATURES_FAULTS } from './faults/cov-features.js';
import { COV_INPUTS_FAULTS } from './faults/cov-inputs.js';
import { COV_TRANSPORTS_FAULTS } from './faults/cov-transports.js';
import { COV_AUTH_FAULTS } from './faults/cov-auth.js';
import { AUTH_FAULTS } from './faults/auth.js';
import { BATCH_FAULTS } from './faults/batches.js';
import { BASE_FAULTS } from './faults/base.js';
import { FEATURES_FAULTS } from './faults/features.js';
import { INTEROP_FAULTS } from './faults/interop.js';
import { LIFECYCLE_FAULTS } from './faults/lifecycle.js';
import { MODERN_FAULTS } from './faults/modern.js';
import { TRANSPORT_FAULTS } from './faults/transports.js';
import { UTILITIES_FAULTS } from './faults/utilities.js';
import { SKILLS_FAULTS } from './faults/skills.js';
import { TASKS_FAULTS } from './faults/tasks.js';

export type { EraName, FaultSpec, TransportName } from './faults/types.js';

export const FAULTS = [...BASE_FAULTS, ...LIFECYCLE_FAULTS, ...MODERN_FAULTS, ...FEATURES_FAULTS, ...UTILITIES_FAULTS, ...TRANSPORT_FAULTS, ...AUTH_FAULTS, ...INTEROP_FAULTS, ...COV_MESSAGES_FAULTS, ...COV_LIFECYCLE_FAULTS, ...COV_UTILITIES_FAULTS, ...COV_FEATURES_FAULTS, ...COV_INPUTS_FAULTS, ...COV_TRANSPORTS_FAULTS, ...COV_AUTH_FAULTS, ...BATCH_FAULTS, ...SKILLS_FAULTS, ...TASKS_FAULTS] as const;

export type FaultId = (typeof FAULTS)[number]['id'];

const registry = new FaultRegistry<FaultId>(FAULTS);

export const { isFaultId, enableFaults, isOn, activeFaults, consultedFaults } = registry;

/** The line MCP_REF_CLIENT_TRACE_FAULTS=1 adds to stderr at exit, before the faults whose guard ran. */
export const TRACE_PREFIX = 'reference client: faults consulted: ';
