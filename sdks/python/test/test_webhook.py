"""verify_webhook against the shared test vector (sdks/webhook-vector.json). Run: python3 -m unittest discover test"""
import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from caliber_portal import WebhookError, verify_webhook  # noqa: E402

with open(os.path.join(HERE, "..", "..", "webhook-vector.json"), encoding="utf-8") as f:
    V = json.load(f)
T = V["timestamp"]


class VerifyWebhookTest(unittest.TestCase):
    def test_accepts_the_vector_and_returns_the_event(self):
        event = verify_webhook(V["header"], V["body"].encode("utf-8"), V["secret"], now=T)
        self.assertEqual(event["type"], "entitlement.granted")
        self.assertEqual(event["data"]["entitlement"]["name"], "1 200 Gems — Drachenschatz")
        self.assertEqual(verify_webhook(V["header"], V["body"], V["secret"], now=T)["id"], event["id"])

    def test_accepts_any_matching_v1_during_a_rotation(self):
        self.assertEqual(verify_webhook(V["rotation_header"], V["body"], V["secret"], now=T)["id"],
                         json.loads(V["body"])["id"])
        self.assertEqual(verify_webhook(V["rotation_header"], V["body"], V["previous_secret"], now=T)["id"],
                         json.loads(V["body"])["id"])

    def test_tolerance_is_inclusive_and_both_ways(self):
        verify_webhook(V["header"], V["body"], V["secret"], now=T + 300)
        verify_webhook(V["header"], V["body"], V["secret"], now=T - 300)
        for now in (T + 301, T - 301):
            with self.assertRaisesRegex(WebhookError, "tolerance"):
                verify_webhook(V["header"], V["body"], V["secret"], now=now)
        verify_webhook(V["header"], V["body"], V["secret"], 10, now=T + 10)
        with self.assertRaises(WebhookError):
            verify_webhook(V["header"], V["body"], V["secret"], 10, now=T + 11)

    def test_rejects_another_body_or_secret(self):
        with self.assertRaisesRegex(WebhookError, "matches"):
            verify_webhook(V["header"], V["body"].replace('"quantity":2', '"quantity":20'), V["secret"], now=T)
        with self.assertRaisesRegex(WebhookError, "matches"):
            verify_webhook(V["header"], V["body"], V["previous_secret"], now=T)
        with self.assertRaisesRegex(WebhookError, "matches"):
            verify_webhook(V["header"].replace("t=%d" % T, "t=%d" % (T + 1)), V["body"], V["secret"], now=T)

    def test_rejects_a_missing_or_malformed_header(self):
        signature = V["signature"]
        for header in (None, "", "v1=" + signature, "t=%d" % T, "t=abc,v1=" + signature,
                       "t=%d,v1=%s" % (T, signature[:-2]), "t=%d,v0=%s" % (T, signature)):
            with self.assertRaises(WebhookError, msg=repr(header)):
                verify_webhook(header, V["body"], V["secret"], now=T)


if __name__ == "__main__":
    unittest.main()
