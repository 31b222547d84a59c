import { parseArgs } from 'node:util';
import { type OidcGrantType, oidcClientCreateSchema } from '@portal/contract';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { AppError } from '../lib/errors';
import { createClient } from '../modules/oidc/clients';
import { rotateSigningKeys } from '../modules/oidc/keys';
import { openToolDatabase, toolContext } from '../runtime';

/**
 * npm run oidc:client -- --name "Caliber Launcher" --public --redirect http://127.0.0.1/callback --device
 *   [--confidential] [--post-logout URI] [--first-party] [--game caliber]
 *   Registers an app (authorization code when it has a redirect, the device grant with --device, refresh
 *   tokens with either) and prints its client_id, and its secret once for a confidential app.
 * npm run oidc:rotate-keys
 *   A new signing key signs from the next start; the current one stays published for a day.
 */
const USAGE =
  'Usage: npm run oidc:client -- --name NAME (--public | --confidential) [--redirect URI ...] [--post-logout URI ...] [--device] [--first-party] [--game caliber|talesrunner|yggdra]\n       npm run oidc:rotate-keys';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    public: { type: 'boolean' },
    confidential: { type: 'boolean' },
    redirect: { type: 'string', multiple: true },
    'post-logout': { type: 'string', multiple: true },
    device: { type: 'boolean' },
    'first-party': { type: 'boolean' },
    game: { type: 'string' },
  },
});

const config = loadConfig();
const database = await openToolDatabase(config).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

try {
  if (positionals[0] === 'rotate-keys') {
    const ctx = toolContext(config, database);
    const { retired, removed } = await rotateSigningKeys(ctx, config.SECRET_KEY);
    ctx.mailer.close();
    console.log(
      `New signing key made; retired ${retired.length} (published for a day more), removed ${removed.length} older. Restart the portal's processes to sign with it.`,
    );
  } else if (positionals[0] === 'client') {
    const redirects = values.redirect ?? [];
    const grants: OidcGrantType[] = [
      ...(redirects.length > 0 ? (['authorization_code'] as const) : []),
      ...(values.device ? (['urn:ietf:params:oauth:grant-type:device_code'] as const) : []),
    ];
    if (grants.length > 0) grants.push('refresh_token');
    const input = oidcClientCreateSchema.safeParse({
      name: values.name,
      type: values.confidential ? 'confidential' : values.public ? 'public' : undefined,
      redirect_uris: redirects,
      post_logout_redirect_uris: values['post-logout'] ?? [],
      grant_types: grants,
      first_party: values['first-party'] ?? false,
      game: values.game ?? null,
    });
    if (!input.success) {
      console.error(`${input.error.issues[0]!.path.join('.')}: ${input.error.issues[0]!.message}\n${USAGE}`);
      process.exitCode = 2;
    } else {
      const app = await buildApp({ config, database, logger: false });
      try {
        const created = await createClient(app.ctx, input.data, { kind: 'system', label: 'cli' });
        console.log(`client_id: ${created.client_id}`);
        if (created.client_secret) console.log(`client_secret (shown once): ${created.client_secret}`);
      } finally {
        await app.close();
      }
    }
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(
    error instanceof AppError ? `${error.message} ${JSON.stringify(error.fieldErrors ?? {})}` : error,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
