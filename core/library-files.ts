import { z } from 'zod';

// addLibraryFile: records a file the browser uploaded to its own Storage folder (an editor upload, or a
// rendered video) in the library (users/{uid}/generations is written by functions only). The function
// reads the file's real type and size from Storage; the client names only the path and a title.

export const libraryFileSources = ['upload', 'render'] as const;
export type LibraryFileSource = (typeof libraryFileSources)[number];

/** {uid}/uploads/{name} or {uid}/renders/{name}; the function checks the uid is the caller's. */
const clientFilePath = z
  .string({ error: 'A file path is required' })
  .max(300, 'The file path is too long')
  .regex(
    /^[A-Za-z0-9_-]{1,128}\/(uploads|renders)\/[A-Za-z0-9_-]{1,128}\.[a-z0-9]{2,5}$/,
    'Only uploaded or rendered files can be added',
  );

export const addLibraryFileSchema = z.strictObject({
  storagePath: clientFilePath,
  title: z.string().trim().max(200).default(''),
  /** For a render: the project it came from. */
  projectId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/)
    .optional(),
});
export type AddLibraryFileInput = z.input<typeof addLibraryFileSchema>;

export interface AddLibraryFileResult {
  generationId: string;
  type: 'image' | 'video' | 'audio';
  url: string;
}

/**
 * The library record id of a client file: its folder, file name and extension ('uploads_0b6f3c1e_png'),
 * so a retried call writes one record and two files never share one (t.png and t.mp4, or an upload and a
 * render of one name). Folder and extension hold no '_', so the id names one path.
 */
export function libraryIdForPath(path: string): string {
  const [, folder = '', name = ''] = path.split('/');
  const dot = name.lastIndexOf('.');
  return `${folder}_${name.slice(0, dot)}_${name.slice(dot + 1)}`;
}
