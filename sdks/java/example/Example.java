import com.caliber.portal.CaliberPortal;
import com.caliber.portal.CaliberPortal.Entitlement;
import com.caliber.portal.CaliberPortal.EntitlementPage;
import com.caliber.portal.CaliberPortal.PortalException;
import com.caliber.portal.CaliberPortal.ReportReceipt;
import com.caliber.portal.CaliberPortal.Sanction;
import com.caliber.portal.CaliberPortal.Standing;
import com.caliber.portal.CaliberPortal.WebhookEvent;
import com.caliber.portal.CaliberPortal.WebhookException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The SDK as a game uses it. Each part runs when its variables are set:
 * 1. Caliber launcher login: signs in like the launcher, then exchanges the code like a game server.
 *    CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' CALIBER_SERVER_KEY=gsk_caliber_...
 *    (CALIBER_PIN=1234 signs in by PIN instead, on a launcher that signed in by password before: pass the
 *    device token the password sign-in printed as CALIBER_DEVICE_TOKEN)
 * 2. Entitlements (what players bought in the shop of Yggdra or Tales Runner), with that game's server key:
 *    hands over every pending entitlement, then consumes it; takes back what was revoked after consumption.
 *    GAME_SERVER_KEY=gsk_yggdra_...
 * 3. Player safety, with any game's server key (needs GAME_SERVER_KEY): at match start, reads each player's
 *    standing and keeps banned players out (and mutes chat-restricted ones); reports a player as the in-game
 *    menu would.
 *    MATCH_PLAYERS=&lt;uuid&gt;,&lt;uuid&gt; REPORT_PLAYER=&lt;uuid&gt; REPORTED_BY=&lt;uuid&gt; (REPORT_CATEGORY, default cheating)
 * 4. Webhooks: listens on WEBHOOK_PORT (default 8080) for the portal's signed webhooks and handles them as they
 *    come (needs GAME_SERVER_KEY too). Stop it with Ctrl-C.
 *    PORTAL_WEBHOOK_SECRET=... WEBHOOK_PORT=8080
 *
 * javac -d out src/main/java/com/caliber/portal/CaliberPortal.java example/Example.java
 * PORTAL_URL=http://localhost:3000 ... java -cp out Example
 */
public class Example {
    // The game's side. A real game records what it handed over in its own database, in the same transaction as
    // the items, so that an entitlement seen twice (a webhook retried, a poll after a webhook) is given once.
    private static final Set<String> HANDED_OVER = new HashSet<>();
    private static final Set<String> TAKEN_BACK = new HashSet<>();

    static synchronized void giveItems(Entitlement e) {
        if (!HANDED_OVER.add(e.id)) return;
        System.out.println("handed over " + e.quantity + " x " + e.sku + " (" + e.name + ") to player " + e.player
            + ", entitlement " + e.id);
    }

    static synchronized void takeItemsBack(Entitlement e) {
        if ((!HANDED_OVER.contains(e.id) && !e.clawback) || !TAKEN_BACK.add(e.id)) return;
        System.out.println("took back " + e.quantity + " x " + e.sku + " from player " + e.player + ", entitlement " + e.id);
    }

    /** Grant in the game, then consume: the portal shows the order as delivered. */
    static void deliver(CaliberPortal.GameServer server, Entitlement e)
            throws IOException, InterruptedException, PortalException {
        giveItems(e);
        try {
            Entitlement consumed = server.consumeEntitlement(e.id);
            System.out.println("consumed " + consumed.id + " at " + consumed.consumedAt);
        } catch (PortalException ex) {
            if (ex.getStatus() != 409) throw ex;
            takeItemsBack(e); // refunded while we were handing it over
        }
    }

    /** Polling: every pending entitlement, page by page (oldest first), then the revocations to claw back. */
    static void deliverPending(CaliberPortal.GameServer server) throws IOException, InterruptedException, PortalException {
        for (String status : new String[] {"pending", "revoked"}) {
            String after = null;
            do {
                EntitlementPage page = server.listEntitlements(status, null, after, 100);
                for (Entitlement e : page.entitlements) {
                    if (status.equals("pending")) deliver(server, e);
                    else if (e.clawback) takeItemsBack(e);
                }
                after = page.next;
            } while (after != null);
        }
    }

    static String ending(Sanction s) {
        return s.expiresAt == null ? "permanently" : "until " + s.expiresAt;
    }

    /** Match start: each player's standing decides whether they join, and whether their chat is muted. */
    static void startMatch(CaliberPortal.GameServer server, String[] players)
            throws IOException, InterruptedException, PortalException {
        for (String player : players) {
            if (player.isEmpty()) continue;
            Standing standing;
            try {
                standing = server.getStanding(player);
            } catch (PortalException e) {
                if (e.getStatus() != 404) throw e;
                // Not a player of the portal (a forged or mistyped id): keep them out.
                System.out.println("match start: player " + player + " is not a player of the portal");
                continue;
            }
            Sanction ban = null, chat = null;
            for (Sanction s : standing.sanctions) {
                if (ban == null && s.kind.equals("ban")) ban = s;
                if (chat == null && s.scope.equals("chat")) chat = s;
            }
            if (standing.banned && ban != null) {
                System.out.println("match start: player " + player + " is banned (" + ban.category + ", " + ending(ban) + ")");
            } else {
                System.out.println("match start: player " + player + " may play"
                    + (chat != null ? ", chat muted " + ending(chat) : ""));
            }
        }
    }

    /** The in-game "report player" menu: the report reaches the portal's staff with the match as context. */
    static void reportFromMenu(CaliberPortal.GameServer server, String reported, String reporter, String category)
            throws IOException, InterruptedException, PortalException {
        try {
            ReportReceipt report = server.reportPlayer(reported, category, reporter, "Reported from the in-game menu.",
                Map.of("match", "example-match", "reported_in", "the example"));
            System.out.println("reported player " + reported + " for " + category + ": report " + report.id + " at " + report.createdAt);
        } catch (PortalException e) {
            if (e.getStatus() != 404 && e.getStatus() != 422) throw e;
            // 404: a player unknown or not registered for this game; 422: a bad report. Tell the player.
            System.out.println("report refused (" + e.getStatus() + "): " + e.getMessage());
        }
    }

    /** A sanction placed or lifted by the portal's staff while the game runs: act on it at once. */
    static void onSanction(String type, Sanction s) {
        if (type.equals("player.sanctioned")) {
            System.out.println("player " + s.player + " sanctioned: " + s.scope + " " + s.kind + " " + ending(s)
                + (s.kind.equals("ban") ? " (kicked from the match)" : ""));
        } else {
            System.out.println("player " + s.player + ": sanction " + s.id + " lifted");
        }
    }

    /** Webhooks: verify the signature over the raw body, then act; any 2xx tells the portal it arrived. */
    static void handleWebhook(CaliberPortal.GameServer server, String secret, HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        int status = 204;
        try {
            WebhookEvent event = CaliberPortal.verifyWebhook(exchange.getRequestHeaders().getFirst("Portal-Signature"), body, secret);
            System.out.println("webhook " + event.type + " " + event.id + " verified");
            if (event.type.equals("entitlement.granted") && event.entitlement != null) deliver(server, event.entitlement);
            if (event.type.equals("entitlement.revoked") && event.entitlement != null && event.entitlement.clawback) {
                takeItemsBack(event.entitlement);
            }
            if (event.type.startsWith("player.") && event.sanction != null) onSanction(event.type, event.sanction);
        } catch (WebhookException e) {
            System.err.println("webhook refused: " + e.getMessage());
            status = 400;
        } catch (PortalException | IOException e) {
            System.err.println("could not handle the webhook: " + e.getMessage());
            status = 500; // the portal retries later
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status = 500;
        }
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
    }

    public static void main(String[] args) throws Exception {
        String base = System.getenv().getOrDefault("PORTAL_URL", "http://localhost:3000");
        String email = System.getenv("CALIBER_EMAIL");
        String gameKey = System.getenv("GAME_SERVER_KEY");
        if (email != null && !email.isEmpty()) {
            CaliberPortal.LauncherClient launcher = new CaliberPortal.LauncherClient(
                base, "true".equals(System.getenv("CALIBER_DEVELOPER")), System.getenv("CALIBER_DEVICE_TOKEN"));
            CaliberPortal.LauncherRedirect redirect;
            try {
                String pin = System.getenv("CALIBER_PIN");
                redirect = pin != null && !pin.isEmpty()
                    ? launcher.loginWithPin(email, pin)
                    : launcher.loginWithPassword(email, System.getenv("CALIBER_PASSWORD"));
            } catch (CaliberPortal.LoginException e) {
                System.err.println("sign-in refused (" + e.getCode() + "): " + e.getMessage());
                System.exit(1);
                return;
            }
            System.out.println("launcher redirect: " + redirect.redirectUrl);
            System.out.println("device token (keep it: the PIN works only with it): " + launcher.getDeviceToken());
            String key = System.getenv("CALIBER_SERVER_KEY");
            if (key == null || key.isEmpty()) {
                System.out.println("set CALIBER_SERVER_KEY to exchange the code as the game server would");
            } else {
                System.out.println("player: " + new CaliberPortal.GameServer(base, key).exchangeCode(redirect.code));
            }
        }
        if (gameKey == null || gameKey.isEmpty()) {
            if (email == null || email.isEmpty()) {
                System.out.println("set CALIBER_EMAIL (launcher login) or GAME_SERVER_KEY (entitlements): see the top of this file");
            }
            return;
        }
        CaliberPortal.GameServer server = new CaliberPortal.GameServer(base, gameKey);
        deliverPending(server);
        String players = System.getenv("MATCH_PLAYERS");
        if (players != null && !players.isEmpty()) startMatch(server, players.split(","));
        String reported = System.getenv("REPORT_PLAYER");
        if (reported != null && !reported.isEmpty()) {
            String reporter = System.getenv("REPORTED_BY");
            String category = System.getenv("REPORT_CATEGORY");
            reportFromMenu(server, reported, reporter == null || reporter.isEmpty() ? null : reporter,
                category == null || category.isEmpty() ? "cheating" : category);
        }
        String secret = System.getenv("PORTAL_WEBHOOK_SECRET");
        if (secret != null && !secret.isEmpty()) {
            int port = Integer.parseInt(System.getenv().getOrDefault("WEBHOOK_PORT", "8080"));
            HttpServer http = HttpServer.create(new InetSocketAddress(port), 0);
            http.createContext("/", exchange -> handleWebhook(server, secret, exchange));
            http.start();
            System.out.println("listening for webhooks on port " + http.getAddress().getPort());
        }
    }
}
