// The self-proof over HTTP+SSE (2024-11-05 transport): see test/helpers/proof-plan.ts.
import { defineProofs } from './helpers/proof-suite.js';

defineProofs(['sse']);
