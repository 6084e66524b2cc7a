import { ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { useCallback } from 'react';
import { storageFolders } from '@core/firestore-paths';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import { checkImageFile } from '../utils/form';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Where an image-to-image input goes: {uid}/uploads/{uuid}.{ext}, the only place storage.rules let a client write images. */
export function uploadPathFor(
  uid: string,
  file: Pick<File, 'type' | 'name'>,
  id: string = crypto.randomUUID(),
): string {
  const fromName = /\.([a-z0-9]{2,5})$/i.exec(file.name)?.[1]?.toLowerCase();
  const ext = EXTENSIONS[file.type] ?? fromName ?? 'img';
  return `${uid}/${storageFolders.uploads}/${id}.${ext}`;
}

/** Uploads a chosen input or control image and returns its Storage path for the job input. */
export async function uploadInputImage(
  storage: FirebaseStorage,
  uid: string,
  file: File,
): Promise<string> {
  const check = checkImageFile(file);
  if (!check.ok) throw new Error(check.message);
  const path = uploadPathFor(uid, file);
  await uploadBytes(ref(storage, path), file, { contentType: file.type });
  return path;
}

export function useUploadInputImage(): (file: File) => Promise<string> {
  const { user } = useAuth();
  const uid = user?.uid;
  return useCallback(
    (file: File) => {
      if (!uid) return Promise.reject(new Error('Not authenticated'));
      return uploadInputImage(getFirebase().storage, uid, file);
    },
    [uid],
  );
}
