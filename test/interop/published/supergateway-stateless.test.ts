// The published server supergateway-stateless, with exactly its reviewed findings (test/expected/supergateway-stateless/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('supergateway-stateless');
