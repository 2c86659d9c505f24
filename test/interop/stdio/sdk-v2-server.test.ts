// sdk-v2-server over stdio behind a tap, with exactly its reviewed findings (test/expected/sdk-v2-server/): see ../stdio-tapped.ts.
import { testTappedServer } from '../stdio-tapped.js';

testTappedServer('sdk-v2-server');
