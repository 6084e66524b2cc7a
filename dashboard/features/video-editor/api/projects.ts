import { collection, deleteDoc, doc, getDoc, limit, onSnapshot, orderBy, query, serverTimestamp, setDoc, Timestamp, updateDoc, type DocumentData, type Firestore } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { DEFAULT_PROJECT_TITLE } from '@core/constants';
import { defaultProjectSettings, projectSettingsSchema, timelineItemSchema, type ProjectSettings, type TimelineItem } from '@core/editor/model';
import { userCollectionPath } from '@core/firestore-paths';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import type { QueryState } from '@/lib/query-state';

// users/{uid}/videoProjects: created on the first Save (DESIGN.md), updated on every Save after that.

export interface VideoProject {
  id: string;
  title: string;
  items: TimelineItem[];
  settings: ProjectSettings;
  thumbnailUrl: string | null;
  updatedAt: Date | null;
}

/** A stored project as the editor opens it: clips that no longer parse are dropped, bad settings fall back to the defaults. */
export function toVideoProject(id: string, data: DocumentData): VideoProject {
  const rawItems: unknown[] = Array.isArray(data.settings?.timelineItems) ? data.settings.timelineItems : [];
  const items = rawItems.flatMap((raw) => {
    const parsed = timelineItemSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  const settings = projectSettingsSchema.safeParse(data.settings?.project);
  return {
    id,
    title: typeof data.title === 'string' && data.title.trim() ? data.title : DEFAULT_PROJECT_TITLE,
    items,
    settings: settings.success ? settings.data : defaultProjectSettings,
    thumbnailUrl: typeof data.thumbnailUrl === 'string' && data.thumbnailUrl ? data.thumbnailUrl : null,
    updatedAt: data.updatedAt instanceof Timestamp ? data.updatedAt.toDate() : null,
  };
}

export interface ProjectContent {
  title: string;
  items: readonly TimelineItem[];
  settings: ProjectSettings;
}

/** Firestore refuses undefined anywhere in a document; a JSON round trip drops such keys. */
const plain = <T,>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function projectFields(content: ProjectContent) {
  const firstPicture = content.items.find((i) => i.type === 'image');
  return {
    title: content.title.trim().slice(0, 200) || DEFAULT_PROJECT_TITLE,
    settings: plain({ timelineItems: content.items, project: content.settings }),
    thumbnailUrl: firstPicture && 'url' in firstPicture.settings ? firstPicture.settings.url : '',
    updatedAt: serverTimestamp(),
  };
}

/** Saves a project: creates it when `projectId` is null (returns the new id), updates it otherwise. */
export async function saveProject(db: Firestore, uid: string, projectId: string | null, content: ProjectContent): Promise<string> {
  const projects = collection(db, userCollectionPath(uid, 'videoProjects'));
  if (projectId) {
    await updateDoc(doc(projects, projectId), projectFields(content));
    return projectId;
  }
  const ref = doc(projects);
  await setDoc(ref, { ...projectFields(content), createdAt: serverTimestamp() });
  return ref.id;
}

export async function getProject(db: Firestore, uid: string, projectId: string): Promise<VideoProject | null> {
  const snap = await getDoc(doc(db, userCollectionPath(uid, 'videoProjects'), projectId));
  return snap.exists() ? toVideoProject(snap.id, snap.data()) : null;
}

export async function deleteProject(db: Firestore, uid: string, projectId: string): Promise<void> {
  await deleteDoc(doc(db, userCollectionPath(uid, 'videoProjects'), projectId));
}

export const PROJECT_LIST_LIMIT = 50;

/** The user's projects, most recently saved first, live. */
export function useProjects(): QueryState<VideoProject[]> {
  const { user } = useAuth();
  const uid = user?.uid;
  const [state, setState] = useState<QueryState<VideoProject[]>>({ status: 'loading' });
  useEffect(() => {
    if (!uid) return;
    const q = query(collection(getFirebase().db, userCollectionPath(uid, 'videoProjects')), orderBy('updatedAt', 'desc'), limit(PROJECT_LIST_LIMIT));
    return onSnapshot(
      q,
      (snap) => setState({ status: 'success', data: snap.docs.map((d) => toVideoProject(d.id, d.data({ serverTimestamps: 'estimate' }))) }),
      (error) => setState({ status: 'error', error }),
    );
  }, [uid]);
  return state;
}
