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
// 3. Player safety, with any game's server key (needs GAME_SERVER_KEY): at match start, reads each player's
//    standing and keeps banned players out (and mutes chat-restricted ones); reports a player as the in-game
//    menu would.
//      MATCH_PLAYERS=<uuid>,<uuid> REPORT_PLAYER=<uuid> REPORTED_BY=<uuid> (REPORT_CATEGORY, default cheating)
// 4. Webhooks: the same file is the webhook endpoint when a web server runs it (needs GAME_SERVER_KEY too):
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

function ending(array $sanction): string
{
    return $sanction['expires_at'] !== null ? "until {$sanction['expires_at']}" : 'permanently';
}

/** Match start: each player's standing decides whether they join, and whether their chat is muted. */
function startMatch(GameServer $server, array $players): void
{
    foreach ($players as $player) {
        try {
            $standing = $server->getStanding($player);
        } catch (PortalException $e) {
            if ($e->status !== 404) {
                throw $e;
            }
            // Not a player of the portal (a forged or mistyped id): keep them out.
            say("match start: player $player is not a player of the portal");
            continue;
        }
        if ($standing['banned']) {
            $bans = array_values(array_filter($standing['sanctions'], static fn (array $s) => $s['kind'] === 'ban'));
            say("match start: player $player is banned ({$bans[0]['category']}, " . ending($bans[0]) . ')');
            continue;
        }
        $chat = array_values(array_filter($standing['sanctions'], static fn (array $s) => $s['scope'] === 'chat'));
        say("match start: player $player may play" . ($chat ? ', chat muted ' . ending($chat[0]) : ''));
    }
}

/** The in-game "report player" menu: the report reaches the portal's staff with the match as context. */
function reportFromMenu(GameServer $server, string $reported, ?string $reporter, string $category): void
{
    try {
        $report = $server->reportPlayer(
            $reported,
            $category,
            reporter: $reporter,
            message: 'Reported from the in-game menu.',
            context: ['match' => 'example-match', 'reported_in' => 'the example'],
        );
    } catch (PortalException $e) {
        if ($e->status !== 404 && $e->status !== 422) {
            throw $e;
        }
        // 404: a player unknown or not registered for this game; 422: a bad report. Tell the player.
        say("report refused ({$e->status}): {$e->getMessage()}");
        return;
    }
    say("reported player $reported for $category: report {$report['id']} at {$report['created_at']}");
}

/** A sanction placed or lifted by the portal's staff while the game runs: act on it at once. */
function onSanction(string $type, array $sanction): void
{
    if ($type === 'player.sanctioned') {
        $kicked = $sanction['kind'] === 'ban' ? ' (kicked from the match)' : '';
        say("player {$sanction['player']} sanctioned: {$sanction['scope']} {$sanction['kind']} " . ending($sanction) . $kicked);
    } else {
        say("player {$sanction['player']}: sanction {$sanction['id']} lifted");
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
        } elseif (str_starts_with($event['type'], 'player.') && isset($event['data']['sanction'])) {
            onSanction($event['type'], $event['data']['sanction']);
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
    $server = new GameServer($base, $gameKey);
    deliverPending($server);
    $players = array_filter(explode(',', getenv('MATCH_PLAYERS') ?: ''));
    if ($players !== []) {
        startMatch($server, $players);
    }
    $reported = getenv('REPORT_PLAYER') ?: '';
    if ($reported !== '') {
        reportFromMenu($server, $reported, getenv('REPORTED_BY') ?: null, getenv('REPORT_CATEGORY') ?: 'cheating');
    }
} elseif ($email === '') {
    echo "set CALIBER_EMAIL (launcher login) or GAME_SERVER_KEY (entitlements): see the top of this file\n";
}
