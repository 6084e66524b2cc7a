import { TRANSCRIPTION_FAILED } from './transcriber';

/** The one transcription model of OpenAI's that answers word timestamps (./openai-transcription.ts). */
export const OPENAI_TRANSCRIPTION_MODEL = 'whisper-1';

/** Said before the call, and for OpenAI's own 413: the limit is the provider's, so the way out is a shorter clip or the other provider. */
export const tooLargeForOpenAi = `${TRANSCRIPTION_FAILED}: the file is larger than the 25 MB OpenAI transcribes at once. Transcribe a shorter clip, or choose ElevenLabs.`;
