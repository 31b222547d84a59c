import { defineEndpoint } from '@portal/contract';
import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config';
import { fixedClock } from './clock';
import type { ServiceContext } from './context';
import { DEVICE_COOKIE, DEVICE_TOKEN_HEADER } from './device-cookie';
import { route } from './endpoints';
import type { Session } from './sessions';

const player: Session = { id: 'session-1', kind: 'player', subjectId: 'user-1' };

const greet = defineEndpoint({
  method: 'POST',
  path: '/greet/:name',
  auth: 'player',
  proof: 'session',
  params: z.object({ name: z.string() }),
  query: z.object({ loud: z.coerce.boolean().optional() }),
  body: z.object({ times: z.number().int() }),
  reply: z.object({ text: z.string() }),
});

const signIn = defineEndpoint({
  method: 'POST',
  path: '/sign-in',
  auth: 'none',
  proof: 'own',
  carries: 'a password',
  body: z.object({ ok: z.boolean() }),
  reply: z.object({ signedIn: z.boolean() }),
});

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A bare app with the guard a player route runs (it always finds `player`) and what a device needs. */
function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  apps.push(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', {
    config: loadConfig({ NODE_ENV: 'test' }),
    clock: fixedClock(new Date('2026-06-01T12:00:00Z')),
  } as unknown as ServiceContext);
  app.decorateRequest('player', null);
  app.decorate('requirePlayer', async (request: FastifyRequest) => {
    request.player = player;
  });
  register(app);
  return app;
}

describe('route()', () => {
  it('hands the handler the validated parts and the session the guard set', async () => {
    const app = appWith((app) =>
      route(app, greet, async ({ params, query, body, session }) => ({
        text: `${query.loud ? 'HELLO' : 'hello'} ${params.name} ×${body.times} from ${session.subjectId}`,
      })),
    );
    const res = await app.inject({ method: 'POST', url: '/greet/ada?loud=1', payload: { times: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'HELLO ada ×2 from user-1' });
  });

  it('writes the device cookie a successful sign-in trusted, and none when the handler fails', async () => {
    const app = appWith((app) =>
      route(
        app,
        signIn,
        async ({ body, device }) => {
          device.trust('player:user-1');
          if (!body.ok) throw new Error('wrong password');
          return { signedIn: true };
        },
        { device: true },
      ),
    );
    const success = await app.inject({ method: 'POST', url: '/sign-in', payload: { ok: true } });
    expect(success.statusCode).toBe(200);
    expect(String(success.headers['set-cookie'])).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    expect(success.headers[DEVICE_TOKEN_HEADER]).toBeTruthy();

    const failure = await app.inject({ method: 'POST', url: '/sign-in', payload: { ok: false } });
    expect(failure.statusCode).toBe(500);
    expect(failure.headers['set-cookie']).toBeUndefined();
    expect(failure.headers[DEVICE_TOKEN_HEADER]).toBeUndefined();
  });
});
