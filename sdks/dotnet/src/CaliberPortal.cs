using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace CaliberPortal;

/// <summary>A sign-in the portal refused; Code is e.g. INVALID_CREDENTIALS or PIN_LOCKED.</summary>
public sealed class LoginException : Exception
{
    public string Code { get; }
    public LoginException(string code, string message) : base(message) => Code = code;
}

/// <summary>Any other failure: HTTP status (429 when rate-limited) and the portal's message.</summary>
public sealed class PortalException : Exception
{
    public int Status { get; }
    public PortalException(int status, string message) : base(message) => Status = status;
}

public sealed record LauncherRedirect(string RedirectUrl, string Code);

public sealed record PlayerIdentity(
    [property: JsonPropertyName("uuid")] string Uuid,
    [property: JsonPropertyName("email")] string Email,
    [property: JsonPropertyName("nickname")] string? Nickname,
    [property: JsonPropertyName("game")] string Game,
    [property: JsonPropertyName("developer")] bool Developer,
    [property: JsonPropertyName("method")] string Method);

internal static class Portal
{
    public static async Task<JsonElement> PostAsync(HttpClient http, string baseUrl, string path, object body,
        string? bearer, CancellationToken ct)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, baseUrl.TrimEnd('/') + "/" + path)
        {
            Content = JsonContent.Create(body),
        };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
        if (bearer != null) request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", bearer);
        using var response = await http.SendAsync(request, ct).ConfigureAwait(false);
        var text = await response.Content.ReadAsStringAsync(ct).ConfigureAwait(false);
        JsonElement json;
        try { json = JsonDocument.Parse(string.IsNullOrEmpty(text) ? "{}" : text).RootElement.Clone(); }
        catch (JsonException) { json = JsonDocument.Parse("{}").RootElement.Clone(); }
        var status = (int)response.StatusCode;
        if (status >= 400)
        {
            var message = json.ValueKind == JsonValueKind.Object && json.TryGetProperty("message", out var m)
                ? m.GetString() ?? $"HTTP {status}" : $"HTTP {status}";
            throw new PortalException(status, message);
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

/// <summary>Launcher side: signs a player in.</summary>
public sealed class LauncherClient
{
    private readonly HttpClient _http;
    private readonly string _baseUrl;
    private readonly bool _developer;

    public LauncherClient(string baseUrl, bool developer = false, HttpClient? http = null)
    {
        _baseUrl = baseUrl;
        _developer = developer;
        _http = http ?? new HttpClient { Timeout = TimeSpan.FromSeconds(15) };
    }

    public Task<LauncherRedirect> LoginWithPasswordAsync(string email, string password, CancellationToken ct = default) =>
        LoginAsync("api/login-caliber", new { email, password, developer = _developer }, ct);

    /// <summary>user: the player's email or account uuid.</summary>
    public Task<LauncherRedirect> LoginWithPinAsync(string user, string pin, CancellationToken ct = default) =>
        LoginAsync("api/login-pin-caliber", new { user, pin, developer = _developer }, ct);

    private async Task<LauncherRedirect> LoginAsync(string path, object body, CancellationToken ct)
    {
        var reply = await Portal.PostAsync(_http, _baseUrl, path, body, null, ct).ConfigureAwait(false);
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

/// <summary>Game server side: exchanges a one-time code (once, within 60 s). Keep the server key secret.</summary>
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
        var reply = await Portal.PostAsync(_http, _baseUrl, "api/game-login/exchange", new { code }, _serverKey, ct)
            .ConfigureAwait(false);
        return reply.GetProperty("data").Deserialize<PlayerIdentity>()
            ?? throw new PortalException(200, "The portal answered without data.");
    }
}
