// What a stdio process or an HTTP connection remembers of its modern requests. Only faults
// read it: the clean server is stateless (basic#statelessness), so nothing here may change a
// clean answer.
export interface ConnectionMemory {
  /** Capabilities declared by earlier requests (modern-capabilities-remembered). */
  capabilities: Record<string, unknown>;
  /** A server/discover was answered (modern-requires-discover-first). */
  discovered: boolean;
  /** A resources/read was served (modern-tools-list-side-effect). */
  sawRead: boolean;
  /** A tools/call was served (modern-resources-list-side-effect). */
  sawCall: boolean;
  /** The last requestState issued (modern-mrtr-state-by-connection). */
  pendingState?: string;
}

export function newConnectionMemory(): ConnectionMemory {
  return { capabilities: {}, discovered: false, sawRead: false, sawCall: false };
}
