"""Sign-in on a console or TV with the portal (device flow): shows the code, waits for the player to approve it
at the address shown, prints who signed in, then refreshes the tokens as a long-running game would.

PORTAL_URL=http://localhost:3000 OIDC_CLIENT_ID=demo-launcher python3 device_example.py
"""
import os
import sys

from caliber_portal import CaliberDeviceLogin, DeviceLoginError

login = CaliberDeviceLogin(os.environ.get("PORTAL_URL", "http://localhost:3000"),
                           os.environ.get("OIDC_CLIENT_ID", "demo-launcher"))
try:
    started = login.start_device_login("openid profile offline_access")
    print("To sign in, open %s and enter the code %s" % (started["verification_uri"], started["user_code"]))
    if started["verification_uri_complete"]:
        print("(or open %s)" % started["verification_uri_complete"])
    tokens = login.poll_device_token(
        started, lambda reason, interval: print("waiting for approval (%s), next poll in %d s" % (reason, interval)))
    print("signed in: sub %s, token type %s, expires in %s s"
          % ((tokens["claims"] or {}).get("sub"), tokens["token_type"], tokens["expires_in"]))
    me = login.user_info(tokens["access_token"])
    print("userinfo: %s (%s)" % (me.get("name", ""), me.get("nickname") or "no nickname"))
    if not tokens.get("refresh_token"):
        print("no refresh token (ask for the offline_access scope)")
    else:
        refreshed = login.refresh_tokens(tokens["refresh_token"])
        print("refreshed: new access token, expires in %s s, refresh token rotated: %s"
              % (refreshed["expires_in"], str(refreshed.get("refresh_token") != tokens["refresh_token"]).lower()))
except DeviceLoginError as error:
    print("sign-in ended: %s (%s)" % (error.code, error.message), file=sys.stderr)
    sys.exit(2)
