"""reportPlayer, get_standing and a sanction webhook against a running portal, for the portal's test suite
(apps/server/src/modules/sdk/sdk-standing.test.ts sets the variables); prints what came back as JSON.

PORTAL_URL KEY REPORTER REPORTED SANCTIONED UNKNOWN ELSEWHERE WEBHOOK_SECRET WEBHOOK_HEADER WEBHOOK_BODY python3 test/live_standing.py
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from caliber_portal import CaliberGameServer, PortalError, verify_webhook  # noqa: E402

env = os.environ
server = CaliberGameServer(env["PORTAL_URL"], env["KEY"])
CONTEXT = {"match": "m-42", "round": 3, "ranked": True, "chat": ["gg", "Grüße, wall hack?"]}

out = {
    "report": server.report_player(env["REPORTED"], "cheating", reporter=env["REPORTER"],
                                   message="Aimbot in round 3.", context=CONTEXT),
    "anonymous": server.report_player(env["REPORTED"], "verbal_abuse"),
    "clean": server.get_standing(env["REPORTED"]),
    "sanctioned": server.get_standing(env["SANCTIONED"]),
}
event = verify_webhook(env["WEBHOOK_HEADER"], env["WEBHOOK_BODY"].encode("utf-8"), env["WEBHOOK_SECRET"])
out["webhook"] = {"type": event["type"], "sanction": event["data"]["sanction"]}

errors = {}
for name, call in (
        ("unknown_standing", lambda: server.get_standing(env["UNKNOWN"])),
        ("unknown_reported", lambda: server.report_player(env["UNKNOWN"], "cheating")),
        ("unknown_reporter", lambda: server.report_player(env["REPORTED"], "cheating", reporter=env["UNKNOWN"])),
        ("elsewhere_reported", lambda: server.report_player(env["ELSEWHERE"], "cheating")),
        ("elsewhere_reporter", lambda: server.report_player(env["REPORTED"], "cheating", reporter=env["ELSEWHERE"])),
        ("bad_category", lambda: server.report_player(env["REPORTED"], "griefing")),
        ("big_context", lambda: server.report_player(env["REPORTED"], "spamming", context={"chat": "x" * 5000})),
        ("bad_key", lambda: CaliberGameServer(env["PORTAL_URL"], "gsk_yggdra_not-a-key").get_standing(env["REPORTED"]))):
    try:
        call()
        errors[name] = None
    except PortalError as error:
        errors[name] = [error.status, error.message]
out["errors"] = errors
print(json.dumps(out))
