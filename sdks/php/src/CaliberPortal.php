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

/** Any other failure: HTTP status (429 when rate-limited) and the portal's message. */
final class PortalException extends \RuntimeException
{
    public function __construct(public readonly int $status, string $message)
    {
        parent::__construct($message);
    }
}

final class Http
{
    /** @return array<string, mixed> */
    public static function post(string $baseUrl, string $path, array $body, ?string $bearer = null): array
    {
        $headers = ['Content-Type: application/json', 'Accept: application/json'];
        if ($bearer !== null) {
            $headers[] = 'Authorization: Bearer ' . $bearer;
        }
        $curl = curl_init(rtrim($baseUrl, '/') . '/' . $path);
        curl_setopt_array($curl, [
            CURLOPT_POST => true,
            CURLOPT_POSTFIELDS => json_encode($body, JSON_THROW_ON_ERROR),
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT => 15,
        ]);
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
            throw new PortalException($status, is_string($json['message'] ?? null) ? $json['message'] : "HTTP $status");
        }
        return $json;
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
final class LauncherClient
{
    public function __construct(private readonly string $baseUrl, private readonly bool $developer = false)
    {
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

    /** @return array{redirectURL: string, code: string} */
    private function login(string $path, array $body): array
    {
        $body['developer'] = $this->developer;
        $reply = Http::post($this->baseUrl, $path, $body);
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

/** Game server side: exchanges a one-time code (once, within 60 s). Keep the server key secret. */
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
        $reply = Http::post($this->baseUrl, 'api/game-login/exchange', ['code' => $code], $this->serverKey);
        return $reply['data'];
    }
}
