import { z } from 'zod';
import { abilitiesSchema } from '../http/abilities';
import { personSummarySchema } from '../users/person';
import { isAcceptedOffset, TIMEZONE_OFFSET_PATTERN } from '../timezones/timezones';
import { optionalZoneField } from '../timezones/zone-field';
import { nameText, stripInvisible } from '../text/name-text';
import { GROUP_MESSAGES, TIMEZONE_MESSAGES } from '../i18n/validation-messages';


export const GROUP_NAME_MAX = 255;
export const GROUP_RADIUS_MIN = 1;
export const GROUP_RADIUS_MAX = 1000;
export const GROUP_RADIUS_DEFAULT = 50;
export const GROUP_RADIUS_SLIDER = { min: 5, max: 1000, step: 5 } as const;

/**
 * The spec's time-zone fields, and the named zone beside them (issue 29). `timezoneOffset` is an
 * offset of the list or the summer offset of one of its cities; with it the instants sent are read
 * as the wall-clock times the rider typed on that offset, placed in the zone. `timezone` is an IANA
 * zone ("Europe/Rome"); left out, the zone is the group's (a ride) or the place's (a group). An
 * unknown zone is refused by the server with the code `unknown_time_zone`.
 */
export const timezoneFields = {
  timezoneOffset: z
    .string({ error: TIMEZONE_MESSAGES.invalid })
    .regex(TIMEZONE_OFFSET_PATTERN, TIMEZONE_MESSAGES.invalid)
    .refine(isAcceptedOffset, TIMEZONE_MESSAGES.invalid),
  timezoneName: z.string({ error: TIMEZONE_MESSAGES.nameRequired }).trim().min(1, TIMEZONE_MESSAGES.nameRequired).max(100),
  timezone: optionalZoneField,
};

/** A group's or ride's zone as answered: the IANA name, and the spec's offset for the date it concerns. */
export const zoneAnswerFields = {
  /** The spec's offset label, derived from `timezone` for the date concerned (a July ride in Rome: UTC+02:00). */
  timezoneOffset: z.string(),
  timezoneName: z.string(),
  /** The IANA zone ("Europe/Rome"). */
  timezone: z.string(),
};

/**
 * A group's name (spec 2 section 5). Any script and emoji are welcome: every name gets a working
 * slug on the server (transliterated, else one made from the group's id).
 */
export const groupNameSchema = nameText({ required: GROUP_MESSAGES.nameRequired, max: GROUP_NAME_MAX, tooLong: GROUP_MESSAGES.nameTooLong }).refine(
  (name) => !name.includes('-'),
  GROUP_MESSAGES.nameHyphen,
);


/**
 * Where the group meets: the place as typed and, when the rider chose a suggestion, its coordinates
 * (null coordinates: kept as text only; left out: the server places the typed name).
 */
const groupPlaceFields = {
  description: z.string().trim().max(5000, GROUP_MESSAGES.descriptionTooLong).nullable().optional(),
  location: z.string({ error: GROUP_MESSAGES.locationRequired }).overwrite(stripInvisible).trim().min(1, GROUP_MESSAGES.locationRequired).max(255),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
};

/** Create-group payload (spec 2 sections 3 and 5). creatorId is ignored: the creator is the caller. */
export const createGroupSchema = z.object({
  name: groupNameSchema,
  ...groupPlaceFields,
  radiusKm: z.number().int().min(GROUP_RADIUS_MIN, GROUP_MESSAGES.radiusMin).max(GROUP_RADIUS_MAX, GROUP_MESSAGES.radiusMax).default(GROUP_RADIUS_DEFAULT),
  membershipApprovalRequired: z.boolean().default(false),
  ...timezoneFields,
  creatorId: z.string().optional(),
});
export type CreateGroupInput = z.infer<typeof createGroupSchema>;

/** The Edit Group dialog's fields (sent as PATCH /api/groups/{id}); the image is uploaded as media. */
export const editGroupSchema = createGroupSchema.pick({ name: true, description: true, location: true, latitude: true, longitude: true });
export type EditGroupInput = z.infer<typeof editGroupSchema>;

/**
 * PATCH /api/groups/{id} (owner only): the Manage dialog's two settings (spec 2) and the Edit Group
 * dialog's name, description and location. A new name moves the group's address (the old one keeps
 * leading to it); the image is uploaded as media ('group_image').
 */
export const updateGroupSchema = z
  .object({
    name: groupNameSchema.optional(),
    description: groupPlaceFields.description,
    location: groupPlaceFields.location.optional(),
    latitude: groupPlaceFields.latitude,
    longitude: groupPlaceFields.longitude,
    membershipApprovalRequired: z.boolean().optional(),
    timezoneOffset: timezoneFields.timezoneOffset.optional(),
    timezoneName: timezoneFields.timezoneName.optional(),
    timezone: timezoneFields.timezone,
  })
  .strict()
  // Coordinates belong to the place they locate: sent alone they would move the group off its name.
  .refine((u) => u.location !== undefined || (u.latitude === undefined && u.longitude === undefined), { message: GROUP_MESSAGES.locationWithCoordinates, path: ['location'] });
export type UpdateGroupInput = z.infer<typeof updateGroupSchema>;

/** A member's role; the owner is the one member who is neither (docs/behaviour/groups.md "Clubs run by more than one person"). */
export const GROUP_ROLES = ['member', 'co_organizer'] as const;
export const groupRoleSchema = z.enum(GROUP_ROLES, { error: 'Role must be member or co_organizer' });
export type GroupRole = z.infer<typeof groupRoleSchema>;

/** PUT /api/groups/{id}/members/{memberId}/role (owner only). */
export const changeMemberRoleSchema = z.object({ role: groupRoleSchema }).strict();
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleSchema>;

/** POST /api/groups/{id}/ownership (owner only): the member who becomes the owner. */
export const transferOwnershipSchema = z.object({ memberId: z.string({ error: GROUP_MESSAGES.memberRequired }).min(1, GROUP_MESSAGES.memberRequired).max(64) }).strict();
export type TransferOwnershipInput = z.infer<typeof transferOwnershipSchema>;

export const MEMBERSHIP_STATUSES = ['owner', 'co_organizer', 'member', 'pending', 'none'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const groupAbilitiesSchema = abilitiesSchema([
  'join',
  'leave',
  // manage: the Manage dialog's settings and the Edit Group dialog (owner).
  'manage',
  'delete',
  'invite',
  'createRide',
  'createPoll',
  'viewMembers',
  // decideRequests: see and decide membership requests (owner and co-organizers).
  'decideRequests',
  // changeRoles: make members co-organizers and back (owner).
  'changeRoles',
  // transferOwnership: hand the group to another member (owner).
  'transferOwnership',
  // removeMembers: remove members from the group (owner: anyone but themself; co-organizer: plain members).
  'removeMembers',
]);
export type GroupAbilities = z.infer<typeof groupAbilitiesSchema>;

/** A group as every list and page receives it (spec 2 section 3, plus slug, status and abilities). */
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  groupImageUrl: z.string().nullable(),
  creatorId: z.string(),
  membershipApprovalRequired: z.boolean(),
  /** timezoneOffset: derived for today. */
  ...zoneAnswerFields,
  memberCount: z.number().int(),
  rideCount: z.number().int(),
  radiusKm: z.number(),
  upcomingRides: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  creator: z.object({ userId: z.string(), profileImageUrl: z.string().nullable() }),
  membershipStatus: z.enum(MEMBERSHIP_STATUSES),
  abilities: groupAbilitiesSchema,
});
export type Group = z.infer<typeof groupSchema>;
export const groupListSchema = z.array(groupSchema);

/** What the viewer may do to one member of the list (groups.policy memberAbilities). */
export const memberAbilitiesSchema = abilitiesSchema(['makeCoOrganizer', 'removeCoOrganizer', 'transferOwnership', 'remove']);
export type MemberAbilities = z.infer<typeof memberAbilitiesSchema>;

/** A rider as the group's lists show them: with their location. */
const groupPersonSchema = personSummarySchema.extend({ location: z.string().nullable() });

export const groupMemberSchema = groupPersonSchema.extend({
  isOwner: z.boolean(),
  /** 'owner' for the group's owner, else their role. */
  role: z.enum(['owner', ...GROUP_ROLES]),
  joinedAt: z.string(),
  abilities: memberAbilitiesSchema,
});
export type GroupMember = z.infer<typeof groupMemberSchema>;
export const groupMemberListSchema = z.array(groupMemberSchema);

export const membershipRequestSchema = z.object({
  id: z.string(),
  requestedAt: z.string(),
  user: groupPersonSchema,
});
export type MembershipRequest = z.infer<typeof membershipRequestSchema>;
export const membershipRequestListSchema = z.array(membershipRequestSchema);

/** GET /api/membership-requests/pending: the groups the rider has asked to join and wait for. */
export const pendingGroupIdsSchema = z.array(z.string());

/**
 * DELETE /api/groups/{id}/members/{memberId}'s optional body: `ban` also keeps the rider from
 * rejoining ("Don't let them rejoin") until an organizer lifts it.
 */
export const removeMemberSchema = z.object({ ban: z.boolean({ error: 'ban must be true or false' }).optional() }).strict();
export type RemoveMemberInput = z.infer<typeof removeMemberSchema>;

/**
 * The optional body of a membership request's approval or decline: `ban` with a decline also keeps
 * the rider from asking again ("Don't let them ask again") until an organizer lifts it. A ban with
 * an approval means nothing and is refused (400).
 */
export const decideRequestSchema = z.object({ ban: z.boolean({ error: 'ban must be true or false' }).optional() }).strict();
export type DecideRequestInput = z.infer<typeof decideRequestSchema>;

/** A rider removed and kept from rejoining, as organizers see them (GET /api/groups/{id}/bans). */
export const groupBanSchema = z.object({
  user: personSummarySchema,
  bannedAt: z.string(),
});
export type GroupBan = z.infer<typeof groupBanSchema>;
export const groupBanListSchema = z.array(groupBanSchema);

/** What a banned rider reads whichever way they try to come back (join, request, ride, invitation). */
export const BANNED_FROM_GROUP = "You can't join this group";

export const joinGroupResultSchema = z.object({ message: z.string(), status: z.enum(['member', 'pending']) });
export type JoinGroupResult = z.infer<typeof joinGroupResultSchema>;

export const JOIN_REQUEST_SUBMITTED = 'Membership request submitted for approval';
export const GROUP_NAME_TAKEN = 'A group with this name already exists. Please choose another name.';
