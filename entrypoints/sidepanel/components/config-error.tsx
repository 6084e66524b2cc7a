import { DangerAlert } from './ui';

/** Shown when the build carries no usable Firebase configuration. */
export function ConfigError() {
  return (
    <main className="p-4">
      <DangerAlert>Muse Studio is not configured correctly. Please reinstall the extension or contact support.</DangerAlert>
    </main>
  );
}
