import { sentZone, zoneForSentOffset } from '../platform/time-zones';
import type { AppContext } from '../context';
import { conflict, badRequest, forbidden, notFound } from '../platform/errors';
import { isUniqueViolation } from '../db/unique-violation';
import { USER_ID_MAX_CHANGES, type CurrentUser } from '../../shared/users/current-user';
import { completeMotorcycles, USER_ID_PATTERN, type ProfileUpdate, type PublicProfile } from '../../shared/users/profile';
import { requestEmailConfirmation } from '../auth/auth.service';
import { pendingEmailOf } from '../auth/email-change.service';
import { usersRepository, type UserRow } from './users.repository';
import { canEditAccount } from './users.policy';
import { loadVisibleProfile } from './profile-visibility.service';
import { presentCurrentUser, presentPublicProfile } from './users.presenter';
import { sentColumns } from '../db/sent-columns';
import { preferenceColumns, PREFERENCES_WRITTEN_APART } from '../../shared/users/preferences';

async function presentOwn(ctx: AppContext, row: UserRow): Promise<CurrentUser> {
  return presentCurrentUser(row, await pendingEmailOf(ctx.db, row.id));
}

/** The account a request may edit: its own. Any other id answers like a missing one. */
async function ownAccount(ctx: AppContext, actorId: string | null, accountId: string): Promise<UserRow> {
  const user = canEditAccount(actorId, accountId) ? await usersRepository.findById(ctx.db, accountId) : undefined;
  if (!user) throw notFound('user_not_found');
  return user;
}

/**
 * PATCH /api/users/{id}. Profile fields apply at once; a new handle counts toward the limit of 2
 * changes and must be free regardless of case; a new e-mail address only gets a confirmation link.
 */
export async function updateProfile(
  ctx: AppContext,
  input: { actorId: string | null; accountId: string; update: ProfileUpdate; ip: string; browserLanguage: string | null },
): Promise<{ user: CurrentUser; emailConfirmationSentTo: string | null }> {
  const user = await ownAccount(ctx, input.actorId, input.accountId);
  const { userId: handle, email } = input.update;

  // An address another account holds is answered exactly like a free one: only the
  // mail that goes to it differs (requestEmailConfirmation), so nobody learns who has an account.
  const newEmail = email && email !== user.email ? email : null;
  const newHandle = handle !== undefined && handle !== user.handle ? handle : null;

  // Nothing is saved unless all of it can be: the handle is checked (checked again in the
  // transaction, for a concurrent change) and the link to a new address sent (its rate limits and
  // the mail server may refuse it, 429/503) before the fields and handle are written, so a refused
  // request neither changes the profile nor uses up one of the two handle changes.
  if (newHandle !== null) {
    if (user.handle_changes_count >= USER_ID_MAX_CHANGES) throw forbidden('username_change_limit');
    if (await usersRepository.handleTakenByOther(ctx.db, newHandle, user.id)) throw conflict('username_taken');
  }
  if (newEmail) {
    // The confirmation in the rider's language: the one this request saves, else their saved one.
    const requesterLanguage = input.update.language ?? user.language;
    await requestEmailConfirmation(ctx, { userId: user.id, email: newEmail, ip: input.ip, browserLanguage: input.browserLanguage, requesterLanguage });
  }
  // The rider's zone: the one sent (the browser's, or chosen in site settings), else what a spec client's offset and label mean.
  const zone = sentZone(input.update.timezone) ?? zoneForSentOffset(user.timezone, input.update.timezoneOffset, input.update.timezoneName ?? user.timezone_name);

  try {
    await ctx.db.transaction().execute(async (tx) => {
      if (newHandle !== null) {
        if (await usersRepository.handleTakenByOther(tx, newHandle, user.id)) throw conflict('username_taken');
        if (!(await usersRepository.changeHandle(tx, user.id, newHandle, USER_ID_MAX_CHANGES))) throw forbidden('username_change_limit');
      }
      await usersRepository.updateFields(tx, user.id, {
        ...sentColumns(input.update, {
          // Written above: the handle by changeHandle (its limit), a new address only once confirmed.
          userId: null,
          email: null,
          firstName: 'first_name',
          lastName: 'last_name',
          bio: 'bio',
          location: 'location',
          latitude: 'latitude',
          longitude: 'longitude',
          profileVisibility: 'profile_visibility',
          preferredUnits: 'preferred_units',
          gpxPrivacyZone: 'gpx_privacy_zone',
          timezoneOffset: 'timezone_offset',
          timezoneName: 'timezone_name',
          timezone: null,
          ...PREFERENCES_WRITTEN_APART,
        }),
        ...preferenceColumns(input.update),
      });
      if (zone !== user.timezone) await usersRepository.updateFields(tx, user.id, { timezone: zone });
    });
  } catch (error) {
    // A concurrent change took the handle between our check and our write.
    if (isUniqueViolation(error)) throw conflict('username_taken');
    throw error;
  }

  const updated = (await usersRepository.findById(ctx.db, user.id))!;
  return { user: await presentOwn(ctx, updated), emailConfirmationSentTo: newEmail };
}

/** GET /api/users/check-username/{username}: free regardless of case, ignoring the asking account. */
export async function isHandleAvailable(ctx: AppContext, handle: string, excludeUserId: string | null): Promise<boolean> {
  if (handle.length < 3 || handle.length > 30 || !USER_ID_PATTERN.test(handle)) return false;
  return !(await usersRepository.handleTakenByOther(ctx.db, handle, excludeUserId));
}

/** A profile the viewer may not see answers exactly like one that does not exist. */
export async function getPublicProfile(ctx: AppContext, viewerId: string | null, handle: string): Promise<PublicProfile> {
  const owner = await loadVisibleProfile(ctx, viewerId, { handle });
  return presentPublicProfile(owner, viewerId);
}

export async function replaceMotorcycles(
  ctx: AppContext,
  input: { actorId: string | null; accountId: string; motorcycles: Array<{ brand?: string; model?: string; year?: number; color?: string }> },
): Promise<CurrentUser> {
  const user = await ownAccount(ctx, input.actorId, input.accountId);
  const complete = completeMotorcycles(input.motorcycles);
  if (complete.length === 0 || complete.some((m) => !Number.isInteger(m.year))) throw badRequest('motorcycles_required');
  await usersRepository.updateFields(ctx.db, user.id, { motorcycles: JSON.stringify(complete) });
  return presentOwn(ctx, (await usersRepository.findById(ctx.db, user.id))!);
}

export async function setLocation(
  ctx: AppContext,
  input: { actorId: string | null; accountId: string; location: string; latitude: number; longitude: number },
): Promise<CurrentUser> {
  const user = await ownAccount(ctx, input.actorId, input.accountId);
  await usersRepository.updateFields(ctx.db, user.id, { location: input.location, latitude: input.latitude, longitude: input.longitude });
  return presentOwn(ctx, (await usersRepository.findById(ctx.db, user.id))!);
}
