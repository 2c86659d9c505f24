// The fault registry of the reference server. Each fault breaks exactly one rule and is
// honoured in exactly one place, behind `isOn('<id>')`. Adding a fault is one entry here
// plus one guard where the rule is implemented: add the entry to faults/<area>.ts. Ids are frozen: checks name them.

import { FaultRegistry } from '../fault-registry.js';
import { COV_MESSAGES_FAULTS } from './faults/cov-messages.js';
import { COV_LIFECYCLE_FAULTS } from './faults/cov-lifecycle.js';
import { COV_UTILITIES_FAULTS } from './faults/cov-utilities.js';
import { COV_FEATURES_FAULTS } from './faults/cov-features.js';
import { COV_INPUTS_FAULTS } from './faults/cov-inputs.js';
import { COV_TRANSPORTS_FAULTS } from './faults/cov-transports.js';
import { COV_AUTH_FAULTS } from './faults/cov-auth.js';
import { FEATURES_FAULTS } from './faults/features.js';
import { FUZZ_FAULTS } from './faults/fuzz.js';
import { HANDSHAKE_FAULTS } from './faults/handshake.js';
import { HTTP_FAULTS } from './faults/http.js';
import { HYGIENE_FAULTS } from './faults/hygiene.js';
import { MODERN_FAULTS } from './faults/modern.js';
import { SKILLS_FAULTS } from './faults/skills.js';
import { SPINE_FAULTS } from './faults/spine.js';
import { TASKS_FAULTS } from './faults/tasks.js';
import { UTILITIES_FAULTS } from './faults/utilities.js';

/** Every fault, one file per area under faults/ (so areas can grow without touching one list). */
export const FAULTS = [...SPINE_FAULTS, ...FEATURES_FAULTS, ...UTILITIES_FAULTS, ...HTTP_FAULTS, ...FUZZ_FAULTS, ...MODERN_FAULTS, ...TASKS_FAULTS, ...SKILLS_FAULTS, ...HANDSHAKE_FAULTS, ...HYGIENE_FAULTS, ...COV_MESSAGES_FAULTS, ...COV_LIFECYCLE_FAULTS, ...COV_UTILITIES_FAULTS, ...COV_FEATURES_FAULTS, ...COV_INPUTS_FAULTS, ...COV_TRANSPORTS_FAULTS, ...COV_AUTH_FAULTS] as const;

export type FaultId = (typeof FAULTS)[number]['id'];

const registry = new FaultRegistry<FaultId>(FAULTS);

export const { isFaultId, enableFaults, isOn, activeFaults } = registry;
