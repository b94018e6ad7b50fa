import type { MessageDescriptor } from '@lingui/core';

/*
 * The closed list of the server's refusals (issue 31 point 7). Every 4xx and 5xx answer is JSON
 * `{ message, code, params? }`: `code` is one of these, stable (clients act on it), `params` the
 * named values of its message, and `message` the English text, for API users and as the web's
 * fallback. The web app shows the refusal in the rider's language from `code` and `params`
 * (`describeApiError`, src/web/lib/api-client.ts): the message's id is `errors.<code>`.
 *
 * The English texts are the spec's and the API tests' word for word. A code whose English depends
 * on the request (`invalid_input`: the shared schema's own message for the field; Fastify's own
 * refusals) has a generic text here, and its `message` says more.
 *
 * Parameters are data, not words: sizes as numbers (in bytes, and in MB for the message), calendar
 * days as ISO; the message formats them with ICU `number` and `date` (error-values.ts).
 *
 * No runtime code the web needs: it imports only the types (its catalogs carry the texts by id).
 */

type ParamValue = string | number;

/** A code's message, carrying the type of its named parameters. */
export interface ErrorMessage<P extends Record<string, ParamValue>> extends MessageDescriptor {
  readonly id: string;
  readonly message: string;
  /** Never set: it only carries the parameters' type. */
  readonly __params?: P;
}

const code = <P extends Record<string, ParamValue> = Record<never, never>>(descriptor: { id: string; message: string }) => descriptor as ErrorMessage<P>;

export const ERROR_MESSAGES = {
  // Requests in general.
  // `message` is the shared schema's English for the field; when it is one of theirs, `params` has its id (`messageId`) and values.
  invalid_input: code(/*i18n*/ { id: 'errors.invalid_input', message: 'Please check what you entered.' }),
  invalid_request: code(/*i18n*/ { id: 'errors.invalid_request', message: 'This request could not be read.' }),
  broken_character: code(/*i18n*/ { id: 'errors.broken_character', message: 'Text must not contain broken characters (half of an emoji or other character)' }),
  request_too_deep: code(/*i18n*/ { id: 'errors.request_too_deep', message: 'The request is nested too deeply' }),
  nul_character: code<{ character: string }>(/*i18n*/ { id: 'errors.nul_character', message: 'Text must not contain NUL characters ({character})' }),
  payload_too_large: code(/*i18n*/ { id: 'errors.payload_too_large', message: 'This request is too large.' }),
  request_too_slow: code(/*i18n*/ { id: 'errors.request_too_slow', message: 'The request arrived too slowly.' }),
  unsupported_media_type: code(/*i18n*/ { id: 'errors.unsupported_media_type', message: 'This request is sent in a format the server does not read.' }),
  range_not_satisfiable: code(/*i18n*/ { id: 'errors.range_not_satisfiable', message: 'Range Not Satisfiable' }),
  address_invalid: code(/*i18n*/ { id: 'errors.address_invalid', message: 'This address is not valid' }),
  address_too_long: code(/*i18n*/ { id: 'errors.address_too_long', message: 'This address is too long' }),
  not_found: code(/*i18n*/ { id: 'errors.not_found', message: 'Not found' }),
  forbidden: code(/*i18n*/ { id: 'errors.forbidden', message: 'Forbidden' }),
  internal_error: code(/*i18n*/ { id: 'errors.internal_error', message: 'Something went wrong on our side. Please try again.' }),
  cross_site_request: code(/*i18n*/ { id: 'errors.cross_site_request', message: 'Cross-site requests are not allowed' }),
  unknown_time_zone: code<{ zone: string }>(/*i18n*/ { id: 'errors.unknown_time_zone', message: 'Unknown time zone "{zone}": send an IANA zone such as Europe/Rome' }),
  nonexistent_local_time: code<{ time: string; zone: string; day: string }>(
    /*i18n*/ { id: 'errors.nonexistent_local_time', message: '{time} does not exist in {zone} on {day, date, utcDay}: the clocks go forward that night. Choose another time.' },
  ),
  invalid_local_time: code(/*i18n*/ { id: 'errors.invalid_local_time', message: 'Start date is required' }),

  // Limits.
  too_many_changes: code(/*i18n*/ { id: 'errors.too_many_changes', message: 'Too many changes in a short time. Please wait a moment and try again.' }),
  too_many_activity_events: code(/*i18n*/ { id: 'errors.too_many_activity_events', message: 'Too many activity events. Please try again later.' }),
  too_many_new_visitors: code(/*i18n*/ { id: 'errors.too_many_new_visitors', message: 'Too many new visitors from this network. Please try again later.' }),
  calendar_read_too_often: code(/*i18n*/ { id: 'errors.calendar_read_too_often', message: 'This calendar was read too often. Please try again later.' }),
  too_many_route_lookups: code(/*i18n*/ { id: 'errors.too_many_route_lookups', message: 'Too many route lookups from this network. Please try again later.' }),
  too_many_preview_pictures: code(/*i18n*/ { id: 'errors.too_many_preview_pictures', message: 'Too many link preview pictures drawn in a short time. Please try again in a minute.' }),
  too_many_bug_reports: code(/*i18n*/ { id: 'errors.too_many_bug_reports', message: 'Too many bug reports. Please try again later.' }),

  // Sign-in, sessions, e-mail.
  not_signed_in: code(/*i18n*/ { id: 'errors.not_signed_in', message: 'Not signed in' }),
  too_many_sign_in_links: code(/*i18n*/ { id: 'errors.too_many_sign_in_links', message: 'Too many sign-in links requested. Please try again later.' }),
  too_many_invitation_links: code(/*i18n*/ { id: 'errors.too_many_invitation_links', message: 'Too many invitations were accepted from this network in the last hour.' }),
  email_not_sent: code(/*i18n*/ { id: 'errors.email_not_sent', message: 'The e-mail could not be sent. Please try again later.' }),
  magic_link_invalid: code(
    /*i18n*/ { id: 'errors.magic_link_invalid', message: 'Authentication Failed: The magic link is invalid or has expired. Please request a new one.' },
  ),
  session_not_found: code(/*i18n*/ { id: 'errors.session_not_found', message: 'Session not found' }),
  no_pending_email: code(/*i18n*/ { id: 'errors.no_pending_email', message: 'No address is waiting for confirmation' }),

  // Riders.
  user_not_found: code(/*i18n*/ { id: 'errors.user_not_found', message: 'User not found' }),
  profile_not_found: code(/*i18n*/ { id: 'errors.profile_not_found', message: 'Profile not found' }),
  rider_not_found: code(/*i18n*/ { id: 'errors.rider_not_found', message: 'Rider not found' }),
  username_taken: code(/*i18n*/ { id: 'errors.username_taken', message: 'Username is already taken' }),
  username_change_limit: code(/*i18n*/ { id: 'errors.username_change_limit', message: 'Username change limit reached' }),
  motorcycles_required: code(/*i18n*/ { id: 'errors.motorcycles_required', message: 'Please add at least one motorcycle with all fields filled.' }),

  // Notifications, deliveries, push.
  notification_not_found: code(/*i18n*/ { id: 'errors.notification_not_found', message: 'Notification not found' }),
  notification_channel_not_offered: code(/*i18n*/ { id: 'errors.notification_channel_not_offered', message: 'This notification is not sent on that channel' }),
  unsubscribe_link_invalid: code(/*i18n*/ { id: 'errors.unsubscribe_link_invalid', message: 'This link is not valid' }),
  unknown_push_service: code(/*i18n*/ { id: 'errors.unknown_push_service', message: 'This push service is not one this server sends to' }),

  // Places and routes.
  search_text_required: code(/*i18n*/ { id: 'errors.search_text_required', message: 'Search text is required' }),
  search_text_too_long: code<{ max: number }>(/*i18n*/ { id: 'errors.search_text_too_long', message: 'Search text must be at most {max} characters' }),
  near_invalid: code(/*i18n*/ { id: 'errors.near_invalid', message: 'near must be "latitude,longitude", for example "44.49,11.34"' }),
  coordinates_out_of_range: code(/*i18n*/ { id: 'errors.coordinates_out_of_range', message: 'Latitude must be between -90 and 90 and longitude between -180 and 180' }),
  route_points_invalid: code(/*i18n*/ { id: 'errors.route_points_invalid', message: 'points must be lat,lon pairs separated by ;' }),
  route_points_count: code(/*i18n*/ { id: 'errors.route_points_count', message: 'A route needs 2 to 12 points' }),
  calendar_not_found: code(/*i18n*/ { id: 'errors.calendar_not_found', message: 'Calendar not found' }),

  // Media and uploads.
  file_not_found: code(/*i18n*/ { id: 'errors.file_not_found', message: 'File not found' }),
  media_not_found: code(/*i18n*/ { id: 'errors.media_not_found', message: 'Media not found' }),
  not_multipart: code(/*i18n*/ { id: 'errors.not_multipart', message: 'Uploads must be sent as multipart/form-data.' }),
  no_file: code(/*i18n*/ { id: 'errors.no_file', message: 'Please select a file to upload.' }),
  one_file_per_request: code(/*i18n*/ { id: 'errors.one_file_per_request', message: 'Please upload one file per request.' }),
  unexpected_file_field: code<{ field: string }>(/*i18n*/ { id: 'errors.unexpected_file_field', message: 'Unexpected file field {field}' }),
  upload_field_too_long: code<{ field: string }>(/*i18n*/ { id: 'errors.upload_field_too_long', message: '{field} is too long' }),
  upload_incomplete: code(/*i18n*/ { id: 'errors.upload_incomplete', message: 'The upload was interrupted. Please try again.' }),
  file_too_large: code(/*i18n*/ { id: 'errors.file_too_large', message: 'File too large' }),
  gallery_file_too_large: code(/*i18n*/ { id: 'errors.gallery_file_too_large', message: 'Please upload files smaller than 50MB.' }),
  image_too_large: code(/*i18n*/ { id: 'errors.image_too_large', message: 'Image too large' }),
  not_an_image: code(/*i18n*/ { id: 'errors.not_an_image', message: 'Please select an image file.' }),
  image_unreadable: code(/*i18n*/ { id: 'errors.image_unreadable', message: 'The image could not be read. Please select another image file.' }),
  media_type_unsupported: code(/*i18n*/ { id: 'errors.media_type_unsupported', message: 'Please upload GIF, JPEG, PNG, MP4, or GPX files only.' }),
  gpx_invalid: code(/*i18n*/ { id: 'errors.gpx_invalid', message: 'Invalid GPX file format' }),
  gpx_empty: code(/*i18n*/ { id: 'errors.gpx_empty', message: 'Empty GPX file' }),
  gpx_too_many_points: code<{ max: number }>(/*i18n*/ { id: 'errors.gpx_too_many_points', message: 'This GPX file has more than {max, number} points, the most a file may have' }),
  storage_limit_exceeded: code<{ limitBytes: number; limitMb: number }>(/*i18n*/ { id: 'errors.storage_limit_exceeded', message: 'Your uploads would exceed your {limitMb, number} MB storage limit' }),
  guest_upload_total: code<{ totalBytes: number; totalMb: number; riderLimitBytes: number; riderLimitMb: number }>(
    /*i18n*/ {
      id: 'errors.guest_upload_total',
      message: "Guests on this network have used today's {totalMb, number} MB upload allowance. Add your email address to keep uploading, up to your own {riderLimitMb, number} MB storage limit.",
    },
  ),
  media_ride_riders_only: code(
    /*i18n*/ { id: 'errors.media_ride_riders_only', message: 'Only riders of this ride and members of its group can add photos and videos to it' },
  ),
  media_ride_route_owner_only: code(/*i18n*/ { id: 'errors.media_ride_route_owner_only', message: "Only the ride's owner can add GPX routes to this ride" }),
  media_group_members_only: code(/*i18n*/ { id: 'errors.media_group_members_only', message: 'Only members of this group can see or add its media' }),
  media_group_owner_only: code(/*i18n*/ { id: 'errors.media_group_owner_only', message: 'Only the group owner can change the group image' }),
  media_uploader_only: code(/*i18n*/ { id: 'errors.media_uploader_only', message: "You don't have permission to change this media" }),
  media_delete_not_allowed: code(/*i18n*/ { id: 'errors.media_delete_not_allowed', message: "Only the uploader and the ride's or group's owner can delete this media" }),
  screenshot_not_image: code(/*i18n*/ { id: 'errors.screenshot_not_image', message: 'Please upload an image file (PNG, JPG, or GIF)' }),
  screenshot_too_large: code(/*i18n*/ { id: 'errors.screenshot_too_large', message: 'Please upload an image smaller than 10MB' }),

  // Groups and membership.
  group_not_found: code(/*i18n*/ { id: 'errors.group_not_found', message: 'Group not found' }),
  group_name_taken: code(/*i18n*/ { id: 'errors.group_name_taken', message: 'A group with this name already exists. Please choose another name.' }),
  only_group_owner: code(/*i18n*/ { id: 'errors.only_group_owner', message: 'Only the group owner can do this' }),
  only_group_organizers: code(/*i18n*/ { id: 'errors.only_group_organizers', message: 'Only the group owner or a co-organizer can do this' }),
  only_members_see_members: code(/*i18n*/ { id: 'errors.only_members_see_members', message: 'Only members can see who is in this group' }),
  already_member: code(/*i18n*/ { id: 'errors.already_member', message: 'You are already a member of this group' }),
  membership_request_pending: code(/*i18n*/ { id: 'errors.membership_request_pending', message: 'Your membership request is already waiting for approval' }),
  not_a_member: code(/*i18n*/ { id: 'errors.not_a_member', message: 'You are not a member of this group' }),
  banned_from_group: code(/*i18n*/ { id: 'errors.banned_from_group', message: "You can't join this group" }),
  ban_with_approval: code(/*i18n*/ { id: 'errors.ban_with_approval', message: 'A ban goes with a decline, not an approval' }),
  membership_request_not_found: code(/*i18n*/ { id: 'errors.membership_request_not_found', message: 'Membership request not found' }),
  member_not_found: code(/*i18n*/ { id: 'errors.member_not_found', message: 'Member not found' }),
  group_changed_hands: code(/*i18n*/ { id: 'errors.group_changed_hands', message: 'This group has changed hands meanwhile' }),
  rider_not_banned: code(/*i18n*/ { id: 'errors.rider_not_banned', message: 'This rider is not kept from rejoining' }),
  owner_cannot_be_banned: code(/*i18n*/ { id: 'errors.owner_cannot_be_banned', message: 'The owner cannot be banned from their group' }),
  ban_member_instead: code(/*i18n*/ { id: 'errors.ban_member_instead', message: 'This rider is in the group: remove them with "Don\'t let them rejoin" instead' }),
  ban_requester_instead: code(/*i18n*/ { id: 'errors.ban_requester_instead', message: 'This rider asked to join: decline their request with "Don\'t let them ask again" instead' }),
  owner_cannot_leave_group: code(/*i18n*/ { id: 'errors.owner_cannot_leave_group', message: 'The owner cannot leave their own group' }),
  owner_stays_owner: code(/*i18n*/ { id: 'errors.owner_stays_owner', message: 'The owner stays the owner: hand the group over instead' }),
  already_co_organizer: code(/*i18n*/ { id: 'errors.already_co_organizer', message: 'This rider is already a co-organizer' }),
  already_plain_member: code(/*i18n*/ { id: 'errors.already_plain_member', message: 'This rider is already a plain member' }),
  already_own_group: code(/*i18n*/ { id: 'errors.already_own_group', message: 'You already own this group' }),
  owner_cannot_be_removed: code(/*i18n*/ { id: 'errors.owner_cannot_be_removed', message: 'The owner cannot be removed from their group' }),
  leave_group_instead: code(/*i18n*/ { id: 'errors.leave_group_instead', message: 'Leave the group instead' }),
  co_organizers_remove_plain_members: code(/*i18n*/ { id: 'errors.co_organizers_remove_plain_members', message: 'Co-organizers can remove plain members only' }),

  // Invitations.
  invitation_invalid: code(/*i18n*/ { id: 'errors.invitation_invalid', message: 'Invalid Invitation: This invitation link is invalid or has expired.' }),
  invitation_not_found: code(/*i18n*/ { id: 'errors.invitation_not_found', message: 'Invitation not found' }),
  no_invite_permission: code(/*i18n*/ { id: 'errors.no_invite_permission', message: 'Only the group owner or a co-organizer can invite members' }),
  invitation_mail_needs_email: code(
    /*i18n*/ {
      id: 'errors.invitation_mail_needs_email',
      message: 'Confirm your own e-mail address before we e-mail invitations for you. You can still share the link or QR code.',
    },
  ),
  invitation_mail_limit: code<{ max: number }>(
    /*i18n*/ {
      id: 'errors.invitation_mail_limit',
      message: 'You can have at most {max} invitations e-mailed per day. Share the link or QR code instead, or try again later.',
    },
  ),
  invitation_network_limit: code(
    /*i18n*/ {
      id: 'errors.invitation_network_limit',
      message: 'Too many invitations were accepted from this network in the last hour. You have not joined yet and your invitation still works: please try again later.',
    },
  ),
  invitation_address_limit: code(
    /*i18n*/ {
      id: 'errors.invitation_address_limit',
      message: 'Too many e-mails were sent to this address in the last hour. You have not joined yet and your invitation still works: please try again later.',
    },
  ),
  invitation_email_not_sent: code(
    /*i18n*/ {
      id: 'errors.invitation_email_not_sent',
      message: 'We could not send the e-mail, so you have not joined yet. Your invitation still works: please try again in a few minutes.',
    },
  ),
  email_required: code(/*i18n*/ { id: 'errors.email_required', message: 'Email Required' }),
  email_invalid: code(/*i18n*/ { id: 'errors.email_invalid', message: 'Invalid Email' }),

  // Polls.
  poll_not_found: code(/*i18n*/ { id: 'errors.poll_not_found', message: 'Poll not found' }),
  poll_members_only: code(/*i18n*/ { id: 'errors.poll_members_only', message: 'Only group members can take part in polls' }),
  poll_closed: code(/*i18n*/ { id: 'errors.poll_closed', message: 'This poll is closed' }),
  poll_already_responded: code(/*i18n*/ { id: 'errors.poll_already_responded', message: 'You have already responded to this poll' }),
  poll_not_closer: code(/*i18n*/ { id: 'errors.poll_not_closer', message: "Only the poll's creator or the group's organizers can close it" }),
  poll_still_open: code(/*i18n*/ { id: 'errors.poll_still_open', message: 'Close the poll before planning its ride' }),
  poll_preferred_not_proposed: code(/*i18n*/ { id: 'errors.poll_preferred_not_proposed', message: 'Preferred dates must be among the proposed dates' }),
  poll_of_other_group: code(/*i18n*/ { id: 'errors.poll_of_other_group', message: 'The poll belongs to another group' }),

  // Rides.
  ride_not_found: code(/*i18n*/ { id: 'errors.ride_not_found', message: 'Ride not found' }),
  ride_name_taken: code(/*i18n*/ { id: 'errors.ride_name_taken', message: 'A ride with this name already exists in the group' }),
  ride_start_in_past: code(/*i18n*/ { id: 'errors.ride_start_in_past', message: 'Start date cannot be in the past' }),
  ride_edited_date_too_early: code(/*i18n*/ { id: 'errors.ride_edited_date_too_early', message: 'Dates cannot be earlier than 24 hours ago' }),
  navigator_not_participant: code(/*i18n*/ { id: 'errors.navigator_not_participant', message: 'The navigator must be one of the ride’s participants' }),
  too_few_seats: code<{ seats: number }>(
    /*i18n*/ { id: 'errors.too_few_seats', message: '{seats, plural, one {# rider has} other {# riders have}} joined; maximum riders cannot be less than {seats}' },
  ),
  no_ride_edit_permission: code(/*i18n*/ { id: 'errors.no_ride_edit_permission', message: "You don't have permission to edit this ride" }),
  no_ride_delete_permission: code(/*i18n*/ { id: 'errors.no_ride_delete_permission', message: 'Only the ride owner or the group owner or a co-organizer can delete this ride' }),
  ride_comments_for_members: code(/*i18n*/ { id: 'errors.ride_comments_for_members', message: "Comments on this ride are for the group's members" }),
  no_comment_permission: code(/*i18n*/ { id: 'errors.no_comment_permission', message: 'Only members of the group and riders on this ride can comment' }),
  no_such_comment: code(/*i18n*/ { id: 'errors.no_such_comment', message: 'No such comment on this ride' }),
  sign_in_to_join: code(/*i18n*/ { id: 'errors.sign_in_to_join', message: 'Sign in to join rides' }),
  already_joined: code(/*i18n*/ { id: 'errors.already_joined', message: 'You have already joined this ride' }),
  ride_not_open: code(/*i18n*/ { id: 'errors.ride_not_open', message: 'This ride is not open for joining' }),
  join_group_first: code(/*i18n*/ { id: 'errors.join_group_first', message: 'Join the group first' }),
  owner_cannot_leave_ride: code(/*i18n*/ { id: 'errors.owner_cannot_leave_ride', message: 'The owner cannot leave their own ride' }),
  not_joined_ride: code(/*i18n*/ { id: 'errors.not_joined_ride', message: 'You have not joined this ride' }),
  no_minimum_decision: code(/*i18n*/ { id: 'errors.no_minimum_decision', message: 'There is no minimum riders decision to make' }),
  only_members_create_rides: code(/*i18n*/ { id: 'errors.only_members_create_rides', message: 'Only group members can create rides' }),
  ride_full: code(/*i18n*/ { id: 'errors.ride_full', message: 'This ride is full' }),
  riders_waiting: code(/*i18n*/ { id: 'errors.riders_waiting', message: 'Riders are waiting for a seat: join the waitlist' }),
  already_waiting: code(/*i18n*/ { id: 'errors.already_waiting', message: 'You are already on the waitlist' }),
  seat_free: code(/*i18n*/ { id: 'errors.seat_free', message: 'A seat is free: join the ride instead' }),
  not_on_waitlist: code(/*i18n*/ { id: 'errors.not_on_waitlist', message: 'You are not on the waitlist' }),
  ride_too_few_stops: code(/*i18n*/ { id: 'errors.ride_too_few_stops', message: 'This ride needs at least two stops on the map to be sent to a navigator' }),

  // Series of rides.
  series_not_found: code(/*i18n*/ { id: 'errors.series_not_found', message: 'Series not found' }),
  series_from_poll: code(/*i18n*/ { id: 'errors.series_from_poll', message: 'A ride planned from a poll does not repeat' }),
  series_no_rides: code(/*i18n*/ { id: 'errors.series_no_rides', message: 'This repeat rule gives no ride' }),
  series_first_ride_failed: code(/*i18n*/ { id: 'errors.series_first_ride_failed', message: 'The first ride of the series could not be made' }),
  series_join_group_first: code(/*i18n*/ { id: 'errors.series_join_group_first', message: 'Join the group to ride every one of its rides' }),
  series_not_riding: code(/*i18n*/ { id: 'errors.series_not_riding', message: 'You do not ride every ride of this series' }),
  series_not_in_series: code(/*i18n*/ { id: 'errors.series_not_in_series', message: 'This ride is not part of a series' }),
  series_changed: code(/*i18n*/ { id: 'errors.series_changed', message: 'This series was changed meanwhile. Please reload and try again.' }),
  series_started_ride: code(/*i18n*/ { id: 'errors.series_started_ride', message: 'A ride that has started cannot change the rides after it' }),
} as const;

/** Every code the server answers with. */
export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** The named parameters of a code's message. */
export type ErrorParams<C extends ErrorCode> = (typeof ERROR_MESSAGES)[C] extends ErrorMessage<infer P> ? P : never;

/** The message id of a code in the catalogs. */
export const errorMessageId = (code: string) => `errors.${code}`;

/** The JSON body of every refusal. `field` names the input refused, where there is one. */
export type ErrorBody = {
  message: string;
  code: ErrorCode;
  params?: Record<string, ParamValue>;
  field?: string;
};
