// The types of docs.mjs, for test/docs.test.ts.
export function renderDocs(): Promise<{ path: string; content: string }[]>;
