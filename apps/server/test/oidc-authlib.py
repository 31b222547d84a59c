"""A second relying party from another ecosystem: Debian's python3-authlib, run with /usr/bin/python3.

It talks to the test over stdin/stdout, one JSON object a line: it prints what the test must do in the
browser (sign in at an authorization URL, approve a device code) and reads back what came of it.
Usage: oidc-authlib.py BASE CLIENT_ID REDIRECT_URI
"""

import json
import sys

import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session, OAuthError
from authlib.jose import JsonWebKey, JsonWebToken

DEVICE = "urn:ietf:params:oauth:grant-type:device_code"


def say(**message):
    print(json.dumps(message), flush=True)


def hear():
    return json.loads(sys.stdin.readline())


def main():
    base, client_id, redirect_uri = sys.argv[1:4]
    issuer = f"{base}/oidc"
    meta = requests.get(f"{issuer}/.well-known/openid-configuration", timeout=10).json()
    assert meta["issuer"] == issuer, meta["issuer"]
    jwks = JsonWebKey.import_key_set(requests.get(meta["jwks_uri"], timeout=10).json())

    # Authorization code with PKCE (S256), as a desktop launcher with a loopback redirect does.
    session = OAuth2Session(
        client_id,
        redirect_uri=redirect_uri,
        scope="openid profile email games offline_access",
        code_challenge_method="S256",
        token_endpoint_auth_method="none",
    )
    verifier = generate_token(48)
    url, state = session.create_authorization_url(
        meta["authorization_endpoint"], code_verifier=verifier, prompt="consent"
    )
    say(step="authorize", url=url)
    callback = hear()["callback"]
    token = session.fetch_token(
        meta["token_endpoint"], authorization_response=callback, code_verifier=verifier, state=state
    )
    claims = JsonWebToken(["RS256"]).decode(
        token["id_token"],
        jwks,
        claims_options={"iss": {"essential": True, "value": issuer}, "aud": {"essential": True, "value": client_id}},
    )
    claims.validate()
    userinfo = session.get(meta["userinfo_endpoint"]).json()

    # Refresh rotation, then the old refresh token again: refused, and the grant ends.
    first_refresh = token["refresh_token"]
    rotated = session.refresh_token(meta["token_endpoint"], refresh_token=first_refresh)
    reuse_error = None
    try:
        session.refresh_token(meta["token_endpoint"], refresh_token=first_refresh)
    except OAuthError as error:
        reuse_error = error.error
    after_reuse = None
    try:
        session.refresh_token(meta["token_endpoint"], refresh_token=rotated["refresh_token"])
    except OAuthError as error:
        after_reuse = error.error

    # The device flow, as a console does.
    started = requests.post(
        meta["device_authorization_endpoint"], data={"client_id": client_id, "scope": "openid email"}, timeout=10
    ).json()
    device = OAuth2Session(client_id, token_endpoint_auth_method="none")
    pending = None
    try:
        device.fetch_token(meta["token_endpoint"], grant_type=DEVICE, device_code=started["device_code"])
    except OAuthError as error:
        pending = error.error
    say(step="device", user_code=started["user_code"], verification_uri=started["verification_uri"])
    hear()
    device_token = device.fetch_token(meta["token_endpoint"], grant_type=DEVICE, device_code=started["device_code"])
    device_userinfo = device.get(meta["userinfo_endpoint"]).json()

    # prompt=login with max_age: the player proves themselves again, and auth_time says when.
    again = OAuth2Session(
        client_id,
        redirect_uri=redirect_uri,
        scope="openid",
        code_challenge_method="S256",
        token_endpoint_auth_method="none",
    )
    verifier = generate_token(48)
    url, state = again.create_authorization_url(
        meta["authorization_endpoint"], code_verifier=verifier, prompt="login", max_age=60
    )
    say(step="reauthorize", url=url)
    callback = hear()["callback"]
    token = again.fetch_token(
        meta["token_endpoint"], authorization_response=callback, code_verifier=verifier, state=state
    )
    reproved = JsonWebToken(["RS256"]).decode(
        token["id_token"],
        jwks,
        claims_options={
            "iss": {"essential": True, "value": issuer},
            "aud": {"essential": True, "value": client_id},
            "auth_time": {"essential": True},
        },
    )
    reproved.validate()

    say(
        step="done",
        sub=claims["sub"],
        userinfo=userinfo,
        rotated=rotated["refresh_token"] != first_refresh,
        reuse_error=reuse_error,
        after_reuse=after_reuse,
        pending=pending,
        device_userinfo=device_userinfo,
        auth_time=reproved["auth_time"],
    )


if __name__ == "__main__":
    main()
