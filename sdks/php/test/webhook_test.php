<?php
// verifyWebhook against the shared test vector (sdks/webhook-vector.json): php test/webhook_test.php

declare(strict_types=1);

require __DIR__ . '/../src/CaliberPortal.php';

use Caliber\Portal\WebhookException;
use function Caliber\Portal\verifyWebhook;

$v = json_decode((string) file_get_contents(__DIR__ . '/../../webhook-vector.json'), true, 512, JSON_THROW_ON_ERROR);
$t = $v['timestamp'];
$passed = 0;
$check = function (string $name, bool $ok) use (&$passed): void {
    if (!$ok) {
        fwrite(STDERR, "failed: $name\n");
        exit(1);
    }
    $passed++;
};
$refused = function (string $name, ?string $header, string $body, string $secret, int $now, string $reason) use ($check): void {
    try {
        verifyWebhook($header, $body, $secret, 300, $now);
        $check("$name is refused", false);
    } catch (WebhookException $e) {
        $check("$name is refused for its $reason", str_contains($e->getMessage(), $reason));
    }
};

$event = verifyWebhook($v['header'], $v['body'], $v['secret'], 300, $t);
$check('accepts the vector', $event['type'] === 'entitlement.granted'
    && $event['data']['entitlement']['name'] === '1 200 Gems — Drachenschatz');
$check('accepts any matching v1 during a rotation',
    verifyWebhook($v['rotation_header'], $v['body'], $v['secret'], 300, $t)['id'] === $event['id']
    && verifyWebhook($v['rotation_header'], $v['body'], $v['previous_secret'], 300, $t)['id'] === $event['id']);
$check('tolerance is inclusive', verifyWebhook($v['header'], $v['body'], $v['secret'], 300, $t + 300) !== []
    && verifyWebhook($v['header'], $v['body'], $v['secret'], 300, $t - 300) !== []);
$refused('too late', $v['header'], $v['body'], $v['secret'], $t + 301, 'tolerance');
$refused('too early', $v['header'], $v['body'], $v['secret'], $t - 301, 'tolerance');
$refused('another body', $v['header'], str_replace('"quantity":2', '"quantity":20', $v['body']), $v['secret'], $t, 'matches');
$refused('another secret', $v['header'], $v['body'], $v['previous_secret'], $t, 'matches');
$refused('another t', str_replace("t=$t", 't=' . ($t + 1), $v['header']), $v['body'], $v['secret'], $t, 'matches');
$sig = $v['signature'];
foreach ([null, '', "v1=$sig", "t=$t", "t=abc,v1=$sig", "t=$t,v1=" . substr($sig, 2), "t=$t,v0=$sig"] as $header) {
    $refused('malformed ' . var_export($header, true), $header, $v['body'], $v['secret'], $t, 'header');
}
echo "$passed passed, 0 failed\n";
