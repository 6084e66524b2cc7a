import { Construction } from 'lucide-react';
import { Card, CardContent } from '@core/ui/card';
import { PageHeader } from '@/components/ui/page-header';

/** Holds a route whose feature lands in a later release, so navigation never dead-ends. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <PageHeader title={title} description={description} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-16 text-center">
          <Construction className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">This screen is being built.</p>
          <p className="max-w-md text-sm text-muted-foreground">
            It arrives in an upcoming release of Muse Studio. Everything else in the sidebar works
            today.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
