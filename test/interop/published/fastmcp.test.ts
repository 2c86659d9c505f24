// The published server fastmcp, with exactly its reviewed findings (test/expected/fastmcp/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('fastmcp');
