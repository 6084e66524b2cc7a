import { useAtomValue, useSetAtom } from 'jotai';
import { Clapperboard, Download, FilePlus2, Save } from 'lucide-react';
import { Link } from 'react-router-dom';
import { DEFAULT_PROJECT_TITLE } from '@core/constants';
import { paths } from '@core/routes';
import { Button, buttonClasses } from '@core/ui/button';
import { Input } from '@core/ui/input';
import { dirtyAtom, itemsAtom, projectIdAtom, setTitleAtom, titleAtom } from '../atoms';

export function EditorTopBar({
  saving,
  onSave,
  renderDisabled,
  rendering,
  onRender,
  downloadable,
  downloading,
  onDownload,
}: {
  saving: boolean;
  onSave: () => void;
  renderDisabled: boolean;
  rendering: boolean;
  onRender: () => void;
  downloadable: boolean;
  downloading: boolean;
  onDownload: () => void;
}) {
  const title = useAtomValue(titleAtom);
  const dirty = useAtomValue(dirtyAtom);
  const projectId = useAtomValue(projectIdAtom);
  const items = useAtomValue(itemsAtom);
  const pristine = !projectId && items.length === 0 && title === DEFAULT_PROJECT_TITLE;
  const setTitle = useSetAtom(setTitleAtom);
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-sm md:flex-row md:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <Input
          aria-label="Project title"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="Untitled Project"
          className="h-10 max-w-md text-base font-semibold"
        />
        <span className="text-xs whitespace-nowrap text-muted-foreground" aria-live="polite">
          {pristine ? 'Not saved yet' : dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          to={paths.createEditor}
          className={buttonClasses('ghost')}
          title="Start a new project"
        >
          <FilePlus2 aria-hidden="true" />
          New
        </Link>
        <Button variant="outline" onClick={onSave} disabled={saving} loading={saving}>
          {saving ? null : <Save aria-hidden="true" />}
          Save
        </Button>
        <Button onClick={onRender} disabled={renderDisabled} loading={rendering}>
          {rendering ? null : <Clapperboard aria-hidden="true" />}
          Render
        </Button>
        {downloadable ? (
          <Button variant="secondary" onClick={onDownload} loading={downloading}>
            {downloading ? null : <Download aria-hidden="true" />}
            Download
          </Button>
        ) : null}
      </div>
    </div>
  );
}
