// Webhooks.VerifyWebhook against the shared test vector (sdks/webhook-vector.json):
// dotnet run --project test -- ../webhook-vector.json
// With --live-standing instead, the calls against a running portal (LiveStanding.cs).
using System.Text.Json;
using CaliberPortal;

if (args.Length > 0 && args[0] == "--live-standing") return await LiveStanding.RunAsync();

var vector = JsonDocument.Parse(File.ReadAllText(args.Length > 0 ? args[0] : "../webhook-vector.json")).RootElement;
string S(string name) => vector.GetProperty(name).GetString()!;
var t = vector.GetProperty("timestamp").GetInt64();
var body = S("body");
DateTimeOffset At(long seconds) => DateTimeOffset.FromUnixTimeSeconds(seconds);
var passed = 0;

void Check(string name, bool ok)
{
    if (!ok) throw new Exception("failed: " + name);
    passed++;
}

void Refused(string name, string? header, string rawBody, string secret, long now, string reason)
{
    try
    {
        Webhooks.VerifyWebhook(header, rawBody, secret, 300, At(now));
        Check(name + " is refused", false);
    }
    catch (WebhookException e)
    {
        Check(name + " is refused for its " + reason, e.Message.Contains(reason));
    }
}

var webhookEvent = Webhooks.VerifyWebhook(S("header"), body, S("secret"), 300, At(t));
Check("accepts the vector", webhookEvent.Type == "entitlement.granted"
    && webhookEvent.Data.Entitlement?.Name == "1 200 Gems — Drachenschatz" && webhookEvent.Data.Entitlement.Quantity == 2);
Check("accepts any matching v1 during a rotation",
    Webhooks.VerifyWebhook(S("rotation_header"), body, S("secret"), 300, At(t)).Id == webhookEvent.Id
    && Webhooks.VerifyWebhook(S("rotation_header"), body, S("previous_secret"), 300, At(t)).Id == webhookEvent.Id);
Check("tolerance is inclusive", Webhooks.VerifyWebhook(S("header"), body, S("secret"), 300, At(t + 300)).Id == webhookEvent.Id
    && Webhooks.VerifyWebhook(S("header"), body, S("secret"), 300, At(t - 300)).Id == webhookEvent.Id);
Refused("too late", S("header"), body, S("secret"), t + 301, "tolerance");
Refused("too early", S("header"), body, S("secret"), t - 301, "tolerance");
Refused("another body", S("header"), body.Replace("\"quantity\":2", "\"quantity\":20"), S("secret"), t, "matches");
Refused("another secret", S("header"), body, S("previous_secret"), t, "matches");
Refused("another t", S("header").Replace($"t={t}", $"t={t + 1}"), body, S("secret"), t, "matches");
var sig = S("signature");
foreach (var header in new[] { null, "", $"v1={sig}", $"t={t}", $"t=abc,v1={sig}", $"t={t},v1={sig[2..]}", $"t={t},v0={sig}" })
    Refused($"malformed '{header}'", header, body, S("secret"), t, "header");
Console.WriteLine($"{passed} passed, 0 failed");
return 0;
