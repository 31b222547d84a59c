package com.caliber.portal;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Games Portal SDK: the Caliber launcher login, entitlements, player safety (reports and standing) and signed
 * webhooks for game servers. Java 11+, no dependencies.
 */
public final class CaliberPortal {
    private CaliberPortal() {}

    /** A sign-in the portal refused; getCode() is e.g. INVALID_CREDENTIALS or PIN_LOCKED. */
    public static final class LoginException extends Exception {
        private static final long serialVersionUID = 1L;
        private final String code;
        public LoginException(String code, String message) { super(message); this.code = code; }
        public String getCode() { return code; }
    }

    /** Any other failure: HTTP status (429 when rate-limited) and the portal's message. */
    public static final class PortalException extends Exception {
        private static final long serialVersionUID = 1L;
        private final int status;
        private final String code;
        /** The reply's JSON body (empty when there was none). */
        private final transient Map<String, Object> body;
        public PortalException(int status, String message) { this(status, message, null, Map.of()); }
        PortalException(int status, String message, String code, Map<String, Object> body) {
            super(message);
            this.status = status;
            this.code = code;
            this.body = body;
        }
        public int getStatus() { return status; }
        /** The portal's error code when it sent one, e.g. CHALLENGE_REQUIRED; null otherwise. */
        public String getCode() { return code; }
    }

    /** A webhook whose Portal-Signature does not check out: answer it with HTTP 400 and do not act on it. */
    public static final class WebhookException extends Exception {
        private static final long serialVersionUID = 1L;
        public WebhookException(String message) { super(message); }
    }

    /** The launcher redirect and the one-time code it carries. */
    public static final class LauncherRedirect {
        public final String redirectUrl;
        public final String code;
        LauncherRedirect(String redirectUrl, String code) { this.redirectUrl = redirectUrl; this.code = code; }
    }

    /** The player a code stands for. */
    public static final class PlayerIdentity {
        public final String uuid, email, nickname, game, method;
        public final boolean developer;
        PlayerIdentity(Map<String, Object> data) {
            uuid = (String) data.get("uuid");
            email = (String) data.get("email");
            nickname = (String) data.get("nickname");
            game = (String) data.get("game");
            method = (String) data.get("method");
            developer = Boolean.TRUE.equals(data.get("developer"));
        }
        @Override public String toString() {
            return "PlayerIdentity{uuid=" + uuid + ", email=" + email + ", nickname=" + nickname
                + ", developer=" + developer + ", method=" + method + "}";
        }
    }

    /** What a paid order owes a player in the game: hand over quantity of sku, then consume it. */
    public static final class Entitlement {
        public final String id, player, game, sku, name, order, status, grantedAt, consumedAt, revokedAt;
        public final int quantity;
        /** Revoked after the game had consumed it: take the items back. */
        public final boolean clawback;
        Entitlement(Map<String, Object> data) {
            id = (String) data.get("id");
            player = (String) data.get("player");
            game = (String) data.get("game");
            sku = (String) data.get("sku");
            name = (String) data.get("name");
            order = (String) data.get("order");
            status = (String) data.get("status");
            grantedAt = (String) data.get("granted_at");
            consumedAt = (String) data.get("consumed_at");
            revokedAt = (String) data.get("revoked_at");
            quantity = data.get("quantity") instanceof Number ? ((Number) data.get("quantity")).intValue() : 0;
            clawback = Boolean.TRUE.equals(data.get("clawback"));
        }
        @Override public String toString() {
            return "Entitlement{id=" + id + ", player=" + player + ", sku=" + sku + ", quantity=" + quantity
                + ", status=" + status + ", clawback=" + clawback + "}";
        }
    }

    /** One page of entitlements; next is null on the last page. */
    public static final class EntitlementPage {
        public final List<Entitlement> entitlements;
        public final String next;
        EntitlementPage(List<Entitlement> entitlements, String next) {
            this.entitlements = Collections.unmodifiableList(entitlements);
            this.next = next;
        }
    }

    /** The portal's receipt of a report. */
    public static final class ReportReceipt {
        public final String id, createdAt;
        ReportReceipt(Map<String, Object> data) {
            id = (String) data.get("id");
            createdAt = (String) data.get("created_at");
        }
        @Override public String toString() { return "ReportReceipt{id=" + id + ", createdAt=" + createdAt + "}"; }
    }

    /**
     * A ban or restriction of a player, as a game reads it. scope: account (the whole portal), game (one game),
     * purchases or chat (one feature: a game enforces chat itself); kind: ban (keeps the player out) or
     * restriction (takes one feature away); status: active, lifted or expired.
     */
    public static final class Sanction {
        public final String id, player, scope, kind, category, note, startsAt, status;
        /** The game of a game or chat sanction; null for the account and purchases. */
        public final String game;
        /** null: permanent. */
        public final String expiresAt;
        public final String liftedAt;
        Sanction(Map<String, Object> data) {
            id = (String) data.get("id");
            player = (String) data.get("player");
            scope = (String) data.get("scope");
            kind = (String) data.get("kind");
            game = (String) data.get("game");
            category = (String) data.get("category");
            note = (String) data.get("note");
            startsAt = (String) data.get("starts_at");
            expiresAt = (String) data.get("expires_at");
            liftedAt = (String) data.get("lifted_at");
            status = (String) data.get("status");
        }
        @Override public String toString() {
            return "Sanction{id=" + id + ", player=" + player + ", scope=" + scope + ", kind=" + kind + ", game=" + game
                + ", category=" + category + ", expiresAt=" + expiresAt + ", status=" + status + "}";
        }
    }

    /** What applies to a player in the key's game now. */
    public static final class Standing {
        public final String player;
        /** True when the player may not play this game now (an account ban or this game's ban). */
        public final boolean banned;
        /** The sanctions in force that apply to the key's game (account bans, this game's bans and chat restrictions). */
        public final List<Sanction> sanctions;
        @SuppressWarnings("unchecked")
        Standing(Map<String, Object> data) {
            player = (String) data.get("player");
            banned = Boolean.TRUE.equals(data.get("banned"));
            List<Sanction> list = new ArrayList<>();
            Object items = data.get("sanctions");
            if (items instanceof List) {
                for (Object s : (List<Object>) items) list.add(new Sanction((Map<String, Object>) s));
            }
            sanctions = Collections.unmodifiableList(list);
        }
    }

    /**
     * A webhook from the portal: type is entitlement.granted, entitlement.revoked, player.sanctioned,
     * player.sanction_lifted or ping.
     */
    public static final class WebhookEvent {
        public final String id, type, createdAt;
        /** The entitlement events' entitlement; null otherwise. */
        public final Entitlement entitlement;
        /** The sanction of player.sanctioned and player.sanction_lifted; null otherwise. */
        public final Sanction sanction;
        @SuppressWarnings("unchecked")
        WebhookEvent(Map<String, Object> event) {
            id = (String) event.get("id");
            type = (String) event.get("type");
            createdAt = (String) event.get("created_at");
            Object data = event.get("data");
            Object e = data instanceof Map ? ((Map<String, Object>) data).get("entitlement") : null;
            entitlement = e instanceof Map ? new Entitlement((Map<String, Object>) e) : null;
            Object s = data instanceof Map ? ((Map<String, Object>) data).get("sanction") : null;
            sanction = s instanceof Map ? new Sanction((Map<String, Object>) s) : null;
        }
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    static Map<String, String> bearer(String key) {
        return Map.of("Authorization", "Bearer " + key);
    }

    /**
     * POST with a JSON body, or GET when body is null; replyHeaders, when not null, receives the reply's headers
     * (lower-case names, first values).
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> send(String baseUrl, String path, Map<String, Object> body, Map<String, String> headers,
            Map<String, String> replyHeaders) throws IOException, InterruptedException, PortalException {
        String base = baseUrl.endsWith("/") ? baseUrl : baseUrl + "/";
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
            .timeout(Duration.ofSeconds(15))
            .header("Accept", "application/json");
        if (body == null) request.GET();
        else request.header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)));
        headers.forEach(request::header);
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (replyHeaders != null) {
            response.headers().map().forEach((name, values) -> {
                if (!values.isEmpty()) replyHeaders.put(name.toLowerCase(Locale.ROOT), values.get(0));
            });
        }
        Object parsed;
        try {
            parsed = Json.parse(response.body());
        } catch (IllegalArgumentException e) {
            parsed = null;
        }
        Map<String, Object> json = parsed instanceof Map ? (Map<String, Object>) parsed : new LinkedHashMap<>();
        if (response.statusCode() >= 400) {
            Object message = json.get("message");
            Object code = json.get("code");
            throw new PortalException(response.statusCode(),
                message instanceof String ? (String) message : "HTTP " + response.statusCode(),
                code instanceof String ? (String) code : null, json);
        }
        return json;
    }

    private static final String CHALLENGE_REQUIRED = "CHALLENGE_REQUIRED";
    /** The proof of work the portal asks for (ALTCHA v2): PBKDF2 with SHA-256 over the nonce and a counter. */
    private static final String CHALLENGE_ALGORITHM = "PBKDF2/SHA-256";
    /**
     * The most PBKDF2 rounds spent on one challenge: ten times the portal's hardest (a counter below 4,000 at 1,000
     * rounds each, about a second), so a launcher never works without end.
     */
    private static final long CHALLENGE_WORK_LIMIT = 40_000_000L;
    private static final Pattern HEX_BYTES = Pattern.compile("(?:[0-9a-fA-F]{2})+");
    private static final Pattern HEX_DIGITS = Pattern.compile("[0-9a-fA-F]+");

    /**
     * Solves the challenge of a 429 CHALLENGE_REQUIRED reply: the first counter (4 bytes, big-endian, after the
     * nonce) whose PBKDF2 key, salted with the challenge's salt, starts with its keyPrefix. Returns the altcha field
     * to repeat the request with (base64 JSON {challenge, solution}); a challenge it cannot solve within
     * CHALLENGE_WORK_LIMIT rounds is a PortalException 429 saying why.
     */
    @SuppressWarnings("unchecked")
    static String solveChallenge(Map<String, Object> reply) throws PortalException {
        Object challenge = reply.get("challenge");
        Object found = challenge instanceof Map ? ((Map<String, Object>) challenge).get("parameters") : null;
        Map<String, Object> parameters = found instanceof Map ? (Map<String, Object>) found : Map.of();
        Object algorithm = parameters.get("algorithm");
        if (!CHALLENGE_ALGORITHM.equals(algorithm)) {
            throw unsolved(reply, "its algorithm " + algorithm + " is not " + CHALLENGE_ALGORITHM);
        }
        Object nonce = parameters.get("nonce");
        Object salt = parameters.get("salt");
        Object keyPrefix = parameters.get("keyPrefix");
        Object cost = parameters.get("cost");
        Object keyLength = parameters.getOrDefault("keyLength", 32.0);
        boolean wellFormed = nonce instanceof String && HEX_BYTES.matcher((String) nonce).matches()
            && salt instanceof String && HEX_BYTES.matcher((String) salt).matches()
            && keyPrefix instanceof String && HEX_DIGITS.matcher((String) keyPrefix).matches()
            && isCount(cost) && isCount(keyLength);
        if (!wellFormed) throw unsolved(reply, "it is malformed");
        int rounds = ((Number) cost).intValue();
        int length = ((Number) keyLength).intValue();
        byte[] nonceBytes = hexToBytes((String) nonce);
        byte[] saltBytes = hexToBytes((String) salt);
        String prefix = ((String) keyPrefix).toLowerCase(Locale.ROOT);
        byte[] password = java.util.Arrays.copyOf(nonceBytes, nonceBytes.length + 4);
        long tries = CHALLENGE_WORK_LIMIT / rounds;
        try {
            for (int counter = 0; counter < tries; counter++) {
                for (int i = 0; i < 4; i++) password[nonceBytes.length + i] = (byte) (counter >>> (24 - 8 * i));
                String derivedKey = toHex(pbkdf2Sha256(password, saltBytes, rounds, length));
                if (derivedKey.startsWith(prefix)) {
                    Map<String, Object> solution = new LinkedHashMap<>();
                    solution.put("counter", counter);
                    solution.put("derivedKey", derivedKey);
                    Map<String, Object> payload = new LinkedHashMap<>();
                    payload.put("challenge", challenge);
                    payload.put("solution", solution);
                    return java.util.Base64.getEncoder().encodeToString(Json.write(payload).getBytes(StandardCharsets.UTF_8));
                }
            }
        } catch (GeneralSecurityException e) {
            throw unsolved(reply, "HMAC-SHA256 is not available (" + e.getMessage() + ")");
        }
        throw unsolved(reply, "no solution within " + CHALLENGE_WORK_LIMIT + " PBKDF2 rounds");
    }

    private static PortalException unsolved(Map<String, Object> reply, String reason) {
        return new PortalException(429, "The portal's proof-of-work challenge could not be solved: " + reason + ".",
            CHALLENGE_REQUIRED, reply);
    }

    /** A JSON number that is a whole count from 1 up. */
    private static boolean isCount(Object value) {
        if (!(value instanceof Number)) return false;
        double d = ((Number) value).doubleValue();
        return d >= 1 && d <= Integer.MAX_VALUE && d == Math.rint(d);
    }

    /**
     * PBKDF2 (RFC 8018) with HMAC-SHA-256. The JDK's PBKDF2WithHmacSHA256 takes the password as characters; the
     * challenge's password is bytes.
     */
    private static byte[] pbkdf2Sha256(byte[] password, byte[] salt, int rounds, int keyLength)
            throws GeneralSecurityException {
        Mac prf = Mac.getInstance("HmacSHA256");
        prf.init(new SecretKeySpec(password, "HmacSHA256"));
        int blockLength = prf.getMacLength();
        byte[] key = new byte[keyLength];
        for (int index = 1, offset = 0; offset < keyLength; index++, offset += blockLength) {
            prf.update(salt);
            prf.update(new byte[] {(byte) (index >>> 24), (byte) (index >>> 16), (byte) (index >>> 8), (byte) index});
            byte[] u = prf.doFinal();
            byte[] block = u.clone();
            for (int round = 1; round < rounds; round++) {
                u = prf.doFinal(u);
                for (int i = 0; i < block.length; i++) block[i] ^= u[i];
            }
            System.arraycopy(block, 0, key, offset, Math.min(blockLength, keyLength - offset));
        }
        return key;
    }

    private static String toHex(byte[] bytes) {
        StringBuilder b = new StringBuilder(bytes.length * 2);
        for (byte value : bytes) b.append(Character.forDigit((value >> 4) & 0xf, 16)).append(Character.forDigit(value & 0xf, 16));
        return b.toString();
    }

    /** The one-time code in a launcher redirect URL such as caliber://login?code=... */
    public static String codeFromRedirect(String redirectUrl) {
        int q = redirectUrl.indexOf('?');
        if (q >= 0) {
            for (String pair : redirectUrl.substring(q + 1).split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).equals("code")) {
                    return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                }
            }
        }
        throw new IllegalArgumentException("The redirect URL carries no code.");
    }

    /**
     * Launcher side: signs a player in. A password sign-in makes this launcher a known device: its device token
     * (the portal's Device-Token header) is sent with every later sign-in, and the PIN works only with it. Keep
     * getDeviceToken() with the launcher's settings and pass it back to the constructor on the next start.
     */
    public static final class LauncherClient {
        private final String baseUrl;
        private final boolean developer;
        private String deviceToken;
        public LauncherClient(String baseUrl, boolean developer) { this(baseUrl, developer, null); }
        public LauncherClient(String baseUrl, boolean developer, String deviceToken) {
            this.baseUrl = baseUrl;
            this.developer = developer;
            this.deviceToken = deviceToken;
        }

        /** The device token of the last password sign-in (or the one given); null before any. */
        public synchronized String getDeviceToken() { return deviceToken; }

        public LauncherRedirect loginWithPassword(String email, String password)
                throws IOException, InterruptedException, PortalException, LoginException {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("email", email);
            body.put("password", password);
            return login("api/login-caliber", body);
        }

        /** user: the player's email or account uuid. */
        public LauncherRedirect loginWithPin(String user, String pin)
                throws IOException, InterruptedException, PortalException, LoginException {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("user", user);
            body.put("pin", pin);
            return login("api/login-pin-caliber", body);
        }

        private Map<String, Object> post(String path, Map<String, Object> body)
                throws IOException, InterruptedException, PortalException {
            Map<String, String> seen = new LinkedHashMap<>();
            String token = getDeviceToken();
            Map<String, Object> reply = send(baseUrl, path, body,
                token == null ? Map.of() : Map.of("Device-Token", token), seen);
            if (seen.containsKey("device-token")) {
                synchronized (this) { deviceToken = seen.get("device-token"); }
            }
            return reply;
        }

        @SuppressWarnings("unchecked")
        private LauncherRedirect login(String path, Map<String, Object> body)
                throws IOException, InterruptedException, PortalException, LoginException {
            body.put("developer", developer);
            Map<String, Object> reply;
            try {
                reply = post(path, body);
            } catch (PortalException e) {
                // Past an account's failed sign-ins from unknown clients the portal asks for a proof of work: solved,
                // it opens this one attempt (once; a second refusal is the caller's).
                if (!CHALLENGE_REQUIRED.equals(e.getCode())) throw e;
                body.put("altcha", solveChallenge(e.body));
                reply = post(path, body);
            }
            Object dataObj = reply.get("data");
            Map<String, Object> data = dataObj instanceof Map ? (Map<String, Object>) dataObj : new LinkedHashMap<>();
            if (data.get("errorMessage") instanceof String) {
                Object code = data.get("errorCode");
                throw new LoginException(code instanceof String ? (String) code : "LOGIN_FAILED", (String) data.get("errorMessage"));
            }
            Object redirect = data.get("redirectURL");
            if (!(redirect instanceof String)) throw new PortalException(200, "The portal answered without a redirectURL.");
            return new LauncherRedirect((String) redirect, codeFromRedirect((String) redirect));
        }
    }

    /**
     * Game server side, with the game's server key: exchanges a one-time code (Caliber, once, within 60 s), hands
     * over what players bought (Yggdra, Tales Runner), reads players' standing and reports players (every game).
     * Keep the server key secret.
     */
    public static final class GameServer {
        private final String baseUrl;
        private final String serverKey;
        public GameServer(String baseUrl, String serverKey) {
            if (serverKey == null || serverKey.isEmpty()) throw new IllegalArgumentException("serverKey is required");
            this.baseUrl = baseUrl;
            this.serverKey = serverKey;
        }

        @SuppressWarnings("unchecked")
        public PlayerIdentity exchangeCode(String code) throws IOException, InterruptedException, PortalException {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("code", code);
            Map<String, Object> reply = send(baseUrl, "api/game-login/exchange", body, bearer(serverKey), null);
            return new PlayerIdentity((Map<String, Object>) reply.get("data"));
        }

        /**
         * GET /api/game/entitlements: the key's game's entitlements, oldest first. Each argument may be null:
         * status pending, consumed or revoked; player a uuid; after the next of the previous page; limit 1..500.
         */
        @SuppressWarnings("unchecked")
        public EntitlementPage listEntitlements(String status, String player, String after, Integer limit)
                throws IOException, InterruptedException, PortalException {
            StringBuilder query = new StringBuilder();
            String[][] params = {
                {"status", status}, {"player", player}, {"after", after}, {"limit", limit == null ? null : limit.toString()},
            };
            for (String[] param : params) {
                if (param[1] == null) continue;
                query.append(query.length() == 0 ? '?' : '&').append(param[0]).append('=')
                    .append(URLEncoder.encode(param[1], StandardCharsets.UTF_8));
            }
            Map<String, Object> reply = send(baseUrl, "api/game/entitlements" + query, null, bearer(serverKey), null);
            List<Entitlement> entitlements = new ArrayList<>();
            Object list = reply.get("entitlements");
            if (list instanceof List) {
                for (Object e : (List<Object>) list) entitlements.add(new Entitlement((Map<String, Object>) e));
            }
            Object next = reply.get("next");
            return new EntitlementPage(entitlements, next instanceof String ? (String) next : null);
        }

        /**
         * POST /api/game/entitlements/{id}/consume, after the game has handed the items over: the consumed
         * entitlement (again, when it was already consumed). A revoked one is a PortalException with status 409.
         */
        @SuppressWarnings("unchecked")
        public Entitlement consumeEntitlement(String id) throws IOException, InterruptedException, PortalException {
            String path = "api/game/entitlements/" + URLEncoder.encode(id, StandardCharsets.UTF_8) + "/consume";
            Map<String, Object> reply = send(baseUrl, path, new LinkedHashMap<>(), bearer(serverKey), null);
            return new Entitlement((Map<String, Object>) reply.get("entitlement"));
        }

        /** reportPlayer without a reporter, message or context: the game itself reports. */
        public ReportReceipt reportPlayer(String reported, String category)
                throws IOException, InterruptedException, PortalException {
            return reportPlayer(reported, category, null, null, null);
        }

        /**
         * POST /api/game/reports: reports a player to the portal's staff (the report's game is the key's). category
         * is cheating, exploiting, offensive_name, verbal_abuse, scamming, spamming or other; reporter (or null) the
         * reporting player's uuid; message (or null) at most 1000 characters; context (or null) what staff need to
         * judge it (match id, chat excerpt), at most 4 KB of JSON: strings, numbers, booleans, nulls, lists and maps.
         * A reported or reporter unknown or not registered for your game throws PortalException with status 404,
         * a bad report 422.
         */
        @SuppressWarnings("unchecked")
        public ReportReceipt reportPlayer(String reported, String category, String reporter, String message,
                Map<String, ?> context) throws IOException, InterruptedException, PortalException {
            Map<String, Object> body = new LinkedHashMap<>();
            if (reporter != null) body.put("reporter", reporter);
            body.put("reported", reported);
            body.put("category", category);
            if (message != null) body.put("message", message);
            if (context != null) body.put("context", context);
            Map<String, Object> reply = send(baseUrl, "api/game/reports", body, bearer(serverKey), null);
            return new ReportReceipt((Map<String, Object>) reply.get("report"));
        }

        /**
         * GET /api/game/players/{uuid}/standing: the sanctions in force that apply to the key's game. Call it at
         * match start: banned means the player may not play. An unknown player throws PortalException with status 404.
         */
        public Standing getStanding(String player) throws IOException, InterruptedException, PortalException {
            String path = "api/game/players/" + URLEncoder.encode(player, StandardCharsets.UTF_8) + "/standing";
            return new Standing(send(baseUrl, path, null, bearer(serverKey), null));
        }
    }

    private static final Pattern TIMESTAMP = Pattern.compile("[0-9]{1,12}");
    private static final Pattern SIGNATURE = Pattern.compile("[0-9a-fA-F]{64}");

    /** verifyWebhook with a tolerance of 300 seconds. */
    public static WebhookEvent verifyWebhook(String header, byte[] rawBody, String secret) throws WebhookException {
        return verifyWebhook(header, rawBody, secret, 300);
    }

    /**
     * Checks a webhook from the portal and returns its event. header is the Portal-Signature header
     * (t=&lt;unix seconds&gt;,v1=&lt;hex&gt;[,v1=&lt;hex&gt;...]), rawBody the request body exactly as received
     * (parse it only after this check). Accepted when any v1 is the HMAC-SHA256 of "{t}.{rawBody}" with secret
     * (compared in constant time) and t is within toleranceSeconds of this machine's clock.
     */
    public static WebhookEvent verifyWebhook(String header, byte[] rawBody, String secret, long toleranceSeconds)
            throws WebhookException {
        return verifyWebhook(header, rawBody, secret, toleranceSeconds, System.currentTimeMillis() / 1000);
    }

    /** verifyWebhook with the clock given in unix seconds (for tests). */
    @SuppressWarnings("unchecked")
    public static WebhookEvent verifyWebhook(String header, byte[] rawBody, String secret, long toleranceSeconds,
            long nowSeconds) throws WebhookException {
        if (secret == null || secret.isEmpty()) throw new IllegalArgumentException("secret is required");
        if (header == null || header.isEmpty()) throw new WebhookException("The Portal-Signature header is missing.");
        long t = -1;
        List<byte[]> signatures = new ArrayList<>();
        for (String part : header.split(",")) {
            int eq = part.indexOf('=');
            if (eq < 0) continue;
            String name = part.substring(0, eq).trim();
            String value = part.substring(eq + 1).trim();
            if (name.equals("t") && TIMESTAMP.matcher(value).matches()) t = Long.parseLong(value);
            else if (name.equals("v1") && SIGNATURE.matcher(value).matches()) signatures.add(hexToBytes(value));
        }
        if (t < 0 || signatures.isEmpty()) throw new WebhookException("The Portal-Signature header is malformed.");
        byte[] expected;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
            expected = mac.doFinal(rawBody);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
        // Every candidate is compared, so the time taken does not tell which one matched.
        boolean matched = false;
        for (byte[] signature : signatures) matched = MessageDigest.isEqual(expected, signature) | matched;
        if (!matched) throw new WebhookException("No Portal-Signature matches this body and secret.");
        if (Math.abs(nowSeconds - t) > toleranceSeconds) {
            throw new WebhookException("The Portal-Signature timestamp is outside the tolerance: a replay, or a wrong clock.");
        }
        Object event;
        try {
            event = Json.parse(new String(rawBody, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException | StringIndexOutOfBoundsException e) {
            throw new WebhookException("The webhook body is not JSON.");
        }
        if (!(event instanceof Map)) throw new WebhookException("The webhook body is not a JSON object.");
        return new WebhookEvent((Map<String, Object>) event);
    }

    private static byte[] hexToBytes(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        return bytes;
    }

    /** Just enough JSON for these calls: objects, arrays, strings, numbers, booleans, null. */
    static final class Json {
        private final String s;
        private int i;
        private Json(String s) { this.s = s; }

        static Object parse(String text) {
            Json p = new Json(text == null ? "" : text);
            p.ws();
            Object v = p.value();
            p.ws();
            if (p.i != p.s.length()) throw new IllegalArgumentException("trailing characters");
            return v;
        }

        static String write(Map<String, Object> map) {
            StringBuilder b = new StringBuilder();
            write(b, map);
            return b.toString();
        }

        /** A value: maps as objects, lists (and other collections) as arrays, anything else but numbers, booleans and null as a string. */
        private static void write(StringBuilder b, Object v) {
            if (v == null) b.append("null");
            else if (v instanceof Boolean || v instanceof Number) b.append(v);
            else if (v instanceof Map) {
                b.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    if (!first) b.append(',');
                    first = false;
                    str(b, String.valueOf(e.getKey()));
                    b.append(':');
                    write(b, e.getValue());
                }
                b.append('}');
            } else if (v instanceof Iterable) {
                b.append('[');
                boolean first = true;
                for (Object item : (Iterable<?>) v) {
                    if (!first) b.append(',');
                    first = false;
                    write(b, item);
                }
                b.append(']');
            } else str(b, v.toString());
        }

        private static void str(StringBuilder b, String v) {
            b.append('"');
            for (char c : v.toCharArray()) {
                if (c == '"' || c == '\\') b.append('\\').append(c);
                else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                else b.append(c);
            }
            b.append('"');
        }

        private void ws() { while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++; }

        private Object value() {
            if (i >= s.length()) throw new IllegalArgumentException("unexpected end");
            char c = s.charAt(i);
            if (c == '{') return object();
            if (c == '[') return array();
            if (c == '"') return string();
            if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
            if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
            if (s.startsWith("null", i)) { i += 4; return null; }
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
            if (start == i) throw new IllegalArgumentException("unexpected character");
            return Double.parseDouble(s.substring(start, i));
        }

        private Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            i++;
            ws();
            if (i < s.length() && s.charAt(i) == '}') { i++; return map; }
            while (true) {
                ws();
                String key = string();
                ws();
                expect(':');
                ws();
                map.put(key, value());
                ws();
                if (i < s.length() && s.charAt(i) == ',') { i++; continue; }
                expect('}');
                return map;
            }
        }

        private java.util.List<Object> array() {
            java.util.List<Object> list = new java.util.ArrayList<>();
            i++;
            ws();
            if (i < s.length() && s.charAt(i) == ']') { i++; return list; }
            while (true) {
                ws();
                list.add(value());
                ws();
                if (i < s.length() && s.charAt(i) == ',') { i++; continue; }
                expect(']');
                return list;
            }
        }

        private String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (i < s.length()) {
                char c = s.charAt(i++);
                if (c == '"') return b.toString();
                if (c != '\\') { b.append(c); continue; }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n': b.append('\n'); break;
                    case 't': b.append('\t'); break;
                    case 'r': b.append('\r'); break;
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'u': b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
                    default: b.append(e);
                }
            }
            throw new IllegalArgumentException("unterminated string");
        }

        private void expect(char c) {
            if (i >= s.length() || s.charAt(i) != c) throw new IllegalArgumentException("expected " + c);
            i++;
        }
    }
}
