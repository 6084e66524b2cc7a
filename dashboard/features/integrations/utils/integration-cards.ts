import { AudioLines, Bot, Brain, Image, Sparkles, Video, type LucideIcon } from 'lucide-react';
import { generationIntegrationTypes, llmIntegrationTypes, type IntegrationType } from '@core/integrations';

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
  elevenlabs: { description: 'Voiceover and music', icon: AudioLines, note: 'Replaces Suno, which has no public API.' },
  openai: { description: 'GPT-4o and GPT-4o Mini for the assistant, prompts and posts', icon: Sparkles },
  anthropic: { description: 'Claude 3.5 Sonnet and Claude 3.5 Haiku', icon: Brain },
  gemini: { description: 'Gemini Pro 2 (gemini-2.0-flash-exp)', icon: Bot },
};

export const generationCards: IntegrationCardInfo[] = generationIntegrationTypes.map((type) => ({ type, ...info[type] }));
export const llmCards: IntegrationCardInfo[] = llmIntegrationTypes.map((type) => ({ type, ...info[type] }));
