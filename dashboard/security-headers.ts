// The dashboard's security headers, in one place: firebase.json's hosting headers hold exactly
// securityHeaders() (tests/unit/security-headers.test.ts checks it), and `vite preview`
// (dashboard/vite.config.ts) sends the same, with the local emulators added for an emulator build only.
// Not for the dev server: Vite's dev client and React refresh run inline scripts.

export interface EmulatorHosts {
  host: string;
  auth: number;
  firestore: number;
  functions: number;
  storage: number;
}

/** The Firebase endpoints the web SDKs call from a page (Auth, Firestore, Storage, callable functions). */
export const firebaseOrigins = {
  auth: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
  firestore: ['https://firestore.googleapis.com'],
  storage: ['https://firebasestorage.googleapis.com'],
  // Callables are https://<region>-<project>.cloudfunctions.net; a CSP wildcard can only be a whole leftmost label.
  functions: ['https://*.cloudfunctions.net'],
} as const;

function emulatorOrigins(emulators: EmulatorHosts | undefined): {
  all: string[];
  storage: string[];
} {
  if (!emulators) return { all: [], storage: [] };
  const at = (port: number) => `http://${emulators.host}:${port}`;
  return {
    all: [emulators.auth, emulators.firestore, emulators.functions, emulators.storage].map(at),
    storage: [at(emulators.storage)],
  };
}

/**
 * The Content-Security-Policy. Scripts come only from our origin (ffmpeg.wasm's core and its worker are
 * build assets); 'wasm-unsafe-eval' lets that core compile its WebAssembly, nothing else. Workers also
 * from blob: (mediabunny starts its helper workers from blob: URLs). No cross-origin isolation headers:
 * the render uses ffmpeg.wasm's single-thread core, which needs no SharedArrayBuffer.
 * Styles allow inline <style>: sonner and framer-motion insert them at run time. Library media is shown
 * from Storage download URLs and from blob: URLs (picked files, rendered videos).
 */
export function contentSecurityPolicy(emulators?: EmulatorHosts): string {
  const local = emulatorOrigins(emulators);
  const storage = [...firebaseOrigins.storage, ...local.storage];
  const connect = ["'self'", 'blob:', ...Object.values(firebaseOrigins).flat(), ...local.all];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", "'wasm-unsafe-eval'"],
    ['worker-src', "'self'", 'blob:'],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...storage],
    ['media-src', "'self'", 'blob:', ...storage],
    ['font-src', "'self'"],
    ['connect-src', ...connect],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** The origin of one project's callable functions (the Functions SDK calls https://<region>-<project>.cloudfunctions.net). */
export function functionsOrigin(projectId: string, region: string): string {
  return `https://${region}-${projectId}.cloudfunctions.net`;
}

/**
 * A second policy for the built index.html (a <meta>, dashboard/vite.config.ts): connect-src with our own
 * project's functions instead of every project's. The header cannot name the project (firebase.json is the
 * same for every deployment); a page obeys both policies, so the narrower one wins.
 */
export function pinnedConnectPolicy(
  project: { projectId: string; region: string },
  emulators?: EmulatorHosts,
): string {
  const { auth, firestore, storage } = firebaseOrigins;
  return [
    'connect-src',
    "'self'",
    'blob:',
    ...auth,
    ...firestore,
    ...storage,
    functionsOrigin(project.projectId, project.region),
    ...emulatorOrigins(emulators).all,
  ].join(' ');
}

/**
 * Browser features the dashboard never uses, turned off for it and anything it embeds. Clipboard (Copy)
 * and fullscreen keep their same-origin defaults.
 */
export const permissionsPolicy = [
  'accelerometer',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export interface HostingHeader {
  key: string;
  value: string;
}

/** Every page and asset's security headers, as firebase.json's hosting headers list them. */
export function securityHeaders(emulators?: EmulatorHosts): HostingHeader[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(emulators) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    // Hosting serves https only; browsers ignore this header on plain http (vite preview).
    { key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' },
    { key: 'Permissions-Policy', value: permissionsPolicy },
  ];
}

/** The same headers as a name-to-value record (Vite's preview.headers). */
export function securityHeaderRecord(emulators?: EmulatorHosts): Record<string, string> {
  return Object.fromEntries(securityHeaders(emulators).map((h) => [h.key, h.value]));
}
