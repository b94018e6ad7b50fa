import { useId } from 'react';
import { CircleCheck, CircleX } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { USER_ID_MAX_CHANGES, USER_ID_MAX_LENGTH, USER_ID_MIN_LENGTH } from '../../../../shared/users/current-user';
import { USER_ID_PATTERN } from '../../../../shared/users/profile';
import { FieldMessage } from '../../../components/ui/field';
import { Input, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUsernameAvailability } from '../../../api/users';

/** Spec 1 section 9: the availability check starts 500 ms after typing stops. */
export const USERNAME_CHECK_DELAY_MS = 500;

export type UsernameAvailability = 'idle' | 'checking' | 'available' | 'taken';

/**
 * The availability of a typed handle: checked only from 3 characters, when it differs from the
 * current handle, 500 ms after typing stops. 'taken' also covers a handle the server refuses.
 */
export function useUsernameCheck(typed: string, currentUserId: string, accountId: string): UsernameAvailability {
  const value = typed.trim();
  const settled = useDebouncedValue(value, USERNAME_CHECK_DELAY_MS);
  const checkable =
    settled === value &&
    settled.length >= USER_ID_MIN_LENGTH &&
    settled.length <= USER_ID_MAX_LENGTH &&
    USER_ID_PATTERN.test(settled) &&
    settled !== currentUserId;
  const check = useUsernameAvailability(settled, accountId, checkable);
  if (!checkable) return 'idle';
  if (check.isFetching) return 'checking';
  if (!check.data) return 'idle';
  return check.data.available ? 'available' : 'taken';
}

interface UsernameFieldProps {
  registration: UseFormRegisterReturn<'userId'>;
  availability: UsernameAvailability;
  changesCount: number;
  error?: string;
}

/** The handle input with its availability mark (spinner, green tick, red cross) and the changes hint. */
export function UsernameField({ registration, availability, changesCount, error }: UsernameFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const limitReached = changesCount >= USER_ID_MAX_CHANGES;
  const maxChanges = USER_ID_MAX_CHANGES;
  const changesLeft = USER_ID_MAX_CHANGES - changesCount;
  // Spec 1 section 5: the hint under the field.
  const changesHint = limitReached
    ? t`Username change limit reached (${maxChanges}/${maxChanges} changes used)`
    : t`Can only be changed ${plural(changesLeft, { one: '# more time', other: '# more times' })}`;
  return (
    <div>
      <Label htmlFor={id}>
        <Trans>User ID</Trans>
      </Label>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 start-3 -translate-y-1/2 text-sm font-semibold text-asphalt-500">@</span>
        <Input
          id={id}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          disabled={limitReached}
          aria-invalid={Boolean(error) || availability === 'taken' || undefined}
          aria-describedby={`${id}-status ${id}-hint${error ? ` ${id}-error` : ''}`}
          className="pe-10 ps-7"
          {...registration}
        />
        <span id={`${id}-status`} className="absolute top-1/2 end-3 flex -translate-y-1/2 items-center" aria-live="polite">
          {availability === 'checking' ? (
            <span role="status" aria-label={t`Checking availability`} className="inline-block size-4 animate-spin rounded-full border-2 border-ignition-500 border-e-transparent" />
          ) : availability === 'available' ? (
            <CircleCheck role="img" aria-label={t`Username is available`} className="size-5 text-emerald-600" />
          ) : availability === 'taken' ? (
            <CircleX role="img" aria-label={t`Username is taken`} className="size-5 text-red-600" />
          ) : null}
        </span>
      </div>
      <FieldMessage id={`${id}-error`}>{error}</FieldMessage>
      <p id={`${id}-hint`} className={cn('mt-1.5 text-xs', limitReached ? 'font-semibold text-asphalt-700' : 'text-asphalt-500')}>
        {changesHint}
      </p>
    </div>
  );
}
