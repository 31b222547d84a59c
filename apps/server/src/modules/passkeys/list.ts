import type { Passkey } from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { ownCredentials, type PasskeyOwner, toPasskey } from './owner';

/** GET .../passkeys: the account's passkeys, oldest first. */
export async function listPasskeys(ctx: ServiceContext, owner: PasskeyOwner): Promise<Passkey[]> {
  return (await ownCredentials(ctx, owner)).map(toPasskey);
}
