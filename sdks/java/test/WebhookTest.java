import com.caliber.portal.CaliberPortal;
import com.caliber.portal.CaliberPortal.WebhookEvent;
import com.caliber.portal.CaliberPortal.WebhookException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * verifyWebhook against the shared test vector (sdks/webhook-vector.json):
 * javac -d out src/main/java/com/caliber/portal/CaliberPortal.java test/WebhookTest.java
 * java -cp out WebhookTest ../webhook-vector.json
 */
public class WebhookTest {
    private static int passed;

    public static void main(String[] args) throws Exception {
        String json = Files.readString(Path.of(args.length > 0 ? args[0] : "../webhook-vector.json"));
        Map<String, String> v = Map.of(
            "secret", field(json, "secret"), "previous_secret", field(json, "previous_secret"),
            "body", field(json, "body"), "signature", field(json, "signature"),
            "header", field(json, "header"), "rotation_header", field(json, "rotation_header"));
        long t = Long.parseLong(number(json, "timestamp"));
        byte[] body = v.get("body").getBytes(StandardCharsets.UTF_8);

        WebhookEvent event = CaliberPortal.verifyWebhook(v.get("header"), body, v.get("secret"), 300, t);
        check("accepts the vector", "entitlement.granted".equals(event.type)
            && "1 200 Gems \u2014 Drachenschatz".equals(event.entitlement.name) && event.entitlement.quantity == 2);
        check("accepts any matching v1 during a rotation",
            CaliberPortal.verifyWebhook(v.get("rotation_header"), body, v.get("secret"), 300, t).id.equals(event.id)
                && CaliberPortal.verifyWebhook(v.get("rotation_header"), body, v.get("previous_secret"), 300, t).id
                    .equals(event.id));
        check("tolerance is inclusive", CaliberPortal.verifyWebhook(v.get("header"), body, v.get("secret"), 300, t + 300) != null
            && CaliberPortal.verifyWebhook(v.get("header"), body, v.get("secret"), 300, t - 300) != null);
        refused("too late", v.get("header"), body, v.get("secret"), t + 301, "tolerance");
        refused("too early", v.get("header"), body, v.get("secret"), t - 301, "tolerance");
        byte[] tampered = v.get("body").replace("\"quantity\":2", "\"quantity\":20").getBytes(StandardCharsets.UTF_8);
        refused("another body", v.get("header"), tampered, v.get("secret"), t, "matches");
        refused("another secret", v.get("header"), body, v.get("previous_secret"), t, "matches");
        refused("another t", v.get("header").replace("t=" + t, "t=" + (t + 1)), body, v.get("secret"), t, "matches");
        String sig = v.get("signature");
        String[] malformed = {"", "v1=" + sig, "t=" + t, "t=abc,v1=" + sig, "t=" + t + ",v1=" + sig.substring(2), "t=" + t + ",v0=" + sig};
        for (String header : malformed) refused("malformed " + header, header, body, v.get("secret"), t, "header");
        refused("missing", null, body, v.get("secret"), t, "header");
        System.out.println(passed + " passed, 0 failed");
    }

    private static void refused(String name, String header, byte[] body, String secret, long now, String reason) {
        try {
            CaliberPortal.verifyWebhook(header, body, secret, 300, now);
            check(name + " is refused", false);
        } catch (WebhookException e) {
            check(name + " is refused for its " + reason, e.getMessage().contains(reason));
        }
    }

    private static void check(String name, boolean ok) {
        if (!ok) throw new AssertionError("failed: " + name);
        passed++;
    }

    /** A string field of the vector file (its strings escape only quotes and backslashes). */
    private static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\": \"((?:[^\"\\\\]|\\\\.)*)\"").matcher(json);
        if (!m.find()) throw new IllegalArgumentException("no " + name);
        return m.group(1).replace("\\\"", "\"").replace("\\\\", "\\");
    }

    private static String number(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\": ([0-9]+)").matcher(json);
        if (!m.find()) throw new IllegalArgumentException("no " + name);
        return m.group(1);
    }
}
