import { like } from 'drizzle-orm';
import { sandboxDeliveries } from '../../db/schema/index';
import type { PersonalData } from '../../lib/personal-data';

/**
 * The providers' notifications: those that settled an order stay with it for accounting; the sandbox's,
 * which carry the player's id and address, go (no money moves through the sandbox).
 */
export const paymentsPersonalData: PersonalData = {
  tables: {
    payment_events:
      "kept with the orders for accounting: an order's notifications by txnid, no name or address",
    sandbox_deliveries: "deleted: the sandbox's notifications naming the player, pending ones included",
  },
  async erase(tx, userId) {
    await tx.db.delete(sandboxDeliveries).where(like(sandboxDeliveries.body, `%${userId}%`));
  },
};
