import {
  latestSnapshot,
  metricWindowLabels,
  metricWindows,
  modelOf,
  NO_RESULTS_YET,
} from '@core/post-metrics';
import { formatInZone } from '@core/schedule';
import type { SocialPost } from '@core/social-posts';
import { useGeneration } from '../api/post-results';
import { ResultsChart } from './results-chart';

/** How a library item was made, in a line: the model and the start of its prompt. */
function MadeWith({ generationId }: { generationId: string }) {
  const generation = useGeneration(generationId);
  if (generation.status !== 'success' || !generation.data) return null;
  const model = modelOf(generation.data.metadata);
  const prompt = generation.data.prompt.trim();
  if (!model && !prompt) return null;
  return (
    <p className="min-w-0 text-xs break-words text-muted-foreground">
      {model ? (
        <>
          Made with <span className="font-medium text-foreground">{model}</span>
        </>
      ) : (
        'From your library'
      )}
      {prompt ? ` · “${prompt.length > 120 ? `${prompt.slice(0, 119)}…` : prompt}”` : null}
    </p>
  );
}

/** A published post's results: its snapshots as charts, where each came from and when, and how its media was made. */
export function PostResults({
  post,
  timeZone,
  id,
}: {
  post: SocialPost;
  timeZone: string;
  id?: string;
}) {
  const generationId = post.media[0]?.generationId || null;
  const latest = latestSnapshot(post.metrics);
  return (
    <section
      id={id}
      aria-label="Results"
      className="grid min-w-0 gap-3 rounded-md border bg-muted/30 p-3"
    >
      {generationId ? <MadeWith generationId={generationId} /> : null}
      {latest ? (
        <>
          <ResultsChart platform={post.platform} metrics={post.metrics} />
          <ul
            className="grid gap-0.5 text-xs text-muted-foreground"
            aria-label="Where each snapshot came from"
          >
            {metricWindows.map((w) => {
              const s = post.metrics[w];
              return s ? (
                <li key={w}>
                  After {metricWindowLabels[w]}: {s.source || 'the platform'},{' '}
                  {s.takenAt ? formatInZone(s.takenAt, timeZone, { label: true }) : 'unknown time'}
                </li>
              ) : null;
            })}
          </ul>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{NO_RESULTS_YET}</p>
      )}
    </section>
  );
}
