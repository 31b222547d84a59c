// Sign-in on a console or TV with the portal (device flow): shows the code, waits for the player to approve
// it at the address shown, prints who signed in, then refreshes the tokens as a long-running game would.
//   PORTAL_URL=http://localhost:3000 OIDC_CLIENT_ID=demo-launcher node device-example.mjs
import { CaliberDeviceLogin, DeviceLoginError } from './src/index.js';

const login = new CaliberDeviceLogin({
  baseUrl: process.env.PORTAL_URL ?? 'http://localhost:3000',
  clientId: process.env.OIDC_CLIENT_ID ?? 'demo-launcher',
});

try {
  const started = await login.startDeviceLogin({ scope: 'openid profile offline_access' });
  console.log(`To sign in, open ${started.verificationUri} and enter the code ${started.userCode}`);
  if (started.verificationUriComplete) console.log(`(or open ${started.verificationUriComplete})`);
  const tokens = await login.pollDeviceToken(started, {
    onPending: (reason, interval) => console.log(`waiting for approval (${reason}), next poll in ${interval} s`),
  });
  console.log(`signed in: sub ${tokens.claims?.sub}, token type ${tokens.tokenType}, expires in ${tokens.expiresIn} s`);
  const me = await login.userInfo(tokens.accessToken);
  console.log(`userinfo: ${me.name ?? ''} (${me.nickname ?? 'no nickname'})`);
  if (!tokens.refreshToken) {
    console.log('no refresh token (ask for the offline_access scope)');
  } else {
    const refreshed = await login.refreshTokens(tokens.refreshToken);
    const rotated = refreshed.refreshToken !== tokens.refreshToken;
    console.log(`refreshed: new access token, expires in ${refreshed.expiresIn} s, refresh token rotated: ${rotated}`);
  }
} catch (error) {
  if (error instanceof DeviceLoginError) {
    console.error(`sign-in ended: ${error.code} (${error.message})`);
    process.exit(2);
  }
  throw error;
}
