// Modern-era faults of subscriptions/listen (digest 09, SUB-*).
import type { ModernFault } from './modern.js';

const BOTH = ['stdio', 'http'] as const;

export const MODERN_SUBSCRIPTIONS_FAULTS = [
  {
    id: 'modern-listen-unrequested-type',
    transports: BOTH,
    description: 'SUB-001: every listen gets notifications/tools/list_changed right after its acknowledgment, requested or not.',
  },
  {
    id: 'modern-listen-ack-adds-types',
    transports: BOTH,
    description: 'SUB-002: the acknowledgment lists all four notification types, also those the listen did not request.',
  },
  {
    id: 'modern-listen-notification-before-ack',
    transports: BOTH,
    description: 'SUB-002: a listen with resourceSubscriptions gets notifications/resources/updated for them before its acknowledgment.',
  },
  {
    id: 'modern-listen-id-stringified',
    transports: BOTH,
    description: 'SUB-003: the subscriptionId on listen frames is the listen id as a string (7 becomes "7").',
  },
  {
    id: 'modern-listen-notification-no-id',
    transports: BOTH,
    description: 'SUB-003: notifications/resources/updated on a listen stream carry no subscriptionId (the acknowledgment does).',
  },
  {
    id: 'modern-listen-single-subscription',
    transports: BOTH,
    description: 'SUB-005: only the newest open subscription gets notifications; older ones go silent.',
  },
] as const satisfies readonly ModernFault[];
