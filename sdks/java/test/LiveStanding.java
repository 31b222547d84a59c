import com.caliber.portal.CaliberPortal;
import com.caliber.portal.CaliberPortal.PortalException;
import com.caliber.portal.CaliberPortal.ReportReceipt;
import com.caliber.portal.CaliberPortal.Sanction;
import com.caliber.portal.CaliberPortal.Standing;
import com.caliber.portal.CaliberPortal.WebhookEvent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * reportPlayer, getStanding and a sanction webhook against a running portal, for the portal's test suite
 * (apps/server/src/modules/sdk/sdk-standing.test.ts sets the variables); prints what came back as JSON:
 * javac -d out src/main/java/com/caliber/portal/CaliberPortal.java test/LiveStanding.java
 * PORTAL_URL KEY REPORTER REPORTED SANCTIONED UNKNOWN ELSEWHERE WEBHOOK_SECRET WEBHOOK_HEADER WEBHOOK_BODY java -cp out LiveStanding
 */
public class LiveStanding {
    interface Call { void run() throws Exception; }

    public static void main(String[] args) throws Exception {
        Map<String, String> env = System.getenv();
        CaliberPortal.GameServer server = new CaliberPortal.GameServer(env.get("PORTAL_URL"), env.get("KEY"));
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("match", "m-42");
        context.put("round", 3);
        context.put("ranked", true);
        context.put("chat", List.of("gg", "Grüße, wall hack?"));

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("report", receipt(server.reportPlayer(env.get("REPORTED"), "cheating", env.get("REPORTER"), "Aimbot in round 3.", context)));
        out.put("anonymous", receipt(server.reportPlayer(env.get("REPORTED"), "verbal_abuse")));
        out.put("clean", standing(server.getStanding(env.get("REPORTED"))));
        out.put("sanctioned", standing(server.getStanding(env.get("SANCTIONED"))));
        WebhookEvent event = CaliberPortal.verifyWebhook(env.get("WEBHOOK_HEADER"),
            env.get("WEBHOOK_BODY").getBytes(StandardCharsets.UTF_8), env.get("WEBHOOK_SECRET"));
        Map<String, Object> webhook = new LinkedHashMap<>();
        webhook.put("type", event.type);
        webhook.put("sanction", event.sanction == null ? null : sanction(event.sanction));
        out.put("webhook", webhook);

        CaliberPortal.GameServer badKey = new CaliberPortal.GameServer(env.get("PORTAL_URL"), "gsk_yggdra_not-a-key");
        Map<String, Call> calls = new LinkedHashMap<>();
        calls.put("unknown_standing", () -> server.getStanding(env.get("UNKNOWN")));
        calls.put("unknown_reported", () -> server.reportPlayer(env.get("UNKNOWN"), "cheating"));
        calls.put("unknown_reporter", () -> server.reportPlayer(env.get("REPORTED"), "cheating", env.get("UNKNOWN"), null, null));
        calls.put("elsewhere_reported", () -> server.reportPlayer(env.get("ELSEWHERE"), "cheating"));
        calls.put("elsewhere_reporter", () -> server.reportPlayer(env.get("REPORTED"), "cheating", env.get("ELSEWHERE"), null, null));
        calls.put("bad_category", () -> server.reportPlayer(env.get("REPORTED"), "griefing"));
        calls.put("big_context", () -> server.reportPlayer(env.get("REPORTED"), "spamming", null, null, Map.of("chat", "x".repeat(5000))));
        calls.put("bad_key", () -> badKey.getStanding(env.get("REPORTED")));
        Map<String, Object> errors = new LinkedHashMap<>();
        for (Map.Entry<String, Call> call : calls.entrySet()) {
            try {
                call.getValue().run();
                errors.put(call.getKey(), null);
            } catch (PortalException e) {
                errors.put(call.getKey(), List.of(e.getStatus(), e.getMessage()));
            }
        }
        out.put("errors", errors);
        StringBuilder b = new StringBuilder();
        json(b, out);
        System.out.println(b);
    }

    static Map<String, Object> receipt(ReportReceipt r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", r.id);
        m.put("created_at", r.createdAt);
        return m;
    }

    static Map<String, Object> standing(Standing s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("player", s.player);
        m.put("banned", s.banned);
        List<Object> sanctions = new ArrayList<>();
        for (Sanction sanction : s.sanctions) sanctions.add(sanction(sanction));
        m.put("sanctions", sanctions);
        return m;
    }

    static Map<String, Object> sanction(Sanction s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", s.id);
        m.put("player", s.player);
        m.put("scope", s.scope);
        m.put("kind", s.kind);
        m.put("game", s.game);
        m.put("category", s.category);
        m.put("note", s.note);
        m.put("starts_at", s.startsAt);
        m.put("expires_at", s.expiresAt);
        m.put("lifted_at", s.liftedAt);
        m.put("status", s.status);
        return m;
    }

    static void json(StringBuilder b, Object v) {
        if (v == null) b.append("null");
        else if (v instanceof Boolean || v instanceof Number) b.append(v);
        else if (v instanceof Map) {
            b.append('{');
            String sep = "";
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                b.append(sep);
                sep = ",";
                json(b, String.valueOf(e.getKey()));
                b.append(':');
                json(b, e.getValue());
            }
            b.append('}');
        } else if (v instanceof List) {
            b.append('[');
            String sep = "";
            for (Object item : (List<?>) v) {
                b.append(sep);
                sep = ",";
                json(b, item);
            }
            b.append(']');
        } else {
            b.append('"');
            for (char c : v.toString().toCharArray()) {
                if (c == '"' || c == '\\') b.append('\\').append(c);
                else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                else b.append(c);
            }
            b.append('"');
        }
    }
}
