import { Alert } from '@core/ui/alert';

/** Shown when the build carries no usable Firebase configuration. */
export function ConfigError() {
  return (
    <main className="p-4">
      <Alert tone="danger">
        Muse Studio is not configured correctly. Please reinstall the extension or contact support.
      </Alert>
    </main>
  );
}
