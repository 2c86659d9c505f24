// The types of rows.mjs, for test/bench-vs.test.ts.
export interface Row {
  name: string;
  group: string;
  role: 'server' | 'client';
  target: string;
  transport: 'stdio' | 'http';
  server?: { name: string; stdio: string[] };
  client?: { name: string; title: string; stdio: string; http: string };
}
export const ROWS: readonly Row[];
export function selectRows(wanted: string[] | undefined, rows?: readonly Row[]): Row[];
