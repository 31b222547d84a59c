/** What each scope lets an app read, in the player's words (docs/oidc.md's scope table). */
const SCOPE_WORDS: Record<string, string> = {
  openid: 'Know who you are (your account id)',
  profile: 'Your name and your nickname in its game',
  email: 'Your email address',
  games: 'Which games you are registered for',
  offline_access: 'Stay signed in until you remove it',
};

export const scopeWords = (scope: string) => SCOPE_WORDS[scope] ?? scope;

/** The device code as the player types it: upper case, letters only, a dash after the fourth (XXXX-XXXX). */
export function formatUserCode(raw: string): string {
  const letters = raw
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 8);
  return letters.length > 4 ? `${letters.slice(0, 4)}-${letters.slice(4)}` : letters;
}
