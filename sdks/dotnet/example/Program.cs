// Signs in like the launcher, then exchanges the code like a game server.
// PORTAL_URL=http://localhost:3000 CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' \
// CALIBER_SERVER_KEY=gsk_caliber_... dotnet run --project example       (CALIBER_PIN=1234 signs in by PIN)
using CaliberPortal;

var baseUrl = Environment.GetEnvironmentVariable("PORTAL_URL") ?? "http://localhost:3000";
var launcher = new LauncherClient(baseUrl, Environment.GetEnvironmentVariable("CALIBER_DEVELOPER") == "true");
LauncherRedirect redirect;
try
{
    var pin = Environment.GetEnvironmentVariable("CALIBER_PIN");
    var email = Environment.GetEnvironmentVariable("CALIBER_EMAIL") ?? "";
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
var key = Environment.GetEnvironmentVariable("CALIBER_SERVER_KEY");
if (string.IsNullOrEmpty(key))
{
    Console.WriteLine("set CALIBER_SERVER_KEY to exchange the code as the game server would");
    return 0;
}
Console.WriteLine($"player: {await new GameServer(baseUrl, key).ExchangeCodeAsync(redirect.Code)}");
return 0;
