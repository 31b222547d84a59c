"""Games Portal SDK: the Caliber launcher login, entitlements, player safety (reports and standing) and signed
webhooks for game servers.

Standard library only (Python 3.8+).
"""
import base64
import hashlib
import hmac
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

__version__ = "1.4.0"
__all__ = ["LoginError", "PortalError", "WebhookError", "DeviceLoginError", "CaliberLauncherClient",
           "CaliberGameServer", "CaliberDeviceLogin", "code_from_redirect", "verify_webhook"]


class LoginError(Exception):
    """A sign-in the portal refused; `code` is e.g. INVALID_CREDENTIALS or PIN_LOCKED."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class PortalError(Exception):
    """Any other failure: HTTP status and the portal's message (429 when rate-limited)."""

    def __init__(self, status: int, message: str, body: Any = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.body = body


class WebhookError(Exception):
    """A webhook whose Portal-Signature does not check out: answer it with HTTP 400 and do not act on it."""


def _request(base_url: str, path: str, body: Optional[Dict[str, Any]] = None,
             headers: Optional[Dict[str, str]] = None, timeout: float = 15.0,
             reply_headers: Optional[Dict[str, str]] = None) -> Any:
    """POST with a JSON body, or GET when body is None; fills reply_headers (lower-case names) when given."""
    url = base_url.rstrip("/") + "/" + path if path else base_url
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    request.add_header("Accept", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            if reply_headers is not None:
                reply_headers.update((name.lower(), value) for name, value in response.headers.items())
            return json.loads(response.read().decode("utf-8"))
    except urllib.error.HTTPError as error:
        try:
            payload = json.loads(error.read().decode("utf-8"))
        except ValueError:
            payload = None
        message = payload.get("message") if isinstance(payload, dict) else None
        raise PortalError(error.code, message or "HTTP %d" % error.code, payload) from None


def code_from_redirect(redirect_url: str) -> str:
    """The one-time code in a launcher redirect URL such as caliber://login?code=..."""
    query = redirect_url.split("?", 1)[1] if "?" in redirect_url else ""
    values = urllib.parse.parse_qs(query).get("code")
    if not values:
        raise ValueError("The redirect URL carries no code.")
    return values[0]


# The proof of work the portal asks for (ALTCHA v2): PBKDF2 with SHA-256 over the nonce and a counter.
_CHALLENGE_ALGORITHM = "PBKDF2/SHA-256"
# The most PBKDF2 rounds spent on one challenge: ten times the portal's hardest (a counter below 4,000 at 1,000
# rounds each, about a second), so a launcher never works without end.
_CHALLENGE_WORK_LIMIT = 40_000_000
_HEX_BYTES = re.compile(r"(?:[0-9a-fA-F]{2})+")
_HEX = re.compile(r"[0-9a-fA-F]+")


def _solve_challenge(reply: Dict[str, Any]) -> str:
    """Solves the challenge of a 429 CHALLENGE_REQUIRED reply: the first counter (4 bytes, big-endian, after the
    nonce) whose PBKDF2 key, salted with the challenge's salt, starts with its keyPrefix. Returns the altcha field
    to repeat the request with (base64 JSON {challenge, solution}); a challenge it cannot solve within
    _CHALLENGE_WORK_LIMIT rounds raises PortalError 429 saying why."""
    def unsolved(reason: str) -> PortalError:
        return PortalError(429, "The portal's proof-of-work challenge could not be solved: %s." % reason, reply)

    challenge = reply.get("challenge")
    parameters = challenge.get("parameters") if isinstance(challenge, dict) else None
    parameters = parameters if isinstance(parameters, dict) else {}
    algorithm = parameters.get("algorithm")
    if algorithm != _CHALLENGE_ALGORITHM:
        raise unsolved("its algorithm %s is not %s" % (algorithm, _CHALLENGE_ALGORITHM))
    nonce, salt, key_prefix = parameters.get("nonce"), parameters.get("salt"), parameters.get("keyPrefix")
    cost, key_length = parameters.get("cost"), parameters.get("keyLength", 32)
    well_formed = (all(isinstance(v, str) and _HEX_BYTES.fullmatch(v) for v in (nonce, salt))
                   and isinstance(key_prefix, str) and _HEX.fullmatch(key_prefix)
                   and all(type(v) is int and v >= 1 for v in (cost, key_length)))
    if not well_formed:
        raise unsolved("it is malformed")
    nonce_bytes, salt_bytes, prefix = bytes.fromhex(nonce), bytes.fromhex(salt), key_prefix.lower()
    for counter in range(_CHALLENGE_WORK_LIMIT // cost):
        password = nonce_bytes + counter.to_bytes(4, "big")
        derived_key = hashlib.pbkdf2_hmac("sha256", password, salt_bytes, cost, key_length).hex()
        if derived_key.startswith(prefix):
            payload = {"challenge": challenge, "solution": {"counter": counter, "derivedKey": derived_key}}
            return base64.b64encode(json.dumps(payload).encode("utf-8")).decode("ascii")
    raise unsolved("no solution within %d PBKDF2 rounds" % _CHALLENGE_WORK_LIMIT)


class CaliberLauncherClient:
    """Launcher side: signs a player in and returns (redirect_url, code).

    A password sign-in makes this launcher a known device: device_token (the portal's Device-Token header) is
    sent with every later sign-in, and the PIN works only with it. Keep it with the launcher's settings and
    pass it back as device_token on the next start.
    """

    def __init__(self, base_url: str, developer: bool = False, timeout: float = 15.0,
                 device_token: Optional[str] = None) -> None:
        self.base_url = base_url
        self.developer = developer
        self.timeout = timeout
        self.device_token = device_token

    def _send(self, path: str, body: Dict[str, Any]) -> Any:
        headers = {"Device-Token": self.device_token} if self.device_token else {}
        seen: Dict[str, str] = {}
        reply = _request(self.base_url, path, dict(body, developer=self.developer), headers, self.timeout, seen)
        self.device_token = seen.get("device-token") or self.device_token
        return reply

    def _login(self, path: str, body: Dict[str, Any]) -> Tuple[str, str]:
        try:
            reply = self._send(path, body)
        except PortalError as error:
            # Past an account's failed sign-ins from unknown clients the portal asks for a proof of work: solved,
            # it opens this one attempt (once; a second refusal is the caller's).
            if not isinstance(error.body, dict) or error.body.get("code") != "CHALLENGE_REQUIRED":
                raise
            reply = self._send(path, dict(body, altcha=_solve_challenge(error.body)))
        data = reply.get("data", {}) if isinstance(reply, dict) else {}
        if data.get("errorMessage"):
            raise LoginError(data.get("errorCode", "LOGIN_FAILED"), data["errorMessage"])
        redirect_url = data.get("redirectURL")
        if not redirect_url:
            raise PortalError(200, "The portal answered without a redirectURL.", reply)
        return redirect_url, code_from_redirect(redirect_url)

    def login_with_password(self, email: str, password: str) -> Tuple[str, str]:
        """POST /api/login-caliber"""
        return self._login("api/login-caliber", {"email": email, "password": password})

    def login_with_pin(self, user: str, pin: str) -> Tuple[str, str]:
        """POST /api/login-pin-caliber; `user` is the player's email or account uuid."""
        return self._login("api/login-pin-caliber", {"user": user, "pin": pin})


class CaliberGameServer:
    """Game server side, with the game's server key: exchanges a one-time code (Caliber, once, within 60 s),
    hands over what players bought (Yggdra, Tales Runner), reads players' standing and reports players (every
    game). Keep the server key secret."""

    def __init__(self, base_url: str, server_key: str, timeout: float = 15.0) -> None:
        if not server_key:
            raise ValueError("server_key is required")
        self.base_url = base_url
        self.server_key = server_key
        self.timeout = timeout

    def exchange_code(self, code: str) -> Dict[str, Any]:
        """POST /api/game-login/exchange -> {uuid, email, nickname, game, developer, method}"""
        reply = _request(self.base_url, "api/game-login/exchange", {"code": code}, self._auth(), self.timeout)
        return reply["data"]

    def list_entitlements(self, status: Optional[str] = None, player: Optional[str] = None,
                          after: Optional[str] = None, limit: Optional[int] = None) -> Dict[str, Any]:
        """GET /api/game/entitlements -> {"entitlements": [...], "next": cursor or None}

        The key's game's entitlements, oldest first; status is pending, consumed or revoked, limit 1..500.
        Pass the reply's "next" as after for the following page (None on the last page).
        """
        query = {name: str(value) for name, value in
                 (("status", status), ("player", player), ("after", after), ("limit", limit)) if value is not None}
        path = "api/game/entitlements" + ("?" + urllib.parse.urlencode(query) if query else "")
        return _request(self.base_url, path, None, self._auth(), self.timeout)

    def consume_entitlement(self, entitlement_id: str) -> Dict[str, Any]:
        """POST /api/game/entitlements/{id}/consume, after the game has handed the items over.

        Returns the consumed entitlement (again, when it was already consumed); a revoked one raises
        PortalError with status 409.
        """
        path = "api/game/entitlements/%s/consume" % urllib.parse.quote(entitlement_id, safe="")
        return _request(self.base_url, path, {}, self._auth(), self.timeout)["entitlement"]

    def report_player(self, reported: str, category: str, reporter: Optional[str] = None,
                      message: Optional[str] = None, context: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        """POST /api/game/reports -> {"id", "created_at"}: reports a player to the portal's staff.

        category is cheating, exploiting, offensive_name, verbal_abuse, scamming, spamming or other; reporter the
        reporting player's uuid (when a player reported); message at most 1000 characters; context a dict of
        at most 4 KB of JSON (match id, chat excerpt). The report's game is the key's. A reported or reporter
        unknown or not registered for your game raises PortalError with status 404, a bad report 422 (its
        body["errors"] name the field).
        """
        body = {name: value for name, value in (("reporter", reporter), ("reported", reported),
                                                 ("category", category), ("message", message),
                                                 ("context", context)) if value is not None}
        return _request(self.base_url, "api/game/reports", body, self._auth(), self.timeout)["report"]

    def get_standing(self, player: str) -> Dict[str, Any]:
        """GET /api/game/players/{uuid}/standing -> {"player", "banned", "sanctions": [...]}

        The sanctions in force that apply to the key's game (account bans, this game's bans and chat
        restrictions), each {id, player, scope, kind, game, category, note, starts_at, expires_at, lifted_at,
        status}. banned is True when the player may not play this game now: call it at match start. An unknown
        player raises PortalError with status 404.
        """
        path = "api/game/players/%s/standing" % urllib.parse.quote(player, safe="")
        return _request(self.base_url, path, None, self._auth(), self.timeout)

    def _auth(self) -> Dict[str, str]:
        return {"Authorization": "Bearer " + self.server_key}


class DeviceLoginError(Exception):
    """The device flow ended without tokens: code is the OAuth error, e.g. access_denied (the player said no)
    or expired_token (nobody entered the code in time: start again)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


_DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"


def _id_token_claims(id_token: Optional[str]) -> Optional[Dict[str, Any]]:
    """The claims of an ID token received straight from the token endpoint over TLS (OpenID Connect 3.1.3.7)."""
    if not id_token:
        return None
    payload = id_token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode("utf-8"))


class CaliberDeviceLogin:
    """Sign-in on consoles and TVs (OAuth 2.0 device authorization grant, RFC 8628) with the portal as OpenID
    Provider, for a public app registered with the device grant: show the player a short code and an address,
    poll until they approve it on their phone or computer, then refresh the tokens as they expire. The
    endpoints come from the discovery document, {base_url}/oidc/.well-known/openid-configuration."""

    def __init__(self, base_url: str, client_id: str, timeout: float = 15.0) -> None:
        if not client_id:
            raise ValueError("client_id is required")
        self.base_url = base_url
        self.client_id = client_id
        self.timeout = timeout
        self._metadata = None  # type: Optional[Dict[str, Any]]

    def discover(self) -> Dict[str, Any]:
        """The provider's discovery document (read once)."""
        if self._metadata is None:
            self._metadata = _request(self.base_url, "oidc/.well-known/openid-configuration", timeout=self.timeout)
        return self._metadata

    def _form(self, endpoint: str, params: Dict[str, str]) -> Dict[str, Any]:
        data = urllib.parse.urlencode(dict(params, client_id=self.client_id)).encode("utf-8")
        request = urllib.request.Request(endpoint, data=data, method="POST")
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
        request.add_header("Accept", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            try:
                payload = json.loads(error.read().decode("utf-8"))
            except ValueError:
                payload = None
            if isinstance(payload, dict) and isinstance(payload.get("error"), str):
                raise DeviceLoginError(payload["error"], payload.get("error_description") or payload["error"]) from None
            message = payload.get("message") if isinstance(payload, dict) else None
            raise PortalError(error.code, message or "HTTP %d" % error.code, payload) from None

    def start_device_login(self, scope: str = "openid profile offline_access") -> Dict[str, Any]:
        """Starts a sign-in: show user_code and verification_uri (or verification_uri_complete, e.g. as a QR
        code) to the player, then call poll_device_token with the result. offline_access: a refresh token."""
        params = {"scope": scope}
        if "offline_access" in scope.split():
            params["prompt"] = "consent"  # OpenID Connect asks for it with offline_access (a refresh token)
        started = self._form(self.discover()["device_authorization_endpoint"], params)
        started.setdefault("interval", 5)
        started.setdefault("verification_uri_complete", None)
        return started

    def poll_device_token(self, started: Dict[str, Any],
                          on_pending: Optional[Callable[[str, int], None]] = None) -> Dict[str, Any]:
        """Polls every interval seconds (5 s more after each slow_down) until the player approves: the token
        response with the ID token's "claims". Raises DeviceLoginError access_denied when the player refuses
        and expired_token when the code runs out."""
        endpoint = self.discover()["token_endpoint"]
        deadline = time.monotonic() + started["expires_in"]
        interval = started["interval"]
        while True:
            time.sleep(interval)
            if time.monotonic() > deadline:
                raise DeviceLoginError("expired_token", "The code has expired: start again.")
            try:
                return self._tokens(self._form(endpoint, {"grant_type": _DEVICE_GRANT,
                                                          "device_code": started["device_code"]}))
            except DeviceLoginError as error:
                if error.code == "slow_down":
                    interval += 5
                elif error.code != "authorization_pending":
                    raise
                if on_pending is not None:
                    on_pending(error.code, interval)

    def refresh_tokens(self, refresh_token: str) -> Dict[str, Any]:
        """New tokens for a refresh token (the portal rotates it: keep the new refresh_token)."""
        return self._tokens(self._form(self.discover()["token_endpoint"],
                                       {"grant_type": "refresh_token", "refresh_token": refresh_token}))

    def user_info(self, access_token: str) -> Dict[str, Any]:
        """The player's claims from the userinfo endpoint (by scope: name, nickname, email, games)."""
        return _request(self.discover()["userinfo_endpoint"], "", None,
                        {"Authorization": "Bearer " + access_token}, self.timeout)

    @staticmethod
    def _tokens(reply: Dict[str, Any]) -> Dict[str, Any]:
        return dict(reply, claims=_id_token_claims(reply.get("id_token")))


_TIMESTAMP = re.compile(r"[0-9]{1,12}")
_SIGNATURE = re.compile(r"[0-9a-fA-F]{64}")


def verify_webhook(header: Optional[str], raw_body: Union[bytes, bytearray, str], secret: str,
                   tolerance_seconds: int = 300, now: Optional[float] = None) -> Dict[str, Any]:
    """Checks a webhook from the portal and returns its event {id, type, created_at, data}: data["entitlement"]
    for entitlement.granted and entitlement.revoked, data["sanction"] for player.sanctioned and
    player.sanction_lifted.

    header is the Portal-Signature header (t=<unix seconds>,v1=<hex>[,v1=<hex>...]), raw_body the request body
    exactly as received (parse it only after this check). Accepted when any v1 is the HMAC-SHA256 of
    "{t}.{raw_body}" with secret (compared in constant time) and t is within tolerance_seconds of now (this
    machine's clock, in unix seconds); otherwise raises WebhookError.
    """
    if not secret:
        raise ValueError("secret is required")
    if not isinstance(raw_body, (bytes, bytearray, str)):
        raise TypeError("raw_body must be the body as received (bytes or str), not parsed JSON")
    if not header:
        raise WebhookError("The Portal-Signature header is missing.")
    timestamp = None
    signatures: List[str] = []
    for part in header.split(","):
        name, _, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if name == "t" and _TIMESTAMP.fullmatch(value):
            timestamp = int(value)
        elif name == "v1" and _SIGNATURE.fullmatch(value):
            signatures.append(value.lower())
    if timestamp is None or not signatures:
        raise WebhookError("The Portal-Signature header is malformed.")
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else raw_body
    expected = hmac.new(secret.encode("utf-8"), str(timestamp).encode("ascii") + b"." + body,
                        hashlib.sha256).hexdigest()
    # Every candidate is compared, so the time taken does not tell which one matched.
    matched = False
    for signature in signatures:
        matched = hmac.compare_digest(expected, signature) or matched
    if not matched:
        raise WebhookError("No Portal-Signature matches this body and secret.")
    if abs((time.time() if now is None else now) - timestamp) > tolerance_seconds:
        raise WebhookError("The Portal-Signature timestamp is outside the tolerance: a replay, or a wrong clock.")
    try:
        return json.loads(body.decode("utf-8"))
    except ValueError:
        raise WebhookError("The webhook body is not JSON.") from None
