import { Radio, RadioGroup } from '@headlessui/react';
import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@core/ui/input';
import { cn } from '@core/ui/cn';
import type { TypeFilter } from '../api/get-generations';

export const TYPE_FILTERS: { value: TypeFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
];

export function LibraryToolbar({
  search,
  onSearch,
  type,
  onType,
}: {
  search: string;
  onSearch: (value: string) => void;
  type: TypeFilter;
  onType: (value: TypeFilter) => void;
}) {
  const searchId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="relative w-full sm:max-w-sm">
        <label htmlFor={searchId} className="sr-only">
          Search projects
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && search) {
              e.preventDefault();
              onSearch('');
            }
          }}
          placeholder="Search by title or prompt"
          autoComplete="off"
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {search ? (
          <button
            type="button"
            onClick={() => onSearch('')}
            aria-label="Clear search"
            className="absolute top-1/2 right-2 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <RadioGroup
        value={type}
        onChange={onType}
        aria-label="Filter by type"
        className="grid grid-cols-4 gap-1 rounded-lg bg-muted p-1 sm:inline-grid"
      >
        {TYPE_FILTERS.map((f) => (
          <Radio
            key={f.value}
            value={f.value}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-medium text-muted-foreground transition-colors select-none',
              'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              'data-checked:bg-background data-checked:text-foreground data-checked:shadow-sm',
            )}
          >
            {f.label}
          </Radio>
        ))}
      </RadioGroup>
    </div>
  );
}
