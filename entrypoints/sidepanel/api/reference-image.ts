import { storageFolders } from '@core/firestore-paths';
import { ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { checkReferenceImage } from '../logic/page-images';

export class ReferenceImageError extends Error {}

/**
 * A page image as the reference for image-to-image: the panel reads its bytes on the user's click and
 * uploads them to {uid}/uploads/ (storage.rules checks type and size again). Functions only ever read the
 * uploaded copy, never the page's address.
 */
export async function uploadReferenceImage(
  storage: FirebaseStorage,
  uid: string,
  src: string,
  fetcher: typeof fetch = fetch,
): Promise<string> {
  let blob: Blob;
  try {
    const response = await fetcher(src, { credentials: 'omit' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    blob = await response.blob();
  } catch {
    throw new ReferenceImageError(
      "This site doesn't let extensions read its images. Save the image and upload it on the Image Generation page instead.",
    );
  }
  const check = checkReferenceImage(blob.type, blob.size);
  if (!check.ok) throw new ReferenceImageError(check.message);
  const path = `${uid}/${storageFolders.uploads}/${crypto.randomUUID()}.${check.ext}`;
  await uploadBytes(ref(storage, path), blob, { contentType: check.contentType });
  return path;
}
