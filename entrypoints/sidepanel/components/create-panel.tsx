import { useCallback, useEffect, useMemo } from 'react';
import type { SidePanelServices } from '../firebase';
import { usePageContext } from '../hooks/use-page-context';
import { usePanelIntent } from '../hooks/use-panel-intent';
import { usePanelDraft } from '../hooks/use-panel-draft';
import { pageImagesOf } from '../logic/page-images';
import { promptPageOf } from '../logic/post-prompt';
import { MakeImageCard } from './make-image-card';
import { WritePostCard } from './write-post-card';

/** Write a post and make an image from the page in the active tab, into one draft. */
export function CreatePanel({ services, uid }: { services: SidePanelServices; uid: string }) {
  const pageState = usePageContext();
  const context = pageState.status === 'ready' ? pageState.context : null;
  const page = useMemo(() => promptPageOf(context), [context]);
  const { intent } = usePanelIntent();
  const pickedImage = intent?.kind === 'useImage' ? intent.imageUrl : null;
  // An image picked with 'Use this image in Muse Studio' is offered first as the reference.
  const images = useMemo(() => {
    const onPage = pageImagesOf(context as { images?: readonly unknown[] } | null);
    return pickedImage
      ? [
          { src: pickedImage, alt: 'The image you picked' },
          ...onPage.filter((i) => i.src !== pickedImage),
        ]
      : onPage;
  }, [context, pickedImage]);
  // A context-menu intent brings its card into view: the writer for 'Write a post', the image maker for an image.
  const intentId = intent?.id ?? null;
  const intentTarget = intent ? (intent.kind === 'writePost' ? 'write-post' : 'make-image') : null;
  useEffect(() => {
    if (intentTarget)
      document.getElementById(intentTarget)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [intentId, intentTarget]);
  const sourceUrl = useCallback(() => (page && /^https?:/.test(page.url) ? page.url : ''), [page]);
  const draft = usePanelDraft(services.clients.db, uid, sourceUrl);

  if (!draft.ready) return null;
  return (
    <>
      <WritePostCard services={services} uid={uid} page={page} draft={draft} />
      <MakeImageCard
        services={services}
        uid={uid}
        page={page}
        images={images}
        attached={draft.fields.media}
        onAttach={(mediaId) =>
          draft.update({ media: [...draft.fields.media.filter((m) => m !== mediaId), mediaId] })
        }
      />
    </>
  );
}
