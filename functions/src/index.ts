// Wires triggers only; each feature keeps its handler, schema and trigger in its own folder. The global
// options (region, sizing) come first: a trigger reads them when it is defined.
import './global-options';
export { sendFeedbackCallable as sendFeedback } from './feedback/trigger';
export { saveIntegrationKeyCallable as saveIntegrationKey } from './integrations/save-integration-key/trigger';
export { deleteIntegrationKeyCallable as deleteIntegrationKey } from './integrations/delete-integration-key/trigger';
export { testIntegrationKeyCallable as testIntegrationKey } from './integrations/test-integration-key/trigger';
export { saveSocialCredentialsCallable as saveSocialCredentials } from './integrations/save-social-credentials/trigger';
export { deleteSocialCredentialsCallable as deleteSocialCredentials } from './integrations/delete-social-credentials/trigger';
export { generateTextCallable as generateText } from './ai-text/generate-text/trigger';
export { startJobCallable as startJob } from './jobs/start-job/trigger';
export { cancelJobCallable as cancelJob } from './jobs/cancel-job/trigger';
export { runJobTrigger as runJob } from './jobs/run-job/trigger';
export { sweepStaleJobsSchedule as sweepStaleJobs } from './jobs/sweep-stale-jobs/trigger';
export { deleteGenerationCallable as deleteGeneration } from './generations/delete-generation/trigger';
export { addLibraryFileCallable as addLibraryFile } from './generations/add-library-file/trigger';
export { publishPostCallable as publishPost } from './social/publish-post/trigger';
export {
  updateScheduledPostCallable as updateScheduledPost,
  cancelPostCallable as cancelPost,
  retryPostCallable as retryPost,
} from './social/manage-posts/trigger';
export { getPlatformProfileCallable as getPlatformProfile } from './social/get-platform-profile/trigger';
export { publishDuePostsSchedule as publishDuePosts } from './social/publish-due-posts/trigger';
export { checkChannelsSchedule as checkChannels } from './social/health/trigger';
export { takePostMetricsSchedule as takePostMetrics } from './social/metrics/trigger';
export {
  startSocialOAuthCallable as startSocialOAuth,
  completeSocialOAuthCallable as completeSocialOAuth,
} from './social/oauth/trigger';
export { getSubredditFlairsCallable as getSubredditFlairs } from './social/subreddit-flairs/trigger';
export { listModelsCallable as listModels } from './models/trigger';
export {
  createSignInCodeCallable as createSignInCode,
  describeSignInCodeCallable as describeSignInCode,
  redeemSignInCodeCallable as redeemSignInCode,
} from './auth/trigger';
