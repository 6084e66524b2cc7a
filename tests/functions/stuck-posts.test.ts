import { afterAll, describe, expect, it } from 'vitest';
import { directProject } from './publish-support';
import { runStuckPostCheck } from './stuck-posts';
import { closeAdmin } from './support';

// Nothing stuck: scheduled posts through a scheduler that dies mid-sweep with its workers, then starts again
// on a clock moved past their times (tests/functions/stuck-posts.ts has the scenario). The suite runs 200
// posts; `npm run bench -- social` runs the same check with 1,000, too slow for the suite on a shared machine.

const POSTS = 200;

afterAll(closeAdmin);

describe('the stuck-post check', () => {
  it(`leaves none of ${POSTS} scheduled posts without an explicit state 10 minutes after its time, none posted twice`, async () => {
    const report = await runStuckPostCheck(directProject('stuck'), POSTS);
    expect(report).toMatchObject({
      posts: POSTS,
      withoutStateAtCheckpoints: [0, 0],
      postedTwice: 0,
      publishedWithoutTweet: 0,
      failed: 0,
      published: POSTS,
      // A wait in the job trigger's queue spends no restart: only posts whose own worker was killed restart.
      aboveOneRestartNotKilled: 0,
    });
    // The scheduler's death left jobs to start again: the check is not of a scheduler that never died.
    expect(report.restartedJobs).toBeGreaterThan(0);
  }, 600_000);
});
