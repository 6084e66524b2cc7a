import type { z } from 'zod';
import { IMAGE, TITLE_TRUNCATION } from '@core/constants';
import { imageJobInputSchema } from '@core/jobs';
import { bflModelFor } from '../../providers/image/bfl';
import type {
  ImageGenerator,
  ImageOperation,
  ImageTask,
} from '../../providers/image/image-generator';
import type { ExecutionContext, ExecutionOutcome, JobExecutor, StartRefusal } from '../executor';
import type { Bucket } from '../result-storage';

// Image jobs: text to image with FLUX1.1 [pro]; image to
// image with FLUX.1 Kontext [pro] on the uploaded Input Image; with a Control Image, FLUX.1 [pro]'s
// canny or depth tool (which takes no input image: the control image leads).

export type ImageJobInput = z.output<typeof imageJobInputSchema>;

export const imageMessages = {
  missingKey: 'BlackForest API key not found. Please add your API key in the Integrations page.',
  failed: 'Failed to generate image',
  download: 'Failed to download image',
  save: 'Failed to save generation',
  notYours: 'You can only use images you uploaded.',
  inputMissing: 'Input image not found. Please upload it again.',
  notAnImage: 'Input images must be image files.',
  tooLarge: 'Input images must be 20 MB or smaller.',
  noPrompt: 'Please provide either a prompt or an input image',
} as const;

const MAX_INPUT_BYTES = 20 * 1024 * 1024;

const styleLabels: Record<ImageJobInput['style'], string> = {
  photorealistic: 'photorealistic',
  anime: 'anime',
  'digital-art': 'digital art',
  'oil-painting': 'oil painting',
  watercolor: 'watercolor',
  '3d-render': '3D render',
};

export type ImageOperationKind =
  { kind: 'text' } | { kind: 'edit' } | { kind: 'control'; control: 'canny' | 'depth' };

/** Which provider operation a job's input asks for. Images count only on the Image to Image tab. */
export function operationKindOf(input: ImageJobInput): ImageOperationKind {
  if (input.mode === 'image' && input.controlImagePath)
    return { kind: 'control', control: input.controlType };
  if (input.mode === 'image' && input.inputImagePath) return { kind: 'edit' };
  return { kind: 'text' };
}

/**
 * The prompt sent to BFL. The form collects Negative Prompt and Style; FLUX has no
 * negative prompt parameter, so both are folded into the text, where the model does read them.
 */
export function providerPrompt(input: ImageJobInput): string {
  const style = styleLabels[input.style];
  const prompt = input.prompt.trim();
  const text = prompt ? `${prompt}, ${style} style` : `Restyle this image in a ${style} style`;
  const negative = input.negativePrompt.trim();
  return negative ? `${text}. Avoid: ${negative}` : text;
}

export function imageTitle(input: ImageJobInput): string {
  const prompt = input.prompt.trim();
  return prompt ? prompt.slice(0, TITLE_TRUNCATION) : 'Image to image';
}

async function uploadRefusal(bucket: Bucket, path: string): Promise<StartRefusal | undefined> {
  try {
    const [md] = await bucket.file(path).getMetadata();
    if (!md.contentType?.startsWith('image/'))
      return { code: 'invalid-argument', message: imageMessages.notAnImage };
    if (Number(md.size ?? 0) > MAX_INPUT_BYTES)
      return { code: 'invalid-argument', message: imageMessages.tooLarge };
    return undefined;
  } catch (error) {
    if ((error as { code?: number }).code === 404)
      return { code: 'invalid-argument', message: imageMessages.inputMissing };
    throw error;
  }
}

export interface ImageExecutorDeps {
  /** A generator for the user's key (BFL in production and against the sandbox). */
  generators: (apiKey: string) => ImageGenerator;
}

export function createImageExecutor(deps: ImageExecutorDeps): JobExecutor<ImageJobInput> {
  async function operationFor(
    ctx: ExecutionContext<ImageJobInput>,
  ): Promise<ImageOperation | undefined> {
    const { input } = ctx;
    const common = {
      prompt: providerPrompt(input),
      steps: input.steps,
      promptUpsampling: input.promptUpsampling,
    };
    const op = operationKindOf(input);
    if (op.kind === 'text')
      return {
        kind: 'text',
        ...common,
        width: input.width,
        height: input.height,
        guidance: input.guidance,
      };
    const path = op.kind === 'control' ? input.controlImagePath! : input.inputImagePath!;
    const upload = await ctx.readUpload(path);
    if (!upload) return undefined;
    return op.kind === 'control'
      ? { kind: 'control', control: op.control, ...common, controlImage: upload.bytes }
      : { kind: 'edit', ...common, inputImage: upload.bytes };
  }

  return {
    kind: 'image',
    generationType: 'image',
    integration: 'blackforest',
    messages: imageMessages,
    parseInput: (raw) => imageJobInputSchema.parse(raw),

    async checkStart(uid, input, { bucket }) {
      const paths = [input.inputImagePath, input.controlImagePath].filter((p): p is string => !!p);
      if (paths.some((p) => !p.startsWith(`${uid}/uploads/`)))
        return { code: 'permission-denied', message: imageMessages.notYours };
      const op = operationKindOf(input);
      if (op.kind === 'text' && !input.prompt.trim())
        return { code: 'invalid-argument', message: imageMessages.noPrompt };
      const used =
        op.kind === 'control'
          ? input.controlImagePath
          : op.kind === 'edit'
            ? input.inputImagePath
            : undefined;
      return used ? uploadRefusal(bucket, used) : undefined;
    },

    async execute(ctx): Promise<ExecutionOutcome> {
      const generator = deps.generators(ctx.apiKey);
      let task: ImageTask;
      if (ctx.resume) {
        // An earlier run submitted this job: wait for that task rather than pay for a second one.
        task = {
          id: ctx.resume.providerJobId,
          pollingUrl: ctx.resume.pollingUrl,
          submittedAt: ctx.resume.submittedAt,
        };
      } else {
        const op = await operationFor(ctx);
        if (!op)
          return {
            ok: false,
            error: { code: 'invalid_input', message: imageMessages.inputMissing },
          };
        await ctx.report({ progress: 5, statusText: 'Sending to Black Forest Labs' });
        const submitted = await generator.submit(op);
        if (!submitted.ok)
          return {
            ok: false,
            error: { code: submitted.failure.code, message: submitted.failure.message },
          };
        task = submitted.task;
        await ctx.checkpoint({
          providerJobId: task.id,
          pollingUrl: task.pollingUrl,
          submittedAt: task.submittedAt,
        });
      }
      await ctx.report({ progress: 10, statusText: 'Generating image' });
      const waited = await generator.waitForResult(task, ({ progress, elapsedMs }) => {
        // The provider's own figure when it gives one, otherwise time against the 60 s limit; 10-90 overall.
        const share = progress ?? Math.min(100, (elapsedMs / IMAGE.pollMaxDurationMs) * 100);
        return ctx.report({ progress: 10 + share * 0.8, statusText: 'Generating image' });
      });
      if (!waited.ok)
        return { ok: false, error: { code: waited.failure.code, message: waited.failure.message } };
      return { ok: true, media: { url: waited.sampleUrl } };
    },

    describe(input, media) {
      const op = operationKindOf(input);
      return {
        title: imageTitle(input),
        prompt: input.prompt,
        metadata: {
          // The stored image's own size (BFL may return another than asked, e.g. Kontext follows the input image).
          width: media.width ?? input.width,
          height: media.height ?? input.height,
          requestedWidth: input.width,
          requestedHeight: input.height,
          steps: input.steps,
          guidance: input.guidance,
          model: bflModelFor(op),
          promptUpsampling: input.promptUpsampling,
          ultraMode: false,
          rawMode: false,
          mode: input.mode,
          style: input.style,
          negativePrompt: input.negativePrompt,
          ...(op.kind === 'control' ? { controlType: op.control } : {}),
        },
      };
    },
  };
}
