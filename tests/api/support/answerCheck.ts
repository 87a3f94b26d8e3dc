import { afterEach, expect } from 'vitest';
import { answerMismatches } from '../../../server/http/answerCheck';

// The api and api-pg projects' setup (vitest.config.ts, CHECK_ANSWERS=1): a test fails when an answer
// it received was not the one its declaration states (server/http/answerCheck.ts), even when the test
// itself looked at no more than the status — the answer then also came back as a 500 naming the issues.

afterEach(() => {
  const seen = answerMismatches.splice(0);
  expect(seen, 'answers that are not their declared ones').toEqual([]);
});
