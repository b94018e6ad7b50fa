import { LoadingRegion, Skeleton, SkeletonLines } from '../../../components/ui/skeleton';

/** Three placeholder cards while a list of groups loads. */
export function GroupCardsSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="rounded-2xl border border-asphalt-200/80 bg-white p-5">
          <div className="flex gap-3.5">
            <Skeleton className="size-14 rounded-xl" />
            <SkeletonLines className="flex-1 space-y-2 pt-1" lines={['h-4 w-3/5', 'h-3.5 w-2/5']} />
          </div>
          <Skeleton className="mt-4 h-3.5 w-full" />
          <Skeleton className="mt-2 h-3.5 w-4/5" />
          <Skeleton className="mt-5 h-3 w-1/2" />
        </div>
      ))}
    </LoadingRegion>
  );
}

export { EmptyPanel, PanelError } from '../../../components/ui/list-states';
