import { AudioLines, Bot, Brain, Image, Sparkles, Video, type LucideIcon } from 'lucide-react';
import {
  generationIntegrationTypes,
  llmIntegrationTypes,
  type IntegrationType,
} from '@core/integrations';

export interface IntegrationCardInfo {
  type: IntegrationType;
  /** What the key powers in Muse Studio. */
  description: string;
  icon: LucideIcon;
  /** One extra line under the description. */
  note?: string;
}

const info: Record<IntegrationType, Omit<IntegrationCardInfo, 'type'>> = {
  blackforest: { description: 'Image generation with FLUX', icon: Image },
  lumaai: { description: 'Video generation with Dream Machine', icon: Video },
  elevenlabs: {
    description: 'Voiceover and music',
    icon: AudioLines,
    note: 'Replaces Suno, which has no public API.',
  },
  openai: { description: 'GPT models for the assistant, prompts and posts', icon: Sparkles },
  anthropic: { description: 'Claude models your key can use', icon: Brain },
  gemini: { description: 'Gemini models your key can use', icon: Bot },
};

export const generationCards: IntegrationCardInfo[] = generationIntegrationTypes.map((type) => ({
  type,
  ...info[type],
}));
export const llmCards: IntegrationCardInfo[] = llmIntegrationTypes.map((type) => ({
  type,
  ...info[type],
}));
