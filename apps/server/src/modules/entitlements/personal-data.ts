import { type GameWebhookEvent, SANCTION_EVENT_TYPES } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema/index';
import type { PersonalData } from '../../lib/personal-data';
import { eventBody } from './deliveries';

/**
 * What orders granted stays with the orders, which accounting keeps, and so do the events that told the games
 * (the player's bare id and the items). The events that told them of a sanction lose its note, as the
 * sanction itself does (standing): one still pending goes out without it.
 */
export const entitlementsPersonalData: PersonalData = {
  tables: {
    entitlements: 'kept with the orders that granted them',
    webhook_deliveries:
      "entitlement events kept with the orders (the player's bare id and the items); sanction events kept " +
      'without the note, as the sanction is',
  },
  nothingPersonal: { game_webhooks: "the games' endpoints and their signing secrets" },
  async erase(tx, userId) {
    const sanctionEvents = await tx.db
      .select({ id: webhookDeliveries.id, body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.type, [...SANCTION_EVENT_TYPES]),
          sql`${webhookDeliveries.body}::jsonb #>> '{data,sanction,player}' = ${userId}`,
        ),
      );
    for (const { id, body } of sanctionEvents) {
      const event = JSON.parse(body) as GameWebhookEvent;
      const sanction = { ...event.data.sanction!, note: '' };
      await tx.db
        .update(webhookDeliveries)
        .set({ body: eventBody({ ...event, data: { ...event.data, sanction } }) })
        .where(eq(webhookDeliveries.id, id));
    }
  },
};
