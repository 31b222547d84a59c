// ReportPlayerAsync, GetStandingAsync and a sanction webhook against a running portal, for the portal's test suite
// (apps/server/src/modules/sdk/sdk-standing.test.ts sets the variables); prints what came back as JSON:
// PORTAL_URL KEY REPORTER REPORTED SANCTIONED UNKNOWN ELSEWHERE WEBHOOK_SECRET WEBHOOK_HEADER WEBHOOK_BODY dotnet run --project test -- --live-standing
using System.Text;
using System.Text.Json;
using CaliberPortal;

internal static class LiveStanding
{
    private static string Env(string name) => Environment.GetEnvironmentVariable(name) ?? "";

    public static async Task<int> RunAsync()
    {
        var server = new GameServer(Env("PORTAL_URL"), Env("KEY"));
        var context = new Dictionary<string, object?>
        {
            ["match"] = "m-42",
            ["round"] = 3,
            ["ranked"] = true,
            ["chat"] = new[] { "gg", "Grüße, wall hack?" },
        };
        var output = new Dictionary<string, object?>
        {
            ["report"] = await server.ReportPlayerAsync(Env("REPORTED"), "cheating", Env("REPORTER"), "Aimbot in round 3.", context),
            ["anonymous"] = await server.ReportPlayerAsync(Env("REPORTED"), "verbal_abuse"),
            ["clean"] = await server.GetStandingAsync(Env("REPORTED")),
            ["sanctioned"] = await server.GetStandingAsync(Env("SANCTIONED")),
        };
        var webhookEvent = Webhooks.VerifyWebhook(Env("WEBHOOK_HEADER"), Encoding.UTF8.GetBytes(Env("WEBHOOK_BODY")), Env("WEBHOOK_SECRET"));
        output["webhook"] = new Dictionary<string, object?> { ["type"] = webhookEvent.Type, ["sanction"] = webhookEvent.Data.Sanction };

        var badKey = new GameServer(Env("PORTAL_URL"), "gsk_yggdra_not-a-key");
        var calls = new Dictionary<string, Func<Task>>
        {
            ["unknown_standing"] = () => server.GetStandingAsync(Env("UNKNOWN")),
            ["unknown_reported"] = () => server.ReportPlayerAsync(Env("UNKNOWN"), "cheating"),
            ["unknown_reporter"] = () => server.ReportPlayerAsync(Env("REPORTED"), "cheating", reporter: Env("UNKNOWN")),
            ["elsewhere_reported"] = () => server.ReportPlayerAsync(Env("ELSEWHERE"), "cheating"),
            ["elsewhere_reporter"] = () => server.ReportPlayerAsync(Env("REPORTED"), "cheating", reporter: Env("ELSEWHERE")),
            ["bad_category"] = () => server.ReportPlayerAsync(Env("REPORTED"), "griefing"),
            ["big_context"] = () => server.ReportPlayerAsync(Env("REPORTED"), "spamming",
                context: new Dictionary<string, object?> { ["chat"] = new string('x', 5000) }),
            ["bad_key"] = () => badKey.GetStandingAsync(Env("REPORTED")),
        };
        var errors = new Dictionary<string, object?>();
        foreach (var (name, call) in calls)
        {
            try
            {
                await call();
                errors[name] = null;
            }
            catch (PortalException e)
            {
                errors[name] = new object[] { e.Status, e.Message };
            }
        }
        output["errors"] = errors;
        Console.WriteLine(JsonSerializer.Serialize(output));
        return 0;
    }
}
