import type { AppContext } from '../context';
import { badRequest, notFound } from '../platform/errors';
import { escapeHtml } from '../platform/html';
import { usersRepository } from '../users/users.repository';
import type { I18n } from '@lingui/core';
import { i18nOfUser } from '../i18n/i18n.service';
import { defaultChannelOn, NOTIFICATION_TYPE_NAMES, notificationLabel, notificationTypes, SETTING_CHANNELS, settingDefault, settingOffered, type NotificationType, type NotificationTypeDefinition, type SettingChannel } from '../../shared/notifications/notification-types';
import { groupsRepository } from '../groups/groups.repository';
import { type NotificationSettings, type NotificationSettingUpdate } from '../../shared/notifications/notification-settings';
import { channelSettingsRepository } from './channel-settings.repository';
import { readUnsubscribeToken } from './unsubscribe-token';

/** GET /api/users/current/notification-settings: each type's switch in the app, by e-mail and by push (the default unless the rider chose), and the pause. */
export async function getNotificationSettings(ctx: AppContext, userId: string): Promise<NotificationSettings> {
  const user = await usersRepository.findById(ctx.db, userId);
  if (!user) throw notFound('user_not_found');
  const chosen = await channelSettingsRepository.listForUser(ctx.db, userId);
  const switchOf = (type: NotificationType, channel: SettingChannel) => {
    if (!settingOffered(type, channel)) return null;
    const row = chosen.find((r) => r.type === type && r.channel === channel);
    return row ? Number(row.enabled) === 1 : settingDefault(type, channel);
  };
  const i18n = await i18nOfUser(user);
  return {
    hasEmail: user.email !== null,
    emailPaused: await channelSettingsRepository.emailPaused(ctx.db, userId),
    organizes: await groupsRepository.organizesAny(ctx.db, userId),
    // The labels in the rider's saved language; a type without any switch (a digest) has no row.
    types: NOTIFICATION_TYPE_NAMES.filter((type) => SETTING_CHANNELS.some((channel) => settingOffered(type, channel))).map((type) => {
      const definition: NotificationTypeDefinition = notificationTypes[type];
      return { type, label: notificationLabel(i18n, type), section: definition.section, app: switchOf(type, 'app'), email: switchOf(type, 'email'), push: switchOf(type, 'push') };
    }),
  };
}

/** PATCH /api/users/current/notification-settings: a switch back to its default is stored as no choice at all. */
export async function updateNotificationSetting(ctx: AppContext, userId: string, input: NotificationSettingUpdate): Promise<NotificationSettings> {
  if ('emailPaused' in input) {
    await channelSettingsRepository.setEmailPaused(ctx.db, userId, input.emailPaused);
  } else {
    if (!settingOffered(input.type, input.channel)) throw badRequest('notification_channel_not_offered');
    if (input.enabled === settingDefault(input.type, input.channel)) await channelSettingsRepository.clear(ctx.db, userId, input.type, input.channel);
    else await channelSettingsRepository.set(ctx.db, { user_id: userId, type: input.type, channel: input.channel, enabled: input.enabled ? 1 : 0 });
  }
  return getNotificationSettings(ctx, userId);
}

function page(i18n: I18n, appName: string, title: string, body: string): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(i18n.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(appName)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif;max-width:480px;margin:40px auto;padding:0 16px;line-height:1.5"><main><h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}</main></body></html>`,
  ].join('\n');
}

async function tokenSubject(ctx: AppContext, token: string) {
  const named = await readUnsubscribeToken(ctx.db, token);
  const user = named && (await usersRepository.findById(ctx.db, named.userId));
  if (!named || !user) throw notFound('unsubscribe_link_invalid');
  // The page speaks the language of the rider the mail went to (whoever opens the link).
  const i18n = await i18nOfUser(user);
  return { ...named, i18n, label: notificationLabel(i18n, named.type) };
}

/** A translated sentence as HTML: escaped, its <0>…</0> the link to the notification settings. */
function withSettingsLink(text: string, url: string): string {
  return escapeHtml(text).replace('&lt;0&gt;', () => `<a href="${escapeHtml(url)}">`).replace('&lt;/0&gt;', '</a>');
}

/**
 * GET of a mail's unsubscribe link: only a page asking to confirm, since mail scanners follow
 * links; its button posts to the same address.
 */
export async function unsubscribePage(ctx: AppContext, token: string): Promise<string> {
  const { label, i18n } = await tokenSubject(ctx, token);
  const { appName, publicUrl } = ctx.config;
  const text = i18n._(
    /*i18n*/ { id: 'unsubscribe.confirm.text', message: 'You will no longer get e-mails for “{type}”. You can switch them on again in your <0>notification settings</0>.', values: { type: label } },
  );
  return page(
    i18n,
    appName,
    i18n._(/*i18n*/ { id: 'unsubscribe.confirm.title', message: 'Stop these e-mails?' }),
    `<p>${withSettingsLink(text, `${publicUrl}/preferences#notifications`)}</p>` +
      `<form method="post"><button type="submit" style="font-size:16px;padding:8px 16px">${escapeHtml(i18n._(/*i18n*/ { id: 'unsubscribe.confirm.button', message: 'Stop these e-mails' }))}</button></form>`,
  );
}

/** POST of the unsubscribe link (RFC 8058 one-click, no cookie needed; or the confirmation page's button): the type's mails stop. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<string> {
  const { userId, type, label, i18n } = await tokenSubject(ctx, token);
  // A digest has no switch of its own: it stops with the e-mail switches of the types it gathers.
  const definition: NotificationTypeDefinition = notificationTypes[type];
  for (const stopped of definition.gathers ?? [type]) {
    if (defaultChannelOn(stopped, 'email')) await channelSettingsRepository.set(ctx.db, { user_id: userId, type: stopped, channel: 'email', enabled: 0 });
    else await channelSettingsRepository.clear(ctx.db, userId, stopped, 'email');
  }
  const { appName, publicUrl } = ctx.config;
  const text = i18n._(/*i18n*/ { id: 'unsubscribe.done.text', message: 'You will no longer get e-mails for “{type}”.', values: { type: label } });
  const settings = i18n._(/*i18n*/ { id: 'unsubscribe.done.settings', message: 'Notification settings' });
  return page(
    i18n,
    appName,
    i18n._(/*i18n*/ { id: 'unsubscribe.done.title', message: 'You are unsubscribed' }),
    `<p>${escapeHtml(text)} <a href="${escapeHtml(`${publicUrl}/preferences#notifications`)}">${escapeHtml(settings)}</a></p>`,
  );
}
