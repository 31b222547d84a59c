<?php
// The SDK as a game uses it. Each part runs when its variables are set:
// 1. Caliber launcher login: signs in like the launcher, then exchanges the code like a game server.
//      CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' CALIBER_SERVER_KEY=gsk_caliber_...
//      (CALIBER_PIN=1234 signs in by PIN instead, on a launcher that signed in by password before: pass the
//      device token the password sign-in printed as CALIBER_DEVICE_TOKEN)
// 2. Entitlements (what players bought in the shop of Yggdra or Tales Runner), with that game's server key:
//    hands over every pending entitlement, then consumes it; takes back what was revoked after consumption.
//      GAME_SERVER_KEY=gsk_yggdra_...
//    PORTAL_URL=http://localhost:3000 ... php example.php
// 3. Webhooks: the same file is the webhook endpoint when a web server runs it (needs GAME_SERVER_KEY too):
//      PORTAL_WEBHOOK_SECRET=... GAME_SERVER_KEY=gsk_yggdra_... php -S 0.0.0.0:8080 example.php

declare(strict_types=1);

require __DIR__ . '/src/CaliberPortal.php';

use Caliber\Portal\GameServer;
use Caliber\Portal\LauncherClient;
use Caliber\Portal\LoginException;
use Caliber\Portal\PortalException;
use Caliber\Portal\WebhookException;
use function Caliber\Portal\verifyWebhook;

/** To the terminal, or to the web server's log when serving webhooks. */
function say(string $line): void
{
    if (PHP_SAPI === 'cli') {
        echo $line, "\n";
    } else {
        error_log($line);
    }
}

// The game's side. A real game records what it handed over in its own database, in the same transaction as the
// items, so that an entitlement seen twice (a webhook retried, a poll after a webhook) is given once.
function giveItems(array $e): void
{
    say("handed over {$e['quantity']} x {$e['sku']} ({$e['name']}) to player {$e['player']}, entitlement {$e['id']}");
}

function takeItemsBack(array $e): void
{
    say("took back {$e['quantity']} x {$e['sku']} from player {$e['player']}, entitlement {$e['id']}");
}

/** Grant in the game, then consume: the portal shows the order as delivered. */
function deliver(GameServer $server, array $entitlement): void
{
    giveItems($entitlement);
    try {
        $consumed = $server->consumeEntitlement($entitlement['id']);
        say("consumed {$consumed['id']} at {$consumed['consumed_at']}");
    } catch (PortalException $e) {
        if ($e->status !== 409) {
            throw $e;
        }
        takeItemsBack($entitlement); // refunded while we were handing it over
    }
}

/** Polling: every pending entitlement, page by page (oldest first), then the revocations to claw back. */
function deliverPending(GameServer $server): void
{
    foreach (['pending', 'revoked'] as $status) {
        $after = null;
        do {
            $page = $server->listEntitlements(['status' => $status, 'after' => $after, 'limit' => 100]);
            foreach ($page['entitlements'] as $entitlement) {
                if ($status === 'pending') {
                    deliver($server, $entitlement);
                } elseif ($entitlement['clawback']) {
                    takeItemsBack($entitlement);
                }
            }
            $after = $page['next'];
        } while ($after !== null);
    }
}

$base = getenv('PORTAL_URL') ?: 'http://localhost:3000';
$gameKey = getenv('GAME_SERVER_KEY') ?: '';

if (PHP_SAPI !== 'cli') {
    // Webhooks: verify the signature over the raw body, then act; any 2xx tells the portal it arrived.
    try {
        $event = verifyWebhook(
            $_SERVER['HTTP_PORTAL_SIGNATURE'] ?? null,
            (string) file_get_contents('php://input'),
            (string) getenv('PORTAL_WEBHOOK_SECRET'),
        );
    } catch (WebhookException $e) {
        say('webhook refused: ' . $e->getMessage());
        http_response_code(400);
        exit;
    }
    say("webhook {$event['type']} {$event['id']} verified");
    $entitlement = $event['data']['entitlement'] ?? null;
    try {
        if ($event['type'] === 'entitlement.granted' && $entitlement) {
            deliver(new GameServer($base, $gameKey), $entitlement);
        } elseif ($event['type'] === 'entitlement.revoked' && $entitlement && $entitlement['clawback']) {
            takeItemsBack($entitlement);
        }
    } catch (PortalException $e) {
        say('could not handle the webhook: ' . $e->getMessage());
        http_response_code(500); // the portal retries later
        exit;
    }
    http_response_code(204);
    exit;
}

$email = getenv('CALIBER_EMAIL') ?: '';
if ($email !== '') {
    $launcher = new LauncherClient($base, getenv('CALIBER_DEVELOPER') === 'true', getenv('CALIBER_DEVICE_TOKEN') ?: null);
    try {
        $pin = getenv('CALIBER_PIN');
        $result = $pin
            ? $launcher->loginWithPin($email, $pin)
            : $launcher->loginWithPassword($email, (string) getenv('CALIBER_PASSWORD'));
    } catch (LoginException $e) {
        fwrite(STDERR, "sign-in refused ({$e->errorCode}): {$e->getMessage()}\n");
        exit(1);
    }
    echo 'launcher redirect: ', $result['redirectURL'], "\n";
    echo 'device token (keep it: the PIN works only with it): ', $launcher->deviceToken(), "\n";
    $key = getenv('CALIBER_SERVER_KEY');
    if ($key) {
        print_r((new GameServer($base, $key))->exchangeCode($result['code']));
    } else {
        echo "set CALIBER_SERVER_KEY to exchange the code as the game server would\n";
    }
}
if ($gameKey !== '') {
    deliverPending(new GameServer($base, $gameKey));
} elseif ($email === '') {
    echo "set CALIBER_EMAIL (launcher login) or GAME_SERVER_KEY (entitlements): see the top of this file\n";
}
