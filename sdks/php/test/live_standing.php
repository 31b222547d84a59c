<?php
// reportPlayer, getStanding and a sanction webhook against a running portal, for the portal's test suite
// (apps/server/src/modules/sdk/sdk-standing.test.ts sets the variables); prints what came back as JSON.
// PORTAL_URL KEY REPORTER REPORTED SANCTIONED UNKNOWN ELSEWHERE WEBHOOK_SECRET WEBHOOK_HEADER WEBHOOK_BODY php test/live_standing.php

declare(strict_types=1);

require __DIR__ . '/../src/CaliberPortal.php';

use Caliber\Portal\GameServer;
use Caliber\Portal\PortalException;
use function Caliber\Portal\verifyWebhook;

$env = static fn (string $name): string => (string) getenv($name);
$server = new GameServer($env('PORTAL_URL'), $env('KEY'));
$context = ['match' => 'm-42', 'round' => 3, 'ranked' => true, 'chat' => ['gg', 'Grüße, wall hack?']];

$out = [
    'report' => $server->reportPlayer(
        $env('REPORTED'),
        'cheating',
        reporter: $env('REPORTER'),
        message: 'Aimbot in round 3.',
        context: $context,
    ),
    'anonymous' => $server->reportPlayer($env('REPORTED'), 'verbal_abuse'),
    'clean' => $server->getStanding($env('REPORTED')),
    'sanctioned' => $server->getStanding($env('SANCTIONED')),
];
$event = verifyWebhook($env('WEBHOOK_HEADER'), $env('WEBHOOK_BODY'), $env('WEBHOOK_SECRET'));
$out['webhook'] = ['type' => $event['type'], 'sanction' => $event['data']['sanction']];

$calls = [
    'unknown_standing' => fn () => $server->getStanding($env('UNKNOWN')),
    'unknown_reported' => fn () => $server->reportPlayer($env('UNKNOWN'), 'cheating'),
    'unknown_reporter' => fn () => $server->reportPlayer($env('REPORTED'), 'cheating', reporter: $env('UNKNOWN')),
    'elsewhere_reported' => fn () => $server->reportPlayer($env('ELSEWHERE'), 'cheating'),
    'elsewhere_reporter' => fn () => $server->reportPlayer($env('REPORTED'), 'cheating', reporter: $env('ELSEWHERE')),
    'bad_category' => fn () => $server->reportPlayer($env('REPORTED'), 'griefing'),
    'big_context' => fn () => $server->reportPlayer($env('REPORTED'), 'spamming', context: ['chat' => str_repeat('x', 5000)]),
    'bad_key' => fn () => (new GameServer($env('PORTAL_URL'), 'gsk_yggdra_not-a-key'))->getStanding($env('REPORTED')),
];
$errors = [];
foreach ($calls as $name => $call) {
    try {
        $call();
        $errors[$name] = null;
    } catch (PortalException $e) {
        $errors[$name] = [$e->status, $e->getMessage()];
    }
}
$out['errors'] = $errors;
echo json_encode($out, JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\n";
