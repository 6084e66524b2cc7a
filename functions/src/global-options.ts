import { setGlobalOptions } from 'firebase-functions/v2';
import { workloadOptions } from './runtime-options';

// Imported first by index.ts, before any trigger is defined (each trigger reads the global options when it
// is created): the region and a callable's sizing for every function; job and schedule triggers spread their
// own workload's options over these (functions/src/runtime-options.ts).
setGlobalOptions(workloadOptions('request'));
