// The self-proof over stdio: see test/helpers/proof-plan.ts.
import { defineProofs } from './helpers/proof-suite.js';

defineProofs(['stdio', 'modern-only-stdio']);
