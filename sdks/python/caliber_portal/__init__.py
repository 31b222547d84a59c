"""Caliber launcher login for the Games Portal. Standard library only (Python 3.8+)."""
import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, Optional, Tuple

__version__ = "1.0.0"
__all__ = ["LoginError", "PortalError", "CaliberLauncherClient", "CaliberGameServer", "code_from_redirect"]


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


def _post(base_url: str, path: str, body: Dict[str, Any], headers: Optional[Dict[str, str]] = None,
          timeout: float = 15.0) -> Any:
    url = base_url.rstrip("/") + "/" + path
    data = json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data=data, method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("Accept", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
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


class CaliberLauncherClient:
    """Launcher side: signs a player in and returns (redirect_url, code)."""

    def __init__(self, base_url: str, developer: bool = False, timeout: float = 15.0) -> None:
        self.base_url = base_url
        self.developer = developer
        self.timeout = timeout

    def _login(self, path: str, body: Dict[str, Any]) -> Tuple[str, str]:
        body = dict(body, developer=self.developer)
        reply = _post(self.base_url, path, body, timeout=self.timeout)
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
    """Game server side: exchanges a one-time code (once, within 60 s). Keep the server key secret."""

    def __init__(self, base_url: str, server_key: str, timeout: float = 15.0) -> None:
        if not server_key:
            raise ValueError("server_key is required")
        self.base_url = base_url
        self.server_key = server_key
        self.timeout = timeout

    def exchange_code(self, code: str) -> Dict[str, Any]:
        """POST /api/game-login/exchange -> {uuid, email, nickname, game, developer, method}"""
        reply = _post(self.base_url, "api/game-login/exchange", {"code": code},
                      {"Authorization": "Bearer " + self.server_key}, self.timeout)
        return reply["data"]
