import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { ChevronUp, MessageSquare, Send } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '../../../../shared/rides/ride';
import { COMMENT_MAX_LENGTH } from '../../../../shared/text/field-limits';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { FieldMessage } from '../../../components/ui/field';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { UserAvatar } from '../../../components/users/user-avatar';
import { timeAgo } from '../../../lib/format';
import { useOnline } from '../../../lib/online';
import { commentsInOrder, useAddRideComment, useRideComments } from '../../../api/rides';

/**
 * The ride's comments in the order they were written, with a box for riders who may comment (spec 2
 * sections 2, 5 and 6). The newest page comes first; "Show earlier comments" loads the page before
 * it, above, so a long conversation never has to load at once. The comments of a ride whose riders
 * the viewer may not see (`ridersHidden`, an approval group's ride seen from outside) name their
 * authors, so the server refuses them: they are not asked for, and the card says who reads them.
 */
export function RideComments({ ride }: { ride: Ride }) {
  const { t } = useLingui();
  if (ride.ridersHidden) {
    return (
      <Card aria-labelledby="ride-comments-title">
        <CardHeader titleId="ride-comments-title" title={t`Comments`} icon={<MessageSquare aria-hidden="true" />} />
        <CardBody>
          <p className="rounded-lg bg-asphalt-50 px-3 py-2.5 text-sm text-asphalt-600">
            <Trans>Comments on this ride are for the group&apos;s members.</Trans>
          </p>
        </CardBody>
      </Card>
    );
  }
  return <VisibleComments ride={ride} />;
}

/**
 * Offline (issue 32 point 3) the "Show earlier comments" button is disabled like every action that
 * needs the server, so the pages the service worker saved (service-worker/saved-rides.ts follows
 * them all) are read by themselves, one after the other; an earlier page it could not keep (over a
 * ride's cap) fails, and the card says that the list goes no further on this device.
 */
function useEveryPageOffline(comments: ReturnType<typeof useRideComments>): void {
  const online = useOnline();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = comments;
  // Each page read asks for the next (a fast answer may never show isFetchingNextPage changing).
  const pages = comments.data?.pages.length ?? 0;
  useEffect(() => {
    if (!online && pages > 0 && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [online, pages, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
}

function VisibleComments({ ride }: { ride: Ride }) {
  const { t } = useLingui();
  const online = useOnline();
  const comments = useRideComments(ride.id);
  useEveryPageOffline(comments);
  const list = comments.data ? commentsInOrder(comments.data) : [];
  const count = list.length;
  // The total is not known while earlier comments remain: "50+" rather than a wrong number.
  const title = !comments.data ? t`Comments` : comments.hasNextPage ? t`Comments (${count}+)` : t`Comments (${count})`;
  return (
    <Card aria-labelledby="ride-comments-title">
      <CardHeader titleId="ride-comments-title" title={title} icon={<MessageSquare aria-hidden="true" />} />
      <CardBody>
        {comments.isPending ? (
          <SkeletonLines className="space-y-3" label={t`Loading comments`} lines={['h-14', 'h-14']} />
        ) : comments.isLoadingError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-asphalt-600">
            <Trans>Comments could not be loaded.</Trans>
            <Button size="sm" variant="secondary" onClick={() => void comments.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : count === 0 ? (
          <p className="text-sm text-asphalt-500">{ride.abilities.comment ? t`No comments yet. Start the conversation.` : t`No comments yet.`}</p>
        ) : (
          <>
            {comments.hasNextPage && !online && comments.isFetchNextPageError ? (
              <p role="status" className="mb-4 rounded-lg bg-asphalt-50 px-3 py-2.5 text-sm text-asphalt-600">
                <Trans>Earlier comments were not saved on this device. They show again once you are online.</Trans>
              </p>
            ) : comments.hasNextPage ? (
              <div className="mb-4 flex flex-wrap items-center justify-center gap-3">
                <Button size="sm" variant="secondary" disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
                  <ChevronUp aria-hidden="true" />
                  {comments.isFetchingNextPage ? t`Loading earlier comments...` : t`Show earlier comments`}
                </Button>
                {comments.isFetchNextPageError ? (
                  <span role="alert" className="text-sm text-red-700">
                    <Trans>Earlier comments could not be loaded.</Trans>
                  </span>
                ) : null}
              </div>
            ) : null}
            <ol aria-label={t`Comments`} className="space-y-4">
              {list.map((comment) => (
                <li key={comment.id} className="flex gap-3">
                  <UserAvatar userId={comment.user.userId} imageUrl={comment.user.profileImageUrl} className="size-8 text-[11px]" />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                      <Link to={`/profile/${encodeURIComponent(comment.user.userId)}`} className="min-w-0 font-bold break-words text-asphalt-900 hover:text-ignition-700 hover:underline">
                        {comment.user.userId}
                      </Link>
                      <time dateTime={comment.createdAt} className="text-xs text-asphalt-500">
                        {timeAgo(comment.createdAt)}
                      </time>
                    </p>
                    <p className="mt-0.5 text-sm leading-6 break-words whitespace-pre-line text-asphalt-800">{comment.content}</p>
                  </div>
                </li>
              ))}
            </ol>
          </>
        )}
        {ride.abilities.comment ? (
          <CommentBox rideId={ride.id} />
        ) : (
          <p className="mt-5 rounded-lg bg-asphalt-50 px-3 py-2.5 text-sm text-asphalt-600">
            <Trans>Riders of this ride and members of its group can comment.</Trans>
          </p>
        )}
      </CardBody>
    </Card>
  );
}

function CommentBox({ rideId }: { rideId: string }) {
  const { t } = useLingui();
  const id = useId();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addComment = useAddRideComment();

  async function submit() {
    const text = content.trim();
    if (!text) {
      setError(t`Comment cannot be empty`);
      return;
    }
    try {
      await addComment.mutateAsync({ rideId, content: text });
      setContent('');
      setError(null);
    } catch (err) {
      console.error('Failed to add comment', err);
      toast({ title: t`Error`, description: t`Failed to add comment`, variant: 'destructive' });
    }
  }

  return (
    <form
      className="mt-5 border-t border-asphalt-100 pt-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        <Trans>Add a comment</Trans>
      </label>
      <Textarea
        id={id}
        rows={3}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={t`Add a comment...`}
        value={content}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setContent(event.target.value);
          if (error) setError(null);
        }}
      />
      <FieldMessage id={`${id}-error`}>{error}</FieldMessage>
      <div className="mt-3 flex justify-end">
        <Button type="submit" disabled={addComment.isPending || content.trim().length === 0}>
          <Send aria-hidden="true" />
          {addComment.isPending ? t`Posting...` : t`Post Comment`}
        </Button>
      </div>
    </form>
  );
}
