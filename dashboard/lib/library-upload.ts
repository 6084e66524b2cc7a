import { ref, uploadBytes } from 'firebase/storage';
import { storageFolders } from '@core/firestore-paths';
import type { AddLibraryFileInput, AddLibraryFileResult } from '@core/library-files';
import { call } from './call';
import { getFirebase } from './firebase';

// Uploads go to {uid}/uploads or {uid}/renders (the only client-writable folders, storage.rules); the
// addLibraryFile callable then writes the library record, which clients may not write themselves.

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
};

/** {uid}/{folder}/{uuid}.{ext}: the uuid becomes the library record's id. */
export function clientFilePath(
  uid: string,
  folder: 'uploads' | 'renders',
  contentType: string,
  fileName = '',
  id: string = crypto.randomUUID(),
): string {
  const fromName = /\.([a-z0-9]{2,5})$/i.exec(fileName)?.[1]?.toLowerCase();
  const ext = EXTENSIONS[contentType] ?? fromName ?? 'bin';
  return `${uid}/${storageFolders[folder]}/${id}.${ext}`;
}

export function addLibraryFile(input: AddLibraryFileInput): Promise<AddLibraryFileResult> {
  return call('addLibraryFile', input);
}

/** Puts a blob in the user's Storage folder and records it in the library. */
export async function uploadToLibrary(
  uid: string,
  folder: 'uploads' | 'renders',
  blob: Blob,
  options: { fileName?: string; title: string; projectId?: string },
): Promise<AddLibraryFileResult & { storagePath: string }> {
  const contentType = blob.type || 'application/octet-stream';
  const storagePath = clientFilePath(uid, folder, contentType, options.fileName);
  await uploadBytes(ref(getFirebase().storage, storagePath), blob, { contentType });
  const result = await addLibraryFile({
    storagePath,
    title: options.title,
    ...(options.projectId ? { projectId: options.projectId } : {}),
  });
  return { ...result, storagePath };
}
