import { atom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { readSidebarCookie, serializeSidebarCookie } from './utils/sidebar-cookie';

function readExpandedFromCookie(): boolean {
  if (typeof document === 'undefined') return true;
  return readSidebarCookie(document.cookie) ?? true;
}

// Private base atoms: the desktop sidebar (expanded or icon-only) and the phone drawer.
const expandedBaseAtom = atomWithLazy<boolean>(readExpandedFromCookie);
const drawerOpenBaseAtom = atom(false);

export const sidebarExpandedAtom = atom((get) => get(expandedBaseAtom));
export const drawerOpenAtom = atom((get) => get(drawerOpenBaseAtom));

/** Expands or collapses the desktop sidebar and remembers it in the sidebar:state cookie. */
export const setSidebarExpandedAtom = atom(null, (_get, set, expanded: boolean) => {
  set(expandedBaseAtom, expanded);
  document.cookie = serializeSidebarCookie(expanded);
});

export const setDrawerOpenAtom = atom(null, (_get, set, open: boolean) => {
  set(drawerOpenBaseAtom, open);
});

/** What Ctrl/Cmd+B, the Toggle Sidebar button and the rail do: the drawer on phones, the sidebar elsewhere. */
export const toggleSidebarAtom = atom(null, (get, set, isMobile: boolean) => {
  if (isMobile) set(drawerOpenBaseAtom, !get(drawerOpenBaseAtom));
  else set(setSidebarExpandedAtom, !get(expandedBaseAtom));
});
