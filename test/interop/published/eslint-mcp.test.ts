// The published server eslint-mcp, with exactly its reviewed findings (test/expected/eslint-mcp/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('eslint-mcp');
