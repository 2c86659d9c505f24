// A message that cost seconds to read is noted in every report a person reads (an observation,
// not a finding), and the JSON report keeps it valid against its schema.
import { describe, expect, it } from 'vitest';
import type { PaceSummary } from '../harness/pacing/pace.js';
import { renderHtml } from '../reports/html.js';
import { renderMarkdown } from '../reports/markdown.js';
import { runNotes } from '../reports/notes.js';
import { reportOf, result } from './helpers/report-fixtures.js';
import { reportSchemaErrors } from './helpers/report-schema.js';

const pace: PaceSummary = {
  timeoutMs: 5000,
  startupTimeoutMs: 30000,
  ceiling: 16,
  finalWindow: 16,
  largestWindow: 16,
  startsMs: [200],
  answers: { count: 10, medianMs: 2, slowestMs: 30 },
  timeouts: 0,
  patienceMs: 5000,
  cuts: [],
  slowReads: [{ method: 'tools/list', count: 3, slowestMs: 2700, largestBytes: 52_428_800 }],
};

describe('run notes', () => {
  const report = reportOf([result({ id: 'tools.list-shape', status: 'pass', revision: '2025-11-25' })], { pace });

  it('say which answers took seconds to read, how long and how large', () => {
    expect(runNotes(report)).toEqual(["tools/list: 3 answers took a second or more to read, up to 2.7 s, the largest 50.0 MB. An observation, not a finding: no rule limits a message's size"]);
    expect(runNotes(reportOf([]))).toEqual([]);
  });

  it('appear in the HTML and Markdown reports, and the JSON stays valid', () => {
    expect(renderHtml(report)).toContain('tools/list: 3 answers took a second or more to read');
    expect(renderMarkdown(report)).toContain('> Note: tools/list: 3 answers took a second or more to read');
    expect(reportSchemaErrors(report)).toBeUndefined();
  });
});
