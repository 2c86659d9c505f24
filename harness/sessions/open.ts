// Opening a session in the era of a revision: the only place that picks between them.
import type { Peer } from '../jsonrpc/peer.js';
import { revisionInfo } from '../revisions.js';
import { startLegacySession } from './legacy.js';
import { startModernSession } from './modern.js';
import type { Session, SessionOptions } from './session.js';

export function startSession(peer: Peer, revision: string, opts: SessionOptions = {}): Promise<Session> {
  return revisionInfo(revision).era === 'modern' ? startModernSession(peer, revision, opts) : startLegacySession(peer, revision, opts);
}
