using System.Globalization;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.RegularExpressions;

namespace CaliberPortal;

/// <summary>A sign-in the portal refused; Code is e.g. INVALID_CREDENTIALS or PIN_LOCKED.</summary>
public sealed class LoginException : Exception
{
    public string Code { get; }
    public LoginException(string code, string message) : base(message) => Code = code;
}

/// <summary>
/// Any other failure: HTTP status (429 when rate-limited), the portal's message and its reply (Body: the JSON, whose
/// Code is e.g. CHALLENGE_REQUIRED).
/// </summary>
public sealed class PortalException : Exception
{
    public int Status { get; }
    public JsonElement Body { get; }
    /// <summary>The portal's error code when it sent one, e.g. CHALLENGE_REQUIRED; null otherwise.</summary>
    public string? Code =>
        Body.ValueKind == JsonValueKind.Object && Body.TryGetProperty("code", out var code) &&
        code.ValueKind == JsonValueKind.String ? code.GetString() : null;
    public PortalException(int status, string message) : base(message) => Status = status;
    public PortalException(int status, string message, JsonElement body) : base(message)
    {
        Status = status;
        Body = body;
    }
}

/// <summary>A webhook whose Portal-Signature does not check out: answer it with HTTP 400 and do not act on it.</summary>
public sealed class WebhookException : Exception
{
    public WebhookException(string message) : base(message) { }
}

public sealed record LauncherRedirect(string RedirectUrl, string Code);

public sealed record PlayerIdentity(
    [property: JsonPropertyName("uuid")] string Uuid,
    [property: JsonPropertyName("email")] string Email,
    [property: JsonPropertyName("nickname")] string? Nickname,
    [property: JsonPropertyName("game")] string Game,
    [property: JsonPropertyName("developer")] bool Developer,
    [property: JsonPropertyName("method")] string Method);

/// <summary>What a paid order owes a player in the game: hand over Quantity of Sku, then consume it.</summary>
public sealed record Entitlement(
    [property: JsonPropertyName("id")] string Id,
    [property: JsonPropertyName("player")] string Player,
    [property: JsonPropertyName("game")] string Game,
    [property: JsonPropertyName("sku")] string Sku,
    [property: JsonPropertyName("name")] string Name,
    [property: JsonPropertyName("quantity")] int Quantity,
    [property: JsonPropertyName("order")] string Order,
    [property: JsonPropertyName("status")] string Status,
    [property: JsonPropertyName("granted_at")] string GrantedAt,
    [property: JsonPropertyName("consumed_at")] string? ConsumedAt,
    [property: JsonPropertyName("revoked_at")] string? RevokedAt,
    [property: JsonPropertyName("clawback")] bool Clawback);

/// <summary>One page of entitlements; Next is null on the last page.</summary>
public sealed record EntitlementPage(
    [property: JsonPropertyName("entitlements")] IReadOnlyList<Entitlement> Entitlements,
    [property: JsonPropertyName("next")] string? Next);

/// <summary>The portal's receipt of a report.</summary>
public sealed record ReportReceipt(
    [property: JsonPropertyName("id")] string Id,
    [property: JsonPropertyName("created_at")] string CreatedAt);

/// <summary>
/// A ban or restriction of a player, as a game reads it. Scope: account (the whole portal), game (one game), purchases
/// or chat (one feature: a game enforces chat itself). Kind: ban (keeps the player out) or restriction (takes one
/// feature away). Game: the game of a game or chat sanction, null for the account and purchases. ExpiresAt: null
/// when permanent. Status: active, lifted or expired.
/// </summary>
public sealed record Sanction(
    [property: JsonPropertyName("id")] string Id,
    [property: JsonPropertyName("player")] string Player,
    [property: JsonPropertyName("scope")] string Scope,
    [property: JsonPropertyName("kind")] string Kind,
    [property: JsonPropertyName("game")] string? Game,
    [property: JsonPropertyName("category")] string Category,
    [property: JsonPropertyName("note")] string Note,
    [property: JsonPropertyName("starts_at")] string StartsAt,
    [property: JsonPropertyName("expires_at")] string? ExpiresAt,
    [property: JsonPropertyName("lifted_at")] string? LiftedAt,
    [property: JsonPropertyName("status")] string Status);

/// <summary>
/// What applies to a player in the key's game now: Banned is true when the player may not play this game (an account
/// ban or this game's ban); Sanctions are those in force that apply to the key's game (account bans, this game's bans
/// and chat restrictions).
/// </summary>
public sealed record PlayerStanding(
    [property: JsonPropertyName("player")] string Player,
    [property: JsonPropertyName("banned")] bool Banned,
    [property: JsonPropertyName("sanctions")] IReadOnlyList<Sanction> Sanctions);

/// <summary>Entitlement for the entitlement events; Sanction for player.sanctioned and player.sanction_lifted.</summary>
public sealed record WebhookEventData(
    [property: JsonPropertyName("entitlement")] Entitlement? Entitlement,
    [property: JsonPropertyName("sanction")] Sanction? Sanction = null);

/// <summary>
/// A webhook from the portal: Type is entitlement.granted, entitlement.revoked, player.sanctioned,
/// player.sanction_lifted or ping.
/// </summary>
public sealed record WebhookEvent(
    [property: JsonPropertyName("id")] string Id,
    [property: JsonPropertyName("type")] string Type,
    [property: JsonPropertyName("created_at")] string CreatedAt,
    [property: JsonPropertyName("data")] WebhookEventData Data);

internal static class Portal
{
    /// <summary>
    /// POST with a JSON body, or GET when body is null; sends deviceToken as Device-Token and hands the reply's
    /// Device-Token to keepDeviceToken.
    /// </summary>
    public static async Task<JsonElement> SendAsync(HttpClient http, string baseUrl, string path, object? body,
        string? bearer, CancellationToken ct, string? deviceToken = null, Action<string>? keepDeviceToken = null)
    {
        using var request = new HttpRequestMessage(body == null ? HttpMethod.Get : HttpMethod.Post,
            baseUrl.TrimEnd('/') + "/" + path);
        if (body != null) request.Content = JsonContent.Create(body);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
        if (bearer != null) request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", bearer);
        if (deviceToken != null) request.Headers.Add("Device-Token", deviceToken);
        using var response = await http.SendAsync(request, ct).ConfigureAwait(false);
        if (keepDeviceToken != null && response.Headers.TryGetValues("Device-Token", out var tokens))
            keepDeviceToken(tokens.First());
        var text = await response.Content.ReadAsStringAsync(ct).ConfigureAwait(false);
        JsonElement json;
        try { json = JsonDocument.Parse(string.IsNullOrEmpty(text) ? "{}" : text).RootElement.Clone(); }
        catch (JsonException) { json = JsonDocument.Parse("{}").RootElement.Clone(); }
        var status = (int)response.StatusCode;
        if (status >= 400)
        {
            var message = json.ValueKind == JsonValueKind.Object && json.TryGetProperty("message", out var m)
                ? m.GetString() ?? $"HTTP {status}" : $"HTTP {status}";
            throw new PortalException(status, message, json);
        }
        return json;
    }

    /// <summary>The one-time code in a launcher redirect URL such as caliber://login?code=...</summary>
    public static string CodeFromRedirect(string redirectUrl)
    {
        var q = redirectUrl.IndexOf('?');
        if (q >= 0)
        {
            foreach (var pair in redirectUrl[(q + 1)..].Split('&'))
            {
                var eq = pair.IndexOf('=');
                if (eq > 0 && pair[..eq] == "code") return Uri.UnescapeDataString(pair[(eq + 1)..]);
            }
        }
        throw new ArgumentException("The redirect URL carries no code.");
    }
}

/// <summary>The proof of work the portal asks for (ALTCHA v2): PBKDF2 with SHA-256 over the nonce and a counter.</summary>
internal static class Challenge
{
    public const string Required = "CHALLENGE_REQUIRED";
    private const string Algorithm = "PBKDF2/SHA-256";
    /// <summary>
    /// The most PBKDF2 rounds spent on one challenge: ten times the portal's hardest (a counter below 4,000 at 1,000
    /// rounds each, about a second), so a launcher never works without end.
    /// </summary>
    private const int WorkLimit = 40_000_000;
    private static readonly Regex HexBytes = new(@"\A(?:[0-9a-fA-F]{2})+\z");
    private static readonly Regex HexDigits = new(@"\A[0-9a-fA-F]+\z");

    /// <summary>
    /// Solves the challenge of a 429 CHALLENGE_REQUIRED reply: the first counter (4 bytes, big-endian, after the
    /// nonce) whose PBKDF2 key, salted with the challenge's salt, starts with its keyPrefix. Returns the altcha field
    /// to repeat the request with (base64 JSON {challenge, solution}); a challenge it cannot solve within WorkLimit
    /// rounds throws PortalException 429 saying why.
    /// </summary>
    public static string Solve(JsonElement reply, CancellationToken ct)
    {
        PortalException Unsolved(string reason) =>
            new(429, $"The portal's proof-of-work challenge could not be solved: {reason}.", reply);
        string? TextOf(JsonElement element, string name) =>
            element.TryGetProperty(name, out var v) && v.ValueKind == JsonValueKind.String ? v.GetString() : null;
        int? CountOf(JsonElement element, string name, int? fallback) =>
            !element.TryGetProperty(name, out var v) ? fallback
            : v.ValueKind == JsonValueKind.Number && v.TryGetInt32(out var n) && n >= 1 ? (int?)n : null;

        if (reply.ValueKind != JsonValueKind.Object ||
            !reply.TryGetProperty("challenge", out var challenge) || challenge.ValueKind != JsonValueKind.Object ||
            !challenge.TryGetProperty("parameters", out var parameters) || parameters.ValueKind != JsonValueKind.Object)
            throw Unsolved("it is malformed");
        var algorithm = TextOf(parameters, "algorithm");
        if (algorithm != Algorithm) throw Unsolved($"its algorithm {algorithm} is not {Algorithm}");
        var nonce = TextOf(parameters, "nonce");
        var salt = TextOf(parameters, "salt");
        var keyPrefix = TextOf(parameters, "keyPrefix");
        var cost = CountOf(parameters, "cost", null);
        var keyLength = CountOf(parameters, "keyLength", 32);
        if (nonce == null || !HexBytes.IsMatch(nonce) || salt == null || !HexBytes.IsMatch(salt) ||
            keyPrefix == null || !HexDigits.IsMatch(keyPrefix) || cost == null || keyLength == null)
            throw Unsolved("it is malformed");
        var nonceBytes = Convert.FromHexString(nonce);
        var saltBytes = Convert.FromHexString(salt);
        var prefix = keyPrefix.ToLowerInvariant();
        var password = new byte[nonceBytes.Length + 4];
        nonceBytes.CopyTo(password, 0);
        var tries = WorkLimit / cost.Value;
        for (var counter = 0; counter < tries; counter++)
        {
            ct.ThrowIfCancellationRequested();
            System.Buffers.Binary.BinaryPrimitives.WriteUInt32BigEndian(password.AsSpan(nonceBytes.Length), (uint)counter);
            var derivedKey = Convert.ToHexString(
                Rfc2898DeriveBytes.Pbkdf2(password, saltBytes, cost.Value, HashAlgorithmName.SHA256, keyLength.Value))
                .ToLowerInvariant();
            if (!derivedKey.StartsWith(prefix, StringComparison.Ordinal)) continue;
            var payload = new Dictionary<string, object>
            {
                ["challenge"] = challenge,
                ["solution"] = new Dictionary<string, object> { ["counter"] = counter, ["derivedKey"] = derivedKey },
            };
            return Convert.ToBase64String(JsonSerializer.SerializeToUtf8Bytes(payload));
        }
        throw Unsolved($"no solution within {WorkLimit} PBKDF2 rounds");
    }
}

/// <summary>Launcher side: signs a player in.</summary>
public sealed class LauncherClient
{
    private readonly HttpClient _http;
    private readonly string _baseUrl;
    private readonly bool _developer;

    /// <summary>
    /// Set by a password sign-in (the portal's Device-Token header) and sent with every later sign-in: the PIN
    /// works only with it. Keep it with the launcher's settings and pass it back to the constructor.
    /// </summary>
    public string? DeviceToken { get; private set; }

    public LauncherClient(string baseUrl, bool developer = false, HttpClient? http = null, string? deviceToken = null)
    {
        DeviceToken = deviceToken;
        _baseUrl = baseUrl;
        _developer = developer;
        _http = http ?? new HttpClient { Timeout = TimeSpan.FromSeconds(15) };
    }

    public Task<LauncherRedirect> LoginWithPasswordAsync(string email, string password, CancellationToken ct = default) =>
        LoginAsync("api/login-caliber",
            new Dictionary<string, object?> { ["email"] = email, ["password"] = password, ["developer"] = _developer }, ct);

    /// <summary>user: the player's email or account uuid.</summary>
    public Task<LauncherRedirect> LoginWithPinAsync(string user, string pin, CancellationToken ct = default) =>
        LoginAsync("api/login-pin-caliber",
            new Dictionary<string, object?> { ["user"] = user, ["pin"] = pin, ["developer"] = _developer }, ct);

    private Task<JsonElement> SendAsync(string path, Dictionary<string, object?> body, CancellationToken ct) =>
        Portal.SendAsync(_http, _baseUrl, path, body, null, ct, DeviceToken, token => DeviceToken = token);

    private async Task<LauncherRedirect> LoginAsync(string path, Dictionary<string, object?> body, CancellationToken ct)
    {
        JsonElement reply;
        try
        {
            reply = await SendAsync(path, body, ct).ConfigureAwait(false);
        }
        catch (PortalException e) when (e.Code == Challenge.Required)
        {
            // Past an account's failed sign-ins from unknown clients the portal asks for a proof of work: solved, it
            // opens this one attempt (once; a second refusal is the caller's).
            body["altcha"] = Challenge.Solve(e.Body, ct);
            reply = await SendAsync(path, body, ct).ConfigureAwait(false);
        }
        if (!reply.TryGetProperty("data", out var data) || data.ValueKind != JsonValueKind.Object)
            throw new PortalException(200, "The portal answered without data.");
        if (data.TryGetProperty("errorMessage", out var error))
        {
            var code = data.TryGetProperty("errorCode", out var c) ? c.GetString() ?? "LOGIN_FAILED" : "LOGIN_FAILED";
            throw new LoginException(code, error.GetString() ?? "Sign-in failed.");
        }
        var redirect = data.TryGetProperty("redirectURL", out var r) ? r.GetString() : null;
        if (redirect == null) throw new PortalException(200, "The portal answered without a redirectURL.");
        return new LauncherRedirect(redirect, Portal.CodeFromRedirect(redirect));
    }
}

/// <summary>
/// Game server side, with the game's server key: exchanges a one-time code (Caliber, once, within 60 s), hands over
/// what players bought (Yggdra, Tales Runner), reads players' standing and reports players (every game). Keep the
/// server key secret.
/// </summary>
public sealed class GameServer
{
    private readonly HttpClient _http;
    private readonly string _baseUrl;
    private readonly string _serverKey;

    public GameServer(string baseUrl, string serverKey, HttpClient? http = null)
    {
        if (string.IsNullOrEmpty(serverKey)) throw new ArgumentException("serverKey is required");
        _baseUrl = baseUrl;
        _serverKey = serverKey;
        _http = http ?? new HttpClient { Timeout = TimeSpan.FromSeconds(15) };
    }

    public async Task<PlayerIdentity> ExchangeCodeAsync(string code, CancellationToken ct = default)
    {
        var reply = await Portal.SendAsync(_http, _baseUrl, "api/game-login/exchange", new { code }, _serverKey, ct)
            .ConfigureAwait(false);
        return reply.GetProperty("data").Deserialize<PlayerIdentity>()
            ?? throw new PortalException(200, "The portal answered without data.");
    }

    /// <summary>
    /// GET /api/game/entitlements: the key's game's entitlements, oldest first. status is pending, consumed or
    /// revoked, player a uuid, after the Next of the previous page, limit 1..500.
    /// </summary>
    public async Task<EntitlementPage> ListEntitlementsAsync(string? status = null, string? player = null,
        string? after = null, int? limit = null, CancellationToken ct = default)
    {
        var query = new List<string>();
        if (status != null) query.Add("status=" + Uri.EscapeDataString(status));
        if (player != null) query.Add("player=" + Uri.EscapeDataString(player));
        if (after != null) query.Add("after=" + Uri.EscapeDataString(after));
        if (limit != null) query.Add("limit=" + limit.Value.ToString(CultureInfo.InvariantCulture));
        var path = "api/game/entitlements" + (query.Count > 0 ? "?" + string.Join("&", query) : "");
        var reply = await Portal.SendAsync(_http, _baseUrl, path, null, _serverKey, ct).ConfigureAwait(false);
        return reply.Deserialize<EntitlementPage>()
            ?? throw new PortalException(200, "The portal answered without entitlements.");
    }

    /// <summary>
    /// POST /api/game/entitlements/{id}/consume, after the game has handed the items over: the consumed entitlement
    /// (again, when it was already consumed). A revoked one throws PortalException with Status 409.
    /// </summary>
    public async Task<Entitlement> ConsumeEntitlementAsync(string id, CancellationToken ct = default)
    {
        var path = "api/game/entitlements/" + Uri.EscapeDataString(id) + "/consume";
        var reply = await Portal.SendAsync(_http, _baseUrl, path, new { }, _serverKey, ct).ConfigureAwait(false);
        return reply.GetProperty("entitlement").Deserialize<Entitlement>()
            ?? throw new PortalException(200, "The portal answered without the entitlement.");
    }

    /// <summary>
    /// POST /api/game/reports: reports a player to the portal's staff (the report's game is the key's). category is
    /// cheating, exploiting, offensive_name, verbal_abuse, scamming, spamming or other; reporter the reporting
    /// player's uuid (when a player reported); message at most 1000 characters; context what staff need to judge it
    /// (match id, chat excerpt), at most 4 KB of JSON. A reported or reporter unknown or not
    /// registered for your game throws PortalException with Status 404, a bad report 422.
    /// </summary>
    public async Task<ReportReceipt> ReportPlayerAsync(string reported, string category, string? reporter = null,
        string? message = null, IReadOnlyDictionary<string, object?>? context = null, CancellationToken ct = default)
    {
        // Only what is given: the portal refuses a null where a field may be left out.
        var body = new Dictionary<string, object>();
        if (reporter != null) body["reporter"] = reporter;
        body["reported"] = reported;
        body["category"] = category;
        if (message != null) body["message"] = message;
        if (context != null) body["context"] = context;
        var reply = await Portal.SendAsync(_http, _baseUrl, "api/game/reports", body, _serverKey, ct).ConfigureAwait(false);
        return reply.GetProperty("report").Deserialize<ReportReceipt>()
            ?? throw new PortalException(200, "The portal answered without the report.");
    }

    /// <summary>
    /// GET /api/game/players/{uuid}/standing: the sanctions in force that apply to the key's game. Call it at match
    /// start: Banned means the player may not play. An unknown player throws PortalException with Status 404.
    /// </summary>
    public async Task<PlayerStanding> GetStandingAsync(string player, CancellationToken ct = default)
    {
        var path = "api/game/players/" + Uri.EscapeDataString(player) + "/standing";
        var reply = await Portal.SendAsync(_http, _baseUrl, path, null, _serverKey, ct).ConfigureAwait(false);
        return reply.Deserialize<PlayerStanding>()
            ?? throw new PortalException(200, "The portal answered without the standing.");
    }
}

/// <summary>Checks the portal's signed webhooks.</summary>
public static class Webhooks
{
    private static readonly Regex Timestamp = new(@"\A[0-9]{1,12}\z");
    private static readonly Regex Signature = new(@"\A[0-9a-fA-F]{64}\z");

    /// <summary>
    /// Checks a webhook from the portal and returns its event. header is the Portal-Signature header
    /// (t=&lt;unix seconds&gt;,v1=&lt;hex&gt;[,v1=&lt;hex&gt;...]), rawBody the request body exactly as received
    /// (deserialize it only after this check). Accepted when any v1 is the HMAC-SHA256 of "{t}.{rawBody}" with
    /// secret (compared in constant time) and t is within toleranceSeconds of now (this machine's clock);
    /// otherwise throws WebhookException.
    /// </summary>
    public static WebhookEvent VerifyWebhook(string? header, byte[] rawBody, string secret, int toleranceSeconds = 300,
        DateTimeOffset? now = null)
    {
        if (string.IsNullOrEmpty(secret)) throw new ArgumentException("secret is required", nameof(secret));
        if (string.IsNullOrEmpty(header)) throw new WebhookException("The Portal-Signature header is missing.");
        long? t = null;
        var signatures = new List<byte[]>();
        foreach (var part in header.Split(','))
        {
            var eq = part.IndexOf('=');
            if (eq < 0) continue;
            var name = part[..eq].Trim();
            var value = part[(eq + 1)..].Trim();
            if (name == "t" && Timestamp.IsMatch(value)) t = long.Parse(value, CultureInfo.InvariantCulture);
            else if (name == "v1" && Signature.IsMatch(value)) signatures.Add(Convert.FromHexString(value));
        }
        if (t == null || signatures.Count == 0) throw new WebhookException("The Portal-Signature header is malformed.");
        var prefix = Encoding.UTF8.GetBytes(t.Value.ToString(CultureInfo.InvariantCulture) + ".");
        var message = new byte[prefix.Length + rawBody.Length];
        prefix.CopyTo(message, 0);
        rawBody.CopyTo(message, prefix.Length);
        var expected = HMACSHA256.HashData(Encoding.UTF8.GetBytes(secret), message);
        // Every candidate is compared, so the time taken does not tell which one matched.
        var matched = false;
        foreach (var signature in signatures) matched = CryptographicOperations.FixedTimeEquals(expected, signature) | matched;
        if (!matched) throw new WebhookException("No Portal-Signature matches this body and secret.");
        var clock = (now ?? DateTimeOffset.UtcNow).ToUnixTimeSeconds();
        if (Math.Abs(clock - t.Value) > toleranceSeconds)
            throw new WebhookException("The Portal-Signature timestamp is outside the tolerance: a replay, or a wrong clock.");
        WebhookEvent? webhookEvent;
        try { webhookEvent = JsonSerializer.Deserialize<WebhookEvent>(new ReadOnlySpan<byte>(rawBody)); }
        catch (JsonException) { webhookEvent = null; }
        return webhookEvent ?? throw new WebhookException("The webhook body is not a JSON object.");
    }

    /// <summary>VerifyWebhook with the raw body as text (its UTF-8 bytes are checked).</summary>
    public static WebhookEvent VerifyWebhook(string? header, string rawBody, string secret, int toleranceSeconds = 300,
        DateTimeOffset? now = null) =>
        VerifyWebhook(header, Encoding.UTF8.GetBytes(rawBody), secret, toleranceSeconds, now);
}
