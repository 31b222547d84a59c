"""Signs in like the launcher, then exchanges the code like a game server.

PORTAL_URL=http://localhost:3000 CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' \
CALIBER_SERVER_KEY=gsk_caliber_... python3 example.py      (CALIBER_PIN=1234 signs in by PIN instead)
"""
import os
import sys

from caliber_portal import CaliberGameServer, CaliberLauncherClient, LoginError


def main() -> int:
    base_url = os.environ.get("PORTAL_URL", "http://localhost:3000")
    launcher = CaliberLauncherClient(base_url, developer=os.environ.get("CALIBER_DEVELOPER") == "true")
    try:
        if os.environ.get("CALIBER_PIN"):
            redirect_url, code = launcher.login_with_pin(os.environ["CALIBER_EMAIL"], os.environ["CALIBER_PIN"])
        else:
            redirect_url, code = launcher.login_with_password(os.environ["CALIBER_EMAIL"],
                                                              os.environ["CALIBER_PASSWORD"])
    except LoginError as error:
        print("sign-in refused (%s): %s" % (error.code, error.message), file=sys.stderr)
        return 1
    print("launcher redirect:", redirect_url)
    key = os.environ.get("CALIBER_SERVER_KEY")
    if not key:
        print("set CALIBER_SERVER_KEY to exchange the code as the game server would")
        return 0
    print("player:", CaliberGameServer(base_url, key).exchange_code(code))
    return 0


if __name__ == "__main__":
    sys.exit(main())
