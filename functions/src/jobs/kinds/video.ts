import type { z } from 'zod';
import { TITLE_TRUNCATION, timedProgress, VIDEO_JOB, VIDEO_PROGRESS_TIMING } from '@core/constants';
import { videoJobInputSchema } from '@core/jobs';
import type { VideoGenerator, VideoTask } from '../../providers/video/video-generator';
import type { ExecutionOutcome, JobExecutor } from '../executor';

// Video jobs: Luma Dream Machine ray-2, the style folded into
// the prompt. Luma reports no progress, so the job carries the timed bar (+5 every 3 s, capped at 95).

export type VideoJobInput = z.output<typeof videoJobInputSchema>;

export const videoMessages = {
  missingKey: 'Luma API key not found. Please add your API key in the Integrations page.',
  failed: 'Failed to generate video',
  download: 'Failed to download video',
  save: 'Failed to save generation',
} as const;

const styleLabels: Record<VideoJobInput['style'], string> = {
  cinematic: 'cinematic',
  anime: 'anime',
  '3d': '3D animated',
  realistic: 'photorealistic',
};

/** The prompt sent to Luma: its API has no style parameter, so the style goes into the text. */
export function videoProviderPrompt(input: VideoJobInput): string {
  return `${input.prompt.trim()}, ${styleLabels[input.style]} style`;
}

const stateText: Record<string, string> = {
  queued: 'Queued at Luma',
  dreaming: 'Dreaming up your video',
};

export function createVideoExecutor(deps: {
  generators: (apiKey: string) => VideoGenerator;
}): JobExecutor<VideoJobInput> {
  return {
    kind: 'video',
    generationType: 'video',
    integration: 'lumaai',
    messages: videoMessages,
    parseInput: (raw) => videoJobInputSchema.parse(raw),

    async execute(ctx): Promise<ExecutionOutcome> {
      const generator = deps.generators(ctx.apiKey);
      let task: VideoTask;
      if (ctx.resume) {
        // An earlier run created this generation: wait for it rather than pay for a second one.
        task = { id: ctx.resume.providerJobId, submittedAt: ctx.resume.submittedAt };
      } else {
        await ctx.report({ progress: 0, statusText: 'Sending to Luma' });
        const submitted = await generator.submit({ prompt: videoProviderPrompt(ctx.input) });
        if (!submitted.ok)
          return {
            ok: false,
            error: { code: submitted.failure.code, message: submitted.failure.message },
          };
        task = submitted.task;
        await ctx.checkpoint({
          providerJobId: task.id,
          pollingUrl: null,
          submittedAt: task.submittedAt,
        });
      }
      const waited = await generator.waitForResult(task, ({ state, elapsedMs }) =>
        ctx.report({
          progress: timedProgress(elapsedMs, VIDEO_PROGRESS_TIMING),
          statusText: stateText[state] ?? 'Generating video',
        }),
      );
      if (!waited.ok)
        return { ok: false, error: { code: waited.failure.code, message: waited.failure.message } };
      return { ok: true, media: { url: waited.videoUrl, posterUrl: waited.posterUrl } };
    },

    describe(input) {
      return {
        title: input.prompt.trim().slice(0, TITLE_TRUNCATION),
        prompt: input.prompt,
        metadata: {
          model: VIDEO_JOB.model,
          style: input.style,
          providerPrompt: videoProviderPrompt(input),
        },
      };
    },
  };
}
