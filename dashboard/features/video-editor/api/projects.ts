import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { DEFAULT_PROJECT_TITLE } from '@core/constants';
import { encodeMarker } from '@core/editor/markers';
import { toVideoProject, type VideoProject } from '@core/data/video-project';
import type { ProjectSettings, TimelineItem } from '@core/editor/model';
import { userCollectionPath } from '@core/firestore-paths';
import type { LiveState } from '@core/react/use-live';
import { useUserQuery } from '@/lib/live';

export type { VideoProject };

// users/{uid}/videoProjects: created on the first Save, updated on every Save after that (read through
// core/data/video-project.ts).

export interface ProjectContent {
  title: string;
  items: readonly TimelineItem[];
  settings: ProjectSettings;
}

/** Firestore refuses undefined anywhere in a document; a JSON round trip drops such keys. */
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The document fields a Save writes (exported for the tests). */
export function projectFields(content: ProjectContent) {
  const firstPicture = content.items.find((i) => i.type === 'image');
  // Markers are stored beside the timeline, one line of text each (core/editor/markers.ts).
  const { markers = [], ...project } = content.settings;
  return {
    title: content.title.trim().slice(0, 200) || DEFAULT_PROJECT_TITLE,
    settings: plain({
      timelineItems: content.items,
      project,
      ...(markers.length ? { markers: markers.map(encodeMarker) } : {}),
    }),
    thumbnailUrl: firstPicture && 'url' in firstPicture.settings ? firstPicture.settings.url : '',
    updatedAt: serverTimestamp(),
  };
}

/** Saves a project: creates it when `projectId` is null (returns the new id), updates it otherwise. */
export async function saveProject(
  db: Firestore,
  uid: string,
  projectId: string | null,
  content: ProjectContent,
): Promise<string> {
  const projects = collection(db, userCollectionPath(uid, 'videoProjects'));
  if (projectId) {
    await updateDoc(doc(projects, projectId), projectFields(content));
    return projectId;
  }
  const ref = doc(projects);
  await setDoc(ref, { ...projectFields(content), createdAt: serverTimestamp() });
  return ref.id;
}

export async function getProject(
  db: Firestore,
  uid: string,
  projectId: string,
): Promise<VideoProject | null> {
  const snap = await getDoc(doc(db, userCollectionPath(uid, 'videoProjects'), projectId));
  return snap.exists() ? toVideoProject(snap.id, snap.data()) : null;
}

export async function deleteProject(db: Firestore, uid: string, projectId: string): Promise<void> {
  await deleteDoc(doc(db, userCollectionPath(uid, 'videoProjects'), projectId));
}

export const PROJECT_LIST_LIMIT = 50;

/** The user's projects, most recently saved first, live. */
export function useProjects(): LiveState<VideoProject[]> {
  return useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'videoProjects')),
        orderBy('updatedAt', 'desc'),
        limit(PROJECT_LIST_LIMIT),
      ),
    toVideoProject,
  );
}
