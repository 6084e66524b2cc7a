import { Label } from '@core/ui/input';
import { NativeSelect } from '@core/ui/select';

export interface AuthorChoice {
  urn: string;
  name: string;
  kind: 'person' | 'organization';
}

/**
 * LinkedIn's "Post From": the member and the pages they manage, or a waiting line while the profile loads.
 * One control for the LinkedIn composer and the Compose page's LinkedIn tab; `describedBy` names a hint below it.
 */
export function AuthorSelect({
  id,
  value,
  onChange,
  authors,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (urn: string) => void;
  authors: readonly AuthorChoice[] | null;
  describedBy?: string;
}) {
  return (
    <>
      <Label htmlFor={id}>Post From</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy}
      >
        <option value="">
          {authors ? 'Select where to post from' : 'Fetching your profile and pages…'}
        </option>
        {authors?.map((a) => (
          <option key={a.urn} value={a.urn}>
            {a.kind === 'person' ? `${a.name} (you)` : `${a.name} (company page)`}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}
