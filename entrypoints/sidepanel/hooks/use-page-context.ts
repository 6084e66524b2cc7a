import { useSyncExternalStore } from 'react';
import {
  createPageContextSource,
  type PageContextSource,
  type PageContextState,
} from './page-context-source';

export type { PageContextState } from './page-context-source';

let source: PageContextSource | null = null;

/**
 * The page in the active tab of the side panel's window, live (./page-context-source.ts): loading, then
 * a PageContext (core/messaging.ts) that follows tab switches, navigation and the selection. Any number
 * of components may read it; refresh() asks the page again.
 */
export function usePageContext(): PageContextState & { refresh(): void } {
  source ??= createPageContextSource(window);
  const current = source;
  const state = useSyncExternalStore(current.subscribe, current.get);
  return { ...state, refresh: current.refresh };
}
