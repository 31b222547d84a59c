import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { linkFrom, waitForMail } from './mail';

/**
 * Signs a player in through POST /login and stores the session the way the login page does (token, user,
 * role in local storage); returns the bearer token for direct API calls.
 */
export async function signInPlayer(page: Page, email: string, password: string): Promise<string> {
  const response = await page.request.post('/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const { token, user } = (await response.json()) as { token: string; user: { role?: string } };
  await page.goto('/normalPage');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('role', user.role ?? 'member');
    },
    { token, user },
  );
  return token;
}

/**
 * A new Tales Runner player, registered and verified through the real email link, then signed in; returns the
 * bearer token. Journeys whose limits are per player (orders, holding limits) each need their own.
 */
export async function newVerifiedPlayer(page: Page, tag: string, password: string): Promise<string> {
  const email = `${tag}-${randomUUID().slice(0, 8)}@example.test`;
  const register = await page.request.post('/register', {
    data: {
      name: `${tag[0]!.toUpperCase()}${tag.slice(1)} Player`,
      email,
      password,
      password_confirmation: password,
      selectedGame: 'talesrunner',
    },
  });
  expect(register.status()).toBe(201);
  const mail = await waitForMail(email, (m) => m.subject === 'Verify your email address');
  const verify = await page.request.post(new URL(linkFrom(mail, '/verifyemail/')).pathname);
  expect(verify.status()).toBe(200);
  return signInPlayer(page, email, password);
}
