import type { FlairsState } from '@core/react/use-subreddit-flairs';
import type { SubredditFlair, SubredditFlairs } from '@core/social-posts';
import { Input, Label } from '@core/ui/input';
import { NativeSelect } from '@core/ui/select';
import { useId } from 'react';

/**
 * Reddit's Post Flair, from the subreddit's own list (getSubredditFlairs, as the dashboard's Reddit
 * composer asks it): a choice, its own text when the flair allows one, and what a required flair needs.
 */
export function RedditFlairField({
  state,
  data,
  value,
  onChange,
  chosen,
  text,
  onTextChange,
  missing,
}: {
  state: FlairsState;
  /** The list for the subreddit as typed now; null while none is loaded. */
  data: SubredditFlairs | null;
  value: string;
  onChange: (flairId: string) => void;
  chosen: SubredditFlair | null;
  text: string;
  onTextChange: (text: string) => void;
  missing: string | null;
}) {
  const id = useId();
  return (
    <>
      {state.status === 'loading' && (
        <p role="status" className="text-xs text-muted-foreground">
          Loading flairs...
        </p>
      )}
      {state.status === 'error' && (
        <p className="text-xs text-muted-foreground">{state.failure.message}</p>
      )}
      {data && data.flairs.length > 0 && (
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-flair`}>Post Flair{data.flairRequired ? '' : ' (optional)'}</Label>
          <NativeSelect
            id={`${id}-flair`}
            value={chosen ? value : ''}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={missing ? `${id}-required` : undefined}
          >
            <option value="">{data.flairRequired ? 'Choose a flair' : 'No flair'}</option>
            {data.flairs.map((f) => (
              <option key={f.id} value={f.id}>
                {f.text}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {data && chosen?.textEditable && (
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-flair-text`}>Flair Text</Label>
          <Input
            id={`${id}-flair-text`}
            value={text}
            onChange={(e) => onTextChange(e.target.value)}
            maxLength={64}
            placeholder={chosen.text}
          />
        </div>
      )}
      {missing && (
        <p id={`${id}-required`} role="alert" className="text-sm text-destructive">
          {missing}
        </p>
      )}
    </>
  );
}
