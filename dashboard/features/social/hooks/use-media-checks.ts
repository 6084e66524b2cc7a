import { useEffect, useMemo, useState } from 'react';
import {
  checkMediaSetForChannel,
  type MediaProblem,
  type MediaTarget,
} from '@core/platforms/media-rules';
import type { MediaAsset } from '@/lib/library-media';
import { probeMediaFileCached, type ProbeResult } from '@/lib/media-probe';

// The attached media, probed as soon as each file is attached (dashboard/lib/media-probe.ts) and checked
// against every chosen channel's rules (core/platforms/media-rules.ts): a file a channel refuses is named, and
// Schedule and Post Now disabled, as soon as it is read, not when the post goes out. A click while a file is
// still being read waits for it (`settle`), so nothing refused slips out in that moment either.

export const MEDIA_CHECKING = 'Checking the attached media against each channel...';

export interface MediaChecks {
  /** Some file is still being read. */
  probing: boolean;
  /** Each attached file's own problems (by library id), every target's, in the targets' order. */
  byFile: ReadonlyMap<string, MediaProblem[]>;
  /** The probes read so far, by library id (what a fix link needs: the video's length). */
  probes: ReadonlyMap<string, ProbeResult>;
  /** Why `target` cannot take the media read so far (the file named), or null. */
  problemFor(target: MediaTarget): string | null;
  /** Once every attached file is read: why `target` cannot take them, or null (what a send checks before it goes). */
  settle(target: MediaTarget): Promise<string | null>;
  /** Every message `target` refuses the media with (unnamed, to list under the channel). */
  reasonsFor(target: MediaTarget): string[];
}

const probeable = (m: MediaAsset) => m.type === 'image' || m.type === 'video';

/** The first problem of a checked set, its file named. */
function firstProblem(
  files: readonly MediaAsset[],
  found: ReturnType<typeof checkMediaSetForChannel>,
): string | null {
  const first = found[0];
  if (!first) return null;
  return first.index === null
    ? first.problem.message
    : `${files[first.index]!.title}: ${first.problem.message}`;
}

export function useMediaChecks(
  media: readonly MediaAsset[],
  targets: readonly MediaTarget[],
): MediaChecks {
  const [results, setResults] = useState<ReadonlyMap<string, ProbeResult>>(new Map());
  const urls = media.map((m) => m.url).join('\n');

  useEffect(() => {
    let live = true;
    for (const m of media) {
      if (!probeable(m)) continue;
      void probeMediaFileCached(m).then((result) => {
        if (live)
          setResults((prev) =>
            prev.get(m.url) === result ? prev : new Map(prev).set(m.url, result),
          );
      });
    }
    return () => {
      live = false;
    };
    // The URLs are the identity of what is attached: a new array of the same files probes nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urls]);

  const key = targets.join(',');
  return useMemo(() => {
    const known = media.filter((m) => results.has(m.url));
    const probing = known.length < media.filter(probeable).length;
    const probes = new Map(known.map((m) => [m.id, results.get(m.url)!]));
    const sets = new Map(
      targets.map((t) => [
        t,
        checkMediaSetForChannel(
          known.map((m) => results.get(m.url)!.probe),
          t,
        ),
      ]),
    );
    const byFile = new Map<string, MediaProblem[]>();
    for (const t of targets) {
      for (const { index, problem } of sets.get(t)!) {
        if (index === null) continue;
        const id = known[index]!.id;
        byFile.set(id, [...(byFile.get(id) ?? []), problem]);
      }
    }
    return {
      probing,
      byFile,
      probes,
      problemFor(target) {
        return firstProblem(known, sets.get(target) ?? []);
      },
      async settle(target) {
        const files = media.filter(probeable);
        const read = await Promise.all(files.map((m) => probeMediaFileCached(m)));
        return firstProblem(
          files,
          checkMediaSetForChannel(
            read.map((r) => r.probe),
            target,
          ),
        );
      },
      reasonsFor(target) {
        return [...new Set((sets.get(target) ?? []).map((e) => e.problem.message))];
      },
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [results, urls, key]);
}
