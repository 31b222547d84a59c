"""The SDK as a game uses it. Each part runs when its variables are set:

1. Caliber launcher login: signs in like the launcher, then exchanges the code like a game server.
     CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' CALIBER_SERVER_KEY=gsk_caliber_...
     (CALIBER_PIN=1234 signs in by PIN instead, on a launcher that signed in by password before: pass the
     device token the password sign-in printed as CALIBER_DEVICE_TOKEN)
2. Entitlements (what players bought in the shop of Yggdra or Tales Runner), with that game's server key:
   hands over every pending entitlement, then consumes it; takes back what was revoked after consumption.
     GAME_SERVER_KEY=gsk_yggdra_...
3. Player safety, with any game's server key (needs GAME_SERVER_KEY): at match start, reads each player's
   standing and keeps banned players out (and mutes chat-restricted ones); reports a player as the in-game
   menu would.
     MATCH_PLAYERS=<uuid>,<uuid> REPORT_PLAYER=<uuid> REPORTED_BY=<uuid> (REPORT_CATEGORY, default cheating)
4. Webhooks: listens on WEBHOOK_PORT (default 8080) for the portal's signed webhooks and handles them as they
   come (needs GAME_SERVER_KEY too). Stop it with Ctrl-C.
     PORTAL_WEBHOOK_SECRET=... WEBHOOK_PORT=8080

PORTAL_URL=http://localhost:3000 ... python3 example.py
"""
import os
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

from caliber_portal import (CaliberGameServer, CaliberLauncherClient, LoginError, PortalError, WebhookError,
                            verify_webhook)

# Your game's side. A real game records what it handed over in its own database, in the same transaction as
# the items, so that an entitlement seen twice (a webhook retried, a poll after a webhook) is given once.
handed_over = set()
taken_back = set()


def give_items(e):
    if e["id"] in handed_over:
        return
    handed_over.add(e["id"])
    print("handed over %d x %s (%s) to player %s, entitlement %s"
          % (e["quantity"], e["sku"], e["name"], e["player"], e["id"]), flush=True)


def take_items_back(e):
    if (e["id"] not in handed_over and not e["clawback"]) or e["id"] in taken_back:
        return  # never handed over, or already taken back
    taken_back.add(e["id"])
    print("took back %d x %s from player %s, entitlement %s" % (e["quantity"], e["sku"], e["player"], e["id"]),
          flush=True)


def deliver(server, entitlement):
    """Grant in the game, then consume: the portal shows the order as delivered."""
    give_items(entitlement)
    try:
        consumed = server.consume_entitlement(entitlement["id"])
        print("consumed %s at %s" % (consumed["id"], consumed["consumed_at"]), flush=True)
    except PortalError as error:
        if error.status != 409:
            raise
        take_items_back(entitlement)  # refunded while we were handing it over


def deliver_pending(server):
    """Polling: every pending entitlement, page by page (oldest first), then the revocations to claw back."""
    for status in ("pending", "revoked"):
        after = None
        while True:
            page = server.list_entitlements(status=status, after=after, limit=100)
            for entitlement in page["entitlements"]:
                if status == "pending":
                    deliver(server, entitlement)
                elif entitlement["clawback"]:
                    take_items_back(entitlement)
            after = page["next"]
            if not after:
                break


def ending(sanction):
    return "until %s" % sanction["expires_at"] if sanction["expires_at"] else "permanently"


def start_match(server, players):
    """Match start: each player's standing decides whether they join, and whether their chat is muted."""
    for player in players:
        try:
            standing = server.get_standing(player)
        except PortalError as error:
            if error.status != 404:
                raise
            # Not a player of the portal (a forged or mistyped id): keep them out.
            print("match start: player %s is not a player of the portal" % player, flush=True)
            continue
        if standing["banned"]:
            ban = next(s for s in standing["sanctions"] if s["kind"] == "ban")
            print("match start: player %s is banned (%s, %s)" % (player, ban["category"], ending(ban)),
                  flush=True)
            continue
        chat = next((s for s in standing["sanctions"] if s["scope"] == "chat"), None)
        print("match start: player %s may play%s"
              % (player, ", chat muted %s" % ending(chat) if chat else ""), flush=True)


def report_from_menu(server, reported, reporter, category):
    """The in-game "report player" menu: the report reaches the portal's staff with the match as context."""
    try:
        report = server.report_player(reported, category, reporter=reporter,
                                      message="Reported from the in-game menu.",
                                      context={"match": "example-match", "reported_in": "the example"})
    except PortalError as error:
        if error.status not in (404, 422):
            raise
        # 404: a player unknown or not registered for this game; 422: a bad report (error.body["errors"] names
        # the field). Tell the player.
        print("report refused (%d): %s" % (error.status, error.message), flush=True)
        return
    print("reported player %s for %s: report %s at %s" % (reported, category, report["id"], report["created_at"]),
          flush=True)


def on_sanction(event_type, sanction):
    """A sanction placed or lifted by the portal's staff while the game runs: act on it at once."""
    if event_type == "player.sanctioned":
        print("player %s sanctioned: %s %s %s%s"
              % (sanction["player"], sanction["scope"], sanction["kind"], ending(sanction),
                 " (kicked from the match)" if sanction["kind"] == "ban" else ""), flush=True)
    else:
        print("player %s: sanction %s lifted" % (sanction["player"], sanction["id"]), flush=True)


def listen_for_webhooks(server, secret, port):
    """Webhooks: verify the signature over the raw body, then act; any 2xx tells the portal it arrived."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            raw_body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                event = verify_webhook(self.headers.get("Portal-Signature"), raw_body, secret)
            except WebhookError as error:
                print("webhook refused: %s" % error, file=sys.stderr, flush=True)
                self.send_response(400)
                self.end_headers()
                return
            print("webhook %s %s verified" % (event["type"], event["id"]), flush=True)
            entitlement = event["data"].get("entitlement")
            try:
                if event["type"] == "entitlement.granted" and entitlement:
                    deliver(server, entitlement)
                elif event["type"] == "entitlement.revoked" and entitlement and entitlement["clawback"]:
                    take_items_back(entitlement)
                elif event["type"].startswith("player.") and event["data"].get("sanction"):
                    on_sanction(event["type"], event["data"]["sanction"])
            except PortalError as error:
                print("could not handle the webhook: %s" % error, file=sys.stderr, flush=True)
                self.send_response(500)  # the portal retries later
                self.end_headers()
                return
            self.send_response(204)
            self.end_headers()

        def log_message(self, format, *args):  # noqa: A002 (the base class's name)
            pass

    httpd = HTTPServer(("", port), Handler)
    print("listening for webhooks on port %d" % httpd.server_address[1], flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


def main() -> int:
    env = os.environ
    base_url = env.get("PORTAL_URL", "http://localhost:3000")
    if env.get("CALIBER_EMAIL"):
        launcher = CaliberLauncherClient(base_url, developer=env.get("CALIBER_DEVELOPER") == "true",
                                         device_token=env.get("CALIBER_DEVICE_TOKEN"))
        try:
            if env.get("CALIBER_PIN"):
                redirect_url, code = launcher.login_with_pin(env["CALIBER_EMAIL"], env["CALIBER_PIN"])
            else:
                redirect_url, code = launcher.login_with_password(env["CALIBER_EMAIL"], env["CALIBER_PASSWORD"])
        except LoginError as error:
            print("sign-in refused (%s): %s" % (error.code, error.message), file=sys.stderr)
            return 1
        print("launcher redirect:", redirect_url)
        print("device token (keep it: the PIN works only with it):", launcher.device_token)
        if env.get("CALIBER_SERVER_KEY"):
            print("player:", CaliberGameServer(base_url, env["CALIBER_SERVER_KEY"]).exchange_code(code))
        else:
            print("set CALIBER_SERVER_KEY to exchange the code as the game server would")
    if env.get("GAME_SERVER_KEY"):
        server = CaliberGameServer(base_url, env["GAME_SERVER_KEY"])
        deliver_pending(server)
        if env.get("MATCH_PLAYERS"):
            start_match(server, [player for player in env["MATCH_PLAYERS"].split(",") if player])
        if env.get("REPORT_PLAYER"):
            report_from_menu(server, env["REPORT_PLAYER"], env.get("REPORTED_BY") or None,
                             env.get("REPORT_CATEGORY") or "cheating")
        if env.get("PORTAL_WEBHOOK_SECRET"):
            listen_for_webhooks(server, env["PORTAL_WEBHOOK_SECRET"], int(env.get("WEBHOOK_PORT", "8080")))
    if not env.get("CALIBER_EMAIL") and not env.get("GAME_SERVER_KEY"):
        print("set CALIBER_EMAIL (launcher login) or GAME_SERVER_KEY (entitlements): see the top of this file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
