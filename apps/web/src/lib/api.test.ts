import { mfaEndpoints } from '@portal/contract';
import { CHALLENGE_REQUIRED_CODE, STEP_UP_REQUIRED_CODE } from '@portal/contract/constants';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api';
import { createProofOfWork } from './proof-of-work';
import { createStepUp } from './step-up';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A client over scripted replies, with its own collaborators: nothing is shared with the app's client. */
function clientWith(replies: Response[], confirmed = true) {
  const sent: { url: string; authorization?: string; body?: unknown }[] = [];
  const stepUp = createStepUp();
  const asked: string[] = [];
  stepUp.setConfirmer(async (audience) => {
    asked.push(audience);
    return confirmed;
  });
  const solved: string[] = [];
  const proofOfWork = createProofOfWork(async (challenge) => {
    solved.push(challenge.parameters.nonce);
    return 'solution';
  });
  const client = createApiClient({
    tokens: { getToken: () => 'player-token', getAdminToken: () => 'admin-token' },
    stepUp,
    proofOfWork,
    fetch: async (input, init) => {
      const headers = init?.headers as Record<string, string>;
      sent.push({
        url: String(input),
        authorization: headers.Authorization,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const reply = replies.shift();
      if (!reply) throw new Error('no reply scripted');
      return reply;
    },
  });
  return { client, sent, asked, solved, checking: proofOfWork.status.isChecking };
}

const stepUpRefusal = () => json(403, { code: STEP_UP_REQUIRED_CODE, message: "Confirm it's you." });

describe('the API client', () => {
  it("sends the session the endpoint names and asks its step-up, then repeats the change once it's confirmed", async () => {
    const setup = { secret: 'JBSWY3DP', otpauth_url: 'otpauth://totp/Portal:staff' };
    const { client, sent, asked } = clientWith([stepUpRefusal(), json(200, setup)]);
    expect(await client.call(mfaEndpoints.adminSetup)).toEqual(setup);
    expect(asked).toEqual(['admin']);
    expect(sent.map((request) => [request.url, request.authorization])).toEqual([
      ['/api/admin/mfa/totp/setup', 'Bearer admin-token'],
      ['/api/admin/mfa/totp/setup', 'Bearer admin-token'],
    ]);
  });

  it('answers the refusal itself when the person cancels, and does not ask twice for one request', async () => {
    const { client, sent, asked } = clientWith([stepUpRefusal()], false);
    const failure = await client.call(mfaEndpoints.setup).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect((failure as ApiError).code).toBe(STEP_UP_REQUIRED_CODE);
    expect(asked).toEqual(['player']);
    expect(sent).toHaveLength(1);
  });

  it('solves a challenge with its proof of work and sends the same body again with the solution, once', async () => {
    const challenge = {
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        nonce: 'c1',
        salt: 's',
        cost: 1,
        keyLength: 32,
        keyPrefix: '00',
      },
      signature: 'x',
    };
    const { client, sent, solved, checking } = clientWith([
      json(429, { code: CHALLENGE_REQUIRED_CODE, message: 'Checking', challenge }),
      json(429, { code: CHALLENGE_REQUIRED_CODE, message: 'Checking', challenge }),
    ]);
    const body = { password: 'pw', code: '123456' };
    const failure = await client.call(mfaEndpoints.disable, { body }).catch((error: unknown) => error);
    expect(solved).toEqual(['c1']);
    expect(sent.map((request) => request.body)).toEqual([body, { ...body, altcha: 'solution' }]);
    expect((failure as ApiError).status).toBe(429);
    expect(checking()).toBe(false);
  });
});

describe('step-up', () => {
  it('shows one dialog for the requests refused at the same time, and none once its host is gone', async () => {
    const stepUp = createStepUp();
    let dialogs = 0;
    let answer: (confirmed: boolean) => void = () => undefined;
    const remove = stepUp.setConfirmer(() => {
      dialogs += 1;
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    const both = Promise.all([stepUp.confirm('player'), stepUp.confirm('player')]);
    answer(true);
    expect(await both).toEqual([true, true]);
    expect(dialogs).toBe(1);
    remove();
    expect(await stepUp.confirm('player')).toBe(false);
  });
});
