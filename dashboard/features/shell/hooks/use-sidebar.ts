import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import {
  drawerOpenAtom,
  setDrawerOpenAtom,
  setSidebarExpandedAtom,
  sidebarExpandedAtom,
  toggleSidebarAtom,
} from '../atoms';
import { useIsMobile } from './use-is-mobile';

export interface SidebarControls {
  isMobile: boolean;
  /** Desktop: expanded (16rem) or icon-only (3rem). */
  expanded: boolean;
  /** Icon-only on desktop: labels hidden, tooltips shown. */
  collapsed: boolean;
  drawerOpen: boolean;
  setExpanded: (expanded: boolean) => void;
  setDrawerOpen: (open: boolean) => void;
  toggle: () => void;
}

export function useSidebar(): SidebarControls {
  const isMobile = useIsMobile();
  const expanded = useAtomValue(sidebarExpandedAtom);
  const drawerOpen = useAtomValue(drawerOpenAtom);
  const setExpanded = useSetAtom(setSidebarExpandedAtom);
  const setDrawerOpen = useSetAtom(setDrawerOpenAtom);
  const toggleAtom = useSetAtom(toggleSidebarAtom);
  const toggle = useCallback(() => toggleAtom(isMobile), [toggleAtom, isMobile]);
  return {
    isMobile,
    expanded,
    collapsed: !isMobile && !expanded,
    drawerOpen,
    setExpanded,
    setDrawerOpen,
    toggle,
  };
}
