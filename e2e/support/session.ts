import { expect, type Page } from '@playwright/test';

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
