package com.caliber.portal;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** Caliber launcher login for the Games Portal. Java 11+, no dependencies. */
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
        public PortalException(int status, String message) { super(message); this.status = status; }
        public int getStatus() { return status; }
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

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @SuppressWarnings("unchecked")
    static Map<String, Object> post(String baseUrl, String path, Map<String, Object> body, String bearer)
            throws IOException, InterruptedException, PortalException {
        String base = baseUrl.endsWith("/") ? baseUrl : baseUrl + "/";
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
            .timeout(Duration.ofSeconds(15))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)));
        if (bearer != null) request.header("Authorization", "Bearer " + bearer);
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        Object parsed;
        try {
            parsed = Json.parse(response.body());
        } catch (IllegalArgumentException e) {
            parsed = null;
        }
        Map<String, Object> json = parsed instanceof Map ? (Map<String, Object>) parsed : new LinkedHashMap<>();
        if (response.statusCode() >= 400) {
            Object message = json.get("message");
            throw new PortalException(response.statusCode(),
                message instanceof String ? (String) message : "HTTP " + response.statusCode());
        }
        return json;
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

    /** Launcher side: signs a player in. */
    public static final class LauncherClient {
        private final String baseUrl;
        private final boolean developer;
        public LauncherClient(String baseUrl, boolean developer) { this.baseUrl = baseUrl; this.developer = developer; }

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

        @SuppressWarnings("unchecked")
        private LauncherRedirect login(String path, Map<String, Object> body)
                throws IOException, InterruptedException, PortalException, LoginException {
            body.put("developer", developer);
            Map<String, Object> reply = post(baseUrl, path, body, null);
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

    /** Game server side: exchanges a one-time code (once, within 60 s). Keep the server key secret. */
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
            Map<String, Object> reply = post(baseUrl, "api/game-login/exchange", body, serverKey);
            return new PlayerIdentity((Map<String, Object>) reply.get("data"));
        }
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
            StringBuilder b = new StringBuilder("{");
            boolean first = true;
            for (Map.Entry<String, Object> e : map.entrySet()) {
                if (!first) b.append(',');
                first = false;
                str(b, e.getKey());
                b.append(':');
                Object v = e.getValue();
                if (v == null) b.append("null");
                else if (v instanceof Boolean || v instanceof Number) b.append(v);
                else str(b, v.toString());
            }
            return b.append('}').toString();
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
