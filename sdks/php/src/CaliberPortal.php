<?php

declare(strict_types=1);

namespace Caliber\Portal;

/** A sign-in the portal refused; errorCode is e.g. INVALID_CREDENTIALS or PIN_LOCKED. */
final class LoginException extends \RuntimeException
{
    public function __construct(public readonly string $errorCode, string $message)
    {
        parent::__construct($message);
    }
}

/**
 * Any other failure: HTTP status (429 when rate-limited), the portal's message and its reply ($body: the decoded JSON,
 * whose 'code' is e.g. CHALLENGE_REQUIRED).
 */
final class PortalException extends \RuntimeException
{
    /** @param array<string, mixed> $body */
    public function __construct(public readonly int $status, string $message, public readonly array $body = [])
    {
        parent::__construct($message);
    }
}

/** A webhook whose Portal-Signature does not check out: answer it with HTTP 400 and do not act on it. */
final class WebhookException extends \RuntimeException
{
}

final class Http
{
    /**
     * POST with a JSON body, or GET when $body is null, with extra $headers ('Name: value'); $replyHeaders gets
     * the reply's headers (lower-case names).
     * @param list<string> $headers
     * @param array<string, string> $replyHeaders
     * @return array<string, mixed>
     */
    public static function send(string $baseUrl, string $path, ?array $body, array $headers = [], array &$replyHeaders = []): array
    {
        $headers[] = 'Accept: application/json';
        if ($body !== null) {
            $headers[] = 'Content-Type: application/json';
        }
        $curl = curl_init(rtrim($baseUrl, '/') . '/' . $path);
        $options = [
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT => 15,
            CURLOPT_HEADERFUNCTION => static function ($curl, string $line) use (&$replyHeaders): int {
                $parts = explode(':', $line, 2);
                if (count($parts) === 2) {
                    $replyHeaders[strtolower(trim($parts[0]))] = trim($parts[1]);
                }
                return strlen($line);
            },
        ];
        if ($body !== null) {
            // An empty array is sent as the JSON object {}.
            $options[CURLOPT_POST] = true;
            $options[CURLOPT_POSTFIELDS] = json_encode((object) $body, JSON_THROW_ON_ERROR);
        }
        curl_setopt_array($curl, $options);
        $raw = curl_exec($curl);
        if ($raw === false) {
            $error = curl_error($curl);
            curl_close($curl);
            throw new PortalException(0, 'Could not reach the portal: ' . $error);
        }
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        curl_close($curl);
        $json = json_decode((string) $raw, true);
        $json = is_array($json) ? $json : [];
        if ($status >= 400) {
            throw new PortalException($status, is_string($json['message'] ?? null) ? $json['message'] : "HTTP $status", $json);
        }
        return $json;
    }
}

/** The proof of work the portal asks for (ALTCHA v2): PBKDF2 with SHA-256 over the nonce and a counter. */
final class Challenge
{
    public const REQUIRED = 'CHALLENGE_REQUIRED';
    private const ALGORITHM = 'PBKDF2/SHA-256';
    /**
     * The most PBKDF2 rounds spent on one challenge: ten times the portal's hardest (a counter below 4,000 at 1,000
     * rounds each, about a second), so a launcher never works without end.
     */
    private const WORK_LIMIT = 40_000_000;

    /**
     * Solves the challenge of a 429 CHALLENGE_REQUIRED reply: the first counter (4 bytes, big-endian, after the
     * nonce) whose PBKDF2 key, salted with the challenge's salt, starts with its keyPrefix. Returns the altcha field
     * to repeat the request with (base64 JSON {challenge, solution}); a challenge it cannot solve within WORK_LIMIT
     * rounds throws PortalException 429 saying why.
     * @param array<string, mixed> $reply
     */
    public static function solve(array $reply): string
    {
        $challenge = $reply['challenge'] ?? null;
        $parameters = is_array($challenge) && is_array($challenge['parameters'] ?? null) ? $challenge['parameters'] : [];
        $algorithm = $parameters['algorithm'] ?? null;
        if ($algorithm !== self::ALGORITHM) {
            throw self::unsolved($reply, 'its algorithm ' . json_encode($algorithm) . ' is not ' . self::ALGORITHM);
        }
        $nonce = $parameters['nonce'] ?? null;
        $salt = $parameters['salt'] ?? null;
        $keyPrefix = $parameters['keyPrefix'] ?? null;
        $cost = $parameters['cost'] ?? null;
        $keyLength = $parameters['keyLength'] ?? 32;
        $bytes = '/\A(?:[0-9a-fA-F]{2})+\z/';
        $wellFormed = is_string($nonce) && preg_match($bytes, $nonce) === 1
            && is_string($salt) && preg_match($bytes, $salt) === 1
            && is_string($keyPrefix) && preg_match('/\A[0-9a-fA-F]+\z/', $keyPrefix) === 1
            && is_int($cost) && $cost >= 1 && is_int($keyLength) && $keyLength >= 1;
        if (!$wellFormed) {
            throw self::unsolved($reply, 'it is malformed');
        }
        $nonceBytes = (string) hex2bin($nonce);
        $saltBytes = (string) hex2bin($salt);
        $prefix = strtolower($keyPrefix);
        $tries = intdiv(self::WORK_LIMIT, $cost);
        for ($counter = 0; $counter < $tries; $counter++) {
            $derivedKey = hash_pbkdf2('sha256', $nonceBytes . pack('N', $counter), $saltBytes, $cost, $keyLength * 2);
            if (str_starts_with($derivedKey, $prefix)) {
                $solution = ['counter' => $counter, 'derivedKey' => $derivedKey];
                return base64_encode(json_encode(['challenge' => $challenge, 'solution' => $solution], JSON_THROW_ON_ERROR));
            }
        }
        throw self::unsolved($reply, 'no solution within ' . self::WORK_LIMIT . ' PBKDF2 rounds');
    }

    /** @param array<string, mixed> $reply */
    private static function unsolved(array $reply, string $reason): PortalException
    {
        return new PortalException(429, "The portal's proof-of-work challenge could not be solved: $reason.", $reply);
    }
}

/** The one-time code in a launcher redirect URL such as caliber://login?code=... */
function codeFromRedirect(string $redirectUrl): string
{
    $query = parse_url($redirectUrl, PHP_URL_QUERY);
    parse_str(is_string($query) ? $query : '', $params);
    if (!isset($params['code']) || !is_string($params['code'])) {
        throw new \InvalidArgumentException('The redirect URL carries no code.');
    }
    return $params['code'];
}

/** Launcher side: signs a player in. Returns ['redirectURL' => ..., 'code' => ...]. */
/**
 * A password sign-in makes this launcher a known device: its device token (the portal's Device-Token header) is
 * sent with every later sign-in, and the PIN works only with it. Keep deviceToken() with the launcher's settings
 * and pass it back to the constructor on the next start.
 */
final class LauncherClient
{
    public function __construct(
        private readonly string $baseUrl,
        private readonly bool $developer = false,
        private ?string $deviceToken = null,
    ) {
    }

    /** The device token of the last password sign-in (or the one given); null before any. */
    public function deviceToken(): ?string
    {
        return $this->deviceToken;
    }

    /** @return array{redirectURL: string, code: string} */
    public function loginWithPassword(string $email, string $password): array
    {
        return $this->login('api/login-caliber', ['email' => $email, 'password' => $password]);
    }

    /** $user is the player's email or account uuid. @return array{redirectURL: string, code: string} */
    public function loginWithPin(string $user, string $pin): array
    {
        return $this->login('api/login-pin-caliber', ['user' => $user, 'pin' => $pin]);
    }

    /** @return array<string, mixed> */
    private function send(string $path, array $body): array
    {
        $seen = [];
        $headers = $this->deviceToken === null ? [] : ['Device-Token: ' . $this->deviceToken];
        $reply = Http::send($this->baseUrl, $path, $body, $headers, $seen);
        $this->deviceToken = $seen['device-token'] ?? $this->deviceToken;
        return $reply;
    }

    /** @return array{redirectURL: string, code: string} */
    private function login(string $path, array $body): array
    {
        $body['developer'] = $this->developer;
        try {
            $reply = $this->send($path, $body);
        } catch (PortalException $e) {
            // Past an account's failed sign-ins from unknown clients the portal asks for a proof of work: solved, it
            // opens this one attempt (once; a second refusal is the caller's).
            if (($e->body['code'] ?? null) !== Challenge::REQUIRED) {
                throw $e;
            }
            $reply = $this->send($path, $body + ['altcha' => Challenge::solve($e->body)]);
        }
        $data = is_array($reply['data'] ?? null) ? $reply['data'] : [];
        if (isset($data['errorMessage'])) {
            throw new LoginException((string) ($data['errorCode'] ?? 'LOGIN_FAILED'), (string) $data['errorMessage']);
        }
        if (!isset($data['redirectURL']) || !is_string($data['redirectURL'])) {
            throw new PortalException(200, 'The portal answered without a redirectURL.');
        }
        return ['redirectURL' => $data['redirectURL'], 'code' => codeFromRedirect($data['redirectURL'])];
    }
}

/**
 * Game server side, with the game's server key: exchanges a one-time code (Caliber, once, within 60 s), hands over
 * what players bought (Yggdra, Tales Runner), reads players' standing and reports players (every game). Keep the
 * server key secret.
 */
final class GameServer
{
    public function __construct(private readonly string $baseUrl, private readonly string $serverKey)
    {
        if ($serverKey === '') {
            throw new \InvalidArgumentException('serverKey is required');
        }
    }

    /** @return array{uuid: string, email: string, nickname: ?string, game: string, developer: bool, method: string} */
    public function exchangeCode(string $code): array
    {
        $reply = Http::send($this->baseUrl, 'api/game-login/exchange', ['code' => $code], $this->auth());
        return $reply['data'];
    }

    /**
     * GET /api/game/entitlements: the key's game's entitlements, oldest first. $query may hold status (pending,
     * consumed or revoked), player (a uuid), after (the 'next' of the previous page) and limit (1..500).
     * @param array{status?: string, player?: string, after?: string, limit?: int} $query
     * @return array{entitlements: list<array<string, mixed>>, next: ?string}
     */
    public function listEntitlements(array $query = []): array
    {
        $query = array_filter(
            array_intersect_key($query, array_flip(['status', 'player', 'after', 'limit'])),
            static fn ($value) => $value !== null,
        );
        $path = 'api/game/entitlements' . ($query === [] ? '' : '?' . http_build_query($query));
        return Http::send($this->baseUrl, $path, null, $this->auth());
    }

    /**
     * POST /api/game/entitlements/{id}/consume, after the game has handed the items over: the consumed entitlement
     * (again, when it was already consumed). A revoked one throws PortalException with status 409.
     * @return array<string, mixed>
     */
    public function consumeEntitlement(string $id): array
    {
        $path = 'api/game/entitlements/' . rawurlencode($id) . '/consume';
        return Http::send($this->baseUrl, $path, [], $this->auth())['entitlement'];
    }

    /**
     * POST /api/game/reports: reports a player to the portal's staff (the report's game is the key's). $category is
     * cheating, exploiting, offensive_name, verbal_abuse, scamming, spamming or other; $reporter the reporting
     * player's uuid (when a player reported); $message at most 1000 characters; $context an array of at most 4 KB
     * of JSON (match id, chat excerpt). A $reported or $reporter unknown or not registered for your game throws
     * PortalException with status 404, a bad report 422.
     * @param array<string, mixed>|null $context
     * @return array{id: string, created_at: string}
     */
    public function reportPlayer(
        string $reported,
        string $category,
        ?string $reporter = null,
        ?string $message = null,
        ?array $context = null,
    ): array {
        $body = array_filter(
            ['reporter' => $reporter, 'reported' => $reported, 'category' => $category, 'message' => $message],
            static fn ($value) => $value !== null,
        );
        if ($context !== null) {
            // An empty array is sent as the JSON object {}.
            $body['context'] = (object) $context;
        }
        return Http::send($this->baseUrl, 'api/game/reports', $body, $this->auth())['report'];
    }

    /**
     * GET /api/game/players/{uuid}/standing: the sanctions in force that apply to the key's game (account bans,
     * this game's bans and chat restrictions). 'banned' is true when the player may not play this game now: call
     * it at match start. An unknown player throws PortalException with status 404.
     * @return array{player: string, banned: bool, sanctions: list<array{id: string, player: string, scope: string, kind: string, game: ?string, category: string, note: string, starts_at: string, expires_at: ?string, lifted_at: ?string, status: string}>}
     */
    public function getStanding(string $player): array
    {
        return Http::send($this->baseUrl, 'api/game/players/' . rawurlencode($player) . '/standing', null, $this->auth());
    }

    /** @return list<string> */
    private function auth(): array
    {
        return ['Authorization: Bearer ' . $this->serverKey];
    }
}

/**
 * Checks a webhook from the portal and returns its event ['id', 'type', 'created_at', 'data']: data['entitlement']
 * for entitlement.granted and entitlement.revoked, data['sanction'] for player.sanctioned and player.sanction_lifted.
 * $header is the Portal-Signature header (t=<unix seconds>,v1=<hex>[,v1=<hex>...]), $rawBody the request body
 * exactly as received (file_get_contents('php://input'); decode it only after this check). Accepted when any v1
 * is the HMAC-SHA256 of "{t}.{rawBody}" with $secret (compared in constant time) and t is within
 * $toleranceSeconds of $now (this machine's clock, in unix seconds); otherwise throws WebhookException.
 * @return array<string, mixed>
 */
function verifyWebhook(?string $header, string $rawBody, string $secret, int $toleranceSeconds = 300, ?int $now = null): array
{
    if ($secret === '') {
        throw new \InvalidArgumentException('secret is required');
    }
    if ($header === null || $header === '') {
        throw new WebhookException('The Portal-Signature header is missing.');
    }
    $t = null;
    $signatures = [];
    foreach (explode(',', $header) as $part) {
        [$name, $value] = array_map('trim', explode('=', $part, 2)) + [1 => ''];
        if ($name === 't' && preg_match('/\A[0-9]{1,12}\z/', $value)) {
            $t = (int) $value;
        } elseif ($name === 'v1' && preg_match('/\A[0-9a-fA-F]{64}\z/', $value)) {
            $signatures[] = strtolower($value);
        }
    }
    if ($t === null || $signatures === []) {
        throw new WebhookException('The Portal-Signature header is malformed.');
    }
    $expected = hash_hmac('sha256', $t . '.' . $rawBody, $secret);
    // Every candidate is compared, so the time taken does not tell which one matched.
    $matched = false;
    foreach ($signatures as $signature) {
        $matched = hash_equals($expected, $signature) || $matched;
    }
    if (!$matched) {
        throw new WebhookException('No Portal-Signature matches this body and secret.');
    }
    if (abs(($now ?? time()) - $t) > $toleranceSeconds) {
        throw new WebhookException('The Portal-Signature timestamp is outside the tolerance: a replay, or a wrong clock.');
    }
    $event = json_decode($rawBody, true);
    if (!is_array($event)) {
        throw new WebhookException('The webhook body is not JSON.');
    }
    return $event;
}
