import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { PAGES } from '../../shell/pages';
import { useSdkList } from './api';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * /sdk-downloads: the SDK archives (launcher login, entitlements, player safety, signed webhooks), with
 * versions, targets and SHA-256 checksums, how a game server hands over purchases with them and how it keeps
 * sanctioned players out. The build's own notes (`checked`: which toolchain checked an archive) are for the
 * team, not shown to customers.
 */
export default function SdkDownloadsPage() {
  const query = useSdkList();

  return (
    // On a card like every page of the shell: text straight on the accent band is unreadable.
    <Card component="section" aria-labelledby="sdk-title" sx={{ p: { xs: 2, md: 4 } }}>
      <Typography id="sdk-title" variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        SDK Downloads
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        Client libraries for the Caliber launcher login: sign a player in with email and password or PIN, then
        exchange the one-time code on your game server with its server key. For game servers they also hand
        over what players bought in the shops (entitlements), read a player's standing at match start, report
        players to the portal's staff and check the portal's signed webhooks. Each archive has a README and a
        runnable example. Check a download against its SHA-256 checksum (for example{' '}
        <Box component="code">sha256sum file.zip</Box>).
      </Typography>
      {query.isPending && <CenteredSpinner size="section" label="Loading SDKs" />}
      {query.isError && (
        <Alert severity="error" role="alert">
          The SDK list could not be loaded. Please try again later.
        </Alert>
      )}
      {query.data && query.data.sdks.length === 0 && (
        <Alert severity="info">No SDK archives have been built on this server yet.</Alert>
      )}
      {query.data && query.data.sdks.length > 0 && (
        <Grid container spacing={3}>
          {query.data.sdks.map((sdk) => (
            <Grid key={sdk.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <CardContent sx={{ flex: 1 }}>
                  <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                    {sdk.language}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    Version {sdk.version} · {kb(sdk.size)}
                  </Typography>
                  <Typography variant="body2" sx={{ mb: 1 }}>
                    <strong>Targets:</strong> {sdk.targets}
                  </Typography>
                  <Typography variant="body2" component="div">
                    <strong>SHA-256:</strong>
                    <Box
                      component="code"
                      data-testid={`sha256-${sdk.id}`}
                      sx={{ display: 'block', fontSize: 12, wordBreak: 'break-all', mt: 0.5 }}
                    >
                      {sdk.sha256}
                    </Box>
                  </Typography>
                </CardContent>
                <CardActions>
                  <Button
                    component="a"
                    href={sdk.downloadUrl}
                    download={sdk.fileName}
                    startIcon={<DownloadIcon />}
                    variant="contained"
                    aria-label={`Download the ${sdk.language} SDK, ${sdk.fileName}`}
                  >
                    {sdk.fileName}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <EntitlementsGuide />
      <PlayerSafetyGuide />
      <DeviceSignInGuide />
    </Card>
  );
}

const code = (text: string) => <Box component="code">{text}</Box>;

/** How a game server hands over purchases with the SDKs (issue #23): the loop, by webhook or by polling. */
function EntitlementsGuide() {
  return (
    <Box component="section" aria-labelledby="sdk-entitlements-title" sx={{ mt: 5, maxWidth: 860 }}>
      <Typography id="sdk-entitlements-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Hand over purchases on your game server
      </Typography>
      <Typography sx={{ mb: 2 }}>
        A paid order in the Yggdra or Tales Runner shop owes the player its items as entitlements. Every SDK
        has {code('listEntitlements')}, {code('consumeEntitlement')} and{' '}
        {code('verifyWebhook(header, rawBody, secret, toleranceSeconds = 300)')} (in each language's own
        spelling). They use the game's server key and the webhook signing secret from the back-office; keep
        both on the server.
      </Typography>
      <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        When a webhook arrives
      </Typography>
      <Box component="ol" sx={{ mt: 0.5, mb: 2, pl: 3 }}>
        <li>
          Verify the {code('Portal-Signature')} header over the raw request body with {code('verifyWebhook')}.
          Answer 400 to a request it refuses.
        </li>
        <li>
          On {code('entitlement.granted')}, give the player the items in the game, once per entitlement id.
        </li>
        <li>Consume the entitlement, then answer with any 2xx status.</li>
        <li>
          On {code('entitlement.revoked')} with {code('clawback')} true (refunded after you handed it over),
          take the items back.
        </li>
      </Box>
      <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        Or by polling
      </Typography>
      <Box component="ol" sx={{ mt: 0.5, mb: 2, pl: 3 }}>
        <li>
          List the pending entitlements, oldest first, page by page (pass {code('next')} as {code('after')}).
        </li>
        <li>Give the player the items, then consume each entitlement.</li>
        <li>List the revoked ones and take back those marked {code('clawback')}.</li>
      </Box>
      <Typography color="text.secondary">
        Webhooks are retried for 48 hours until your server answers 2xx, so the same event can arrive twice;
        consuming again is harmless. A refund between granting and consuming answers 409: take the items back.
        The signature is {code('t=<unix seconds>,v1=<HMAC-SHA256 of "t.body" with the secret, hex>')}; a
        signature more than five minutes from your clock is refused.
      </Typography>
    </Box>
  );
}

/** Player safety on a game server with the SDKs (issue #37): standing at match start, reports, sanction events. */
function PlayerSafetyGuide() {
  return (
    <Box component="section" aria-labelledby="sdk-safety-title" sx={{ mt: 5, maxWidth: 860 }}>
      <Typography id="sdk-safety-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Keep sanctioned players out of your matches
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Every SDK has {code('getStanding(player)')} and {code('reportPlayer(report)')} (in each language's own
        spelling), for the server of any game, with its server key.
      </Typography>
      <Box component="ol" sx={{ mt: 0.5, mb: 2, pl: 3 }}>
        <li>
          At match start, read each player's standing and keep out a player it marks {code('banned')} (an
          account ban, or a ban from your game).
        </li>
        <li>
          Mute a player with a {code('chat')} sanction: the portal does not see your chat, your game does.
        </li>
        <li>
          When a player reports another in your game, send {code('reportPlayer')} with the category, the
          reporter and the match as context. The portal's staff work every report from one queue.
        </li>
      </Box>
      <Typography color="text.secondary">
        Sanctions placed or lifted while your game runs arrive on the same signed webhook as{' '}
        {code('player.sanctioned')} and {code('player.sanction_lifted')}, with the sanction. An unknown player
        answers 404; a report with an unknown category, a message over 1000 characters or a context over 4 KB
        answers 422.
      </Typography>
    </Box>
  );
}

/** Sign-in on consoles and TVs with the JavaScript and Python SDKs (issue #26): the device flow. */
function DeviceSignInGuide() {
  return (
    <Box component="section" aria-labelledby="sdk-device-title" sx={{ mt: 5, maxWidth: 860 }}>
      <Typography id="sdk-device-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Sign in on consoles and TVs
      </Typography>
      <Typography sx={{ mb: 2 }}>
        A device without a keyboard shows the player a short code; the player approves it on a phone or
        computer. The JavaScript and Python SDKs (from 1.2.0) do it for an app registered with the device
        grant.
      </Typography>
      <Box component="ol" sx={{ mt: 0.5, mb: 2, pl: 3 }}>
        <li>
          Call {code('startDeviceLogin')} and show the code and the address it returns (for example{' '}
          {code(PAGES.activate.path)} on this portal).
        </li>
        <li>
          Call {code('pollDeviceToken')}: it waits as long as the portal asks between polls and answers the
          player's tokens once the code is approved.
        </li>
        <li>Keep the refresh token and call {code('refreshTokens')} when the access token expires.</li>
      </Box>
      <Typography color="text.secondary">
        If the player refuses, the SDK reports {code('access_denied')}; if nobody enters the code within ten
        minutes, {code('expired_token')}: start again. Each SDK has a device-flow example.
      </Typography>
    </Box>
  );
}
