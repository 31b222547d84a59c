// The SDK as a game uses it. Each part runs when its variables are set:
// 1. Caliber launcher login: signs in like the launcher, then exchanges the code like a game server.
//      CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' CALIBER_SERVER_KEY=gsk_caliber_...
//      (CALIBER_PIN=1234 signs in by PIN instead, on a launcher that signed in by password before: pass the
//      device token the password sign-in printed as CALIBER_DEVICE_TOKEN)
// 2. Entitlements (what players bought in the shop of Yggdra or Tales Runner), with that game's server key:
//    hands over every pending entitlement, then consumes it; takes back what was revoked after consumption.
//      GAME_SERVER_KEY=gsk_yggdra_...
// 3. Player safety, with any game's server key (needs GAME_SERVER_KEY): at match start, reads each player's
//    standing and keeps banned players out (and mutes chat-restricted ones); reports a player as the in-game
//    menu would.
//      MATCH_PLAYERS=<uuid>,<uuid> REPORT_PLAYER=<uuid> REPORTED_BY=<uuid> (REPORT_CATEGORY, default cheating)
// 4. Webhooks: listens on WEBHOOK_PORT (default 8080) for the portal's signed webhooks and handles them as they
//    come (needs GAME_SERVER_KEY too). Stop it with Ctrl-C.
//      PORTAL_WEBHOOK_SECRET=... WEBHOOK_PORT=8080
//   PORTAL_URL=http://localhost:3000 ... dotnet run --project example
using System.Net;
using CaliberPortal;

var baseUrl = Environment.GetEnvironmentVariable("PORTAL_URL") ?? "http://localhost:3000";
var email = Environment.GetEnvironmentVariable("CALIBER_EMAIL") ?? "";
var gameKey = Environment.GetEnvironmentVariable("GAME_SERVER_KEY") ?? "";

// The game's side. A real game records what it handed over in its own database, in the same transaction as the
// items, so that an entitlement seen twice (a webhook retried, a poll after a webhook) is given once.
var handedOver = new HashSet<string>();
var takenBack = new HashSet<string>();

void GiveItems(Entitlement e)
{
    lock (handedOver)
    {
        if (!handedOver.Add(e.Id)) return;
    }
    Console.WriteLine($"handed over {e.Quantity} x {e.Sku} ({e.Name}) to player {e.Player}, entitlement {e.Id}");
}

void TakeItemsBack(Entitlement e)
{
    lock (handedOver)
    {
        if ((!handedOver.Contains(e.Id) && !e.Clawback) || !takenBack.Add(e.Id)) return;
    }
    Console.WriteLine($"took back {e.Quantity} x {e.Sku} from player {e.Player}, entitlement {e.Id}");
}

// Grant in the game, then consume: the portal shows the order as delivered.
async Task Deliver(GameServer server, Entitlement e)
{
    GiveItems(e);
    try
    {
        var consumed = await server.ConsumeEntitlementAsync(e.Id);
        Console.WriteLine($"consumed {consumed.Id} at {consumed.ConsumedAt}");
    }
    catch (PortalException ex) when (ex.Status == 409)
    {
        TakeItemsBack(e); // refunded while we were handing it over
    }
}

// Polling: every pending entitlement, page by page (oldest first), then the revocations to claw back.
async Task DeliverPending(GameServer server)
{
    foreach (var status in new[] { "pending", "revoked" })
    {
        string? after = null;
        do
        {
            var page = await server.ListEntitlementsAsync(status, after: after, limit: 100);
            foreach (var e in page.Entitlements)
            {
                if (status == "pending") await Deliver(server, e);
                else if (e.Clawback) TakeItemsBack(e);
            }
            after = page.Next;
        } while (after != null);
    }
}

string Ending(Sanction s) => s.ExpiresAt != null ? $"until {s.ExpiresAt}" : "permanently";

// Match start: each player's standing decides whether they join, and whether their chat is muted.
async Task StartMatch(GameServer server, IEnumerable<string> players)
{
    foreach (var player in players)
    {
        PlayerStanding standing;
        try
        {
            standing = await server.GetStandingAsync(player);
        }
        catch (PortalException ex) when (ex.Status == 404)
        {
            // Not a player of the portal (a forged or mistyped id): keep them out.
            Console.WriteLine($"match start: player {player} is not a player of the portal");
            continue;
        }
        var ban = standing.Sanctions.FirstOrDefault(s => s.Kind == "ban");
        var chat = standing.Sanctions.FirstOrDefault(s => s.Scope == "chat");
        if (standing.Banned && ban != null)
            Console.WriteLine($"match start: player {player} is banned ({ban.Category}, {Ending(ban)})");
        else
            Console.WriteLine($"match start: player {player} may play" + (chat != null ? $", chat muted {Ending(chat)}" : ""));
    }
}

// The in-game "report player" menu: the report reaches the portal's staff with the match as context.
async Task ReportFromMenu(GameServer server, string reported, string? reporter, string category)
{
    try
    {
        var report = await server.ReportPlayerAsync(reported, category, reporter, "Reported from the in-game menu.",
            new Dictionary<string, object?> { ["match"] = "example-match", ["reported_in"] = "the example" });
        Console.WriteLine($"reported player {reported} for {category}: report {report.Id} at {report.CreatedAt}");
    }
    catch (PortalException ex) when (ex.Status == 404 || ex.Status == 422)
    {
        // 404: a player unknown or not registered for this game; 422: a bad report. Tell the player.
        Console.WriteLine($"report refused ({ex.Status}): {ex.Message}");
    }
}

// A sanction placed or lifted by the portal's staff while the game runs: act on it at once.
void OnSanction(string type, Sanction s)
{
    if (type == "player.sanctioned")
        Console.WriteLine($"player {s.Player} sanctioned: {s.Scope} {s.Kind} {Ending(s)}" + (s.Kind == "ban" ? " (kicked from the match)" : ""));
    else
        Console.WriteLine($"player {s.Player}: sanction {s.Id} lifted");
}

// Webhooks: verify the signature over the raw body, then act; any 2xx tells the portal it arrived.
async Task<int> HandleWebhook(GameServer server, string secret, HttpListenerRequest request)
{
    using var body = new MemoryStream();
    await request.InputStream.CopyToAsync(body);
    WebhookEvent webhookEvent;
    try
    {
        webhookEvent = Webhooks.VerifyWebhook(request.Headers["Portal-Signature"], body.ToArray(), secret);
    }
    catch (WebhookException e)
    {
        Console.Error.WriteLine($"webhook refused: {e.Message}");
        return 400;
    }
    Console.WriteLine($"webhook {webhookEvent.Type} {webhookEvent.Id} verified");
    var entitlement = webhookEvent.Data.Entitlement;
    try
    {
        if (webhookEvent.Type == "entitlement.granted" && entitlement != null) await Deliver(server, entitlement);
        if (webhookEvent.Type == "entitlement.revoked" && entitlement is { Clawback: true }) TakeItemsBack(entitlement);
        if (webhookEvent.Type.StartsWith("player.", StringComparison.Ordinal) && webhookEvent.Data.Sanction != null)
            OnSanction(webhookEvent.Type, webhookEvent.Data.Sanction);
    }
    catch (PortalException e)
    {
        Console.Error.WriteLine($"could not handle the webhook: {e.Message}");
        return 500; // the portal retries later
    }
    return 204;
}

if (email != "")
{
    var launcher = new LauncherClient(baseUrl, Environment.GetEnvironmentVariable("CALIBER_DEVELOPER") == "true",
        deviceToken: Environment.GetEnvironmentVariable("CALIBER_DEVICE_TOKEN"));
    LauncherRedirect redirect;
    try
    {
        var pin = Environment.GetEnvironmentVariable("CALIBER_PIN");
        redirect = string.IsNullOrEmpty(pin)
            ? await launcher.LoginWithPasswordAsync(email, Environment.GetEnvironmentVariable("CALIBER_PASSWORD") ?? "")
            : await launcher.LoginWithPinAsync(email, pin);
    }
    catch (LoginException e)
    {
        Console.Error.WriteLine($"sign-in refused ({e.Code}): {e.Message}");
        return 1;
    }
    Console.WriteLine($"launcher redirect: {redirect.RedirectUrl}");
    Console.WriteLine($"device token (keep it: the PIN works only with it): {launcher.DeviceToken}");
    var key = Environment.GetEnvironmentVariable("CALIBER_SERVER_KEY");
    if (string.IsNullOrEmpty(key))
        Console.WriteLine("set CALIBER_SERVER_KEY to exchange the code as the game server would");
    else
        Console.WriteLine($"player: {await new GameServer(baseUrl, key).ExchangeCodeAsync(redirect.Code)}");
}
if (gameKey == "")
{
    if (email == "") Console.WriteLine("set CALIBER_EMAIL (launcher login) or GAME_SERVER_KEY (entitlements): see the top of this file");
    return 0;
}
var gameServer = new GameServer(baseUrl, gameKey);
await DeliverPending(gameServer);
var matchPlayers = Environment.GetEnvironmentVariable("MATCH_PLAYERS") ?? "";
if (matchPlayers != "") await StartMatch(gameServer, matchPlayers.Split(',', StringSplitOptions.RemoveEmptyEntries));
var reportedPlayer = Environment.GetEnvironmentVariable("REPORT_PLAYER") ?? "";
if (reportedPlayer != "")
{
    var reportedBy = Environment.GetEnvironmentVariable("REPORTED_BY");
    var category = Environment.GetEnvironmentVariable("REPORT_CATEGORY");
    await ReportFromMenu(gameServer, reportedPlayer, string.IsNullOrEmpty(reportedBy) ? null : reportedBy,
        string.IsNullOrEmpty(category) ? "cheating" : category);
}
var secret = Environment.GetEnvironmentVariable("PORTAL_WEBHOOK_SECRET");
if (!string.IsNullOrEmpty(secret))
{
    var port = Environment.GetEnvironmentVariable("WEBHOOK_PORT") ?? "8080";
    using var listener = new HttpListener();
    listener.Prefixes.Add($"http://*:{port}/");
    listener.Start();
    Console.WriteLine($"listening for webhooks on port {port}");
    while (true)
    {
        var context = await listener.GetContextAsync();
        context.Response.StatusCode = await HandleWebhook(gameServer, secret, context.Request);
        context.Response.Close();
    }
}
return 0;
