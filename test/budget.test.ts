// The run's budget (harness/checks/budget.ts): about a minute for a prompt target, more for a
// slow one in proportion to its measured pace, never more than the cap; and once spent, it says
// why.
import { describe, expect, it } from 'vitest';
import { MAX_BUDGET_MS, MIN_BUDGET_MS, RunBudget, runBudgetMs, type BudgetInputs } from '../harness/checks/budget.js';

const prompt: BudgetInputs = { checks: 411, revisions: 5, starts: 31, slowestStartMs: 250, answerMs: 2, ceiling: 16, cores: 2, retries: 0, retryPatienceMs: 10_000 };

describe('the run budget', () => {
  it('gives a prompt target the least budget, which its run never comes near', () => {
    expect(runBudgetMs(prompt)).toBe(MIN_BUDGET_MS);
  });

  it('grows with the answer time, the starts and the retries alone, up to the cap', () => {
    const slowAnswers = runBudgetMs({ ...prompt, answerMs: 50 });
    expect(slowAnswers).toBeGreaterThan(MIN_BUDGET_MS);
    expect(runBudgetMs({ ...prompt, slowestStartMs: 5000 })).toBeGreaterThan(MIN_BUDGET_MS);
    expect(runBudgetMs({ ...prompt, answerMs: 50, retries: 3 })).toBe(slowAnswers + 30_000);
    expect(runBudgetMs({ ...prompt, answerMs: 60_000 })).toBe(MAX_BUDGET_MS);
  });

  it('is spent once the time since the start passes the largest budget seen, and says why', () => {
    let inputs = { ...prompt, answerMs: 50 };
    const budget = new RunBudget(0, () => inputs);
    const grown = budget.ms;
    inputs = prompt;
    // A budget never shrinks: the run learned the target needs that much.
    expect(budget.ms).toBe(grown);
    expect(budget.spent(grown - 1)).toBeUndefined();
    expect(budget.spent(grown)).toMatch(/^the run's time budget of \d+ s was spent/);
  });
});
