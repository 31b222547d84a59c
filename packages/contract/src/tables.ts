import { z } from 'zod';
import { ACCOUNT_STATUSES } from './accounts';
import { GAME_LABELS, GAMES } from './games';
import { calendarDateSchema, MESSAGES, PAGE_SIZES } from './validation';

/** Games with an admin users table: every game (All Users lists each game's players). */
export const TABLE_GAMES = ['caliber', 'yggdra', 'talesrunner'] as const;
export type TableGame = (typeof TABLE_GAMES)[number];
export const tableGameSchema = z.enum(TABLE_GAMES, {
  message: 'The table must be caliber, yggdra or talesrunner.',
});
/** /api/users/paginate/{game}: which game's users table. */
export const tableGameParamsSchema = z.object({ game: tableGameSchema });

const pageSizeMessage = `per_page must be one of ${PAGE_SIZES.join(', ')}.`;
/** Query of every admin table: page size, search, date range (both or neither) and paging position. */
export const tableQuerySchema = z
  .object({
    per_page: z.coerce
      .number({ message: pageSizeMessage })
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), pageSizeMessage)
      .default(10),
    page: z.coerce
      .number({ message: 'page must be a whole number from 1.' })
      .int('page must be a whole number from 1.')
      .min(1, 'page must be a whole number from 1.')
      .max(1_000_000, 'page is too large.')
      .default(1),
    search: z.string().trim().max(100, 'The search text is at most 100 characters.').optional(),
    fromDate: calendarDateSchema.optional(),
    toDate: calendarDateSchema.optional(),
    /** Opaque keyset positions written into next_page_url / prev_page_url. */
    after: z.string().max(200).optional(),
    before: z.string().max(200).optional(),
  })
  .superRefine((q, ctx) => {
    if (Boolean(q.fromDate) !== Boolean(q.toDate)) {
      ctx.addIssue({
        code: 'custom',
        path: [q.fromDate ? 'toDate' : 'fromDate'],
        message: MESSAGES.bothDates,
      });
    } else if (q.fromDate && q.toDate && q.fromDate > q.toDate) {
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: MESSAGES.dateOrder });
    }
  });
export type TableQuery = z.infer<typeof tableQuerySchema>;

export function paginatedSchema<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    /** True when more than 1,000 rows match and `total` is the database's estimate. */
    total_is_estimate: z.boolean(),
    next_page_url: z.string().nullable(),
    prev_page_url: z.string().nullable(),
  });
}

/** One page of any admin table, as the web client reads it. */
export type Paginated<T> = Omit<z.infer<ReturnType<typeof paginatedSchema<z.ZodUnknown>>>, 'data'> & {
  data: T[];
};

/** "User, as in admin lists" (spec section 3), plus registered_at: when the player joined this table's game. */
export const adminUserRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  referral_code: z.string().nullable(),
  created_at: z.string(),
  registered_at: z.string(),
  games: z.array(
    z.object({
      name: z.string(),
      updated_at: z.string(),
      caliber: z.object({ level: z.number().int(), session_start: z.string().nullable() }).nullable(),
    }),
  ),
  addresses: z.array(z.object({ country: z.string().nullable() })),
  profile: z.object({ gender: z.string().nullable(), birthdate: z.string().nullable() }).nullable(),
  /** Not in the spec's rows: lets staff see and change a suspension from the table. */
  account_status: z.enum(ACCOUNT_STATUSES),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUsersPageSchema = paginatedSchema(adminUserRowSchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** Referral code row of the totals table (spec section 3). */
export const referralCodeRowSchema = z.object({
  id: z.string(),
  referral_code: z.string(),
  used_for: z.string(),
  url: z.string(),
  total_count: z.number().int(),
  created_at: z.string(),
});
export type ReferralCodeRow = z.infer<typeof referralCodeRowSchema>;
export const referralCodesPageSchema = paginatedSchema(referralCodeRowSchema);
export type ReferralCodesPage = z.infer<typeof referralCodesPageSchema>;

export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const createReferralCodeSchema = z.object({
  code: z
    .string({ message: 'Enter a referral code.' })
    .trim()
    .regex(REFERRAL_CODE_PATTERN, 'A referral code is 3-32 letters, digits, - or _.'),
  game: z.enum(GAMES, { message: 'Choose caliber, talesrunner or yggdra.' }),
});
export type CreateReferralCode = z.infer<typeof createReferralCodeSchema>;

/** Sheet names: at most 31 characters, none of : \ / ? * [ ] (spec section 9). */
export function safeSheetName(name: string): string {
  const cleaned = name.replace(/[:\\/?*[\]]/g, ' ').trim() || 'Sheet1';
  return cleaned.slice(0, 31);
}

/** The spec's export file names: Caliber_Users.xlsx, Yggdra_Users.xlsx, TalesRunner_Users.xlsx. */
export function usersExportFileName(game: TableGame, filtered: boolean): string {
  return filtered ? 'Filtered_Users.xlsx' : `${GAME_LABELS[game].replace(/\s+/g, '')}_Users.xlsx`;
}
export const REFERRAL_EXPORT_FILE_NAME = 'Referral_Codes.xlsx';

/** The export routes' `signature` query parameter, for their documented schemas. */
export const downloadSignatureQuery = {
  signature: z
    .string()
    .max(2000)
    .optional()
    .describe('A signed download link (from the export’s /link route) in place of the bearer token.'),
};
