// The self-proof over Streamable HTTP, plain and protected: see test/helpers/proof-plan.ts.
import { defineProofs } from './helpers/proof-suite.js';

defineProofs(['http', 'protected', 'protected-limited', 'modern-only-http']);
