<?php
// Signs in like the launcher, then exchanges the code like a game server.
// PORTAL_URL=http://localhost:3000 CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' \
// CALIBER_SERVER_KEY=gsk_caliber_... php example.php          (CALIBER_PIN=1234 signs in by PIN)

declare(strict_types=1);

require __DIR__ . '/src/CaliberPortal.php';

use Caliber\Portal\GameServer;
use Caliber\Portal\LauncherClient;
use Caliber\Portal\LoginException;

$base = getenv('PORTAL_URL') ?: 'http://localhost:3000';
$launcher = new LauncherClient($base, getenv('CALIBER_DEVELOPER') === 'true');
try {
    $pin = getenv('CALIBER_PIN');
    $result = $pin
        ? $launcher->loginWithPin((string) getenv('CALIBER_EMAIL'), $pin)
        : $launcher->loginWithPassword((string) getenv('CALIBER_EMAIL'), (string) getenv('CALIBER_PASSWORD'));
} catch (LoginException $e) {
    fwrite(STDERR, "sign-in refused ({$e->errorCode}): {$e->getMessage()}\n");
    exit(1);
}
echo 'launcher redirect: ', $result['redirectURL'], "\n";
$key = getenv('CALIBER_SERVER_KEY');
if (!$key) {
    echo "set CALIBER_SERVER_KEY to exchange the code as the game server would\n";
    exit(0);
}
print_r((new GameServer($base, $key))->exchangeCode($result['code']));
