import { z } from 'zod';
import { GAME_LABELS, GAMES, type Game } from './game-list';

/**
 * Player safety (issue #37): sanctions with a reason, an end and an appeal; reports from the games and from
 * players; one queue for staff. docs/sanctions.md explains the loop for the studios.
 */

/** What a sanction covers: the whole account, one game, or one feature (a game enforces `chat` itself). */
export const SANCTION_SCOPES = ['account', 'game', 'purchases', 'chat'] as const;
export type SanctionScope = (typeof SANCTION_SCOPES)[number];

/** A ban keeps the player out (of the portal, or of one game); a restriction takes one feature away. */
export type SanctionKind = 'ban' | 'restriction';
export const sanctionKindOf = (scope: SanctionScope): SanctionKind =>
  scope === 'account' || scope === 'game' ? 'ban' : 'restriction';

export const SANCTION_CATEGORIES = [
  'cheating',
  'exploiting',
  'offensive_name',
  'verbal_abuse',
  'scamming',
  'spamming',
  'payment_abuse',
  'other',
] as const;
export type SanctionCategory = (typeof SANCTION_CATEGORIES)[number];

/** What a game or a player may report: every category but payment abuse (only the portal sees payments). */
export const REPORT_CATEGORIES = [
  'cheating',
  'exploiting',
  'offensive_name',
  'verbal_abuse',
  'scamming',
  'spamming',
  'other',
] as const satisfies readonly Exclude<SanctionCategory, 'payment_abuse'>[];
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
// A new sanction category is either reportable or excluded above: the typecheck fails otherwise.
true satisfies [Exclude<SanctionCategory, 'payment_abuse' | ReportCategory>] extends [never] ? true : never;

/** How a category reads to a player and to staff. */
export const SANCTION_CATEGORY_LABELS: Record<SanctionCategory, string> = {
  cheating: 'Cheating',
  exploiting: 'Exploiting a bug',
  offensive_name: 'Offensive name',
  verbal_abuse: 'Verbal abuse',
  scamming: 'Scamming',
  spamming: 'Spamming',
  payment_abuse: 'Payment abuse',
  other: 'Other',
};

/** Support places sanctions of at most this many days; only an owner places longer or permanent ones. */
export const SUPPORT_SANCTION_MAX_DAYS = 30;
/** An appeal's message, in characters. */
export const APPEAL_MAX_LENGTH = 2000;
/** A report's context (match id, chat excerpt), in bytes of its JSON. */
export const REPORT_CONTEXT_MAX_BYTES = 4096;

export const SANCTION_MESSAGES = {
  notFound: 'There is no sanction with this id.',
  playerNotFound: 'There is no player with this id.',
  gameRequired: 'Choose the game this sanction applies to.',
  gameNotAllowed: 'Only game and chat sanctions name a game.',
  expiresInPast: 'The end must be in the future.',
  tooLongForRole: `Support can place sanctions of at most ${SUPPORT_SANCTION_MAX_DAYS} days. Ask an owner for a longer or permanent one.`,
  alreadyLifted: 'This sanction has already been lifted.',
  alreadyEnded: 'This sanction has already ended.',
  reportsUnknown: 'One or more of the reports do not exist or are not about this player.',
  appealExists: 'You have already appealed this sanction.',
  appealNotFound: 'There is no appeal with this id.',
  appealDecided: 'This appeal has already been decided.',
  appealSent: 'Your appeal was sent. We will email you when it has been decided.',
  reportNotFound: 'There is no report with this id.',
  reportClosed: 'This report has already been handled.',
  reportSelf: 'A player cannot report themselves.',
  reportedUnknown: 'There is no player with this id.',
  reporterUnknown: 'The reporter is not a player of this portal.',
  nicknameUnknown: 'There is no player with this nickname in this game.',
  reportedNotInGame: 'This player has not registered for this game.',
  reporterNotInGame: 'The reporter has not registered for this game.',
  reportOutsideYourGames: 'You can report players of a game you have registered for.',
  reportSent: 'Thank you. Our team will look at your report.',
  standingUnauthenticated: 'Sign in to see your account standing.',
  emailBanned:
    'An account banned from the portal used this address: it cannot register again while the ban lasts.',
  /** The refusal of a sign-in, a checkout or a game's token (403 ACCOUNT_SANCTIONED). */
  refused: (sanction: Pick<SanctionRefusal, 'scope' | 'game' | 'category' | 'expires_at'>) =>
    `${capitalised(sanctionWords(sanction.scope, sanction.game))} ${sanctionEnd(sanction.expires_at)} ` +
    `(${SANCTION_CATEGORY_LABELS[sanction.category]}). See your account standing to read why and to appeal.`,
} as const;

const gameName = (game: Game | null) => (game ? GAME_LABELS[game] : 'a game');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a sanction does, in the player's words: "your account is banned from Caliber". */
export function sanctionWords(scope: SanctionScope, game: Game | null): string {
  switch (scope) {
    case 'account':
      return 'your account is banned';
    case 'game':
      return `your account is banned from ${gameName(game)}`;
    case 'purchases':
      return 'purchases are restricted on your account';
    case 'chat':
      return `chat is restricted on your account in ${gameName(game)}`;
  }
}

/** A sanction's end, in words: "until 2026-12-29" (UTC) or "permanently". */
export const sanctionEnd = (expiresAt: string | null) =>
  expiresAt ? `until ${expiresAt.slice(0, 10)}` : 'permanently';

const gameField = z.enum(GAMES, { message: 'The game must be caliber, talesrunner or yggdra.' });
const categoryField = z.enum(SANCTION_CATEGORIES, {
  message: `The category must be one of ${SANCTION_CATEGORIES.join(', ')}.`,
});
const reportCategoryField = z.enum(REPORT_CATEGORIES, {
  message: `The category must be one of ${REPORT_CATEGORIES.join(', ')}.`,
});
const scopeField = z.enum(SANCTION_SCOPES, {
  message: 'The scope must be account, game, purchases or chat.',
});
/** A report's words, from a game or a player. */
const reportMessageField = z.string().trim().max(1000, 'The message is at most 1000 characters.').optional();
const playerUuid = (message: string) => z.uuid({ message });

export const APPEAL_STATUSES = ['open', 'upheld', 'lifted'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** An appeal as the player and staff read it. */
export const appealSchema = z.object({
  id: z.uuid(),
  status: z.enum(APPEAL_STATUSES),
  message: z.string(),
  created_at: z.string(),
  /** Staff's answer, once decided. */
  answer: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

export const SANCTION_STATUSES = ['active', 'lifted', 'expired'] as const;
export type SanctionStatus = (typeof SANCTION_STATUSES)[number];

/** A sanction as the player reads it (GET /api/standing) and a game reads it (without the appeal). */
export const sanctionSchema = z.object({
  id: z.uuid(),
  player: z.uuid(),
  scope: z.enum(SANCTION_SCOPES),
  kind: z.enum(['ban', 'restriction']),
  game: gameField.nullable(),
  category: z.enum(SANCTION_CATEGORIES),
  /** The note the player sees. */
  note: z.string(),
  starts_at: z.string(),
  /** Null: permanent. */
  expires_at: z.string().nullable(),
  lifted_at: z.string().nullable(),
  status: z.enum(SANCTION_STATUSES),
  appeal: appealSchema.nullable(),
});
export type Sanction = z.infer<typeof sanctionSchema>;

/** A sanction as staff read it: the private note, who placed and lifted it, the reports it answers. */
export const staffSanctionSchema = sanctionSchema.extend({
  player_name: z.string(),
  staff_note: z.string().nullable(),
  placed_by: z.string().nullable(),
  lifted_by: z.string().nullable(),
  lift_reason: z.string().nullable(),
  report_ids: z.array(z.uuid()),
});
export type StaffSanction = z.infer<typeof staffSanctionSchema>;

/** What a refusal carries (403 ACCOUNT_SANCTIONED): enough to name the reason, the end and the appeal link. */
export const sanctionRefusalSchema = sanctionSchema.pick({
  scope: true,
  game: true,
  category: true,
  note: true,
  expires_at: true,
});
export type SanctionRefusal = z.infer<typeof sanctionRefusalSchema>;

const note = (what: string, max: number) =>
  z
    .string({ message: `Write the ${what}.` })
    .trim()
    .min(1, `Write the ${what}.`)
    .max(max, `The ${what} is at most ${max} characters.`);

/** POST /api/admin/players/{uuid}/sanctions. */
export const placeSanctionBodySchema = z
  .object({
    scope: scopeField,
    game: gameField.optional(),
    category: categoryField,
    note: note('note for the player', 1000),
    staff_note: z.string().trim().max(2000, 'The staff note is at most 2000 characters.').optional(),
    expires_at: z.iso
      .datetime({ offset: true, message: 'The end must be an ISO date-time, or null for permanent.' })
      .nullable(),
    report_ids: z
      .array(z.uuid({ message: SANCTION_MESSAGES.reportsUnknown }))
      .max(100, 'At most 100 reports per sanction.')
      .optional(),
  })
  .refine((body) => (body.scope !== 'game' && body.scope !== 'chat' ? body.game === undefined : true), {
    message: SANCTION_MESSAGES.gameNotAllowed,
    path: ['game'],
  })
  .refine((body) => (body.scope === 'game' || body.scope === 'chat' ? body.game !== undefined : true), {
    message: SANCTION_MESSAGES.gameRequired,
    path: ['game'],
  });
export type PlaceSanctionBody = z.infer<typeof placeSanctionBodySchema>;

export const sanctionParamsSchema = z.object({ id: z.uuid({ message: SANCTION_MESSAGES.notFound }) });
export const sanctionPlayerParamsSchema = z.object({ uuid: playerUuid(SANCTION_MESSAGES.playerNotFound) });

/** POST /api/admin/sanctions/{id}/lift. */
export const liftSanctionBodySchema = z.object({ reason: note('reason', 1000) });

export const staffSanctionReplySchema = z.object({ sanction: staffSanctionSchema });

const pageField = z.coerce
  .number({ message: 'page must be a whole number from 1.' })
  .int('page must be a whole number from 1.')
  .min(1, 'page must be a whole number from 1.')
  .max(10_000, 'page must be at most 10000.')
  .default(1);
/** What a paged list's reply says beside its rows: the page, and whether another follows. */
const pageReplyFields = { page: z.number().int(), has_more: z.boolean() };

/** GET /api/admin/sanctions (newest first, 50 a page). */
export const sanctionListQuerySchema = z.object({
  status: z.enum(SANCTION_STATUSES, { message: 'status must be active, lifted or expired.' }).optional(),
  game: gameField.optional(),
  scope: scopeField.optional(),
  player: playerUuid(SANCTION_MESSAGES.playerNotFound).optional(),
  page: pageField,
});
export const SANCTIONS_PAGE_SIZE = 50;
export const sanctionListReplySchema = z.object({
  sanctions: z.array(staffSanctionSchema),
  ...pageReplyFields,
});
export type SanctionList = z.infer<typeof sanctionListReplySchema>;

/** GET /api/standing: every sanction of the player, newest first, active ones first. */
export const standingReplySchema = z.object({ sanctions: z.array(sanctionSchema) });
export type Standing = z.infer<typeof standingReplySchema>;

/** POST /api/standing/sanctions/{id}/appeal. */
export const appealBodySchema = z.object({ message: note('appeal', APPEAL_MAX_LENGTH) });
export const appealReplySchema = z.object({ appeal: appealSchema, message: z.string() });

export const REPORT_STATUSES = ['open', 'dismissed', 'reviewed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A report as staff read it. */
export const reportSchema = z.object({
  id: z.uuid(),
  game: gameField,
  source: z.enum(['game', 'player']),
  reporter: z.uuid().nullable(),
  reporter_name: z.string().nullable(),
  category: z.enum(REPORT_CATEGORIES),
  message: z.string().nullable(),
  context: z.record(z.string(), z.unknown()).nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/** An appeal in staff's queue: the sanction beside it, and the reports the sanction answered (none: placed by staff). */
export const staffAppealSchema = appealSchema.extend({
  sanction: staffSanctionSchema,
  reports: z.array(reportSchema),
});
export const appealListQuerySchema = z.object({
  status: z.enum(APPEAL_STATUSES, { message: 'status must be open, upheld or lifted.' }).default('open'),
  page: pageField,
});
export const appealListReplySchema = z.object({
  appeals: z.array(staffAppealSchema),
  ...pageReplyFields,
});
export type AppealList = z.infer<typeof appealListReplySchema>;
export const appealParamsSchema = z.object({ id: z.uuid({ message: SANCTION_MESSAGES.appealNotFound }) });
export const appealDecisionBodySchema = z.object({
  decision: z.enum(['uphold', 'lift'], { message: 'The decision must be uphold or lift.' }),
  message: note('answer to the player', 2000),
});
export const appealDecisionReplySchema = z.object({ appeal: staffAppealSchema });

/** POST /api/game/reports (a game server's key; the report's game is the key's). */
export const gameReportBodySchema = z.object({
  reporter: playerUuid(SANCTION_MESSAGES.reporterUnknown).optional(),
  reported: playerUuid(SANCTION_MESSAGES.reportedUnknown),
  category: reportCategoryField,
  message: reportMessageField,
  context: z
    .record(z.string(), z.unknown(), { message: 'context must be an object (match id, chat excerpt…).' })
    .refine((context) => JSON.stringify(context).length <= REPORT_CONTEXT_MAX_BYTES, {
      message: `context is at most ${REPORT_CONTEXT_MAX_BYTES} bytes.`,
    })
    .optional(),
});
export type GameReportBody = z.infer<typeof gameReportBodySchema>;
export const reportCreatedSchema = z.object({ report: z.object({ id: z.uuid(), created_at: z.string() }) });

/** POST /api/reports: a player reports another by their nickname in a game. */
export const playerReportBodySchema = z.object({
  game: gameField,
  nickname: z
    .string({ message: 'Enter the nickname of the player.' })
    .trim()
    .min(1, 'Enter the nickname of the player.')
    .max(64, 'The nickname is at most 64 characters.'),
  category: reportCategoryField,
  message: reportMessageField,
});
export const playerReportReplySchema = reportCreatedSchema.extend({ message: z.string() });

/** GET /api/game/players/{uuid}/standing: what applies to the key's game (its bans, chat restrictions, account bans). */
export const gameStandingReplySchema = z.object({
  player: z.uuid(),
  /** True when the player may not play this game now (an account or this game's ban). */
  banned: z.boolean(),
  sanctions: z.array(sanctionSchema.omit({ appeal: true })),
});
export type GameStanding = z.infer<typeof gameStandingReplySchema>;

/** One reported player in the queue, ranked by open reports. */
export const reportedPlayerSchema = z.object({
  player: z.uuid(),
  player_name: z.string(),
  open_reports: z.number().int(),
  by_category: z.partialRecord(z.enum(REPORT_CATEGORIES), z.number().int()),
  games: z.array(gameField),
  newest_report_at: z.string(),
  /** The player's sanctions now in force. */
  active_sanctions: z.array(sanctionSchema.pick({ id: true, scope: true, game: true })),
});
export type ReportedPlayer = z.infer<typeof reportedPlayerSchema>;

/** GET /api/admin/reports (reported players, most open reports first, 50 a page). */
export const reportQueueQuerySchema = z.object({
  game: gameField.optional(),
  category: reportCategoryField.optional(),
  page: pageField,
});
export const reportQueueReplySchema = z.object({
  players: z.array(reportedPlayerSchema),
  ...pageReplyFields,
});
export type ReportQueue = z.infer<typeof reportQueueReplySchema>;

/** GET /api/admin/players/{uuid}/reports: one reported player's open reports, with their reporters' record. */
export const playerReportsReplySchema = z.object({
  reports: z.array(
    reportSchema.extend({
      /** How many of the reporter's reports were dismissed, of how many: a flooding reporter shows. */
      reporter_record: z
        .object({ reports: z.number().int(), dismissed: z.number().int(), flooding: z.boolean() })
        .nullable(),
    }),
  ),
});
export type PlayerReports = z.infer<typeof playerReportsReplySchema>;

/** POST /api/admin/reports/resolve: dismiss or mark reviewed, in bulk. */
export const resolveReportsBodySchema = z
  .object({
    report_ids: z
      .array(z.uuid({ message: SANCTION_MESSAGES.reportNotFound }))
      .min(1, 'Choose at least one report.')
      .max(100, 'At most 100 reports at once.'),
    action: z.enum(['dismiss', 'review'], { message: 'The action must be dismiss or review.' }),
    reason: z.string().trim().max(1000, 'The reason is at most 1000 characters.').optional(),
  })
  .refine((body) => body.action !== 'dismiss' || (body.reason ?? '') !== '', {
    message: 'Say why the reports are dismissed.',
    path: ['reason'],
  });
export const resolveReportsReplySchema = z.object({ resolved: z.number().int() });

/** A reporter is shown as flooding from this many dismissed reports, when they are most of theirs. */
export const FLOODING_DISMISSED_MIN = 5;

/** Webhook events of sanctions that apply to a game (player.sanctioned, player.sanction_lifted). */
export const SANCTION_EVENT_TYPES = ['player.sanctioned', 'player.sanction_lifted'] as const;
