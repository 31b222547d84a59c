import {
  GAMES,
  type Game,
  PAGE_PATHS,
  SANCTION_CATEGORY_LABELS,
  type SANCTION_EVENT_TYPES,
  sanctionEnd,
  sanctionWords,
} from '@portal/contract';
import type { TxContext } from '../../lib/context';
import { renderEmail } from '../../lib/mail/layout';
import { findUserById } from '../accounts';
import { gamesWithActiveWebhook, insertDelivery } from '../entitlements';
import { type SanctionRow, sanctionView } from '../standing';

/** The games a sanction concerns: an account ban every game, a game or chat sanction its game; purchases none. */
const gamesOf = (row: SanctionRow): Game[] =>
  row.scope === 'account' ? [...GAMES] : row.scope === 'purchases' || !row.game ? [] : [row.game];

/**
 * Tells the games a sanction concerns (player.sanctioned, player.sanction_lifted) through the signed webhook
 * outbox, in the caller's transaction: delivered at least once, with retries, like the entitlement events.
 */
export async function enqueueSanctionEvent(
  tx: TxContext,
  type: (typeof SANCTION_EVENT_TYPES)[number],
  row: SanctionRow,
): Promise<void> {
  const games = gamesOf(row);
  if (games.length === 0) return;
  // What a game reads of a sanction (as its standing endpoint): never staff's note, nor the appeal.
  const { appeal: _appeal, ...sanction } = sanctionView(row, null, tx.clock.now());
  for (const game of await gamesWithActiveWebhook(tx, games))
    await insertDelivery(tx, { game, type, at: tx.clock.now(), data: { sanction } });
}

/** The player's email about their sanction (placed, lifted, or its appeal decided), through the outbox. */
export async function emailPlayer(
  tx: TxContext,
  row: SanctionRow,
  notice: 'placed' | 'lifted' | { appeal: 'upheld'; answer: string },
): Promise<void> {
  const user = await findUserById(tx, row.userId);
  if (!user || user.erasedAt) return;
  const what = sanctionWords(row.scope, row.game);
  const until = sanctionEnd(row.expiresAt?.toISOString() ?? null);
  const reason = `Reason: ${SANCTION_CATEGORY_LABELS[row.category]}. ${row.note}`;
  const content =
    notice === 'placed'
      ? {
          subject: 'A sanction was placed on your account',
          kind: 'sanction_placed',
          paragraphs: [
            `We have decided that ${what} ${until}.`,
            reason,
            'If you think this is a mistake, you can appeal once.',
          ],
        }
      : notice === 'lifted'
        ? {
            subject: 'A sanction on your account was lifted',
            kind: 'sanction_lifted',
            paragraphs: [`The sanction by which ${what} has been lifted.`, reason],
          }
        : {
            subject: 'Your appeal was decided',
            kind: 'appeal_decided',
            paragraphs: [
              `We looked at your appeal and the sanction stays: ${what} ${until}.`,
              `Our answer: ${notice.answer}`,
            ],
          };
  const body = renderEmail({
    greeting: `Hi ${user.name},`,
    paragraphs: content.paragraphs,
    action: { label: 'See your account standing', url: `${tx.config.PUBLIC_URL}${PAGE_PATHS.standing}` },
  });
  await tx.mailer.enqueue({ to: user.email, subject: content.subject, kind: content.kind, ...body });
}
