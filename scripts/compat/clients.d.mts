// The types of clients.mjs, for test/compat.test.ts.
export interface ClientFinding {
  id: string;
  status: 'fail' | 'warn';
  revisions: string[];
  source: string;
  why: string;
}
export const CLIENTS: { name: string; label: string; package: string; transport: string; accepted: string[]; notRun?: Record<string, string>; run: string; findings: ClientFinding[] }[];
